"""Level 2, casual (also called greedy): the best immediate gain, and no easy Sur left behind.

It plays the move with the highest immediate gain (:mod:`pasur.bots.features`): the points it
takes, what its clubs change in the expected clubs award, a Sur when it clears the table, minus
the chance that the next player holds a card that clears the table it leaves (counted from the
cards it has not seen) times a Sur, and minus the chance that a laid card of value is taken. Ties
are broken at random. It looks one move ahead and no further: it never plans for the cards to come.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pasur.bots.features import immediate_gains
from pasur.rules import Move, SeatView

_TIE = 1e-9


class CasualBot:
    """The greedy rule-of-thumb player; the reference level the stronger ones are measured by."""

    name = "casual"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The move with the best immediate gain; one of the best at random on a tie."""
        if len(legal) == 1:
            return legal[0]
        gains = immediate_gains(view, legal)
        best = max(gains)
        top = [move for move, gain in zip(legal, gains, strict=True) if gain >= best - _TIE]
        return top[int(rng.random() * len(top))]
