"""Reading the other seats' cards from how they played: which sampled worlds are plausible.

Every card played is public, but *why* a seat played it says something about the cards it still
holds. A seat that laid a card while it held a card that would have cleared the table for a Sur
was either careless or did not hold that card; the second is far likelier. This module turns that
into a weight for each sampled world (see :func:`pasur.bots.search.determinized_values`).

The model is the simplest one that says this: a seat picks among its legal moves with
probability proportional to ``exp(gain / temperature)``, where ``gain`` is the move's immediate
gain (:mod:`pasur.bots.features`, the casual level's judgement). A world's weight is the
likelihood of the plays seen so far in the current deal, given the hands that world puts in the
other seats; plays from earlier deals say nothing about the hidden cards, because every card those
hands held has since been played face up. The temperature keeps the model humble: a strong
player's deliberate lay costs a world only part of its weight, never all of it.
"""

from __future__ import annotations

from math import exp

from pasur.bots.features import immediate_gains
from pasur.bots.search import WorldWeigher
from pasur.rules import GameState, SeatView, moves_for
from pasur.rules.deal import HAND_SIZE


def play_likelihood(temperature: float = 1.0) -> WorldWeigher:
    """A world weigher: the likelihood of the current deal's plays under a softmax of gains."""

    def weigh(view: SeatView, state: GameState) -> float:
        per_deal = HAND_SIZE * view.players
        plays = view.plays
        start = len(plays) - len(plays) % per_deal
        if not any(play.seat != view.seat for play in plays[start:]):
            return 1.0
        # Walk back through the deal, giving each seat back the cards it played.
        hands = list(state.hands)
        table = view.table
        piles = list(view.piles)
        weight = 1.0
        for index in range(len(plays) - 1, start - 1, -1):
            seat, card, taken, _ = plays[index]
            bit = 1 << card
            hands[seat] |= bit
            if taken:
                table |= taken
                piles[seat] &= ~(taken | bit)
            else:
                table &= ~bit
            if seat == view.seat:
                continue
            then = view._replace(
                seat=seat,
                hand=hands[seat],
                turn=seat,
                table=table,
                piles=tuple(piles),
                plays=plays[:index],
            )
            legal = moves_for(hands[seat], table, view.rules)
            if len(legal) < 2:
                continue
            gains = immediate_gains(then, legal)
            best = max(gains)
            chosen = gains[legal.index((card, taken))]
            weight *= exp((chosen - best) / temperature) / sum(
                exp((gain - best) / temperature) for gain in gains
            )
        return weight

    return weigh
