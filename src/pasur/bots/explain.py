"""What a move does, in facts a coach can say in words: the points it scores at once, whether it
makes a Sur, and how likely it leaves the next seat a Sur.

The web coach says a hint as "7♦ takes 4♠: +0 now, but leaves no Sur"; the numbers of
:func:`pasur.bots.hint.hint` alone (the expected margin) cannot say that. :func:`move_facts`
works on the seat's own view, as a hint does, and knows nothing the seat does not: the next
seat's chance of a Sur counts the cards this seat has not seen that would clear the table, and
the chance that the next seat's hand holds one of them.
"""

from __future__ import annotations

import random
from math import comb
from typing import NamedTuple

from pasur.rules import Move, SeatView, moves_for, play, sample_world, view, world
from pasur.rules.cards import ACES, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS, iter_cards
from pasur.rules.scoring import TEN_OF_DIAMONDS_POINTS, TWO_OF_CLUBS_POINTS


class MoveFacts(NamedTuple):
    """What one move does, as its seat can know it."""

    now: int
    """Points the move scores at once: its cards' points (aces, jacks, the 10♦, the 2♣; the
    clubs award is settled at the round's end) and a Sur's points."""
    sur: bool
    """Whether the move scores a Sur."""
    sur_chance: float
    """The chance, 0 to 1, that the next seat holds a card that clears the table after this move
    and scores a Sur with it, over the cards this seat has not seen."""


def card_points(cards: int) -> int:
    """The points a set of captured cards scores, the clubs award aside."""
    return (
        (cards & ACES).bit_count()
        + (cards & JACKS).bit_count()
        + TEN_OF_DIAMONDS_POINTS * bool(cards & TEN_OF_DIAMONDS)
        + TWO_OF_CLUBS_POINTS * bool(cards & TWO_OF_CLUBS)
    )


def move_facts(seat_view: SeatView, move: Move) -> MoveFacts:
    """The facts of ``move`` (a legal move of the seat to play) on ``seat_view``."""
    # Whether a capture is a Sur, and what follows, depends only on what everyone saw: any world
    # consistent with the view gives the same answer.
    state = sample_world(seat_view, random.Random(0))
    after = play(state, move)
    last = after.plays[-1]
    now = card_points((1 << move.card) | move.taken) if move.taken else 0
    if last.sur:
        now += after.rules.sur_points
    return MoveFacts(now, last.sur, _sur_chance(view(after, seat_view.seat), after.turn))


def _sur_chance(seen: SeatView, nxt: int) -> float:
    """The chance that seat ``nxt`` clears ``seen.table`` with a Sur on its turn."""
    if nxt < 0 or nxt == seen.seat or not seen.table:
        return 0.0
    unseen = seen.unseen()
    held = seen.hand_sizes[nxt]
    clearing = [
        card
        for card in iter_cards(unseen)
        if not (1 << card) & JACKS  # a jack's capture is never a Sur
        and any(m.taken == seen.table for m in moves_for(1 << card, seen.table, seen.rules))
    ]
    # Whether clearing scores (not in the final deal, not for a side past the cutoff) is the
    # engine's to say: it is asked in a world where the next seat holds one of those cards.
    if not clearing or not held or not _scores(seen, nxt, clearing[0]):
        return 0.0
    total = unseen.bit_count()
    return 1.0 - comb(total - len(clearing), held) / comb(total, held)


def _scores(seen: SeatView, nxt: int, card: int) -> bool:
    """Whether seat ``nxt`` clearing the table with ``card`` now would score a Sur."""
    others = [c for c in iter_cards(seen.unseen()) if c != card]
    sizes = seen.hand_sizes
    hands = [0] * seen.players
    hands[seen.seat] = seen.hand
    position = 0
    for seat in range(seen.players):
        if seat == seen.seat:
            continue
        take = others[position : position + sizes[seat] - (seat == nxt)]
        position += len(take)
        hands[seat] = sum(1 << c for c in take) | ((1 << card) if seat == nxt else 0)
    state = world(seen, hands, others[position:])
    clearing = next(
        m for m in moves_for(1 << card, seen.table, seen.rules) if m.taken == seen.table
    )
    return play(state, clearing).plays[-1].sur
