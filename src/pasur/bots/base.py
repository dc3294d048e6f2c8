"""What a bot is: something that picks one of the legal moves, seeing only its seat's view.

A bot is given the :class:`~pasur.rules.SeatView` of its seat (the same object the server sends
to that seat), the legal moves, and its own random generator. It never receives the game state,
so it cannot look at another hand or at the pack, by accident or otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pasur.rules import Move, SeatView


class Bot(Protocol):
    """A player that chooses moves."""

    name: str
    """The level's name, as typed after ``--bots``."""

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """Pick one of ``legal`` (never empty) for the seat ``view`` belongs to."""
        ...
