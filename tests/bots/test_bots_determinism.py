"""The same seed and budget give the same moves; a statistical check that casual beats random."""

from __future__ import annotations

import random

import pytest
from bots_support import duplicate_margins, mean_and_error, quick_bots

from pasur.bots.advanced import AdvancedBot
from pasur.bots.casual import CasualBot
from pasur.bots.expert import ExpertBot
from pasur.bots.intermediate import IntermediateBot
from pasur.bots.random_bot import RandomBot
from pasur.bots.selfplay import play_round
from pasur.rules import STANDARD, make_rules, new_game, shuffle_deck, view


@pytest.mark.parametrize("players", [2, 3])
def test_same_seed_same_round(players: int) -> None:
    rules = make_rules(settings=["capture=optional"])
    deck = shuffle_deck(rules, players, random.Random(f"same:{players}"))
    for index in range(len(quick_bots())):
        plays = []
        for _ in range(2):
            bots = quick_bots()
            seating = [bots[(index + seat) % len(bots)] for seat in range(players)]
            rngs = [random.Random(f"rng:{seat}") for seat in range(players)]
            state = play_round(new_game(rules, players=players, deck=deck), seating, rngs)
            plays.append(state.plays)
        assert plays[0] == plays[1]


def test_default_budgets_are_deterministic() -> None:
    state = new_game(STANDARD, players=2, deck=shuffle_deck(STANDARD, 2, random.Random(11)))
    seat_view = view(state, state.turn)
    for level in (IntermediateBot, AdvancedBot, ExpertBot):
        # The time cap is off: on a loaded machine it, not the budget, could end the search.
        first = level(time_cap=None).choose(seat_view, seat_view.legal_moves(), random.Random(4))
        again = level(time_cap=None).choose(seat_view, seat_view.legal_moves(), random.Random(4))
        assert first == again, level.name


def test_casual_beats_random() -> None:
    # Casual wins by about 8 points a round with a spread of about 6 per duplicate pair, so 40
    # pairs put the expected margin some 8 standard errors above zero (and the seeds are fixed).
    margins = duplicate_margins(CasualBot(), RandomBot(), 40, seed=1)
    mean, error = mean_and_error(margins)
    assert mean > 3.0
    assert mean > 3 * error
