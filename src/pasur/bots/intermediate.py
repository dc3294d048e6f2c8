"""Level 3, intermediate: determinized search to the end of the current deal.

It draws a dozen or so worlds (deals of the unseen cards consistent with its view), searches each
by alpha-beta to the end of the current deal as if all cards were face up, judges the position
there (cards banked, the clubs race, a Sur the next seat could take; see
:mod:`pasur.bots.evaluation`), and plays the move with the best average value. With three or
four players, where a deal is 12 or 16 plies, the search stops after a few plies and treats every
opponent as playing against it (paranoid search).
"""

from __future__ import annotations

from pasur.bots.pimc import SearchBot, SearchPlan


class IntermediateBot(SearchBot):
    """PIMC with a one-deal horizon and few worlds."""

    name = "intermediate"
    plan = SearchPlan(worlds=12, max_plies=(64, 5, 4), node_budget=6_000)
