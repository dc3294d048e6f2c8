"""Take-backs at the table: who must accept, what ends a request, which plays can never be undone,
and that an undone play leaves the table exactly as it was before it (docs/protocol.md, 8a)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from table_support import make_table, refused

from pasur.protocol import SPECTATOR, ErrorCode, Event, Refused
from pasur.rules import legal_moves, make_rules
from pasur.server.tables.config import TableConfig
from pasur.server.tables.table import Table
from pasur.server.tables.take_backs import revealed_nothing

ASK = None
"""``take_back``'s answer when the seat asks (rather than answers)."""


def kinds(events: list[Event]) -> list[str]:
    return [event.kind.value for event in events]


def views(table: Table, *, now: float) -> list[Any]:
    """What every recipient sees of the game, and the clock, but the version."""
    shots = [table.snapshot_for(r, now=now) for r in [*range(table.config.players), SPECTATOR]]
    return [(shot["game"], shot["clock"], shot["seats"]) for shot in shots]


def person_plays(table: Table, *, now: float, pick: int = 0) -> int:
    """The seat to play plays its ``pick``-th legal move; returns that seat."""
    game = table.game
    assert game is not None
    seat = game.turn
    table.submit(seat, str(legal_moves(game)[pick]), table.version, now=now)
    return seat


@pytest.mark.parametrize("seats", ["hh", "hhh"])
def test_when_everyone_accepts_the_play_is_undone_exactly(seats: str) -> None:
    table = make_table(seats, take_backs="ask", turn_timer=30)
    table.tick(3.0)
    before_game, before_views = table.game, views(table, now=3.0)
    before_deadline = table.next_deadline()
    seat = person_plays(table, now=10.0)  # 10 s of its 30 gone
    assert table.game is not before_game

    asked = table.take_back(seat, ASK, now=12.0)
    assert kinds(asked) == ["take_back_asked"]
    others = [s for s in range(len(seats)) if s != seat]
    for other in others[:-1]:
        assert kinds(table.take_back(other, True, now=13.0)) == ["take_back_answered"]
        assert table.game is not before_game  # not yet: someone has still to accept
    done = table.take_back(others[-1], True, now=20.0)

    assert kinds(done) == ["take_back_answered", "take_back"]
    assert table.game is before_game  # the engine's own state from before the play
    # Ten seconds later than before, the seat's clock shows what it showed then.
    assert views(table, now=13.0) == before_views
    assert before_deadline is not None and table.next_deadline() == before_deadline + 10.0
    undone = done[-1]
    for recipient in [*range(len(seats)), SPECTATOR]:
        shown = undone.for_recipient(recipient)
        assert shown["game"] == table.snapshot_for(recipient)["game"]
        assert shown["clock"] == {"seat": seat, "kind": "timer", "seconds_left": 20.0}
        assert "views" not in shown and "used" not in shown


def test_one_decline_keeps_the_play_and_it_is_not_asked_again() -> None:
    table = make_table("hhh", take_backs="ask")
    seat = person_plays(table, now=1.0)
    after = table.game
    first, second = (seat + 1) % 3, (seat + 2) % 3
    shown = {"seat": seat, "asked": False, "accepted": []}
    assert table.snapshot_for(SPECTATOR)["take_back"] == shown
    table.take_back(seat, ASK, now=2.0)
    table.take_back(first, True, now=3.0)
    shown = {"seat": seat, "asked": True, "accepted": [first]}
    assert table.snapshot_for(second)["take_back"] == shown  # what a socket opened now is told
    declined = table.take_back(second, False, now=4.0)
    assert table.snapshot_for(seat)["take_back"] is None
    assert kinds(declined) == ["take_back_answered"]
    assert declined[0].for_recipient(seat) == {
        "n": table.version,
        "kind": "take_back_answered",
        "seat": second,
        "accept": False,
    }
    assert table.game is after
    error = refused(table, "no_take_back", table.take_back, seat, ASK, now=5.0)
    assert "declined" in error.message
    refused(table, "no_take_back", table.take_back, first, True, now=5.0)  # nothing is asked


def test_the_next_play_ends_the_request() -> None:
    table = make_table("hh", take_backs="ask")
    seat = person_plays(table, now=1.0)
    table.take_back(seat, ASK, now=2.0)
    events = table.submit(1 - seat, str(legal_moves(table.game)[0]), table.version, now=3.0)  # type: ignore[arg-type]
    assert kinds(events)[:2] == ["take_back_ended", "played"]
    assert events[0].for_recipient(SPECTATOR)["reason"] == "played"
    refused(table, "no_take_back", table.take_back, 1 - seat, True, now=4.0)
    refused(table, "no_take_back", table.take_back, seat, ASK, now=4.0)  # not its last play now


