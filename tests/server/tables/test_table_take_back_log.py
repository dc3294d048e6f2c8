"""Take-backs in the event log: a table rebuilt from its stored events (after a restart, or as a
replica) ends in the same state, a followed view stays the snapshot, and the finished game's
record, positions and review are the game as finally played."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from table_support import leaked, make_table

from pasur.bots.review import review
from pasur.protocol import SPECTATOR, ErrorCode, Refused
from pasur.protocol.follow import FollowedView
from pasur.rules import legal_moves
from pasur.rules.positions import positions
from pasur.rules.records import replay
from pasur.server.history.game_log import game_record
from pasur.server.tables.table import Table
from pasur.server.tables.take_backs import TAKE_BACK_KINDS


def stored(table: Table) -> list[dict[str, Any]]:
    """Every event of the table as a database gives it back: JSON text, read again."""
    return [json.loads(json.dumps(event.to_json())) for event in table.history]


def shots(table: Table) -> list[Any]:
    recipients = [*range(table.config.players), SPECTATOR]
    return [table.snapshot_for(r, now=500.0) for r in recipients]


def rebuilt(table: Table) -> Table:
    return Table.from_log(table.config, stored(table), now=0.0, history=10_000)


def play_with_take_backs(table: Table, seed: int, *, until_over: bool) -> int:
    """Play random moves; after about a third of the people's plays, ask to take it back, and
    each other person accepts or (one time in four) declines. Returns the plays undone."""
    rng = random.Random(seed)
    undone = 0
    for step in range(5000):
        table.tick(float(step))
        game = table.game
        if table.status.value != "playing" or game is None or (not until_over and undone >= 3):
            return undone
        seat = game.turn
        table.submit(seat, str(rng.choice(legal_moves(game))), table.version, now=float(step))
        if rng.random() < 0.35:
            try:
                table.take_back(seat, None, now=step + 0.5)
            except Refused:  # the play dealt, revealed or ended something: it stays
                continue
            for other in range(table.config.players):
                if other != seat and table.seats[other].kind.value == "human":
                    events = table.take_back(other, rng.random() > 0.25, now=step + 0.6)
                    if not events or events[-1].data.get("accept") is False:
                        break
            undone += table.history[-1].kind.value == "take_back"
    raise AssertionError("the game did not end")


def test_a_table_rebuilt_from_its_log_has_every_take_back_undone_again() -> None:
    table = make_table("hhh", seed=5, take_backs="ask", history=10_000, turn_timer=60)
    assert play_with_take_backs(table, seed=5, until_over=False) >= 3
    copy = rebuilt(table)
    assert copy.version == table.version
    assert copy.game == table.game
    # The same for everyone (but the clocks: a rebuilt table's start at its ``now``).
    assert [s | {"clock": None} for s in shots(copy)] == [s | {"clock": None} for s in shots(table)]


def test_a_request_open_in_the_log_is_answered_after_a_restart() -> None:
    table = make_table("hh", take_backs="ask", history=10_000)
    before = table.game
    seat = table.game.turn  # type: ignore[union-attr]
    table.submit(seat, str(legal_moves(before)[0]), table.version, now=1.0)  # type: ignore[arg-type]
    table.take_back(seat, None, now=2.0)
    copy = rebuilt(table)
    assert copy.take_back(seat, None, now=3.0) == []  # still asked, there too
    events = copy.take_back(1 - seat, True, now=4.0)
    assert [event.kind.value for event in events] == ["take_back_answered", "take_back"]
    assert copy.game == before
    # The original (the table's writer) answers the same: both logs agree, event for event.
    table.take_back(1 - seat, True, now=4.0)
    assert [e["kind"] for e in stored(copy)] == [e["kind"] for e in stored(table)]
    assert copy.game == table.game


def test_a_replica_following_the_log_undoes_the_same_play() -> None:
    table = make_table("hh", take_backs="ask", history=10_000)
    replica = rebuilt(table)
    play_with_take_backs(table, seed=3, until_over=False)
    new = replica.follow(stored(table), now=0.0)
    assert any(event.kind in TAKE_BACK_KINDS for event in new)
    assert replica.version == table.version and replica.game == table.game


def test_a_log_with_a_take_back_nobody_asked_for_is_refused() -> None:
    table = make_table("hh", take_backs="ask", history=10_000)
    seat = table.game.turn  # type: ignore[union-attr]
    table.submit(seat, str(legal_moves(table.game)[0]), table.version, now=1.0)  # type: ignore[arg-type]
    log = stored(table)
    forged = {"n": len(log) + 1, "kind": "take_back", "data": {"seat": seat, "used": 0.0}}
    with pytest.raises(Refused) as error:
        Table.from_log(table.config, [*log, forged], now=0.0)
    assert error.value.code is ErrorCode.BAD_LOG


def test_the_finished_games_record_positions_and_review_are_the_game_as_finally_played() -> None:
    table = make_table("hh", seed=9, take_backs="ask", history=100_000)
    undone = play_with_take_backs(table, seed=9, until_over=True)
    assert undone >= 5
    assert table.status.value == "finished"
    log = stored(table)
    record = game_record(table.config, log, 1)
    assert record == table.record()
    # Every play in the record was kept: the plays of the log less those taken back.
    played = [e["data"]["move"] for e in log if e["kind"] == "played"]
    kept = len(played) - sum(1 for e in log if e["kind"] == "take_back")
    assert sum(len(r["plays"]) for r in record["rounds"]) == kept
    final = replay(record)
    assert list(final.totals) == list(table.game.totals)  # type: ignore[union-attr]
    assert len(positions(record)["rounds"]) == len(record["rounds"])
    assert isinstance(review(record, 0, seconds=0.05), list)  # the coach reads it as played


def test_a_followed_view_is_the_snapshot_through_take_backs_and_no_card_leaks() -> None:
    table = make_table("hh", seed=4, take_backs="ask", history=10_000)
    followed = FollowedView.from_snapshot(table.snapshot_for(0)["game"])
    seen = table.version
    rng = random.Random(4)
    undone = 0
    for step in range(200):
        game = table.game
        assert game is not None
        mover = game.turn
        table.submit(mover, str(rng.choice(legal_moves(game))), table.version, now=float(step))
        if table.history[-1].kind.value == "played":
            table.take_back(mover, None, now=step + 0.1)
            undo = table.take_back(1 - mover, True, now=step + 0.2)[-1]
            assert undo.kind.value == "take_back"
            undone += 1
            for recipient in (0, 1, SPECTATOR):
                shown = undo.for_recipient(recipient)  # the card taken back was seen by all
                assert not leaked(table, recipient, shown, allowed=[shown["card"]]), recipient
            followed = _follow(table, followed, seen)
            seen = table.version
            assert followed.view == table.snapshot_for(0)["game"]
            table.submit(mover, str(legal_moves(table.game)[-1]), table.version, now=step + 0.3)  # type: ignore[arg-type]
        followed = _follow(table, followed, seen)
        seen = table.version
        assert followed.view == table.snapshot_for(0)["game"]
        if undone >= 8:
            return
    raise AssertionError("too few take-backs")


def _follow(table: Table, followed: FollowedView, seen: int) -> FollowedView:
    for event in table.events_for(0, since=seen):
        followed.apply(event)
    return followed
