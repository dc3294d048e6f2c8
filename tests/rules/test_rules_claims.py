"""Per shodam (``claims=on``): a side that reaches the target during a round claims the game.

The round is scored as it stands (cards taken, standing Surs, the clubs award once settled); a
right claim wins, a wrong one loses the game (the penalty ``docs/rules.md`` chooses).
"""

from __future__ import annotations

import random

import pytest
from rules_support import position

from pasur.rules import (
    GameOverError,
    IllegalMoveError,
    claim,
    claim_if_right,
    claim_is_right,
    make_rules,
    new_game,
    play_out_round,
    records,
    view,
)
from pasur.rules.claims import points_so_far
from pasur.rules.scoring import clubs_settled
from pasur.rules.testing import check_invariants

CLAIMS = make_rules(settings={"claims": "on"})


def near_target(totals: tuple[int, int]) -> object:
    """Seat 1 has taken 10D and AC (4 points); seat 2 the rest but its hand (12 clubs: settled)."""
    return position(
        CLAIMS, hands=["4C", "5D"], table="9S", piles={0: "10D AC"}, rest_to=1, totals=totals
    )


def test_a_right_claim_wins_the_game_at_once() -> None:
    state = near_target((58, 10))
    assert claim_is_right(state, 0)  # type: ignore[arg-type]
    assert claim_is_right(view(state, 1), 0)  # type: ignore[arg-type]  # any seat can count it
    after = claim(state, 0)  # type: ignore[arg-type]
    assert after.winner == 0
    assert after.is_over
    assert after.result is not None
    assert after.result.claimed_by == 0
    assert after.result.points == (4, 16)
    assert after.totals == (62, 26)
    check_invariants(after)
    with pytest.raises(GameOverError):
        claim(after, 0)


def test_a_wrong_claim_loses_the_game() -> None:
    state = near_target((50, 10))
    assert not claim_is_right(state, 0)  # type: ignore[arg-type]
    after = claim(state, 0)  # type: ignore[arg-type]
    assert after.winner == 1
    assert after.totals == (54, 26)
    assert claim_if_right(state, 0) is state  # type: ignore[arg-type]


def test_a_claim_must_stand_alone_at_the_top() -> None:
    state = near_target((58, 60))
    assert not claim_is_right(state, 0)  # type: ignore[arg-type]  # 62 against 76
    assert claim_is_right(state, 1)  # type: ignore[arg-type]


def test_claims_are_refused_when_off() -> None:
    state = position(hands=["4C", "5D"], table="9S")
    with pytest.raises(IllegalMoveError, match="claims are off"):
        claim(state, 0)


def test_the_clubs_award_counts_only_once_no_club_out_could_change_it() -> None:
    standard = make_rules()
    assert not clubs_settled(standard, (6, 5))
    assert clubs_settled(standard, (8, 3))
    assert clubs_settled(make_rules("pagat"), (7, 0))
    assert not clubs_settled(make_rules("pagat"), (6, 0))
    piles = {0: "2C 3C 5C 6C 7C 8C"}
    state = position(CLAIMS, hands=["4C", "5D"], table="9S", piles=piles, rest_to=1)
    assert points_so_far(state).points[0] == 2  # 6 clubs to 6, one out: the 2C alone


def test_bots_claim_as_soon_as_they_are_right_and_the_record_replays() -> None:
    rules = make_rules(settings={"claims": "on", "target": "12"})
    claimed = 0
    for seed in range(30):
        state = new_game(rules, players=3, seed=seed)
        rngs = [random.Random(seat) for seat in range(3)]
        state = play_out_round(state, [lambda v, legal, rng: rng.choice(legal)] * 3, rngs)
        check_invariants(state)
        assert state.result is not None
        if state.result.claimed_by >= 0:
            claimed += 1
            assert state.winner == state.result.claimed_by
            data = records.record_of(state)
            assert data["rounds"][-1]["plays"][-1] == f"claim {state.result.claimed_by + 1}"
            again = records.replay(records.loads(records.dumps(data)))
            assert again.totals == state.totals
            assert again.winner == state.winner
    assert claimed > 10
