"""The table's seats and games: join, leave, bots, start, rematch, connection marks and settings."""

from __future__ import annotations

import random

import pytest
from table_support import NAMES, capture, make_table, refused, until

from pasur.protocol import Refused
from pasur.rules import make_rules
from pasur.server.tables.config import TableConfig, timeout_level
from pasur.server.tables.seats import Player, SeatKind, Status
from pasur.server.tables.table import Table

QUICK = make_rules("standard", {"target": "1"})
"""One round decides the game (unless the top totals tie)."""


def new_table(players: int = 2, **config: object) -> Table:
    return Table(TableConfig(players=players, **config), rng=random.Random(3))  # type: ignore[arg-type]


def kinds(table: Table) -> list[str]:
    return [seat.kind.value for seat in table.seats]


def test_join_fills_the_first_empty_seat_or_the_one_asked_for() -> None:
    table = new_table(3)
    [event] = table.join(Player("a", "Ava"), 2)
    assert (event.number, event.kind.value, dict(event.data)) == (
        1,
        "seated",
        {"seat": 2, "player": "a", "name": "Ava"},
    )
    table.join(Player("b", "  Babak   Z "))
    assert kinds(table) == ["human", "empty", "human"]
    assert table.seats[0].name == "Babak Z"
    assert table.seat_of("a") == 2
    assert table.seat_of("nobody") is None
    assert table.version == 2


def test_seat_errors() -> None:
    table = new_table(2)
    table.join(Player("a", "Ava"))
    refused(table, "already_seated", table.join, Player("a", "Ava again"))
    refused(table, "seat_taken", table.join, Player("b", "Babak"), 0)
    refused(table, "no_such_seat", table.join, Player("b", "Babak"), 2)
    refused(table, "no_such_seat", table.join, Player("b", "Babak"), -1)
    refused(table, "bad_name", table.join, Player("b", "   "))
    refused(table, "bad_name", table.join, Player("b", "x" * 41))
    refused(table, "bad_name", table.join, Player("b", "bell\x07"))
    refused(table, "bad_player", table.join, Player("", "Babak"))
    table.put_bot(1, "random")
    refused(table, "table_full", table.join, Player("b", "Babak"))
    refused(table, "seat_taken", table.put_bot, 0, "random")
    refused(table, "bad_level", table.put_bot, 1, "grandmaster")
    refused(table, "bad_level", table.put_bot, 1, "random,random")
    refused(table, "not_a_bot", table.remove_bot, 0)
    refused(table, "not_seated", table.leave, "nobody", now=0.0)


def test_bots_come_and_go_before_a_game() -> None:
    table = new_table(2)
    [event] = table.put_bot(1, " RANDOM ")
    assert dict(event.data) == {"seat": 1, "level": "random", "name": "random bot"}
    assert table.seats[1].kind is SeatKind.BOT
    [event] = table.remove_bot(1)
    assert event.kind.value == "bot_removed"
    assert kinds(table) == ["empty", "empty"]


def test_start_needs_every_seat_and_no_game_running() -> None:
    table = new_table(3)
    table.join(Player("a", "Ava"))
    table.put_bot(1, "random")
    error = refused(table, "not_ready", table.start, now=0.0)
    assert "seat 2 is empty" in error.message
    table.put_bot(2, "random")
    refused(table, "no_such_seat", table.start, now=0.0, dealer=3)
    events = table.start(now=0.0, dealer=1)
    assert [event.kind.value for event in events] == ["started", "round_started"]
    assert dict(events[0].data) == {
        "game": 1,
        "players": 3,
        "dealer": 1,
        "seats": ["Ava", "random bot", "random bot"],
    }
    assert table.status.value == "playing"
    assert table.game is not None and table.game.dealer == 1 and table.game.turn == 2
    refused(table, "game_running", table.start, now=0.0)
    refused(table, "game_running", table.join, Player("b", "Babak"))
    refused(table, "game_running", table.put_bot, 1, "random")
    refused(table, "game_running", table.remove_bot, 1)
    refused(table, "not_finished", table.vote_rematch, 0, True, now=0.0)


def test_the_first_dealer_is_drawn_from_the_tables_generator() -> None:
    dealers = set()
    for seed in range(12):
        table = Table(TableConfig(players=3), rng=random.Random(seed))
        for seat in range(3):
            table.put_bot(seat, "random")
        table.start(now=0.0)
        assert table.game is not None
        dealers.add(table.game.dealer)
    assert dealers == {0, 1, 2}


def test_leaving_during_a_game_hands_the_seat_to_the_drop_bot() -> None:
    table = make_table("hh", drop_bot="random")
    events = table.leave("id-1", now=5.0)
    assert [(e.kind.value, dict(e.data)) for e in events] == [
        ("left", {"seat": 1, "player": "id-1", "name": "Babak"}),
        ("bot_seated", {"seat": 1, "level": "random", "name": "random bot"}),
    ]
    assert table.seats[1].kind is SeatKind.BOT
    assert table.seat_of("id-1") is None


def test_connection_marks_are_events_only_when_they_change() -> None:
    table = make_table("hb")
    assert table.seats[0].connected
    assert table.set_connected(0, True, now=1.0) == []
    [event] = table.set_connected(0, False, now=1.0)
    assert (event.kind.value, dict(event.data)) == ("connection", {"seat": 0, "connected": False})
    assert not table.seats[0].connected
    assert table.set_connected(0, False, now=2.0) == []
    refused(table, "not_seated", table.set_connected, 1, False, now=2.0)
    refused(table, "no_such_seat", table.set_connected, 5, False, now=2.0)


