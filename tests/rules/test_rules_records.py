"""Game records: write, read and replay a game exactly; refuse broken records with where and why."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import play_game, random_chooser

from pasur.rules import (
    CARDS,
    SETTINGS,
    STANDARD,
    Card,
    GameState,
    Move,
    RecordError,
    Rules,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
)
from pasur.rules.records import dumps, loads, record_of, replay

PAGAT_HOUSE = make_rules("pagat", {"sum-sets": "several", "sur-points": "10"})


def finished_game(players: int = 3, rules: Rules = STANDARD, seed: int = 77) -> GameState:
    return play_game(new_game(rules, players=players, seed=seed), random_chooser(seed))


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, STANDARD),
        (3, STANDARD),
        (4, make_rules(settings={"partnerships": "on"})),
        (2, PAGAT_HOUSE),
    ],
    ids=["2p", "3p", "partners", "house"],
)
def test_a_whole_game_round_trips_through_json(players: int, rules: Rules) -> None:
    state = finished_game(players, rules)
    names = [f"Player {chr(65 + seat)}" for seat in range(players)]
    record = record_of(state, names)
    text = dumps(record)
    data = loads(text)
    assert data == json.loads(json.dumps(record))
    replayed = replay(data)
    assert replayed.totals == state.totals
    assert replayed.winner == state.winner >= 0
    assert replayed.rules == rules
    assert replayed.finished == state.finished
    assert replayed == state._replace(seed=None)
    assert data["seats"] == names
    assert data["totals"] == list(state.totals)
    assert data["winner"] == state.winner


OLD_RECORDS = Path(__file__).with_name("records")
"""Records written by the engine before issue #16 added its settings (see the README there)."""

OLD_ROUND_POINTS = {
    "before-16-two-players-standard.json": [
        [8, 17], [14, 6], [11, 9], [12, 13], [12, 8], [15, 5],
    ],
    "before-16-three-players-house-rules.json": [
        [15, 9, 1], [4, 4, 12], [4, 4, 12], [1, 16, 3], [2, 17, 1],
    ],
    "before-16-partnerships-pagat.json": [
        [2, 18], [11, 9], [16, 4], [8, 12], [5, 15], [15, 5], [14, 6], [16, 4], [7, 13], [1, 19],
    ],
}  # fmt: skip
"""Each round's points as the engine of that time scored them."""


@pytest.mark.parametrize("name", OLD_ROUND_POINTS)
def test_a_record_written_before_the_newer_settings_replays_to_the_same_scores(name: str) -> None:
    data = loads((OLD_RECORDS / name).read_text("utf-8"))
    missing = set(SETTINGS) - set(data["rules"])
    assert {"open-cards", "last-card-sweep", "claims", "target-tie"} <= missing
    state = replay(data)  # also checks the stated totals and winner against the plays
    points = [list(r.result.points) for r in state.finished] + [list(state.result.points)]
    assert points == OLD_ROUND_POINTS[name]
    assert list(state.totals) == data["totals"] and state.winner == data["winner"] >= 0
    # The settings it lacks are read at their standard values, and named when written again.
    settings = state.rules.settings()
    assert all(settings[setting] == STANDARD.settings()[setting] for setting in missing)
    assert {key: settings[key] for key in data["rules"]} == data["rules"]
    assert replay(loads(dumps(record_of(state, data["seats"])))) == state


def test_the_record_format() -> None:
    state = finished_game(2, STANDARD, seed=5)
    record = record_of(state)
    assert record["format"] == "pasur-record"
    assert record["version"] == 1
    assert record["players"] == 2
    assert record["seats"] == ["Seat 1", "Seat 2"]
    assert record["rules"] == STANDARD.settings()
    assert len(record["rounds"]) == len(state.finished) + 1
    first = record["rounds"][0]
    assert first["dealer"] == 0
    assert len(first["deck"]) == 52
    assert sorted(first["deck"]) == sorted(str(c) for c in CARDS)
    assert len(first["plays"]) == 48
    assert all(Move.parse(text) for text in first["plays"])
    assert [str(Move(p.card, p.taken)) for p in state.finished[0].plays] == first["plays"]
    # The JSON is plain text people can read: cards are written as on the table.
    assert '"10D"' in dumps(record)


def test_a_game_in_progress_replays_to_the_same_state() -> None:
    state = new_game(players=3, seed=41)
    choose = random_chooser(41)
    while state.turn >= 0:
        state = play(state, choose(state))
    state = next_round(state)
    for _ in range(17):
        state = play(state, choose(state))
    replayed = replay(loads(dumps(record_of(state))))
    assert replayed == state._replace(seed=None)
    assert legal_moves(replayed) == legal_moves(state)


@functools.cache
def _record_text(seed: int) -> str:
    return dumps(record_of(finished_game(2, STANDARD, seed=seed)))


def _record(seed: int = 9) -> dict[str, Any]:
    """A fresh copy of a finished 2-player game's record."""
    return loads(_record_text(seed))


