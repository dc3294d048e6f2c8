"""What each recipient sees: no hidden card ever, and reconnection by event number or snapshot."""

from __future__ import annotations

import json
import random

import pytest
from table_support import (
    hidden_from,
    leaked,
    make_table,
    play_turn,
    round_start,
)

from pasur.protocol import SPECTATOR, Event, Kind, Refused
from pasur.protocol.encode import encode_view
from pasur.protocol.events import PUBLIC_FIELDS
from pasur.rules import STANDARD, Rules, format_cards, make_rules, view
from pasur.server.tables.table import Table

PARTNERS = make_rules("standard", {"partnerships": "on"})
RU_BAAZ = make_rules("ru-baaz")
STACKS = make_rules("ru-baaz", {"open-cards": "stack"})


def recipients(table: Table) -> list[int]:
    return [*range(table.config.players), SPECTATOR]


@pytest.mark.parametrize(
    ("seats", "rules"),
    [
        ("hb", None),
        ("hhb", None),
        ("hbhb", None),
        ("hhhh", PARTNERS),
        ("hb", RU_BAAZ),
        ("hh", STACKS),
        ("hhb", RU_BAAZ),
    ],
)
def test_no_event_or_snapshot_ever_shows_a_card_the_recipient_may_not_see(
    seats: str, rules: Rules | None
) -> None:
    table = make_table(seats, seed=len(seats), rules=rules or STANDARD)
    rng = random.Random(11)
    checked = 0
    for _ in range(150):  # more than a round: deals, a round's end and the next round
        if table.status.value != "playing":
            break
        start = round_start(table)
        for recipient in recipients(table):
            checked += bool(hidden_from(table, recipient))
            events = table.events_for(recipient, start - 1)
            assert not leaked(table, recipient, events), f"events leak to {recipient}"
            snapshot = table.snapshot_for(recipient, now=0.0)
            del snapshot["rounds"]  # finished rounds' deck orders, revealed to all
            assert not leaked(table, recipient, snapshot), f"the snapshot leaks to {recipient}"
        play_turn(table, rng)
    assert checked > 300


@pytest.mark.parametrize("rules", [RU_BAAZ, STACKS])
def test_open_cards_are_shown_to_everyone_and_hidden_cards_to_nobody_else(rules: Rules) -> None:
    # Pasur Ru Baaz: every deal, play and snapshot names each seat's face-up cards for every
    # recipient, spectators included; under open-cards=stack a seat's own hand is its open card.
    table = make_table("hh", seed=5, rules=rules)
    rng = random.Random(3)
    played = 0
    while table.status.value == "playing" and played < 30:
        game = table.game
        assert game is not None and game.open_cards
        shown = [format_cards(cards).split() for cards in game.open_cards]
        for recipient in recipients(table):
            snapshot = table.snapshot_for(recipient, now=0.0)
            assert snapshot["game"]["open"] == shown
            if recipient >= 0 and rules is STACKS:
                assert snapshot["game"]["hand"] == shown[recipient]
            [last] = table.events_for(recipient, table.version - 1)
            if last["kind"] in ("round_started", "dealt", "played"):
                assert last["open"] == shown
        play_turn(table, rng)
        played += 1
    assert played == 30


def test_each_seat_sees_its_own_hand_in_deals_and_a_spectator_none() -> None:
    table = make_table("hhh", dealer=2)
    game = table.game
    assert game is not None
    start = round_start(table)
    [dealt] = table.events_for(0, start - 1)
    assert dealt["kind"] == "round_started"
    assert dealt["hand"] == [str(card) for card in game.hand(0)]
    assert dealt["turn"] == 0  # so seat 0, and only seat 0, also gets its legal moves
    # Every public field but "open", which only Pasur Ru Baaz's deals carry.
    public = set(PUBLIC_FIELDS[Kind.ROUND_STARTED]) - {"open"}
    assert set(dealt) == {"n", "kind", "hand", "legal", *public}
    assert len(dealt["commitment"]) == 64
    [watched] = table.events_for(SPECTATOR, start - 1)
    assert "hand" not in watched and "deck" not in watched and "salt" not in watched
    snapshot = table.snapshot_for(1)
    assert snapshot["game"] == encode_view(view(game, 1))
    assert snapshot["game"]["hand"] == [str(card) for card in game.hand(1)]
    assert "hand" not in table.snapshot_for(SPECTATOR)["game"]
    assert snapshot["game"]["legal"] == []  # seat 0 is to play
    assert table.snapshot_for(0)["game"]["legal"]


