"""The coach's review: a seat's costliest turns, judged on that seat's own view, within a budget."""

from __future__ import annotations

import importlib
import itertools
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from pasur.bots import RankedMove, review
from pasur.rules import (
    RU_BAAZ,
    STANDARD,
    GameState,
    Move,
    RecordError,
    Rules,
    SeatView,
    legal_moves,
    new_game,
    play,
)
from pasur.rules import next_round as deal_next
from pasur.rules.records import record_of, states

review_module = importlib.import_module("pasur.bots.review")
"""The module itself (``pasur.bots.review`` the attribute is the function), to patch ``hint``."""


def random_game(players: int = 2, seed: int = 4, rules: Rules = STANDARD) -> dict[str, Any]:
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    while True:
        while state.turn >= 0:
            state = play(state, rng.choice(legal_moves(state)))
        if state.winner >= 0:
            return record_of(state)
        state = deal_next(state)


class FakeHint:
    """Values each move by its card number (highest best), and remembers what it was shown."""

    def __init__(self) -> None:
        self.views: list[SeatView] = []
        self.budgets: list[float | None] = []
        self.clocks: list[Callable[[], float]] = []

    def __call__(
        self,
        seat_view: SeatView,
        *,
        seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> list[RankedMove]:
        self.views.append(seat_view)
        self.budgets.append(seconds)
        self.clocks.append(clock)
        ranked = [RankedMove(move, float(move.card)) for move in seat_view.legal_moves()]
        return sorted(ranked, key=lambda ranked_move: ranked_move.value, reverse=True)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeHint:
    judge = FakeHint()
    monkeypatch.setattr(review_module, "hint", judge)
    return judge


def choice_turns(record: dict[str, Any], seat: int) -> list[tuple[GameState, GameState]]:
    walked = list(states(record))
    return [
        (before, after)
        for before, after in itertools.pairwise(walked)
        if after.plays and before.turn == seat and len(legal_moves(before)) > 1
    ]


def test_losses_are_the_best_value_minus_the_played_one_costliest_first(fake: FakeHint) -> None:
    record = random_game()
    turns = review(record, 1, worst=5)
    assert 0 < len(turns) <= 5
    # By default the budget is the reviewing thread's processor time: a loaded machine makes a
    # review slower, not shallower.
    assert set(fake.clocks) == {time.thread_time}
    assert [turn.loss for turn in turns] == sorted((turn.loss for turn in turns), reverse=True)
    for turn in turns:
        assert turn.best == turn.moves[0].move
        played_value = next(m.value for m in turn.moves if m.move == turn.played)
        assert turn.loss == turn.moves[0].value - played_value > 0
        plays = record["rounds"][turn.round]["plays"]
        assert str(turn.played) == plays[turn.index]
    # Every turn the fake calls costly is there: the five largest losses over the whole game.
    everything = review(record, 1, worst=1000)
    assert turns == everything[:5]
    assert all(turn.loss > 0 for turn in everything)


def test_each_turn_is_judged_on_the_seat_s_own_view_at_that_moment(fake: FakeHint) -> None:
    record = random_game(players=3, seed=8)
    review(record, 2)
    expected = choice_turns(record, 2)
    assert len(fake.views) == len(expected) > 0
    for seen, (before, _after) in zip(fake.views, expected, strict=True):
        assert isinstance(seen, SeatView)
        assert seen.seat == 2
        assert seen.hand == before.hands[2]
        assert seen.table == before.table
        assert seen.plays == before.plays


def test_a_turn_with_one_legal_move_is_not_judged_and_the_budget_is_shared(
    fake: FakeHint, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [100.0]
    judged = fake

    def slow_judge(
        seat_view: SeatView, *, seconds: float | None = None, clock: Callable[[], float]
    ) -> list[RankedMove]:
        assert seconds is not None
        now[0] += seconds + 0.01  # each search takes its budget and a little more
        return judged(seat_view, seconds=seconds, clock=clock)

    monkeypatch.setattr(review_module, "hint", slow_judge)
    record = random_game(seed=12)

    def review_clock() -> float:
        return now[0]

    review(record, 0, seconds=3.0, clock=review_clock)
    turns = len(choice_turns(record, 0))
    # Each turn's search reads the review's own clock, so the two budgets are one.
    assert fake.clocks == [review_clock] * turns
    assert len(fake.budgets) == turns
    assert fake.budgets[0] == pytest.approx(3.0 / turns)
    assert all(b is not None and 0 <= b <= review_module.MAX_MOVE_SECONDS for b in fake.budgets)
    # What a turn overran is taken from the later turns: the whole review keeps to 3 s plus at
    # most the last turn's overrun.
    assert now[0] - 100.0 == pytest.approx(3.0, abs=0.02)


def test_a_seat_that_always_played_the_judge_s_choice_has_nothing_to_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = random_game(seed=6)
    played = {
        (after.round_no, len(before.plays)): after.plays[-1]
        for before, after in choice_turns(record, 0)
    }

    def agreeable(
        seat_view: SeatView, *, seconds: float | None = None, clock: Callable[[], float]
    ) -> list[RankedMove]:
        chosen = played[seat_view.round_no, len(seat_view.plays)]
        return sorted(
            (
                RankedMove(move, 1.0 if tuple(move) == (chosen.card, chosen.taken) else 0.0)
                for move in seat_view.legal_moves()
            ),
            key=lambda ranked_move: ranked_move.value,
            reverse=True,
        )

    monkeypatch.setattr(review_module, "hint", agreeable)
    assert review(record, 0) == []


@pytest.mark.parametrize(
    ("seat", "options", "message"),
    [
        (2, {}, "seats are numbered 0 to 1"),
        (True, {}, "not a seat number"),
        (0, {"level": "casual"}, "judged by the expert"),
        (0, {"seconds": 0.0}, "positive"),
    ],
)
def test_bad_requests_are_refused_in_words(seat: Any, options: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        review(random_game(), seat, **options)


def test_a_broken_record_is_refused() -> None:
    record = random_game()
    record["rounds"][0]["plays"][3] = "KS+KH+KD"
    with pytest.raises(RecordError, match="round 1, play 4"):
        review(record, 0)


def test_the_expert_finds_a_costly_turn_in_random_play_within_the_budget() -> None:
    record = random_game(seed=21)
    turns = review(record, 0, seconds=2.0, worst=3)
    assert 0 < len(turns) <= 3
    for turn in turns:
        assert isinstance(turn.played, Move)
        assert turn.loss > 0
        assert turn.moves[0].move == turn.best


def test_under_ru_baaz_each_turn_is_judged_seeing_the_open_cards(fake: FakeHint) -> None:
    """Pasur Ru Baaz: the judge is shown what the seat knew then, every open card included."""
    record = random_game(seed=16, rules=RU_BAAZ)
    assert record["rules"]["open-cards"] == "held"
    turns = review(record, 0, worst=1000)
    expected = choice_turns(record, 0)
    assert len(fake.views) == len(expected) > 0
    for seen, (before, _after) in zip(fake.views, expected, strict=True):
        assert seen.open_cards == before.open_cards
        # The other seat's open card is in its hand (none once its hand is empty), not in ours.
        assert seen.open_cards[1] & ~before.hands[1] == 0
        assert bool(seen.open_cards[1]) == bool(before.hands[1])
        assert seen.hand == before.hands[0]
    assert turns and all(turn.loss > 0 for turn in turns)


def test_the_expert_reviews_a_ru_baaz_game_within_the_budget() -> None:
    record = random_game(seed=17, rules=RU_BAAZ)
    turns = review(record, 1, seconds=1.0, worst=3)
    assert 0 < len(turns) <= 3
    for turn in turns:
        assert str(turn.played) == record["rounds"][turn.round]["plays"][turn.index]
        assert turn.loss > 0 and turn.moves[0].move == turn.best
