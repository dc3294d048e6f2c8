"""In partnerships every search level plays for its team: the partner is searched as a second
self and the points that count are the side's.

The search maximises at the seat's partner's turns as at its own, and a round's outcome is judged
in team points, so a capture that feeds the partner is worth to the seat what its own would be.
What that is worth in play is measured by benchmarks/partnerships.py (docs/bots.md).
"""

from __future__ import annotations

import random

import pytest

from pasur.bots.evaluation import Valuation
from pasur.bots.search import WorldSearch
from pasur.rules import make_rules, new_game, shuffle_deck, view

PARTNERSHIPS = make_rules("standard", {"partnerships": "on"})


@pytest.mark.parametrize("seat", range(4))
def test_the_search_maximises_for_the_partner_too(seat: int) -> None:
    deck = shuffle_deck(PARTNERSHIPS, 4, random.Random(seat))
    state = new_game(PARTNERSHIPS, players=4, deck=deck, dealer=(seat - 1) % 4)
    seat_view = view(state, seat)
    side = seat % 2
    search = WorldSearch(
        seat_view, Valuation(PARTNERSHIPS, seat_view.totals, side, game_aware=False), deals=1
    )
    assert search.maximizing == tuple(other % 2 == side for other in range(4))
    assert search.sides == 2 and search.root_side == side


def test_a_round_is_judged_in_team_points() -> None:
    valuation = Valuation(PARTNERSHIPS, (0, 0), 1, game_aware=False)
    assert valuation((8, 12)) == 4
    assert valuation((12, 8)) == -4
