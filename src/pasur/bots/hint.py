"""Hints: every legal move ranked by what the expert level sees in it.

The terminal's ``?`` and the web coach call :func:`hint`. It runs the expert's search
(:class:`pasur.bots.expert.ExpertBot`) on the seat's view and reports each legal move with its
value, best first. The value is in points of the seat's side's expected margin over the other
sides at the end of the round (near the end of a game, the expert's point-equivalent of its
chance to win the game, see :class:`pasur.bots.evaluation.Valuation`); differences between moves
are what matter: a move 3.0 below the best costs about three points on average.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from pasur.bots.expert import ExpertBot
from pasur.rules import Move, SeatView


class RankedMove(NamedTuple):
    """One legal move and its value."""

    move: Move
    """The move."""
    value: float
    """Expected margin for the seat's side, in points; higher is better."""


def hint(
    view: SeatView,
    *,
    rng: random.Random | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[RankedMove]:
    """Every legal move of ``view``'s seat with the expert's value for it, best first.

    Args:
        view: the view of the seat to play (empty list when it is not that seat's turn).
        rng: the generator for the sampled worlds; by default one seeded from the position, so
            the same position always gets the same hint.
        seconds: a time budget; by default the expert's fixed search budget.
        clock: the clock ``seconds`` is read on.
    """
    legal = view.legal_moves()
    if not legal:
        return []
    if rng is None:
        rng = random.Random(f"hint:{view.round_no}:{len(view.plays)}:{view.hand}:{view.table}")
    values = ExpertBot(seconds=seconds, clock=clock).values(view, legal, rng)
    ranked = [RankedMove(move, value) for move, value in zip(legal, values, strict=True)]
    ranked.sort(key=_value, reverse=True)
    return ranked


def _value(ranked: RankedMove) -> float:
    return ranked.value
