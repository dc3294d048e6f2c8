"""Level 4, advanced: more worlds, a sharper leaf, and opponents who cannot see its cards.

Like the intermediate level it searches sampled worlds to the end of the current deal, but it
draws more of them, judges each leaf by the best capture the seat to play holds (not only a Sur
it could take), and models an opponent's reply as half the move that opponent's own immediate
gains favour (it cannot see our hand, so it cannot always find the perfect answer) and half the
reply worst for us. In the final deal it searches to the end of the round, exactly.
"""

from __future__ import annotations

from pasur.bots.pimc import SearchBot, SearchPlan


class AdvancedBot(SearchBot):
    """PIMC, one-deal horizon, first-pick leaves, half-modelled opponents."""

    name = "advanced"
    plan = SearchPlan(
        worlds=32,
        max_plies=(64, 6, 5),
        first_pick=1.0,
        opponent_model=0.5,
        node_budget=25_000,
    )
