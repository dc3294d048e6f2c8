"""Hypothesis properties over random games: 2, 3 and 4 players, partnerships, random house rules.

After every play the conservation laws hold (``pasur.rules.testing.check_invariants``); a finished
round's points are its card points plus its Sur points, recounted here from the piles; every legal
move can be played and everything else is refused with IllegalMoveError and a reason.
Each property runs 100-200 random games; the whole file takes a few seconds.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pasur.rules import (
    SETTINGS,
    GameState,
    IllegalMoveError,
    Move,
    claim,
    claim_is_right,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    play_legal,
    sample_world,
    view,
    why_illegal,
)
from pasur.rules.cards import ACES, ALL_CARDS, CLUB_CARDS, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from pasur.rules.settings import ClubsAward, SurCancel, SurCutoffCancels
from pasur.rules.testing import check_invariants

HOUSE_VALUES: dict[str, tuple[str, ...]] = {
    name: spec.choices for name, spec in SETTINGS.items() if spec.choices and name != "partnerships"
}
HOUSE_VALUES["sur-cutoff"] = ("50", "none", "20", "1")
HOUSE_VALUES["target"] = ("62", "25", "200")


@st.composite
def games(draw: st.DrawFn) -> GameState:
    """A new game: 2, 3 or 4 players (4 maybe in partnerships), any house rules, any seed."""
    players = draw(st.sampled_from([2, 3, 4]))
    chosen = {name: draw(st.sampled_from(values)) for name, values in HOUSE_VALUES.items()}
    chosen["partnerships"] = "on" if players == 4 and draw(st.booleans()) else "off"
    rules = make_rules(draw(st.sampled_from(["standard", "pagat"])), chosen)
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, players - 1))
    return new_game(rules, players=players, seed=seed, dealer=dealer)


def check_round_result(state: GameState, before: tuple[int, ...]) -> None:
    """Recount a finished round from the piles and check the engine's score against it."""
    result = state.result
    assert result is not None
    rules = state.rules
    sides = state.sides
    side_piles = [0] * sides
    for seat in range(state.players):
        side_piles[state.side_of(seat)] |= state.piles[seat]
    left_out = result.leftover if result.leftover_to < 0 else 0
    assert sum(pile.bit_count() for pile in side_piles) + left_out.bit_count() == 52
    union = left_out
    for pile in side_piles:
        union |= pile
    assert union == ALL_CARDS
    lines = result.score.lines
    assert len(lines) == sides
    for side, (pile, line) in enumerate(zip(side_piles, lines, strict=True)):
        assert line.clubs == (pile & CLUB_CARDS).bit_count()
        assert line.aces == (pile & ACES).bit_count()
        assert line.jacks == (pile & JACKS).bit_count()
        assert line.ten_of_diamonds == (3 if pile & TEN_OF_DIAMONDS else 0)
        assert line.two_of_clubs == (2 if pile & TWO_OF_CLUBS else 0)
        assert line.sur_points == line.surs * rules.sur_points
        assert result.points[side] == line.base + line.sur_points
    # Card points: 13 for the 10♦, the 2♣, aces and jacks, plus whatever the clubs award gave
    # (none at all when nobody captured and nobody took the table).
    winner = result.score.clubs_winner
    if winner is None:
        assert all(line.clubs_points == 0 for line in lines)
    else:
        award = rules.clubs_points
        if rules.clubs_award is ClubsAward.PER_CLUB:
            award = min(lines[winner].clubs, rules.clubs_points)
        if rules.clubs_award is ClubsAward.SEVEN:
            assert lines[winner].clubs >= 7
        assert [line.clubs_points for line in lines] == [
            award if side == winner else 0 for side in range(sides)
        ]
    base = 13 if not left_out else 0
    assert result.score.base_points == base + sum(line.clubs_points for line in lines)
    assert sum(result.points) == result.score.base_points + result.score.sur_points
    # Surs: the plays flagged as Surs, less any cancelling.
    flagged = [0] * sides
    standing = [0] * sides
    for play_ in state.plays:
        flagged[state.side_of(play_.seat)] += play_.sur
    for seat in range(state.players):
        standing[state.side_of(seat)] += state.surs[seat]
    surs = [line.surs for line in lines]
    if rules.sur_cancel is SurCancel.NONE:
        assert surs == flagged == standing
    elif rules.sur_cancel is not SurCancel.NET:
        assert surs == standing
        assert sum(standing) <= sum(flagged)
    cutoff = rules.sur_cutoff
    barred = [cutoff is not None and before[side] >= cutoff for side in range(sides)]
    cancelling = rules.sur_cutoff_cancels is SurCutoffCancels.ON
    if rules.sur_cancel is SurCancel.NET:
        netting = [
            count if cancelling or not barred[side] else 0 for side, count in enumerate(flagged)
        ]
        assert surs == [
            0
            if barred[side]
            else max(0, count - max((c for s, c in enumerate(netting) if s != side), default=0))
            for side, count in enumerate(flagged)
        ]
    for side in range(sides):
        if barred[side]:
            assert surs[side] == 0
            if not cancelling:
                assert flagged[side] == 0
    assert result.totals == state.totals
    assert state.totals == tuple(b + p for b, p in zip(before, result.points, strict=True))