def test_a_timer_move_and_a_leave_end_the_request_too() -> None:
    table = make_table("hhh", take_backs="ask", turn_timer=15)
    seat = person_plays(table, now=0.0)
    table.take_back(seat, ASK, now=1.0)
    events = table.tick(15.5)
    assert kinds(events)[:2] == ["take_back_ended", "played"]
    assert events[1].data["by"] == "timer"

    seat = table.game.turn  # type: ignore[union-attr]
    person_plays(table, now=16.0)
    table.take_back(seat, ASK, now=17.0)
    leaver = (seat + 2) % 3
    events = table.leave(f"id-{leaver}", now=18.0)
    assert kinds(events)[:2] == ["take_back_ended", "left"]
    refused(table, "no_take_back", table.take_back, seat, ASK, now=19.0)


def test_bots_accept_at_once() -> None:
    table = make_table("hb", take_backs="ask", bot_delay=2.0)
    table.tick(2.0)  # the bot leads, if it does
    before = table.game
    seat = person_plays(table, now=3.0)
    assert seat == 0
    events = table.take_back(seat, ASK, now=4.0)
    assert kinds(events) == ["take_back_asked", "take_back"]
    assert table.game is before


def test_a_seat_whose_person_left_is_a_bots_and_accepts() -> None:
    table = make_table("hhh", take_backs="ask")
    seat = table.game.turn  # type: ignore[union-attr]
    table.leave(f"id-{(seat + 1) % 3}", now=0.5)  # a drop bot holds that seat for this game
    before = table.game
    person_plays(table, now=1.0)
    table.take_back(seat, ASK, now=2.0)
    assert kinds(table.take_back((seat + 2) % 3, True, now=3.0))[-1] == "take_back"
    assert table.game is before


def test_an_absent_person_cannot_be_consented_for() -> None:
    table = make_table("hhh", take_backs="ask", grace=5.0)
    seat = person_plays(table, now=1.0)
    away = (seat + 2) % 3  # not the seat to play: only the stand-in's consent could stand in
    table.set_connected(away, False, now=1.5)
    error = refused(table, "no_take_back", table.take_back, seat, ASK, now=2.0)
    assert table.seats[away].name in error.message

    # Back before anything moved on: the play may be taken back again.
    table.set_connected(away, True, now=3.0)
    table.take_back(seat, ASK, now=4.0)
    ended = table.set_connected(away, False, now=5.0)  # dropping ends the request
    assert kinds(ended) == ["take_back_ended", "connection"]
    assert ended[0].data["reason"] == "connection"
    table.set_connected(away, True, now=6.0)
    table.take_back(seat, ASK, now=7.0)
    table.take_back((seat + 1) % 3, True, now=8.0)
    assert kinds(table.take_back(away, True, now=9.0))[-1] == "take_back"


def test_a_play_that_dealt_or_ended_the_round_is_never_taken_back() -> None:
    table = make_table("hh", take_backs="ask", history=5000)
    dealt = ended = False
    while not (dealt and ended):
        number, before = table.version, table.game
        seat = person_plays(table, now=float(number))
        new = [event.kind.value for event in table.history if event.number > number]
        if "dealt" in new or "round_ended" in new:
            dealt |= "dealt" in new
            ended |= "round_ended" in new
            if "dealt" in new:  # the engine's state after the play holds the new hands
                assert before is not None and not revealed_nothing(before, table.game)  # type: ignore[arg-type]
            error = refused(table, "no_take_back", table.take_back, seat, ASK, now=0.0)
            assert "dealt new cards" in error.message
        if table.status.value != "playing":
            break
    assert dealt and ended


def test_under_ru_baaz_a_play_that_turns_a_card_up_is_never_taken_back() -> None:
    rules = make_rules("standard", {"open-cards": "held"})
    table = make_table("hh", rules=rules, take_backs="ask")
    game = table.game
    assert game is not None and game.open_cards
    seat = game.turn
    shown = game.open_cards[seat]
    opens = [m for m in legal_moves(game) if shown >> m.played & 1]
    others = [m for m in legal_moves(game) if not shown >> m.played & 1]
    assert opens and others

    table.submit(seat, str(others[0]), table.version, now=1.0)  # the open card stays: no reveal
    table.take_back(seat, ASK, now=2.0)
    assert kinds(table.take_back(1 - seat, True, now=3.0))[-1] == "take_back"
    table.submit(seat, str(opens[0]), table.version, now=4.0)  # the card beneath turns up
    refused(table, "no_take_back", table.take_back, seat, ASK, now=5.0)


