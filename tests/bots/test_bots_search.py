"""The search's model of an opponent of a known style: the exact value of its replies."""

from __future__ import annotations

import random
from math import inf

import pytest

from pasur.bots import make_bot
from pasur.bots.evaluation import Valuation
from pasur.bots.worlds import determinized_values
from pasur.rules import (
    STANDARD,
    GameState,
    SeatView,
    moves_for,
    new_game,
    play_legal,
    sample_world,
    shuffle_deck,
    view,
)


def _last_deal(seed: int) -> SeatView:
    """Two random players up to the final deal; the view of the seat to play its first card."""
    state = new_game(STANDARD, players=2, deck=shuffle_deck(STANDARD, 2, random.Random(seed)))
    bot = make_bot("random")
    rng = random.Random(seed)
    while len(state.plays) < 40:
        seat_view = view(state, state.turn)
        state = play_legal(state, bot.choose(seat_view, seat_view.legal_moves(), rng))
    return view(state, state.turn)


def _expectimax(state: GameState, seat: int, valuation: Valuation) -> float:
    """The round's value for ``seat`` when it plays its best and the other seat at random."""
    if state.turn < 0:
        assert state.result is not None
        return valuation(state.result.score.points)
    values = [
        _expectimax(play_legal(state, move), seat, valuation)
        for move in moves_for(state.hands[state.turn], state.table, STANDARD)
    ]
    return max(values) if state.turn == seat else sum(values) / len(values)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_opponent_s_replies_are_valued_at_their_average(seed: int) -> None:
    # In the final deal with two players the one possible world is searched exactly. A random
    # reply must count as the mean over every reply, not as one reply drawn for the search.
    seat_view = _last_deal(seed)
    legal = seat_view.legal_moves()
    valuation = Valuation(STANDARD, seat_view.totals, seat_view.seat, game_aware=False)
    styles = [0.5, 0.5]
    styles[1 - seat_view.seat] = inf
    values = determinized_values(
        seat_view,
        legal,
        random.Random(seed),
        worlds=1,
        deals=1,
        valuation=valuation,
        opponent_model=1.0,
        styles=styles,
    )
    world = sample_world(seat_view, random.Random(seed))
    exact = [_expectimax(play_legal(world, move), seat_view.seat, valuation) for move in legal]
    assert values == pytest.approx(exact)