@settings(max_examples=200)
@given(games(), st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(state: GameState, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    check_invariants(state)
    for _ in range(4):
        before = state.totals
        while state.turn >= 0:
            state = play(state, rng.choice(legal_moves(state)))
            check_invariants(state)
        check_round_result(state, before)
        if state.is_over:
            break
        state = next_round(state)
        check_invariants(state)


def candidate_moves(state: GameState, rng: random.Random) -> list[tuple[int, int]]:
    """Moves to try: every hand card with nothing, random table subsets, and nonsense."""
    hand = state.hands[state.turn]
    table_cards = [c for c in range(52) if state.table >> c & 1]
    candidates: list[tuple[int, int]] = []
    for card in (c for c in range(52) if hand >> c & 1):
        candidates.append((card, 0))
        for _ in range(3):
            chosen = [c for c in table_cards if rng.random() < 0.4]
            candidates.append((card, sum(1 << c for c in chosen)))
        stranger = rng.randrange(52)
        candidates.append((card, 1 << stranger))
    off_hand = [c for c in range(52) if not hand >> c & 1]
    candidates.append((rng.choice(off_hand), 0))
    card = next(c for c in range(52) if hand >> c & 1)
    candidates += [(card, 1 << 52), (card, -1), (card, 1 << 60), (-1, 0), (52, 0)]
    return candidates


@settings(max_examples=100)
@given(games(), st.integers(0, 2**32 - 1))
def test_only_legal_moves_can_be_played(state: GameState, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    while state.turn >= 0:
        legal = legal_moves(state)
        assert legal, "a seat to play always has a legal move"
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert why_illegal(state, move) is None
            after = play(state, move)
            check_invariants(after)
            assert after == play_legal(state, move)
        for candidate in candidate_moves(state, rng):
            if candidate in legal:
                continue
            reason = why_illegal(state, candidate)
            assert isinstance(reason, str)
            assert reason
            try:
                play(state, candidate)
            except IllegalMoveError as error:
                assert str(error) == reason
            else:
                raise AssertionError(f"{candidate} was played but is not a legal move")
        state = play(state, rng.choice(legal))
    assert legal_moves(state) == ()
    try:
        play(state, Move(0, 0))
    except IllegalMoveError:
        pass
    else:
        raise AssertionError("a move was played after the round ended")


@settings(max_examples=100)
@given(games(), st.integers(0, 2**32 - 1))
def test_views_fit_the_game_under_any_rules(state: GameState, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    while state.turn >= 0:
        seat = rng.randrange(-1, state.players)
        seen = view(state, seat)
        assert seen.hand_sizes == tuple(hand.bit_count() for hand in state.hands)
        assert view(sample_world(seen, rng), seat) == seen
        state = play(state, rng.choice(legal_moves(state)))


@settings(max_examples=100)
@given(games(), st.integers(0, 2**32 - 1))
def test_a_claim_at_any_moment_keeps_the_invariants_and_is_judged_right(
    state: GameState, choice_seed: int
) -> None:
    rng = random.Random(choice_seed)
    state = state._replace(rules=state.rules.with_settings({"claims": "on"}))
    while state.turn >= 0:
        if rng.random() < 0.05:
            seat = rng.randrange(state.players)
            right = claim_is_right(state, state.side_of(seat))
            after = claim(state, seat)
            check_invariants(after)
            assert after.result is not None
            assert after.result.claimed_by == seat
            assert (after.winner == state.side_of(seat)) == right
            assert after.totals == tuple(
                total + points
                for total, points in zip(state.totals, after.result.points, strict=True)
            )
            return
        state = play(state, rng.choice(legal_moves(state)))