def test_take_backs_are_never_at_a_rated_table() -> None:
    with pytest.raises(Refused) as error:
        TableConfig(private=False, rated=True, take_backs="ask")
    assert error.value.code is ErrorCode.BAD_CONFIG
    with pytest.raises(Refused):
        TableConfig(take_backs="always")
    with pytest.raises(Refused):
        TableConfig.from_json({"take_backs": ["ask"]})
    assert TableConfig.from_json({"players": 2}).take_backs == "off"  # as stored before

    table = make_table("hh", private=False, rated=True)
    seat = person_plays(table, now=1.0)
    refused(table, "take_backs_off", table.take_back, seat, ASK, now=2.0)
    refused(table, "take_backs_off", table.take_back, 1 - seat, True, now=2.0)


def test_bad_requests_are_refused_and_change_nothing() -> None:
    table = make_table("hbh", take_backs="ask", bot_delay=60.0)
    while table.game.turn == 1:  # type: ignore[union-attr]
        table.tick(table.next_deadline() or 0.0)
    seat = person_plays(table, now=100.0)
    other = 2 - seat
    refused(table, "no_take_back", table.take_back, other, True, now=101.0)  # nothing asked
    refused(table, "no_take_back", table.take_back, other, ASK, now=101.0)  # not its play
    refused(table, "no_such_seat", table.take_back, 3, ASK, now=101.0)
    refused(table, "no_such_seat", table.take_back, -1, ASK, now=101.0)
    refused(table, "not_seated", table.take_back, 1, True, now=101.0)  # the bot's seat
    table.take_back(seat, ASK, now=102.0)
    refused(table, "no_take_back", table.take_back, seat, True, now=103.0)  # the asker answers
    assert table.take_back(seat, ASK, now=103.0) == []  # asked again: a resent frame
    assert kinds(table.take_back(other, True, now=104.0))[-1] == "take_back"
    refused(table, "no_take_back", table.take_back, seat, ASK, now=105.0)  # undone already


def test_a_waiting_table_has_nothing_to_take_back() -> None:
    table = make_table("hh", take_backs="ask", start=False)
    refused(table, "no_take_back", table.take_back, 0, ASK, now=0.0)


def test_the_take_back_is_one_play_only() -> None:
    table = make_table("hh", take_backs="ask")
    first = person_plays(table, now=1.0)
    before_second = table.game
    second = person_plays(table, now=2.0)
    refused(table, "no_take_back", table.take_back, first, ASK, now=3.0)
    table.take_back(second, ASK, now=3.0)
    table.take_back(first, True, now=4.0)
    assert table.game is before_second
    refused(table, "no_take_back", table.take_back, first, ASK, now=5.0)  # the one before: never


def test_an_answer_to_one_request_never_consents_to_the_next() -> None:
    """An accept sent while request one was open, arriving once request two is asked (a drop
    ended the first between; the same play is asked about again), is ``stale``: it was about a
    request asked before the version its sender saw (before, it was the last consent needed)."""
    table = make_table("hh", take_backs="ask")
    seat = person_plays(table, now=1.0)
    other = 1 - seat
    table.take_back(seat, ASK, now=2.0, expected_version=table.version)
    seen = table.version  # the other person sees request one here, and presses Accept
    table.set_connected(seat, False, now=3.0)  # which ends it, before the accept arrives
    table.set_connected(seat, True, now=4.0)
    table.take_back(seat, ASK, now=5.0)
    after = table.game
    error = refused(table, "stale", table.take_back, other, True, now=6.0, expected_version=seen)
    assert not re.search(r"\b(10|[2-9AJQK])[CDHS]\b", error.message)
    assert table.game is after
    assert kinds(table.take_back(other, True, now=7.0, expected_version=table.version)) == [
        "take_back_answered",
        "take_back",
    ]


def test_a_request_sent_four_times_asks_once_and_never_about_a_later_play() -> None:
    table = make_table("hb", take_backs="ask", bot_delay=2.0)
    table.tick(2.0)  # the bot leads, if it does
    before = table.game
    person_plays(table, now=3.0)
    seen = table.version
    answers: list[list[str] | str] = []
    for _ in range(4):
        try:
            answers.append(kinds(table.take_back(0, ASK, now=4.0, expected_version=seen)))
        except Refused as refusal:
            answers.append(refusal.code.value)
    # The bot accepts at once: the first undoes the play; the repeats find nothing to take back.
    assert answers == [["take_back_asked", "take_back"], *["no_take_back"] * 3]
    assert table.game is before
    person_plays(table, now=5.0, pick=-1)  # another play, made after the version sent
    refused(table, "stale", table.take_back, 0, ASK, now=6.0, expected_version=seen)
    assert kinds(table.take_back(0, ASK, now=7.0, expected_version=table.version))[0] == (
        "take_back_asked"
    )
