"""Time at the table, passed in as ``now``: turn timers, dropped players' grace, stand-in bots."""

from __future__ import annotations

from table_support import make_table, moves_of

from pasur.server.tables.table import Table


def play_first(table: Table, seat: int, now: float) -> None:
    table.submit(seat, str(moves_of(table)[0]), table.version, now=now)


def whose_turn(table: Table) -> int:
    assert table.game is not None
    return table.game.turn


def test_a_turn_timer_plays_for_the_seat_when_it_runs_out() -> None:
    table = make_table("hb", dealer=1, turn_timer=15)  # seat 0 leads at time 0
    assert table.next_deadline() == 15.0
    assert table.snapshot_for(0, now=5.0)["clock"] == {
        "seat": 0,
        "kind": "timer",
        "seconds_left": 10.0,
    }
    assert table.tick(14.9) == []
    events = table.tick(15.0)
    assert [(e.data["seat"], e.data["by"]) for e in events if e.kind.value == "played"] == [
        (0, "timer"),
        (1, "bot"),
    ]
    assert whose_turn(table) == 0
    assert table.next_deadline() == 30.0  # the new turn began when the bot played
    # Playing in time leaves nothing for the timer.
    play_first(table, 0, now=20.0)
    table.tick(20.0)
    assert table.next_deadline() == 35.0


def test_no_timer_means_a_connected_person_is_waited_for() -> None:
    table = make_table("hb", dealer=1)
    assert table.next_deadline() is None
    assert table.tick(10_000.0) == []
    assert table.snapshot_for(0, now=10.0)["clock"] is None


def test_grace_runs_from_the_drop_during_the_persons_own_turn() -> None:
    table = make_table("hh", dealer=1, grace=30)
    table.set_connected(0, False, now=5.0)  # seat 0 is to play
    assert table.next_deadline() == 35.0
    assert table.snapshot_for(1, now=20.0)["clock"] == {
        "seat": 0,
        "kind": "grace",
        "seconds_left": 15.0,
    }
    assert table.tick(34.0) == []
    events = table.tick(35.0)
    assert [e.kind.value for e in events] == ["stand_in", "played"]
    assert dict(events[0].data) == {"seat": 0, "level": "random", "active": True}
    assert events[1].data["by"] == "stand_in"
    assert table.seats[0].stand_in


def test_grace_counts_only_while_it_is_the_dropped_persons_turn() -> None:
    table = make_table("hh", dealer=0, turn_timer=15, grace=20)  # seat 1 leads
    table.set_connected(0, False, now=0.0)  # seat 0 drops while seat 1 thinks
    play_first(table, 1, now=100.0)  # 100 s of someone else's turn: no grace used
    assert whose_turn(table) == 0
    assert table.next_deadline() == 115.0  # the timer (15 s) comes before the grace (20 s)
    [timed] = table.tick(115.0)
    assert (timed.data["seat"], timed.data["by"]) == (0, "timer")
    assert not table.seats[0].stand_in
    play_first(table, 1, now=200.0)
    # 15 s of grace were used on the last turn: 5 s are left, before this turn's timer.
    assert table.next_deadline() == 205.0
    events = table.tick(205.0)
    assert [e.kind.value for e in events] == ["stand_in", "played"]
    assert events[1].data["by"] == "stand_in"


def test_a_stand_in_plays_every_turn_until_the_person_returns_and_takes_the_seat_back() -> None:
    table = make_table("hh", dealer=1, grace=0)
    table.set_connected(0, False, now=0.0)
    events = table.tick(0.0)
    assert [e.kind.value for e in events] == ["stand_in", "played"]
    for now in (10.0, 20.0):
        play_first(table, 1, now=now)
        [event] = table.tick(now)
        assert (event.data["seat"], event.data["by"]) == (0, "stand_in")
    play_first(table, 1, now=30.0)
    events = table.set_connected(0, True, now=31.0)
    assert [(e.kind.value, dict(e.data)) for e in events] == [
        ("connection", {"seat": 0, "connected": True}),
        ("stand_in", {"seat": 0, "level": "random", "active": False}),
    ]
    assert not table.seats[0].stand_in
    assert whose_turn(table) == 0
    assert table.tick(1000.0) == []  # the person plays for themselves again
    play_first(table, 0, now=1001.0)


def test_coming_back_restores_the_full_grace() -> None:
    table = make_table("hh", dealer=1, grace=30)
    table.set_connected(0, False, now=0.0)
    table.set_connected(0, True, now=10.0)
    table.set_connected(0, False, now=12.0)
    assert table.next_deadline() == 42.0


def test_a_dropped_person_who_still_plays_uses_grace_only_on_their_own_turns() -> None:
    table = make_table("hh", dealer=0, grace=30)  # seat 1 leads
    table.set_connected(0, False, now=0.0)
    play_first(table, 1, now=50.0)
    play_first(table, 0, now=60.0)  # a dropped person may still play (a frame in flight)
    play_first(table, 1, now=70.0)
    assert table.next_deadline() == 70.0 + 30.0 - 10.0  # 10 s used on the one own turn


def test_a_bot_seat_is_never_timed_out() -> None:
    table = make_table("hb", dealer=0, turn_timer=15, bot_delay=2)  # the bot leads
    deadline = table.next_deadline()
    assert deadline is not None and 0 < deadline < 4, "the bot's think time, not the timer"
    [event] = table.tick(60.0)
    assert event.data["by"] == "bot"
