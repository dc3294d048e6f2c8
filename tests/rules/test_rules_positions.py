"""Positions of a recorded game: every hand at every moment, agreeing with ``pasur replay``."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rules_support import play_game, random_chooser

from pasur.rules import STANDARD, RecordError, Rules, make_rules, new_game
from pasur.rules.positions import positions
from pasur.rules.records import dumps, record_of

PARTNERS = make_rules(settings={"partnerships": "on"})


def recorded_game(players: int, rules: Rules = STANDARD, seed: int = 5) -> dict[str, Any]:
    state = play_game(new_game(rules, players=players, seed=seed), random_chooser(seed))
    return record_of(state, [f"P{seat}" for seat in range(players)])


def replay_json(tmp_path: Path, record: dict[str, Any]) -> dict[str, Any]:
    """What the installed ``pasur replay --json`` says about ``record``."""
    path = tmp_path / "game.json"
    path.write_text(dumps(record), encoding="utf-8")
    script = Path(sys.executable).with_name("pasur")
    done = subprocess.run(
        [str(script), "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("players", "rules"), [(2, STANDARD), (4, PARTNERS)], ids=["2p", "partners"]
)
def test_each_round_scores_what_pasur_replay_prints(
    tmp_path: Path, players: int, rules: Rules
) -> None:
    record = recorded_game(players, rules)
    shown = positions(record)
    figures = replay_json(tmp_path, record)
    assert len(shown["rounds"]) == len(figures["rounds"]) == len(record["rounds"])
    for mine, theirs in zip(shown["rounds"], figures["rounds"], strict=True):
        assert mine["score"]["points"] == theirs["points"]
        assert mine["score"]["totals"] == theirs["totals"]
        assert [line["total"] for line in mine["score"]["lines"]] == theirs["points"]
        assert [line["clubs"] for line in mine["score"]["lines"]] == [
            line["clubs"] for line in theirs["breakdown"]
        ]
    assert shown["rounds"][-1]["score"]["totals"] == figures["totals"]


def test_every_play_of_the_record_is_shown_from_the_position_it_was_made_in() -> None:
    record = recorded_game(3)
    shown = positions(record)
    assert shown["players"] == 3
    assert shown["seats"] == ["P0", "P1", "P2"]
    for entry, round_ in zip(record["rounds"], shown["rounds"], strict=True):
        assert round_["dealer"] == entry["dealer"]
        steps = round_["positions"]
        assert len(steps) == len(entry["plays"]) + 1
        assert [step["played"] for step in steps] == [*entry["plays"], None]
        for step in steps[:-1]:
            card = step["played"].split("+")[0]
            assert card in step["hands"][step["turn"]]
            for taken in step["played"].split("+")[1:]:
                assert taken in step["table"]
        final = steps[-1]
        assert final["turn"] == -1
        assert final["hands"] == [[], [], []]
        assert final["table"] == []


def test_every_card_is_somewhere_once_at_every_position() -> None:
    shown = positions(recorded_game(2, seed=9))
    for round_ in shown["rounds"]:
        counts = []
        for step in round_["positions"]:
            seen = [*step["table"]]
            for hand, pile in zip(step["hands"], step["piles"], strict=True):
                seen += hand + pile
            assert len(seen) == len(set(seen))
            counts.append(len(seen))
        # Two hands of four and the opening table, then eight more with each deal, up to 52.
        assert counts[0] == 12
        assert sorted(set(counts)) == list(range(12, 53, 8))
        assert sum(len(pile) for pile in round_["positions"][-1]["piles"]) == 52


def test_a_sur_is_marked_on_the_play_that_scored_it() -> None:
    for seed in range(1, 20):
        shown = positions(recorded_game(2, seed=seed))
        for round_ in shown["rounds"]:
            steps = round_["positions"]
            for before, after in itertools.pairwise(steps):
                turn = before["turn"]
                if before["sur"]:
                    assert after["surs"][turn] == before["surs"][turn] + 1
                    assert after["table"] == []
                    return
    pytest.fail("no Sur in 19 random games")


def test_an_unfinished_round_has_no_score_yet() -> None:
    record = recorded_game(2)
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["plays"] = record["rounds"][0]["plays"][:5]
    del record["totals"], record["winner"]
    shown = positions(record)
    (only,) = shown["rounds"]
    assert only["score"] is None
    assert len(only["positions"]) == 6
    assert only["positions"][-1]["played"] is None


def test_a_broken_record_is_refused_with_the_replay_message() -> None:
    record = recorded_game(2)
    record["rounds"][0]["plays"][0] = "KS+QS"
    with pytest.raises(RecordError, match="round 1, play 1"):
        positions(record)
