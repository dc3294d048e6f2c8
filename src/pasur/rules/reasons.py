"""Why a move is illegal, as data: a small value whose ``str()`` is the sentence people read.

A client that speaks another language needs the parts of a refusal (the card, the cards it could
take), not an English sentence to pick apart again. :func:`illegal_reason` gives an
:class:`IllegalReason` with those parts; ``str(reason)`` is the engine's words for it, and
:func:`pasur.rules.why_illegal` is exactly that text. The server sends both: the sentence, and the
parts as an error frame's ``reason`` (``docs/protocol.md``, section 6).

This module is not compiled (illegal moves are rare; the engine's hot path never builds one).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pasur.rules.captures import capture_options
from pasur.rules.cards import CARDS, JACK, format_cards
from pasur.rules.deal import PACK_SIZE
from pasur.rules.errors import IllegalMoveError
from pasur.rules.settings import Capture
from pasur.rules.state import GameState
from pasur.rules.turn import playable, sweeps


class IllegalKind(StrEnum):
    """The kinds of illegal move, one per sentence of the engine."""

    GAME_OVER = "game_over"
    """The game is over: nobody plays."""
    ROUND_OVER = "round_over"
    """The round is over: the next one must be dealt first."""
    NOT_IN_HAND = "not_in_hand"
    """The card is not in the hand of the seat to play (``seat``)."""
    NOT_A_SET = "not_a_set"
    """``taken`` is no set of cards (a number outside the pack's 52 bits)."""
    NOT_ON_TABLE = "not_on_table"
    """Cards named as taken (``taken``: those missing) are not on the table."""
    CANNOT_CAPTURE = "cannot_capture"
    """The card takes nothing here, but a capture was named."""
    CANNOT_TAKE = "cannot_take"
    """The card cannot take ``taken``; it can take one of ``options``."""
    MUST_CAPTURE = "must_capture"
    """A lay, where captures are compulsory and the card can take one of ``options``."""
    HIDDEN_IN_STACK = "hidden_in_stack"
    """Under ``open-cards=stack``, the card is hidden in the seat's stack: only its open card
    (``options``, one card set) may be played."""
    MUST_SWEEP = "must_sweep"
    """Under ``last-card-sweep``, the seat's last card in the final deal takes the whole table
    (``options``, one card set), not the smaller capture named."""


@dataclass(frozen=True, slots=True)
class IllegalReason:
    """Why a move is illegal: its kind and the cards and seat the sentence names."""

    kind: IllegalKind
    card: int = -1
    """The card played (0 to 51; another number if the move named no card of the pack)."""
    seat: int = -1
    """The seat to play (from 0), for ``not_in_hand``."""
    taken: int = 0
    """The cards the sentence names as taken: asked for (``cannot_take``), missing from the
    table (``not_on_table``), or the number that is no set (``not_a_set``)."""
    options: tuple[int, ...] = ()
    """What the card can take instead, each a card set (``cannot_take``, ``must_capture``,
    ``must_sweep``), or the one card that may be played (``hidden_in_stack``)."""

    def __str__(self) -> str:
        kind = self.kind
        name = str(CARDS[self.card]) if 0 <= self.card < PACK_SIZE else str(self.card)
        if kind is IllegalKind.GAME_OVER:
            return "the game is over"
        if kind is IllegalKind.ROUND_OVER:
            return "the round is over: deal the next one"
        if kind is IllegalKind.NOT_IN_HAND:
            return f"{name} is not in seat {self.seat + 1}'s hand"
        if kind is IllegalKind.NOT_A_SET:
            return f"{self.taken} is not a set of cards"
        if kind is IllegalKind.NOT_ON_TABLE:
            verb = "is" if self.taken.bit_count() == 1 else "are"
            return f"{format_cards(self.taken)} {verb} not on the table"
        if kind is IllegalKind.CANNOT_CAPTURE:
            return f"{name} cannot capture here: {_what_it_takes(self.card)}"
        options = " or ".join(format_cards(option) for option in self.options)
        if kind is IllegalKind.HIDDEN_IN_STACK:
            return f"{name} is hidden in the stack: only the open card {options} may be played"
        if kind is IllegalKind.MUST_SWEEP:
            return (
                f"{name} is the last card of the hand in the final deal: "
                f"it takes the whole table, {options}"
            )
        if kind is IllegalKind.CANNOT_TAKE:
            return f"{name} cannot take {format_cards(self.taken)}: it can take {options}"
        return f"{name} must capture: it can take {options}"


class IllegalPlayError(IllegalMoveError):
    """A move :func:`pasur.rules.play` refuses: the message is the sentence, ``reason`` the
    parts."""

    def __init__(self, reason: IllegalReason) -> None:
        super().__init__(str(reason))
        self.reason = reason


def illegal_reason(state: GameState, move: tuple[int, int]) -> IllegalReason | None:
    """Why ``move`` (a card and the set it takes) may not be played now; None if it may."""
    card, taken = move
    if state.turn < 0:
        over = IllegalKind.GAME_OVER if state.winner != -1 else IllegalKind.ROUND_OVER  # -2: drawn
        return IllegalReason(over, card)
    if not 0 <= card < PACK_SIZE or not state.hands[state.turn] >> card & 1:
        return IllegalReason(IllegalKind.NOT_IN_HAND, card, seat=state.turn)
    if not playable(state, state.turn) >> card & 1:
        open_card = state.open_cards[state.turn]
        return IllegalReason(IllegalKind.HIDDEN_IN_STACK, card, options=(open_card,))
    options = capture_options(card, state.table, state.rules)
    if options and sweeps(state, card):
        if taken in options and taken != state.table:
            return IllegalReason(IllegalKind.MUST_SWEEP, card, taken=taken, options=(state.table,))
        options = (state.table,)
    if taken:
        if taken in options:
            return None
        if taken < 0 or taken >> PACK_SIZE:
            return IllegalReason(IllegalKind.NOT_A_SET, card, taken=taken)
        missing = taken & ~state.table
        if missing:
            return IllegalReason(IllegalKind.NOT_ON_TABLE, card, taken=missing)
        if not options:
            return IllegalReason(IllegalKind.CANNOT_CAPTURE, card, taken=taken)
        return IllegalReason(IllegalKind.CANNOT_TAKE, card, taken=taken, options=options)
    if options and state.rules.capture is Capture.COMPULSORY:
        return IllegalReason(IllegalKind.MUST_CAPTURE, card, options=options)
    return None


def why_illegal(state: GameState, move: tuple[int, int]) -> str | None:
    """Why ``move`` may not be played now, in words; None if it may."""
    reason = illegal_reason(state, move)
    return None if reason is None else str(reason)


def _what_it_takes(card: int) -> str:
    rank = (card >> 2) + 1
    if rank <= 10:
        return f"no cards on the table add up to {11 - rank} to make eleven with it"
    if rank == JACK:
        return "a jack takes number cards and jacks, and there are none"
    return f"a {'queen' if rank == 12 else 'king'} takes only a matching card, and there is none"
