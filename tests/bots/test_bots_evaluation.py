"""The shared judgement: card points, the clubs race, sweeping cards, chances, game value."""

from __future__ import annotations

import pytest

from pasur.bots.evaluation import (
    Valuation,
    card_points,
    chance_to_hold,
    judge_for,
    margin,
)
from pasur.bots.features import immediate_gains
from pasur.rules import STANDARD, Move, make_rules, mask_of, new_game, parse_cards, view


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def test_card_points() -> None:
    assert card_points(cards("10D 2C AS JH 5H")) == 3 + 2 + 1 + 1
    assert card_points(cards("10C 2D 5S")) == 0


def test_margin_against_the_mean_of_the_others() -> None:
    assert margin((10, 4), 0) == 6
    assert margin((10, 4, 7), 1) == pytest.approx(4 - 8.5)


def test_clubs_race() -> None:
    judge = judge_for(STANDARD, 2)
    assert judge.clubs_expectation((7, 0)) == (7.0, 0.0)
    even = judge.clubs_expectation((0, 0))
    assert even[0] == pytest.approx(even[1])
    assert sum(even) == pytest.approx(7.0)  # 13 clubs never tie between two sides
    ahead = judge.clubs_expectation((5, 2))
    assert ahead[0] > 6.0 > 1.0 > ahead[1]
    seven = judge_for(make_rules(settings=["clubs-award=seven-or-more"]), 4)
    assert sum(seven.clubs_expectation((0, 0, 0, 0))) < 7.0  # often nobody reaches seven


def test_sweeping_cards_follow_the_house_rules() -> None:
    judge = judge_for(STANDARD, 2)
    assert judge.sweepers(cards("4C 5H")) == cards("2C 2D 2H 2S")
    assert judge.sweepers(cards("KC")) == cards("KD KH KS")
    assert judge.sweepers(cards("KC KD")) == 0  # a king takes one king
    assert judge.sweepers(cards("5C QH")) == 0
    all_faces = judge_for(make_rules(settings=["face-capture=all"]), 2)
    assert all_faces.sweepers(cards("KC KD")) == cards("KH KS")
    several = judge_for(make_rules(settings=["sum-sets=several"]), 2)
    assert several.sweepers(cards("3C 5D 3H 5S")) == cards("3D 3S")  # 3+5 twice, with a 3


def test_chance_to_hold() -> None:
    pool = cards("AC 2C 3C 4C 5C 6C 7C 8C")
    assert chance_to_hold(cards("AC"), pool, 4) == pytest.approx(0.5)
    assert chance_to_hold(cards("AD"), pool, 4) == 0.0
    assert chance_to_hold(cards("AC 2C 3C 4C 5C"), pool, 4) == 1.0


def test_valuation_counts_points_until_the_target_is_near() -> None:
    early = Valuation(STANDARD, (0, 0), 0, game_aware=True)
    assert not early.game_mode
    assert early((15, 10)) == 5
    late = Valuation(STANDARD, (50, 55), 0, game_aware=True)
    assert late.game_mode
    assert late((15, 5)) > late((5, 5)) > late((5, 15))  # still more is better
    assert late.win_chance((15, 5)) == 1.0  # 65 to 60: the game is won
    assert late.win_chance((5, 10)) == 0.0  # 55 to 65: lost
    assert late.win_chance((5, 5)) < 0.5  # behind, the game goes on


def test_immediate_gain_prefers_the_sur_and_fears_leaving_one() -> None:
    # Seat 2 leads: AS sweeps AH 2D 3S 4C; laying leaves a table others may sweep.
    seat_1 = parse_cards("5C 6D 7H 8S")
    seat_2 = parse_cards("AS 9D QH KD")
    table = parse_cards("AH 2D 3S 4C")
    named = {*seat_1, *seat_2, *table}
    deck = [*seat_2, *seat_1, *table, *(card for card in range(52) if card not in named)]
    seat_view = view(new_game(STANDARD, players=2, deck=deck, dealer=0), 1)
    legal = seat_view.legal_moves()
    gains = dict(zip(legal, immediate_gains(seat_view, legal), strict=True))
    sur = Move.parse("AS+AH+2D+3S+4C")
    assert max(gains, key=gains.__getitem__) == sur
    assert gains[sur] >= STANDARD.sur_points + 2
