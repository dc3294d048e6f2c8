"""The immediate worth of a move: what the rule-of-thumb levels (beginner, casual) play by.

A move's *immediate gain* is the change it makes to the deciding side's margin before anyone else
plays, plus the risk it hands to the next seat:

- the points of the cards it takes (the played card goes into the pile with them);
- what the clubs it takes change in the side's expected clubs award (a race, see
  :mod:`pasur.bots.evaluation`);
- a Sur when it clears the table, if a Sur can score now for this side;
- minus the chance that the next seat, an opponent, can clear the table left behind, times a Sur;
- minus, for a lay, the chance that the next seat can take the laid card, times what it is worth.

Chances come from counting: the next hand is a random draw from the cards this seat has not seen
(:func:`pasur.bots.evaluation.chance_to_hold`). Under Pasur Ru Baaz the next hand's open card is
known, and only its hidden cards are drawn (under ``open-cards=stack`` the next seat can play its
open card alone). With ``memory=False`` the seat forgets the capture piles: it counts every card
that is not in its hand, on the table or face up in a hand as possibly out, and values a club at
a flat half point, as a beginner does.
"""

from __future__ import annotations

from collections.abc import Sequence

from pasur.bots.evaluation import (
    card_points,
    chance_to_hold,
    judge_for,
    margin,
    side_clubs,
)
from pasur.rules import Move, SeatView
from pasur.rules.cards import ALL_CARDS, CLUB_CARDS, JACK
from pasur.rules.deal import HAND_SIZE
from pasur.rules.settings import OpenCards

_FIRST_JACK = 4 * (JACK - 1)
_FIRST_QUEEN = 4 * JACK
FLAT_CLUB = 0.5
"""What a club is worth to a seat that does not keep count of the clubs race."""


def immediate_gains(view: SeatView, legal: Sequence[Move], *, memory: bool = True) -> list[float]:
    """The immediate gain of each legal move, in points of margin for the seat's side."""
    players = view.players
    seat = view.seat
    side_of = tuple(view.side_of(s) for s in range(players))
    sides = max(side_of) + 1
    side = side_of[seat]
    rules = view.rules
    judge = judge_for(rules, sides)
    table = view.table
    cutoff = rules.sur_cutoff
    eligible = tuple(cutoff is None or total < cutoff for total in view.totals)
    sur_now = eligible[side] and judge.sur_possible(view.dealt)
    unseen = view.unseen() if memory else ALL_CARDS & ~(view.hand | table | _shown(view))

    # Who plays next, with how many cards, and whether a Sur can score for them then.
    after = (seat + 1) % players
    next_hand = view.hand_sizes[after]
    # The next seat's open card (Ru Baaz), unless its hand is to come from a new deal.
    shown = view.open_cards[after] if view.open_cards and next_hand else 0
    stack = rules.open_cards is OpenCards.STACK
    next_dealt = view.dealt
    last_card_of_round = False
    if next_hand == 0:
        if view.pack_size:
            next_hand = HAND_SIZE
            next_dealt += HAND_SIZE * players
        else:
            last_card_of_round = True
    threatened = (
        side_of[after] != side
        and eligible[side_of[after]]
        and judge.sur_possible(next_dealt)
        and not last_card_of_round
    )

    if memory:
        clubs = side_clubs(view.piles, side_of, sides)
        clubs_before = margin(judge.clubs_expectation(clubs), side)
    gains = []
    for move in legal:
        card, taken = move
        bit = 1 << card
        gain = 0.0
        if taken:
            captured = taken | bit
            if last_card_of_round:
                captured |= table  # the last capture takes what is left on the table
            gain += card_points(captured)
            club_count = (captured & CLUB_CARDS).bit_count()
            if club_count:
                if memory:
                    more = list(clubs)
                    more[side] += club_count
                    gain += margin(judge.clubs_expectation(tuple(more)), side) - clubs_before
                else:
                    gain += FLAT_CLUB * club_count
            if taken == table and sur_now and (card < _FIRST_JACK or card >= _FIRST_QUEEN):
                gain += rules.sur_points
            left = table ^ taken
        else:
            left = table | bit
        if threatened and left:
            if memory:
                sweepers = judge.sweepers(left)
                gain -= _holds(sweepers, unseen, next_hand, shown, stack) * rules.sur_points
            if not taken:
                worth = card_points(bit) + (FLAT_CLUB if bit & CLUB_CARDS else 0.0)
                if worth:
                    takers = judge.takers(card, left)
                    gain -= worth * _holds(takers, unseen, next_hand, shown, stack)
        gains.append(gain)
    return gains


def _shown(view: SeatView) -> int:
    """Every open card on the table (Ru Baaz), as one card set."""
    shown = 0
    for cards in view.open_cards:
        shown |= cards
    return shown


def _holds(cards: int, unseen: int, size: int, shown: int, stack: bool) -> float:
    """The chance that the next seat can play one of ``cards``: it holds ``size`` cards, of which
    ``shown`` are face up and the rest a draw from ``unseen``; from a stack, it plays the open
    card alone (a new deal's first card, when ``shown`` is not yet known)."""
    if shown & cards:
        return 1.0
    if stack:
        return 0.0 if shown else chance_to_hold(cards, unseen, 1)
    return chance_to_hold(cards, unseen, size - shown.bit_count())
