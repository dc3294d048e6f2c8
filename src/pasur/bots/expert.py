"""Level 5, expert: many worlds, read from the opponents' play, searched to win the game.

The expert is the advanced search with these additions:

- **Inference.** Worlds are weighed by how well they explain the plays the other seats made in
  this deal (a softmax model of their immediate gains, :mod:`pasur.bots.inference`), and the
  worlds searched are drawn in proportion to those weights.
- **More worlds.** Up to 128 worlds, within a fixed budget of searched positions.
- **Opponents read and modelled.** From the deals already played out this round it judges how
  closely each opponent follows its immediate gains (a softmax temperature, from sharp to random,
  :func:`pasur.bots.inference.seat_temperatures`). An opponent's reply in the search is then worth
  the expectation over that softmax, which is the best response to a player of that style (over
  every reply, equally, for a random player), with 15 % of the reply worst for us mixed in for a
  careful player and less for a careless one.
- **An exact endgame.** From the second-to-last deal on it searches every world to the end of the
  round and scores it exactly. In the final deal with two players the position is perfect
  information (the unseen cards are the opponent's hand), so a single exact alpha-beta search
  with a transposition table decides it.
- **Playing for the game.** Near the target it values a round's points by its chance of winning
  the game after them (:class:`pasur.bots.evaluation.Valuation`); the Sur cutoff is applied in
  every searched line and leaf, and the clubs race is valued as the chance of the clubs award.
"""

from __future__ import annotations

from pasur.bots.pimc import SearchBot, SearchPlan


class ExpertBot(SearchBot):
    """The strongest level."""

    name = "expert"
    plan = SearchPlan(
        worlds=128,
        max_plies=(64, 6, 5),
        first_pick=1.0,
        opponent_model=0.85,
        endgame_deals=2,
        node_budget=30_000,
        inference_temperature=0.5,
        read_styles=True,
        candidates=4,
        game_aware=True,
    )
