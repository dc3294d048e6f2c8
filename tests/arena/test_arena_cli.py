"""``pasur arena`` through its real entry point: the JSON keys, tables, progress and bad input.

Only levels that exist are used (the list grows as levels land), so the tests run unchanged as the
ladder fills in; once ``greedy`` exists the cli-contract's own command is run as written.
"""

from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import Any
from unittest import mock

import pytest

from pasur.bots import BOT_NAMES
from pasur.cli.main import run

ENV = {"COLUMNS": "100", "NO_COLOR": "1"}


def pasur(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run ``pasur ARGS`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sys, "argv", ["pasur", *args]),
        mock.patch.dict(os.environ, {**ENV, **(env or {})}),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        try:
            run()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        else:
            code = 0
    return code, out.getvalue(), err.getvalue()


def _two_bots() -> str:
    if "casual" in BOT_NAMES:
        return "greedy,random"  # the cli-contract's example, once greedy exists
    return ",".join(BOT_NAMES[:2]) if len(BOT_NAMES) >= 2 else "random,random"


CONTRACT_KEYS = (
    "a",
    "b",
    "pairs",
    "margin",
    "margin_se",
    "a_wins",
    "ties",
    "b_wins",
    "a_seconds_per_move_median",
    "b_seconds_per_move_median",
    "a_seconds_per_move_mean",
    "b_seconds_per_move_mean",
    "a_seconds_per_move_max",
    "b_seconds_per_move_max",
)


def _json(*args: str, env: dict[str, str] | None = None) -> Any:
    code, out, err = pasur("arena", *args, "--json", env=env)
    assert code == 0, (code, out, err)
    assert "Traceback" not in err
    return json.loads(out)  # exactly one JSON document, nothing else on stdout


def test_json_has_the_contract_keys() -> None:
    data = _json("--players", "2", "--bots", _two_bots(), "--pairs", "2", "--seed", "1")
    (match,) = data["matches"]
    for key in CONTRACT_KEYS:
        assert key in match, key
    assert match["pairs"] == 2
    assert match["a_wins"] + match["ties"] + match["b_wins"] == 4  # 2 sets × 2 seatings
    assert isinstance(match["margin"], float)
    ratings = data["elo"]["ratings"]
    assert len(ratings) == 2
    for rating in ratings:
        assert rating["low"] <= rating["elo"] <= rating["high"]


def test_three_bots_play_three_pairs_and_games_report_win_rates() -> None:
    bots = ",".join([*BOT_NAMES, "random", "random"][:3])
    data = _json("--players", "3", "--bots", bots, "--pairs", "2", "--games", "--bootstrap", "50")
    assert len(data["matches"]) == 3
    assert data["reference"] in BOT_NAMES
    assert len(data["seatings"]) == 6
    for match in data["matches"]:
        assert match["games"] == 12
        assert match["a_game_wins"] + match["b_game_wins"] + match["other_game_wins"] == 12
        assert 0 <= match["a_game_win_rate"] <= 1


def test_partnerships_play_team_against_team() -> None:
    data = _json(
        "--players", "4", "--set", "partnerships=on", "--bots", "random,random", "--pairs", "2"
    )
    assert data["seatings"] == ["abab", "baba"]
    assert data["reference"] is None
    (match,) = data["matches"]
    assert match["a_wins"] + match["ties"] + match["b_wins"] == 4


def _strip_clocks(data: Any) -> Any:
    for match in data["matches"]:
        for key in [k for k in match if "seconds" in k]:
            del match[key]
    return data


def test_jobs_do_not_change_the_results() -> None:
    args = ("--players", "2", "--bots", "random,random,random", "--pairs", "3", "--games")
    alone = _strip_clocks(_json(*args, "--jobs", "1"))
    shared = _strip_clocks(_json(*args, "--jobs", "2"))
    assert alone == shared


def test_tables_without_json() -> None:
    code, out, err = pasur("arena", "--bots", "random,random", "--pairs", "2")
    assert code == 0, err
    for heading in ("Matches", "Seconds per move", "Elo ladder", "W/T/L", "95% interval"):
        assert heading in out


def test_the_progress_bar_goes_to_stderr_only() -> None:
    # Pretend both streams are terminals, so Rich draws the bar.
    data = _json("--bots", "random,random", "--pairs", "3", env={"TTY_COMPATIBLE": "1"})
    assert data["matches"][0]["pairs"] == 3
    code, _, err = pasur(
        "arena", "--bots", "random,random", "--pairs", "3", "--json", env={"TTY_COMPATIBLE": "1"}
    )
    assert code == 0
    assert "arena" in err and "6/6" in err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "random,nonsense"], "unknown bot 'nonsense'"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random", "--pairs", "0"], "--pairs"),
        (["--bots", "random,random", "--players", "5"], "2, 3 or 4 players"),
        (["--bots", "random,random", "--players", "1"], "2, 3 or 4 players"),
        (["--bots", "random,random", "--players", "3", "--set", "partnerships=on"], "4 players"),
        (["--bots", "random,random", "--jobs", "0"], "--jobs"),
        (["--bots", "random,random", "--set", "nonsense=1"], "unknown setting"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], fragment: str) -> None:
    code, out, err = pasur("arena", *args)
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert err.startswith("pasur arena: ")
    assert fragment in err
