"""The hard time cap: a search bot answers within it on any position, whatever its budget.

The clock is injected: it advances a fixed step each time it is read, so the tests say how many
looks at the clock the bot takes, not how fast this machine is.
"""

from __future__ import annotations

import random

from pasur.bots.expert import ExpertBot
from pasur.bots.features import immediate_gains
from pasur.rules import STANDARD, SeatView, new_game, play_legal, shuffle_deck, view


class SteppingClock:
    """A clock that moves ``step`` seconds on every reading."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _heavy_position() -> SeatView:
    """Two players at the start of the second-to-last deal: the expert searches to the round's
    end from here, two deals of 8 plies in every world."""
    state = new_game(STANDARD, players=2, deck=shuffle_deck(STANDARD, 2, random.Random(8)))
    while view(state, state.turn).deals_left > 1:
        state = play_legal(state, view(state, state.turn).legal_moves()[0])
    seat_view = view(state, state.turn)
    assert seat_view.deals_left == 1 and len(seat_view.hand_cards()) == 4
    return seat_view


def test_an_unbounded_budget_stops_at_the_cap() -> None:
    seat_view = _heavy_position()
    legal = seat_view.legal_moves()
    clock = SteppingClock(1 / 64)  # a power of two, so the sums below are exact
    # Without the cap this budget would search for hours.
    bot = ExpertBot(worlds=10**6, node_budget=10**9, time_cap=0.25, clock=clock)
    move = bot.choose(seat_view, legal, random.Random(1))
    assert move in legal
    # The first reading starts the time; the first past the cap ends the search, and one more
    # tells an exhausted time from an exhausted budget.
    assert clock.now <= clock.step + 0.25 + 2 * clock.step


def test_a_cap_that_passes_before_any_world_answers_with_the_immediate_gains() -> None:
    seat_view = _heavy_position()
    legal = seat_view.legal_moves()
    bot = ExpertBot(time_cap=0.5, clock=SteppingClock(1.0))
    values = bot.values(seat_view, legal, random.Random(1))
    assert values == immediate_gains(seat_view, legal)


def test_the_cap_does_not_touch_a_search_that_ends_in_time() -> None:
    # A machine that reads no time at all passes: the node budget alone decides the move.
    seat_view = _heavy_position()
    legal = seat_view.legal_moves()
    capped = ExpertBot(worlds=4, node_budget=5_000, clock=SteppingClock(0.0))
    uncapped = ExpertBot(worlds=4, node_budget=5_000, time_cap=None)
    assert capped.values(seat_view, legal, random.Random(2)) == uncapped.values(
        seat_view, legal, random.Random(2)
    )