def test_an_illegal_play_is_refused_with_its_round_play_and_reason() -> None:
    record = _record()
    state = new_game(players=2, deck=[Card.parse(t) for t in record["rounds"][0]["deck"]])
    index, move = _first_forced_capture(state, record["rounds"][0]["plays"])
    broken = copy.deepcopy(record)
    broken["rounds"][0]["plays"][index - 1] = str(move.played)
    with pytest.raises(RecordError) as caught:
        replay(broken)
    message = str(caught.value)
    assert message.startswith(f"round 1, play {index} ({move.played}): ")
    assert f"{move.played} must capture: it can take" in message


def _first_forced_capture(state: GameState, plays: list[str]) -> tuple[int, Move]:
    """The first play (counted from 1) that captures with a card that could not be laid."""
    for index, text in enumerate(plays, start=1):
        move = Move.parse(text)
        if move.taken and Move.lay(move.card) not in legal_moves(state):
            return index, move
        state = play(state, move)
    raise AssertionError("no forced capture in the round")


def test_a_card_not_in_hand_is_refused_with_its_round_and_play() -> None:
    record = _record()
    broken = copy.deepcopy(record)
    played = {Move.parse(text).card for text in broken["rounds"][1]["plays"][:2]}
    first_card = Move.parse(broken["rounds"][1]["plays"][0]).played
    assert first_card in played
    broken["rounds"][1]["plays"][2] = str(first_card)  # already played two plays ago
    with pytest.raises(RecordError) as caught:
        replay(broken)
    assert str(caught.value).startswith(f"round 2, play 3 ({first_card}): ")
    assert "is not in seat" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    ["{", "", "[]", '"pasur"', '{"format": "chess"}', '{"format": "pasur-record", "version": 2}'],
)
def test_text_that_is_not_a_record_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        loads(text)


def test_unreadable_json_says_so() -> None:
    with pytest.raises(RecordError, match="not a JSON game record"):
        loads("{")
    with pytest.raises(RecordError, match='"format" must be "pasur-record"'):
        loads('{"format": "chess"}')
    with pytest.raises(RecordError, match="version 2 is not supported"):
        loads('{"format": "pasur-record", "version": 2}')


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.pop("players"), "players"),
        (lambda r: r.update(players="two"), "players"),
        (lambda r: r.update(players=True), "players"),
        (lambda r: r.update(players=5), "round 1"),
        (lambda r: r.update(rules={"sur-points": "7"}), "the record's rules"),
        (lambda r: r.update(rules={"house": "on"}), "the record's rules"),
        (lambda r: r.update(rules=["standard"]), "rules"),
        (lambda r: r.update(rounds=[]), "no rounds"),
        (lambda r: r.update(rounds="all of them"), "rounds"),
        (lambda r: r["rounds"].__setitem__(0, "round"), "round 1"),
        (lambda r: r["rounds"][0].pop("deck"), "round 1"),
        (lambda r: r["rounds"][0].update(deck=r["rounds"][0]["deck"][:51]), "round 1"),
        (lambda r: r["rounds"][0]["deck"].__setitem__(0, "7X"), "round 1"),
        (lambda r: r["rounds"][0].update(dealer="0"), "round 1"),
        (lambda r: r["rounds"][1].update(dealer=r["rounds"][0]["dealer"]), "round 2"),
        (lambda r: r["rounds"][0]["plays"].append("AC"), "round 1, play 49"),
        (lambda r: r["rounds"][0]["plays"].__setitem__(5, "7D+"), "round 1, play 6"),
        (lambda r: r["rounds"][0].update(plays="none"), "round 1"),
    ],
)
def test_malformed_records_are_refused_saying_where(change: Any, where: str) -> None:
    record = _record()
    change(record)
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert where in str(caught.value)


def test_a_deck_breaking_the_opening_rule_is_refused() -> None:
    record = _record()
    deck = record["rounds"][0]["deck"]
    jack = next(i for i, card in enumerate(deck) if card.startswith("J"))
    deck[8], deck[jack] = deck[jack], deck[8]  # a jack onto the opening table
    with pytest.raises(RecordError, match="round 1: the opening table"):
        replay(record)


def test_record_of_checks_the_seat_names() -> None:
    state = new_game(players=3, seed=1)
    with pytest.raises(RecordError, match="2 seat names for 3 seats"):
        record_of(state, ["Ann", "Bob"])


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=150)
@given(st.data())
def test_any_damaged_record_replays_or_is_refused_with_a_record_error(data: st.DataObject) -> None:
    record = _record(3)
    # Walk down to a random container and replace or delete one of its entries.
    node: Any = record
    for _ in range(data.draw(st.integers(0, 3))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        child = node[data.draw(st.sampled_from(keys))]
        if not isinstance(child, dict | list):
            break
        node = child
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if keys:
        key = data.draw(st.sampled_from(keys))
        if data.draw(st.booleans()) and isinstance(node, dict):
            del node[key]
        else:
            node[key] = data.draw(JSON_VALUES)
    try:
        replayed = replay(loads(dumps(record)))
    except RecordError:
        return
    assert replayed.players in (2, 3, 4)
