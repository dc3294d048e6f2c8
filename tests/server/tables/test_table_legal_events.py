"""Events that leave a seat to play carry that seat's legal moves, for that seat alone."""

from __future__ import annotations

import random

import pytest
from table_support import card_tokens, make_table, play_turn

from pasur.protocol import SPECTATOR, Event, Kind
from pasur.rules import STANDARD, Rules, make_rules
from pasur.server.tables.table import Table

PARTNERS = make_rules("standard", {"partnerships": "on"})
TURN_KINDS = {"round_started", "dealt", "played"}


def recipients(table: Table) -> list[int]:
    return [*range(table.config.players), SPECTATOR]


@pytest.mark.parametrize(
    ("seats", "rules"), [("hb", STANDARD), ("hhb", STANDARD), ("hhhh", PARTNERS)]
)
def test_the_seat_to_play_gets_the_snapshots_legal_list_and_nobody_else(
    seats: str, rules: Rules
) -> None:
    """Replayed event by event, each event's ``legal`` equals the snapshot's at its version."""
    table = make_table(seats, seed=3, rules=rules, history=1000)  # every event kept
    rng = random.Random(4)
    for _ in range(120):  # past a round's end, so round_started and dealt are both covered
        play_turn(table, rng)
    assert table.history[0].number == 1
    kinds_with_legal: set[str] = set()
    for number, stored in enumerate(table.history, start=1):
        replay = Table.from_log(table.config, table.history[:number], now=0.0)
        for recipient in recipients(table):
            shown = stored.for_recipient(recipient)
            turn = shown.get("turn", -1)
            if shown["kind"] in TURN_KINDS and turn >= 0 and recipient == turn:
                game = replay.snapshot_for(recipient)["game"]
                assert game["legal"], "the seat to play has a move"
                assert shown["legal"] == game["legal"]
                # Only cards the seat sees: its own hand and the table (never a hidden card).
                assert card_tokens(" ".join(shown["legal"])) <= {*game["hand"], *game["table"]}
                kinds_with_legal.add(shown["kind"])
            else:
                assert "legal" not in shown, (recipient, shown)
    assert kinds_with_legal == TURN_KINDS


def test_every_legal_move_in_an_event_is_accepted_as_written() -> None:
    table = make_table("hh", seed=5)
    rng = random.Random(6)
    for _ in range(60):
        if table.status.value != "playing":
            break
        last = table.history[-1]
        seat = last.data["turn"]
        shown = last.for_recipient(seat)
        move = rng.choice(shown["legal"])
        played = table.submit(seat, move, table.version, now=0.0)
        assert played[0].kind is Kind.PLAYED and played[0].data["seat"] == seat
        table.tick(0.0)
    assert table.game is not None and table.game.round_no >= 1


def test_a_stored_event_without_legal_is_rendered_without_it() -> None:
    old = Event(9, Kind.PLAYED, {"seat": 0, "move": "7D", "turn": 1})
    assert "legal" not in old.for_recipient(1)
    new = Event(9, Kind.PLAYED, {"seat": 0, "move": "7D", "turn": 1, "legal": ["AC+10D"]})
    assert new.for_recipient(1)["legal"] == ["AC+10D"]
    assert "legal" not in new.for_recipient(0) and "legal" not in new.for_recipient(SPECTATOR)