def finish(table: Table, seed: int = 0) -> None:
    until(table, random.Random(seed), lambda t: t.status is Status.FINISHED)


def test_rematch_needs_every_person_and_passes_the_deal_on() -> None:
    table = make_table("hhb", rules=QUICK, dealer=1)
    finish(table)
    assert table.game_no == 1
    refused(table, "not_seated", table.vote_rematch, 2, True, now=0.0)
    [vote] = table.vote_rematch(0, True, now=0.0)
    assert (vote.kind.value, dict(vote.data)) == ("rematch_vote", {"seat": 0, "accept": True})
    assert table.vote_rematch(0, True, now=0.0) == []  # a resent vote changes nothing
    assert table.snapshot_for(1)["rematch"] == [True, None, None]
    table.vote_rematch(1, False, now=0.0)
    assert table.status.value == "finished"
    events = table.vote_rematch(1, True, now=0.0)
    assert [event.kind.value for event in events] == ["rematch_vote", "started", "round_started"]
    assert events[1].data["game"] == 2
    assert events[1].data["dealer"] == 2  # the seat after the last game's first dealer
    assert table.status.value == "playing"
    assert table.snapshot_for(0)["rematch"] == [None, None, None]
    finish(table, seed=1)
    table.vote_rematch(0, True, now=0.0)
    events = table.vote_rematch(1, True, now=0.0)
    assert events[1].data["dealer"] == 0


def test_after_a_game_seats_change_and_start_begins_the_next_game() -> None:
    table = make_table("hb", rules=QUICK, dealer=0)
    finish(table)
    table.vote_rematch(0, True, now=0.0)  # the bot accepts too: a rematch starts at once
    assert table.status.value == "playing"
    finish(table, seed=3)
    table.remove_bot(1)
    table.join(Player("z", "Zal"))
    assert table.status.value == "finished"
    events = table.start(now=0.0)
    assert events[0].data["game"] == 3
    assert events[0].data["dealer"] == 0  # game 2 was dealt first by seat 1
    assert events[0].data["seats"] == ["Ava", "Zal"]


def test_a_finished_game_has_a_record_with_the_seat_names() -> None:
    table = make_table("hb", rules=QUICK)
    refused(table, "not_finished", table.record)
    finish(table)
    record = table.record()
    assert record["seats"] == [NAMES[0], "random bot"]
    assert record["winner"] is not None
    assert len(record["commitments"]) == len(record["rounds"])
    record["seats"] = ["changed"]
    assert table.record()["seats"] == [NAMES[0], "random bot"]  # a copy each time


def test_settings() -> None:
    assert TableConfig().drop_bot == timeout_level()
    config = TableConfig(
        players=4, rules=make_rules("pagat", {"partnerships": "on"}), turn_timer=30, grace=10
    )
    assert TableConfig.from_json(config.to_json()) == config
    assert TableConfig.from_json({"players": 3}) == TableConfig(players=3)
    for bad in (
        {"players": 5},
        {"players": True},
        {"players": 2, "rules": {"partnerships": "on"}},
        {"turn_timer": 20},
        {"turn_timer": 0},
        {"grace": -1},
        {"grace": float("nan")},
        {"bot_delay": "soon"},
        {"drop_bot": "nobody"},
        {"rules": {"target": "lots"}},
        {"rules": "standard"},
        {"colour": "blue"},
    ):
        with pytest.raises(Refused) as caught:
            TableConfig.from_json(bad)
        assert caught.value.code == "bad_config"
        assert caught.value.to_json() == {"code": "bad_config", "message": caught.value.message}


def test_spectators_can_be_forbidden() -> None:
    table = make_table("hb", spectators=False)
    before = capture(table)
    for call in (lambda: table.events_for(-1), lambda: table.snapshot_for(-1)):
        with pytest.raises(Refused) as caught:
            call()
        assert caught.value.code == "no_spectators"
    assert capture(table) == before
    with pytest.raises(Refused) as caught:
        table.events_for(2)
    assert caught.value.code == "no_such_seat"


def test_reserved_seats_take_only_their_person_and_never_show_their_ids() -> None:
    config = TableConfig(players=2, reserved=("ava-id", "babak-id"))
    table = Table(config, rng=random.Random(3))
    refused(table, "seat_reserved", table.join, Player("mallory", "Mallory"), 1)
    refused(table, "seat_reserved", table.join, Player("mallory", "Mallory"))  # first empty: 0
    refused(table, "seat_reserved", table.join, Player("babak-id", "Babak"), 0)
    refused(table, "seat_reserved", table.put_bot, 1, "random")
    table.join(Player("babak-id", "Babak"), 1)
    refused(table, "seat_taken", table.join, Player("ava-id", "Ava"), 1)
    table.join(Player("ava-id", "Ava"), 0)
    assert [seat.player for seat in table.seats] == ["ava-id", "babak-id"]
    # The ids are stored, read back, and never part of what anyone is sent.
    assert config.reserved_for("babak-id") == 1 and config.reserved_for("mallory") is None
    assert TableConfig.from_json(config.stored_json()) == config
    assert "reserved" not in config.to_json()
    assert "ava-id" not in str(table.snapshot_for(-1)) and "babak-id" not in str(config.to_json())
    for bad in (["ava-id"], ["ava-id", 7], "ava-id", ["", None]):
        with pytest.raises(Refused) as caught:
            TableConfig.from_json({"players": 2, "reserved": bad})
        assert caught.value.code == "bad_config"
    # A seat kept for nobody (None) is anyone's.
    open_seat = Table(TableConfig(players=2, reserved=("ava-id", None)))
    open_seat.put_bot(1, "random")
    assert open_seat.seats[1].kind is SeatKind.BOT
