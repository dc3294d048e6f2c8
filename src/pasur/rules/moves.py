"""A move: the card played and the table cards it takes (none when the card is laid).

Written ``7D`` for a lay and ``7D+2D+2H`` for a capture, so that a move round-trips through text.
When a move is typed by a person, ``7D`` alone is enough if that card has only one legal play:
:func:`resolve_move` finds it among the legal moves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pasur.rules.cards import CARDS, Card, card_index, cards_of, format_cards, mask_of, parse_cards
from pasur.rules.errors import (
    AmbiguousMoveError,
    CardSyntaxError,
    IllegalMoveError,
    MoveSyntaxError,
)

_TAKES = re.compile(r"(?<=[CDHScdhs♣♦♥♠])\s*[xX]\s*")
"""``x`` after a card, another way to write ``+`` (``7D x 2D 2H``, ``7Dx2D``); never a suit."""


class Move(NamedTuple):
    """One play. A plain tuple ``(card, taken)`` of ints is accepted wherever a Move is."""

    card: int
    """The number of the card played (a :class:`~pasur.rules.cards.Card`)."""
    taken: int
    """The table cards it takes, as a card set; 0 when the card is laid."""

    @property
    def played(self) -> Card:
        """The card played."""
        return CARDS[self.card]

    @property
    def is_capture(self) -> bool:
        """Whether the move takes cards from the table."""
        return self.taken != 0

    def taken_cards(self) -> tuple[Card, ...]:
        """The table cards taken, in rank order."""
        return cards_of(self.taken)

    @classmethod
    def lay(cls, card: int) -> Move:
        """The move that lays ``card`` on the table."""
        return cls(CARDS[card], 0)

    @classmethod
    def capture(cls, card: int, taken: Sequence[int]) -> Move:
        """The move in which ``card`` takes the cards ``taken``."""
        return cls(CARDS[card], mask_of(taken))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``7D`` (a lay) or ``7D+2D+2H`` (a capture); also ``7D x 2D 2H``."""
        parts = _TAKES.sub("+", text.strip()).split("+", 1)
        try:
            card = card_index(parts[0])
            taken = mask_of(parse_cards(parts[1].replace("+", " "))) if len(parts) > 1 else 0
        except CardSyntaxError as error:
            raise MoveSyntaxError(f"{text.strip()!r} is not a move: {error}") from None
        if len(parts) > 1 and not taken:
            raise MoveSyntaxError(f"{text.strip()!r} is not a move: name the cards taken after '+'")
        if taken >> card & 1:
            raise MoveSyntaxError(f"{text.strip()!r} is not a move: a card cannot take itself")
        return cls(CARDS[card], taken)

    def __str__(self) -> str:
        if not self.taken:
            return str(CARDS[self.card])
        return str(CARDS[self.card]) + "+" + format_cards(self.taken).replace(" ", "+")

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def describe(self) -> str:
        """Words for people: ``7D takes 2D 2H`` or ``7D is laid``."""
        if not self.taken:
            return f"{CARDS[self.card]} is laid"
        return f"{CARDS[self.card]} takes {format_cards(self.taken)}"


LAY_WORD = "lay"
"""Typed after (or before) a card, asks for a lay where the card could also capture."""


def _short(move: Move) -> str:
    """How a person types this move: a lay is ``7D lay``, so it cannot be taken for a card."""
    return str(move) if move.taken else f"{move.played} {LAY_WORD}"


def resolve_move(text: str, legal: Sequence[Move]) -> Move:
    """The legal move meant by ``text``: a full move, ``7D lay``, or a card with one legal play.

    Raises:
        MoveSyntaxError: the text is not a move.
        IllegalMoveError: no legal move matches (the message says what the card may do).
        AmbiguousMoveError: ``text`` names only a card and that card has several legal plays.
    """
    words = text.lower().split()
    explicit_lay = LAY_WORD in words and len(words) == 2
    if explicit_lay:
        words.remove(LAY_WORD)
        text = words[0]
    move = Move.parse(text)
    same_card = [m for m in legal if m.card == move.card]
    if not same_card:
        raise IllegalMoveError(f"{move.played} cannot be played: it is not in the hand")
    if explicit_lay or "+" in _TAKES.sub("+", text.strip()):
        if move in legal:
            return Move(CARDS[move.card], move.taken)
        raise IllegalMoveError(
            f"{move.describe()} is not allowed; {move.played} can: "
            + "; ".join(m.describe() for m in same_card)
        )
    if len(same_card) > 1:
        raise AmbiguousMoveError(
            f"{move.played} can be played in {len(same_card)} ways: "
            + "; ".join(_short(m) for m in same_card)
        )
    return same_card[0]
