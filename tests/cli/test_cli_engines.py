"""``pasur arena --engine``: an outside program plays duplicate sets against the levels.

The example engine plays whole sets cleanly; engines that break the protocol in each way it can
be broken (an illegal move, silence past the time limit, a crash, a line that is not a move, a
command that does not start) lose their games, are named with the reason, and the arena goes on
and reports the rest.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Result

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "greedy_engine.py"

HEAD = """
import sys, json, time
for line in sys.stdin:
    word = line.split(" ", 1)[0].strip()
    if word == "pasur":
        print("ready", flush=True)
    elif word == "quit":
        break
    elif word == "turn":
        turn = json.loads(line.split(" ", 1)[1])
"""
BROKEN = {
    "illegal": "        print('move KS+AC+2C', flush=True)\n",
    "slow": "        time.sleep(5)\n",
    "crash": "        sys.exit(3)\n",
    "chatty": "        print('I think I will play', flush=True)\n",
    "garbled": "        sys.stdout.buffer.write(b'move \\xff\\xfe\\n'); sys.stdout.flush()\n",
}
"""What each broken engine does at its turn."""


def _engine(name: str) -> str:
    return f"{name}={sys.executable} {EXAMPLE}"


def test_the_example_engine_plays_duplicate_sets(pasur: Callable[..., Result]) -> None:
    report = pasur(
        "arena", "--bots", "casual", "--engine", _engine("greedy"), "--pairs", "3", "--json"
    ).json()
    (match,) = report["matches"]
    assert (match["a"], match["b"]) == ("casual", "greedy")
    assert match["forfeits"] == []
    assert match["rounds"] == 6 and len(match["set_margins"]) == 3
    assert match["b_moves"] == 6 * 24  # every card of its hands, each round
    # The same numbers again, from two worker processes that each start their own engines, on
    # the same games: the run's deck key, which the report gives (drawn afresh otherwise).
    again = pasur(
        "arena",
        "--bots",
        "casual",
        "--engine",
        _engine("greedy"),
        "--pairs",
        "3",
        "--json",
        "--jobs",
        "2",
        "--deck-key",
        report["deck_key"],
    ).json()
    assert again["deck_key"] == report["deck_key"]
    assert again["matches"][0]["set_margins"] == match["set_margins"]


def test_engines_that_fail_lose_their_games_and_are_named(
    pasur: Callable[..., Result], tmp_path: Path
) -> None:
    options = []
    for name, body in BROKEN.items():
        script = tmp_path / f"{name}.py"
        script.write_text(HEAD + body)
        options += ["--engine", f"{name}={sys.executable} {script}"]
    options += ["--engine", f"missing={tmp_path / 'no-such-program'}"]
    options += ["--engine", _engine("greedy")]
    result = pasur(
        "arena",
        "--bots",
        "random",
        *options,
        "--pairs",
        "1",
        "--engine-seconds",
        "0.5",
        "--json",
    )
    report = result.json()
    against_random = {m["b"]: m for m in report["matches"] if m["a"] == "random"}
    reasons = {
        "illegal": "answered an illegal move 'KS+AC+2C'",
        "slow": "timed out",
        "crash": "exited (code 3)",
        "chatty": "broke the protocol",
        "garbled": "answered an illegal move",
        "missing": "could not start",
    }
    for name, reason in reasons.items():
        match = against_random[name]
        assert len(match["forfeits"]) == 2, name  # both seatings of the one set
        for forfeit in match["forfeits"]:
            assert forfeit["bot"] == name
            assert f"engine {name} " in forfeit["reason"] and reason in forfeit["reason"]
        # A forfeited round: every card point to the other side, none to the engine.
        assert match["margin"] == 20
    assert against_random["greedy"]["forfeits"] == []
    # Two broken engines meeting: both fail, each loses the games it broke.
    between = next(m for m in report["matches"] if (m["a"], m["b"]) == ("illegal", "crash"))
    assert {f["bot"] for f in between["forfeits"]} <= {"illegal", "crash"}


def test_forfeits_are_listed_in_the_table(pasur: Callable[..., Result], tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(HEAD + BROKEN["crash"])
    result = pasur(
        "arena",
        "--bots",
        "random",
        "--engine",
        f"crashy={sys.executable} {script}",
        "--pairs",
        "1",
    )
    assert result.code == 0, result.stderr
    assert "Games lost by failing a move" in result.stdout
    assert "engine crashy exited (code 3)" in result.stdout


@pytest.mark.parametrize(
    ("engine", "fragment"),
    [
        ("no-equals-sign", "NAME=COMMAND"),
        ("=python3 x.py", "NAME=COMMAND"),
        ("casual=python3 x.py", "is taken"),
        ("mine='unclosed", "cannot be read"),
    ],
)
def test_bad_engine_options_are_refused(
    pasur: Callable[..., Result], engine: str, fragment: str
) -> None:
    result = pasur("arena", "--bots", "random", "--engine", engine, "--pairs", "1")
    result.assert_one_line_error("arena", fragment)


def test_an_engine_needs_some_time(pasur: Callable[..., Result]) -> None:
    result = pasur("arena", "--bots", "random", "--engine", _engine("g"), "--engine-seconds", "0")
    result.assert_one_line_error("arena", "--engine-seconds")


def test_an_empty_deck_key_is_refused(pasur: Callable[..., Result]) -> None:
    result = pasur("arena", "--bots", "random", "--engine", _engine("g"), "--deck-key", " ")
    result.assert_one_line_error("arena", "--deck-key")
