"""Rebuilding a table from its settings and stored events, as a restarted server will."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table_support import make_table, play_turn

from pasur.protocol import SPECTATOR, Event, Refused
from pasur.rules import legal_moves, make_rules
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import Player, Status
from pasur.server.tables.table import Table


def stored(events: list[Event]) -> list[dict[str, Any]]:
    """The events as a database would give them back: JSON text, read again."""
    return [json.loads(json.dumps(event.to_json())) for event in events]


def drive(seats: str, turns: int, seed: int, **config: object) -> tuple[Table, list[Event]]:
    """A table played for ``turns`` person turns, and every event it returned."""
    table = make_table(seats, seed=seed, start=False, **config)  # type: ignore[arg-type]
    log = list(table.history)
    log += table.start(now=0.0, dealer=0)
    rng = random.Random(seed)
    for turn in range(turns):
        if table.status is not Status.PLAYING:
            break
        log += play_turn(table, rng, now=float(turn))
    return table, log


def same(a: Table, b: Table) -> None:
    assert a.version == b.version
    assert a.status == b.status
    assert a.game == b.game
    assert a.seats == b.seats
    assert a.game_no == b.game_no
    assert [e.to_json() for e in a.history] == [e.to_json() for e in b.history]
    for recipient in [*range(a.config.players), SPECTATOR]:
        assert a.snapshot_for(recipient) == b.snapshot_for(recipient)


@pytest.mark.parametrize("seats", ["hb", "hhb", "hbhh"])
def test_a_table_rebuilt_mid_round_is_the_same_table(seats: str) -> None:
    table, log = drive(seats, 30, seed=len(seats))
    rebuilt = Table.from_log(table.config, stored(log), now=1000.0)
    same(rebuilt, table)
    # And it plays on: a person's move gives the same events at both. (What a bot plays next
    # depends on the bots' generator, which is not part of the log.)
    game = table.game
    assert game is not None and table.seats[game.turn].kind.value == "human"
    move = str(legal_moves(game)[-1])
    assert [e.to_json() for e in rebuilt.submit(game.turn, move, table.version, now=0.0)] == [
        e.to_json() for e in table.submit(game.turn, move, table.version, now=0.0)
    ]


def test_rebuilding_across_games_rematches_and_seat_changes() -> None:
    rules = make_rules("standard", {"target": "1"})
    table, log = drive("hb", 500, seed=7, rules=rules, turn_timer=15)
    assert table.status is Status.FINISHED
    log += table.set_connected(0, False, now=1.0)
    log += table.set_connected(0, True, now=2.0)
    log += table.vote_rematch(0, True, now=3.0)
    log += table.set_connected(0, False, now=4.0)
    log += table.tick(10_000.0)  # the timer plays a turn; then the grace runs out
    rebuilt = Table.from_log(table.config, log, now=10_000.0)
    same(rebuilt, table)
    assert rebuilt.seats[0].stand_in
    assert rebuilt.record() == table.record()  # the last finished game's


def test_after_a_finished_game_the_record_is_rebuilt_too() -> None:
    table, log = drive("hb", 500, seed=2, rules=make_rules("standard", {"target": "1"}))
    log += table.leave("id-0", now=0.0)
    log += table.join(Player("x", "Zal"), 0)
    rebuilt = Table.from_log(table.config, stored(log), now=0.0)
    same(rebuilt, table)
    assert rebuilt.record() == table.record()


def test_a_broken_log_is_refused() -> None:
    table, log = drive("hb", 5, seed=3)
    events = stored(log)
    config = table.config
    broken = [
        events[:3] + events[4:],  # a missing event
        [events[1], events[0], *events[2:]],  # out of order
        [{"n": 1, "kind": "seated"}],  # not a stored event
        [*events[:2], {**events[2], "kind": "played"}],  # a play before any deal
    ]
    wrong_move = [dict(e) for e in events]
    played = next(e for e in wrong_move if e["kind"] == "played")
    played["data"] = {**played["data"], "move": "7X"}
    broken.append(wrong_move)
    out_of_turn = [dict(e) for e in events]
    played = next(e for e in out_of_turn if e["kind"] == "played")
    played["data"] = {**played["data"], "seat": 1 - played["data"]["seat"]}
    broken.append(out_of_turn)
    for log_ in broken:
        with pytest.raises(Refused) as caught:
            Table.from_log(config, log_, now=0.0)
        assert caught.value.code == "bad_log"


def test_a_rebuilt_table_keeps_only_the_recent_history() -> None:
    table, log = drive("hb", 40, seed=4)
    rebuilt = Table.from_log(table.config, log, now=0.0, history=10)
    assert [e.number for e in rebuilt.history] == list(range(table.version - 9, table.version + 1))
    assert rebuilt.game == table.game


def test_settings_are_stored_beside_the_events() -> None:
    config = TableConfig(players=3, turn_timer=60, private=False, grace=12.5)
    assert TableConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
