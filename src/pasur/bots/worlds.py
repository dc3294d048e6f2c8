"""Perfect Information Monte Carlo: a seat's decision as an average over drawn worlds.

A seat does not see the other hands or the pack, so :func:`determinized_values` draws *worlds*
(full deals consistent with its view, :func:`pasur.rules.sample_world`), optionally weighed by how
well they explain the other seats' play, searches each with :class:`pasur.bots.search.WorldSearch`
as if every card were face up, and averages each move's value. Averaging, not voting, keeps the
values in points, which is what :func:`pasur.bots.hint` reports. This module decides how many
worlds a decision can afford (the node budget, the time cap, a single possible world); the search
of one world is :mod:`pasur.bots.search`'s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from pasur.bots.evaluation import Valuation
from pasur.bots.features import immediate_gains
from pasur.bots.search import LeafCorrection, WorldSearch
from pasur.rules import GameState, Move, SeatView, sample_world

WorldWeigher = Callable[[SeatView, GameState], float]
"""How plausible a sampled world is given what the other seats did (1.0: no opinion)."""


def determinized_values(
    view: SeatView,
    legal: Sequence[Move],
    rng: random.Random,
    *,
    worlds: int,
    deals: int,
    valuation: Valuation,
    max_plies: int = 64,
    first_pick: float = 0.0,
    opponent_model: float = 0.0,
    node_budget: int | None = None,
    seconds: float | None = None,
    weigher: WorldWeigher | None = None,
    candidates: int = 1,
    styles: Sequence[float] | None = None,
    learned: LeafCorrection | None = None,
    time_cap: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """Each legal move's value averaged over sampled worlds (PIMC).

    Args:
        view: the deciding seat's view.
        legal: its legal moves.
        rng: the bot's generator; worlds are drawn from it, so a seed fixes the answer.
        worlds: the most worlds to search.
        deals: the search horizon in deals (see :class:`WorldSearch`).
        valuation: what a round's points are worth to the deciding side.
        max_plies: a cap on the search depth below each root move.
        first_pick: see :class:`WorldSearch`.
        opponent_model: see :class:`WorldSearch`.
        node_budget: stop drawing worlds once the searches have visited this many positions
            (a budget that, unlike time, gives the same answer on every machine); a world whose
            search would take the total a quarter past it is abandoned and left out. If the
            first world alone would take half of it at a horizon of more than one deal, the
            decision searches to the end of the current deal instead.
        seconds: stop drawing worlds after this long; a world still searched then is left out.
        weigher: weighs each world by how well it explains the other seats' play.
        candidates: with a weigher, draw this many worlds for each one searched and keep one of
            them at random in proportion to their weights (sampling importance resampling).
        styles: each seat's temperature, for modelled replies (see :class:`WorldSearch`).
        learned: a learned correction of the leaf evaluation (see :class:`WorldSearch`).
        time_cap: a hard limit in seconds, first world included: the search stops when it
            passes and answers with the worlds finished by then, or, if none was, with the
            immediate gains (:func:`pasur.bots.features.immediate_gains`).
        clock: the clock the time limits are read on (seconds; injectable for tests).

    Within the time cap, at least one world is searched to the end. When the view leaves a single
    world possible (the last deal with two players: the unseen cards are the opponent's hand),
    one is enough and the answer is exact.
    """
    start = clock()

    def searcher_to(deals: int) -> WorldSearch:
        return WorldSearch(
            view,
            valuation,
            deals=deals,
            max_plies=max_plies,
            first_pick=first_pick,
            opponent_model=opponent_model,
            styles=styles,
            learned=learned,
            clock=clock,
        )

    searcher = searcher_to(deals)
    totals = [0.0] * len(legal)
    searched = 0
    only = _only_world(view)
    cap = start + time_cap if time_cap is not None else None
    soft = start + seconds if seconds is not None else None
    later = cap if soft is None else soft if cap is None else min(soft, cap)
    hard_budget = node_budget + node_budget // 4 if node_budget is not None else None
    while searched < worlds:
        if cap is not None and clock() > cap:
            break
        state = _draw_world(view, rng, weigher, candidates)
        if searched:
            # Later worlds may not overrun the budget by much: one that would is dropped.
            limit = hard_budget - searcher.nodes if hard_budget is not None else None
            values = searcher.values(state, legal, node_limit=limit, deadline=later)
        elif deals > 1 and node_budget is not None:
            # A deep horizon may cost one world more than the whole budget; then this decision
            # searches to the end of the current deal instead, on the budget that is left.
            values = searcher.values(state, legal, node_limit=node_budget // 2, deadline=cap)
            if values is None and (cap is None or clock() <= cap):
                spent = searcher.nodes
                searcher.forget()
                searcher = searcher_to(1)
                searcher.nodes = spent
                values = searcher.values(state, legal, deadline=cap)
        else:
            values = searcher.values(state, legal, deadline=cap)
        if values is None:
            break
        for index, value in enumerate(values):
            totals[index] += value
        searched += 1
        if only:
            break
        if node_budget is not None and searcher.nodes >= node_budget:
            break
        if soft is not None and clock() > soft:
            break
    searcher.forget()
    if not searched:
        return immediate_gains(view, legal)
    return [total / searched for total in totals]


def _draw_world(
    view: SeatView, rng: random.Random, weigher: WorldWeigher | None, candidates: int
) -> GameState:
    """One world; with a weigher, the pick of ``candidates`` draws in proportion to weight."""
    if weigher is None or candidates <= 1:
        return sample_world(view, rng)
    drawn = [sample_world(view, rng) for _ in range(candidates)]
    weights = [weigher(view, state) for state in drawn]
    total = sum(weights)
    if total <= 0.0:
        return drawn[0]
    pick = rng.random() * total
    for state, weight in zip(drawn, weights, strict=True):
        pick -= weight
        if pick < 0.0:
            return state
    return drawn[-1]


def _only_world(view: SeatView) -> bool:
    """Whether the view allows one world only: every unseen card is in a known hand.

    A seat that does not know its own hidden cards (``open-cards=stack``) never has one world
    while it holds more than its open card.
    """
    if view.pack_size or view.hand.bit_count() != view.hand_sizes[view.seat]:
        return False
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
    return len(others) <= 1
