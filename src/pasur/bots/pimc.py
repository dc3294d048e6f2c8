"""The search bot that the intermediate, advanced and expert levels configure.

A level is a :class:`SearchPlan`: how many worlds to draw, how far to search each one, how to
judge the leaves, whether to read the other seats' cards from their play, and whether to play
for the game or for the round. :class:`SearchBot` carries a plan out for one decision with
:func:`pasur.bots.search.determinized_values` and plays the move with the best average value.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from pasur.bots.evaluation import Valuation
from pasur.bots.inference import play_likelihood
from pasur.bots.search import determinized_values
from pasur.rules import Move, SeatView


@dataclasses.dataclass(frozen=True, slots=True)
class SearchPlan:
    """How a search level spends its effort on one decision."""

    worlds: int
    """The most worlds searched."""
    deals: int = 1
    """The horizon in deals: 1 searches to the end of the current deal."""
    endgame_deals: int = 1
    """From this many deals before the end of the round, search to the end (exactly)."""
    max_plies: tuple[int, int, int] = (64, 6, 5)
    """A depth cap for 2, 3 and 4 players (a deal is 8, 12 and 16 plies)."""
    first_pick: float = 0.0
    """Leaf credit for the best capture the seat to play holds (see ``WorldSearch``)."""
    opponent_model: float = 0.0
    """How far opponents are modelled as playing their best immediate gain, against the
    paranoid reply (0: paranoid; see ``WorldSearch``)."""
    node_budget: int | None = None
    """Stop drawing worlds after this many positions searched."""
    inference_temperature: float | None = None
    """Weigh worlds by the other seats' plays with this softmax temperature; None: do not."""
    candidates: int = 4
    """Worlds drawn for each one searched when weighing them."""
    game_aware: bool = False
    """Play for the game (target, Sur cutoff) rather than for the round's margin."""


class SearchBot:
    """Determinized alpha-beta search by a :class:`SearchPlan`.

    Args:
        plan: the level's search settings.
        seconds: a time budget per move; with it the node budget is ignored and worlds are
            drawn (up to ``plan.worlds``) until the time is spent, so moves depend on the machine.
    """

    name = "search"

    def __init__(self, plan: SearchPlan, *, seconds: float | None = None) -> None:
        self.plan = plan
        self.seconds = seconds
        self._weigher = (
            play_likelihood(plan.inference_temperature)
            if plan.inference_temperature is not None
            else None
        )

    def values(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> list[float]:
        """Each legal move's value for the seat's side, in points (see :class:`Valuation`)."""
        plan = self.plan
        side = view.side_of(view.seat)
        valuation = Valuation(view.rules, view.totals, side, game_aware=plan.game_aware)
        deals = plan.deals
        if view.deals_left < plan.endgame_deals:
            deals = view.deals_left + 1
        return determinized_values(
            view,
            legal,
            rng,
            worlds=plan.worlds,
            deals=deals,
            valuation=valuation,
            max_plies=plan.max_plies[view.players - 2],
            first_pick=plan.first_pick,
            opponent_model=plan.opponent_model,
            node_budget=plan.node_budget if self.seconds is None else None,
            seconds=self.seconds,
            weigher=self._weigher,
            candidates=plan.candidates,
        )

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The move with the best average value (the first of equals, in the legal order)."""
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, legal, rng)
        return legal[max(range(len(legal)), key=values.__getitem__)]
