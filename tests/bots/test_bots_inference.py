"""Reading the other seats: their style from finished deals, their cards from this deal's plays."""

from __future__ import annotations

import random
from math import inf

import pytest

from pasur.bots import Bot, make_bot
from pasur.bots.inference import STYLES, play_likelihood, seat_temperatures
from pasur.rules import STANDARD, SeatView, new_game, play_legal, sample_world, shuffle_deck, view


def _seat_0_view_after(opponent: Bot, deals: int, seed: int) -> SeatView:
    """Seat 1 plays casual, seat 2 ``opponent``, for ``deals`` whole deals; seat 1's view."""
    state = new_game(STANDARD, players=2, deck=shuffle_deck(STANDARD, 2, random.Random(seed)))
    bots = [make_bot("casual"), opponent]
    rng = random.Random(seed)
    while len(state.plays) < 8 * deals or state.turn != 0:
        seat_view = view(state, state.turn)
        state = play_legal(state, bots[state.turn].choose(seat_view, seat_view.legal_moves(), rng))
    return view(state, 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_player_is_read_as_careless_and_a_greedy_one_as_usual(seed: int) -> None:
    after_random = _seat_0_view_after(make_bot("random"), 3, seed)
    assert seat_temperatures(after_random, 0.5)[1] >= 2.0
    after_casual = _seat_0_view_after(make_bot("casual"), 3, seed)
    assert seat_temperatures(after_casual, 0.5) == (0.5, 0.5)


def test_before_any_deal_is_over_every_seat_plays_as_usual() -> None:
    seat_view = _seat_0_view_after(make_bot("random"), 0, 4)
    assert seat_temperatures(seat_view, 1.0) == (1.0, 1.0)
    assert 1.0 in STYLES


def test_a_careless_seat_s_plays_say_nothing_about_its_cards() -> None:
    # Into the second deal, after seat 2 has made choices in it: worlds differ in how well they
    # explain those choices for a careful player, and not at all for a careless one.
    state = new_game(STANDARD, players=2, deck=shuffle_deck(STANDARD, 2, random.Random(5)))
    while len(state.plays) < 11:
        state = play_legal(state, view(state, state.turn).legal_moves()[-1])
    seat_view = view(state, 0)
    rng = random.Random(0)
    worlds = [sample_world(seat_view, rng) for _ in range(20)]
    careless = play_likelihood((0.5, inf))
    assert {careless(seat_view, world) for world in worlds} == {1.0}
    careful = play_likelihood((0.5, 0.5))
    assert len({careful(seat_view, world) for world in worlds}) > 1
