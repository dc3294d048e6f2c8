"""The bottom of the ladder: a uniformly random legal move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import floor

from pasur.rules import Move, SeatView


class RandomBot:
    """Plays a uniformly random legal move; the baseline every other level must beat."""

    name = "random"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """Any legal move, each equally likely."""
        # floor rather than int: the same index for a number that is not negative, without
        # int's generic constructor (the bot runs every move of random self-play).
        return legal[floor(rng.random() * len(legal))]
