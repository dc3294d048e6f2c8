"""The search bot that the intermediate, advanced and expert levels configure.

A level is a :class:`SearchPlan`: how many worlds to draw, how far to search each one, how to
judge the leaves, whether to read the other seats' cards from their play, and whether to play
for the game or for the round. :class:`SearchBot` carries a plan out for one decision with
:func:`pasur.bots.worlds.determinized_values` and plays the move with the best average value;
each level is a subclass that only names itself and sets its :attr:`SearchBot.plan`.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Sequence

from pasur.bots.evaluation import Valuation
from pasur.bots.inference import play_likelihood, seat_temperatures
from pasur.bots.value_net import shipped_value_net
from pasur.bots.worlds import determinized_values
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
    read_styles: bool = False
    """With inference: judge each seat's temperature from its play this round (starting from
    ``inference_temperature``), and use it both to weigh worlds and to model its replies."""
    candidates: int = 4
    """Worlds drawn for each one searched when weighing them."""
    game_aware: bool = False
    """Play for the game (target, Sur cutoff) rather than for the round's margin."""
    learned_value: bool = False
    """Correct the leaf evaluation with the shipped network (:mod:`pasur.bots.value_net`), in
    two-player games, the only ones it was fitted to."""


TIME_CAP = 1.5
"""Seconds a move may take at most, on any machine and under any load (the target is 2 s).

Half a second is left for what happens outside the search and for the clock being read only
every so many positions.
"""


class SearchBot:
    """Determinized alpha-beta search by a :class:`SearchPlan`.

    Args:
        worlds: overrides the plan's most worlds searched per move (small for tests).
        node_budget: overrides the plan's budget of positions searched per move.
        seconds: a time budget per move; with it the node budget is ignored and worlds are
            drawn (up to ``plan.worlds``) until the time is spent, so moves depend on the machine.
        time_cap: a hard limit on one move, whatever the budget (see
            :func:`pasur.bots.worlds.determinized_values`); a safety net that a fixed budget
            reaches only on a loaded machine, so moves stay reproducible.
        clock: the clock for ``seconds`` and ``time_cap`` (injectable for tests).
    """

    name = "search"
    plan: SearchPlan
    """The level's search settings."""

    def __init__(
        self,
        *,
        worlds: int | None = None,
        node_budget: int | None = None,
        seconds: float | None = None,
        time_cap: float | None = TIME_CAP,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        plan = self.plan
        if worlds is not None:
            plan = dataclasses.replace(plan, worlds=worlds)
        if node_budget is not None:
            plan = dataclasses.replace(plan, node_budget=node_budget)
        self.plan = plan
        self.seconds = seconds
        self.time_cap = time_cap
        self.clock = clock

    def values(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> list[float]:
        """Each legal move's value for the seat's side, in points (see :class:`Valuation`)."""
        plan = self.plan
        side = view.side_of(view.seat)
        valuation = Valuation(view.rules, view.totals, side, game_aware=plan.game_aware)
        deals = plan.deals
        if view.deals_left < plan.endgame_deals:
            deals = view.deals_left + 1
        usual = plan.inference_temperature
        styles = None
        weigher = None
        # The network learned from two-player rounds only: with more seats it has no say.
        learned = (
            shipped_value_net().correction if plan.learned_value and view.players == 2 else None
        )
        if usual is not None:
            if plan.read_styles:
                styles = seat_temperatures(view, usual)
            weigher = play_likelihood(styles or (usual,) * view.players)
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
            weigher=weigher,
            candidates=plan.candidates,
            styles=styles,
            learned=learned,
            time_cap=self.time_cap,
            clock=self.clock,
        )

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """The move with the best average value (the first of equals, in the legal order)."""
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, legal, rng)
        return legal[max(range(len(legal)), key=values.__getitem__)]
