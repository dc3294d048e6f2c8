"""Helpers for the table tests: seeded tables, whole-table captures, and a scan for hidden cards."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from pasur.protocol import SPECTATOR, Event, Refused
from pasur.rules import STANDARD, Move, Rules, format_cards, legal_moves
from pasur.rules.settings import OpenCards
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import Player, SeatKind
from pasur.server.tables.table import Table

NAMES = ("Ava", "Babak", "Cyrus", "Dara")
"""Seat names in tests: none of them contains a card name such as ``AC`` or ``QS``."""


def make_table(
    seats: str = "hb",
    *,
    seed: int = 1,
    rules: Rules = STANDARD,
    start: bool = True,
    dealer: int | None = 0,
    history: int = 256,
    **config: Any,
) -> Table:
    """A table whose seats are ``seats`` ("h" a person named from NAMES, "b" a random bot).

    The deck orders come from ``random.Random(seed)``; the game is started at time 0 (first
    dealer ``dealer``) unless ``start`` is False.
    """
    config.setdefault("drop_bot", "random")  # whatever levels exist, tests know which plays
    table = Table(
        TableConfig(players=len(seats), rules=rules, **config),
        rng=random.Random(seed),
        history=history,
    )
    for seat, kind in enumerate(seats):
        if kind == "h":
            table.join(Player(f"id-{seat}", NAMES[seat]), seat)
        else:
            table.put_bot(seat, "random")
    if start:
        table.start(now=0.0, dealer=dealer)
    return table


def capture(table: Table) -> dict[str, Any]:
    """Everything observable about a table, to compare before and after a refused action."""
    recipients = [*range(table.config.players)]
    if table.config.spectators:
        recipients.append(SPECTATOR)
    return {
        "version": table.version,
        "status": table.status,
        "game": table.game,
        "seats": table.seats,
        "history": [event.to_json() for event in table.history],
        "snapshots": [table.snapshot_for(r, now=1000.0) for r in recipients],
        "deadline": table.next_deadline(),
        "rng": table._rng.getstate(),
        "record": _record_or_none(table),
    }


def _record_or_none(table: Table) -> dict[str, Any] | None:
    try:
        return table.record()
    except Refused:
        return None


def refused(table: Table, code: str, action: Any, *args: Any, **kwargs: Any) -> Refused:
    """Call ``action``, expect Refused ``code``, and check that the table did not change."""
    before = capture(table)
    try:
        action(*args, **kwargs)
    except Refused as error:
        assert error.code == code, f"expected {code}, got {error.code}: {error.message}"
        assert capture(table) == before, f"the refused action ({code}) changed the table"
        return error
    raise AssertionError(f"expected Refused {code}, but the action was accepted")


def play_turn(table: Table, rng: random.Random, *, now: float = 0.0) -> list[Event]:
    """Let the bots play, then play a random legal move for the person to play, and the bots."""
    events = table.tick(now)
    game = table.game
    if game is None or game.turn < 0 or table.status.value != "playing":
        return events
    move = rng.choice(legal_moves(game))
    events += table.submit(game.turn, str(move), table.version, now=now)
    return events + table.tick(now)


def until(table: Table, rng: random.Random, done: Any, *, limit: int = 2000) -> None:
    """Play random turns (people and bots) until ``done(table)`` holds."""
    for _ in range(limit):
        if done(table):
            return
        table.tick(0.0)
        if done(table):
            return
        play_turn(table, rng)
    raise AssertionError("the condition never came")


def humans(table: Table) -> list[int]:
    """The seats people hold."""
    return [seat for seat, state in enumerate(table.seats) if state.kind is SeatKind.HUMAN]


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[CDHS](?![0-9A-Za-z])")
"""A card name standing on its own, as the encoder writes cards."""


def card_tokens(text: str) -> set[str]:
    """Every card name in a piece of text (JSON or a message)."""
    return set(CARD_TOKEN.findall(text))


def hidden_from(table: Table, recipient: int) -> set[str]:
    """The cards ``recipient`` may not know now: every other hand and the undealt pack. Under
    Pasur Ru Baaz open cards are public, and with ``open-cards=stack`` a seat does not know its
    own hidden cards either."""
    game = table.game
    if game is None or game.turn < 0:
        return set()
    hidden = 0
    for seat, hand in enumerate(game.hands):
        shown = game.open_cards[seat] if game.open_cards else 0
        if seat != recipient or game.rules.open_cards is OpenCards.STACK:
            hidden |= hand & ~shown
    for card in game.deck[game.dealt :]:
        hidden |= 1 << card
    return set(format_cards(hidden).split())


def leaked(table: Table, recipient: int, payload: Any, *, allowed: Iterable[str] = ()) -> set[str]:
    """The hidden cards that appear in ``payload`` once encoded as JSON."""
    text = json.dumps(payload, ensure_ascii=False)
    return (card_tokens(text) & hidden_from(table, recipient)) - set(allowed)


def round_start(table: Table) -> int:
    """The number of the current round's ``round_started`` event."""
    for event in reversed(table.history):
        if event.kind.value == "round_started":
            return event.number
    raise AssertionError("no round_started event in the history")


def moves_of(table: Table) -> Sequence[Move]:
    """The legal moves of the seat to play."""
    assert table.game is not None
    return legal_moves(table.game)