def test_private_fields_never_leave_the_server() -> None:
    table = make_table("hb")
    for recipient in recipients(table):
        for shown in table.events_for(recipient):
            assert "player" not in shown and "hands" not in shown
            assert "deck" not in shown or shown["kind"] == "round_ended"
        text = json.dumps(table.snapshot_for(recipient))
        assert "id-0" not in text  # the opaque player id
        # The scan itself works: the private stored form shows the other hands and the pack.
        assert leaked(table, recipient, [event.to_json() for event in table.history])


def test_an_unknown_private_field_is_not_sent() -> None:
    event = Event(7, Kind.PLAYED, {"seat": 0, "move": "7D", "secret": "AC"})
    assert event.for_recipient(0) == {"n": 7, "kind": "played", "seat": 0, "move": "7D"}


def test_stored_events_round_trip() -> None:
    table = make_table("hb")
    for event in table.history:
        stored = json.loads(json.dumps(event.to_json()))
        assert Event.from_json(stored) == Event(event.number, event.kind, stored["data"])
    for bad in ({"n": "1", "kind": "played", "data": {}}, {"n": 1, "kind": "nope", "data": {}}):
        with pytest.raises(ValueError):
            Event.from_json(bad)


def test_reconnecting_with_a_version_gets_exactly_the_missed_events() -> None:
    table = make_table("hhb")
    rng = random.Random(5)
    seen = table.version
    for _ in range(10):
        play_turn(table, rng)
    missed = [e.for_recipient(1) for e in table.history if e.number > seen]
    assert table.events_for(1, seen) == missed
    assert table.catch_up(1, seen) == {"events": missed}
    assert [e["n"] for e in missed] == list(range(seen + 1, table.version + 1))
    assert table.events_for(1, table.version) == []
    assert table.events_for(SPECTATOR, 0)[0]["n"] == 1


def test_a_client_too_far_behind_gets_a_snapshot() -> None:
    table = make_table("hhb", history=16)
    rng = random.Random(6)
    for _ in range(20):
        play_turn(table, rng)
    oldest = table.history[0].number
    assert len(table.history) == 16 and table.history[-1].number == table.version
    assert table.events_for(2, oldest - 1)[0]["n"] == oldest
    with pytest.raises(Refused) as caught:
        table.events_for(2, oldest - 2)
    assert caught.value.code == "history_gap"
    assert table.catch_up(2, oldest - 2, now=0.0) == {"snapshot": table.snapshot_for(2, now=0.0)}
    for wrong in (-1, table.version + 1, "3"):
        with pytest.raises(Refused) as caught:
            table.events_for(2, wrong)  # type: ignore[arg-type]
        assert caught.value.code == "bad_version"
        assert "snapshot" in table.catch_up(2, wrong)  # type: ignore[arg-type]
    with pytest.raises(Refused) as caught:
        table.catch_up(5, 0)
    assert caught.value.code == "no_such_seat"


def test_a_snapshot_is_at_the_tables_version() -> None:
    table = make_table("hb")
    snapshot = table.snapshot_for(0)
    assert snapshot["version"] == table.version
    assert snapshot["status"] == "playing"
    assert snapshot["commitment"] == table.history[-1].data["commitment"]
    assert [seat["kind"] for seat in snapshot["seats"]] == ["human", "bot"]
    assert snapshot["config"] == table.config.to_json()
