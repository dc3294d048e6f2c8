"""The puzzle solver and generator against the independent brute force of puzzle_check."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzle_check import brute_value, check_puzzle

from pasur.bots import make_bot
from pasur.bots.puzzles import (
    NotSolvableError,
    PuzzleRulesError,
    check_rules,
    decode,
    encode,
    generate,
    solve,
)
from pasur.rules import RU_BAAZ, STANDARD, GameState, legal_moves, make_rules, new_game, play
from pasur.rules.deal import PACK_SIZE

SUR_ALLOWED = make_rules("standard", {"sur-final-deal": "allowed"})


def last_deal_position(seed: int, plies: int, rules: Any = STANDARD) -> GameState:
    """A random 2-player game's first round, played at random to ``plies`` into its last deal."""
    rng = random.Random(seed)
    state = new_game(rules, players=2, seed=seed)
    while state.dealt < PACK_SIZE:
        state = play(state, rng.choice(legal_moves(state)))
    for _ in range(plies):
        state = play(state, rng.choice(legal_moves(state)))
    return state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 7),
    rules=st.sampled_from([STANDARD, SUR_ALLOWED]),
)
def test_the_solver_agrees_with_brute_force(seed: int, plies: int, rules: Any) -> None:
    state = last_deal_position(seed, plies, rules)
    solution = solve(state)
    seat = state.turn
    assert [move for move, _ in solution.values] == list(legal_moves(state))
    for move, value in solution.values:
        assert value == brute_value(play(state, move), seat)
    best, value = solution.ranked()[0]
    line = solution.line(best)
    assert len(line) == 8 - plies
    end = state
    for move in line:
        end = play(end, move)
    assert end.result is not None
    assert end.result.points[seat] - end.result.points[1 - seat] == value


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 7))
def test_a_position_round_trips_through_its_json(seed: int, plies: int) -> None:
    state = last_deal_position(seed, plies)
    rebuilt = decode(encode(state), STANDARD)
    assert rebuilt.hands == state.hands
    assert rebuilt.table == state.table
    assert rebuilt.piles == state.piles
    assert rebuilt.plays == state.plays
    assert rebuilt.turn == state.turn
    assert solve(rebuilt).values == solve(state).values


def test_only_last_deals_of_two_players_are_solved() -> None:
    with pytest.raises(NotSolvableError, match="last deal"):
        solve(new_game(STANDARD, players=2, seed=1))
    with pytest.raises(NotSolvableError, match="2 players"):
        solve(new_game(STANDARD, players=3, seed=1))
    with pytest.raises(PuzzleRulesError, match="open cards"):
        check_rules(RU_BAAZ)
    with pytest.raises(PuzzleRulesError, match="claims"):
        check_rules(make_rules("standard", {"claims": "on"}))
    check_rules(SUR_ALLOWED)


@pytest.fixture(scope="module")
def made() -> list[dict[str, Any]]:
    return generate(SUR_ALLOWED, [make_bot("casual"), make_bot("beginner")], 6, seed=3)


def test_the_generator_is_deterministic_and_its_puzzles_check(made: list[dict[str, Any]]) -> None:
    again = generate(SUR_ALLOWED, [make_bot("casual"), make_bot("beginner")], 6, seed=3)
    assert again == made
    assert len(made) == 6
    for puzzle in made:
        check_puzzle(puzzle)
        assert 1 <= puzzle["difficulty"] <= 5
        assert puzzle["alternatives"][0]["play"] == puzzle["solution"][0]
    other = generate(SUR_ALLOWED, [make_bot("casual"), make_bot("beginner")], 6, seed=4)
    assert {p["id"] for p in other}.isdisjoint({p["id"] for p in made})


def _broken(puzzle: dict[str, Any], how: str) -> dict[str, Any]:
    wrong = copy.deepcopy(puzzle)
    if how == "value":
        wrong["alternatives"][1]["value"] += 1
    elif how == "margin":
        wrong["margin"] += 1
    elif how == "best":
        second = wrong["alternatives"][1]
        wrong["solution"] = [second["play"]]
        wrong["value"] = second["value"]
    elif how == "theme":
        wrong["themes"] = (
            [*wrong["themes"], "make-sur"] if "make-sur" not in wrong["themes"] else []
        )
    elif how == "line":
        wrong["solution"] = wrong["solution"][:-1]
    return wrong


@pytest.mark.parametrize("how", ["value", "margin", "best", "theme", "line"])
def test_the_checker_refuses_a_puzzle_that_lies(made: list[dict[str, Any]], how: str) -> None:
    check_puzzle(made[0])
    with pytest.raises(AssertionError):
        check_puzzle(_broken(made[0], how))
