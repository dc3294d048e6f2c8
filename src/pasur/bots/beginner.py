"""Level 1, beginner: takes what it sees, with a beginner's slips, and remembers nothing.

It scores each legal move by its immediate gain without card memory (the points and clubs it
takes, a Sur if it clears the table, the risk of laying a valuable card where it can be taken;
see :mod:`pasur.bots.features` with ``memory=False``), then picks at random with probabilities
that fall off exponentially with the gain (a softmax), so a good capture is usually found and
sometimes missed. It never counts the clubs race and never looks at what the next player could
sweep.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pasur.bots.features import immediate_gains
from pasur.rules import Move, SeatView


class BeginnerBot:
    """Greedy with noise: a softmax over immediate gains, no card memory.

    Args:
        temperature: points of gain that make a move e times likelier; higher is noisier.
    """

    name = "beginner"

    def __init__(self, *, temperature: float = 1.0) -> None:
        self.temperature = temperature

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """A move drawn with probability proportional to exp(gain / temperature)."""
        if len(legal) == 1:
            return legal[0]
        gains = immediate_gains(view, legal, memory=False)
        best = max(gains)
        weights = [math.exp((gain - best) / self.temperature) for gain in gains]
        pick = rng.random() * sum(weights)
        for move, weight in zip(legal, weights, strict=True):
            pick -= weight
            if pick < 0.0:
                return move
        return legal[-1]
