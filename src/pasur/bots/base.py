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


class BotFailure(RuntimeError):
    """A bot outside this process failed a move: it crashed, ran out of time or broke the rules.

    The arena counts the game as lost by that bot and reports the message under its name; a
    built-in bot never raises it (an illegal move of theirs is a bug, and stops the arena).
    """


class OutsideBot(Protocol):
    """How the arena starts a player it does not hold: an engine program, for one.

    It must pickle (the arena's worker processes start their own copies). The bots it makes are
    closed after each game when they have a ``close()`` method, and are timed by the wall clock,
    since their thinking happens in another process.
    """

    @property
    def name(self) -> str:
        """The name its results are reported under."""
        ...

    def make(self) -> Bot:
        """A new player for one game."""
        ...
