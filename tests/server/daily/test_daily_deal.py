"""The daily deal without a server: its commitment, the bots' determinism, the score, streaks."""

from __future__ import annotations

import dataclasses
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from pasur.rules import legal_moves, play_legal
from pasur.rules.fairness import deck_text, verify_commitment
from pasur.server.daily.deal import PLAYER_SEAT, answer, bot_move, margin, new_deal, replay
from pasur.server.daily.games import streaks
from pasur.server.daily.share import share_squares


def test_the_commitment_verifies_with_the_deck_and_salt_and_fails_for_another_deck() -> None:
    deal = new_deal("2026-12-04", 2)
    assert verify_commitment(deal.commitment, deck_text(deal.deck).split(), deal.salt.hex())
    swapped = (deal.deck[1], deal.deck[0], *deal.deck[2:])
    assert not verify_commitment(deal.commitment, list(swapped), deal.salt.hex())


def test_two_deals_of_a_day_differ_in_secrets() -> None:
    first, second = new_deal("2026-12-04", 3), new_deal("2026-12-04", 3)
    assert first.seed != second.seed and first.salt != second.salt
    assert first.commitment != second.commitment


def test_the_expert_answers_the_same_position_the_same_way_every_time() -> None:
    deal = new_deal("2026-12-04", 2)
    state, _ = answer(deal, deal.first_state())
    state = play_legal(state, legal_moves(state)[0])
    assert state.turn == 1
    moves = {bot_move(deal, state, "expert") for _ in range(2)}
    assert len(moves) == 1


def test_the_bots_answer_depends_on_the_deals_seed() -> None:
    """Bots are seeded per deal: the same position on a deal with another seed is searched with
    other worlds (a random bot makes that visible at once)."""
    deal = new_deal("2026-12-04", 2)
    state = play_legal(deal.first_state(), legal_moves(deal.first_state())[0])
    answers = {
        bot_move(dataclasses.replace(deal, seed=f"seed {n}"), state, "random") for n in range(20)
    }
    assert len(answers) > 1


def test_a_game_replays_from_its_moves_and_scores_the_persons_margin() -> None:
    deal = new_deal("2026-12-04", 3)
    state, moves = answer(deal, deal.first_state())
    while state.result is None:
        move = legal_moves(state)[-1]
        state, answered = answer(deal, play_legal(state, move))
        moves += [str(move), *answered]
    again = replay(deal, moves)
    assert again == state
    assert state.result is not None
    points = state.result.points
    assert margin(state) == points[PLAYER_SEAT] - max(points[1], points[2])


def test_share_squares_say_the_score_and_nothing_else() -> None:
    assert share_squares(3) == "+3 🟩🟩🟩"
    assert share_squares(-2) == "-2 🟥🟥"
    assert share_squares(0) == "0 ⬜"
    assert share_squares(40).count("🟩") == 10


@given(st.sets(st.integers(0, 60), max_size=30), st.integers(0, 61))
@settings(max_examples=200)
def test_streaks_agree_with_counting_back_day_by_day(offsets: set[int], today_offset: int) -> None:
    start = date(2026, 1, 1).toordinal()
    days = {date.fromordinal(start + n).isoformat() for n in offsets if n <= today_offset}
    today = date.fromordinal(start + today_offset)
    found = streaks(days, today)
    played = {start + n for n in offsets if n <= today_offset}
    end = start + today_offset if start + today_offset in played else start + today_offset - 1
    current = 0
    while end - current in played:
        current += 1
    best = max((run_from(played, day) for day in played), default=0)
    assert found == {"current": current, "best": best}


def run_from(played: set[int], day: int) -> int:
    length = 0
    while day + length in played:
        length += 1
    return length
