"""Deals, turn order, passing the deal, seeded determinism, and the end of the game."""

from __future__ import annotations

import pytest
from rules_support import play_game, play_text, position, random_chooser

from pasur.rules import (
    STANDARD,
    DeckError,
    GameOverError,
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    Rules,
    deals_per_round,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
)
from pasur.rules.testing import check_invariants

PARTNERS = make_rules(settings={"partnerships": "on"})
FORMATS = [(2, STANDARD), (3, STANDARD), (4, STANDARD), (4, PARTNERS)]
FORMAT_IDS = ["2p", "3p", "4p", "partners"]


def test_deals_per_round() -> None:
    assert [deals_per_round(players) for players in (2, 3, 4)] == [6, 4, 3]


@pytest.mark.parametrize(("players", "rules"), FORMATS, ids=FORMAT_IDS)
@pytest.mark.parametrize("dealer", [0, 1])
def test_a_round_deals_four_cards_a_seat_in_turn_order(
    players: int, rules: Rules, dealer: int
) -> None:
    state = new_game(rules, players=players, seed=21, dealer=dealer)
    leader = (dealer + 1) % players
    deals = 1
    deck = state.deck
    choose = random_chooser(4)
    for seat_offset in range(players):
        seat = (leader + seat_offset) % players
        expected = sum(1 << c for c in deck[4 * seat_offset : 4 * seat_offset + 4])
        assert state.hands[seat] == expected
    while state.turn >= 0:
        dealt = state.dealt
        state = play(state, choose(state))
        if state.turn >= 0 and state.dealt != dealt:
            deals += 1
            # A new deal: four cards to each seat from the leader on, and the leader plays first.
            assert state.dealt == dealt + 4 * players
            assert state.turn == leader
            for seat_offset in range(players):
                seat = (leader + seat_offset) % players
                start = dealt + 4 * seat_offset
                assert state.hands[seat] == sum(1 << c for c in deck[start : start + 4])
            assert state.deal_no == deals - 1
        check_invariants(state)
    assert deals == deals_per_round(players)
    assert len(state.plays) == 48
    # Seats play strictly in turn, starting after the dealer, every deal.
    assert [p.seat for p in state.plays] == [(leader + i) % players for i in range(48)]


def test_the_last_deal_is_the_final_one() -> None:
    state = new_game(players=4, seed=3)
    assert (state.deal_no, state.deals, state.pack_size, state.is_final_deal) == (0, 3, 32, False)
    while state.turn >= 0 and not state.is_final_deal:
        state = play(state, legal_moves(state)[0])
    assert (state.deal_no, state.pack_size, state.is_final_deal) == (2, 0, True)


@pytest.mark.parametrize(("players", "rules"), FORMATS, ids=FORMAT_IDS)
def test_the_deal_passes_each_round_and_totals_add_up(players: int, rules: Rules) -> None:
    state = play_game(new_game(rules, players=players, seed=8), random_chooser(8))
    rounds = [*state.finished, None]
    assert len(rounds) >= 2
    totals = (0,) * state.sides
    for number, finished in enumerate(state.finished):
        assert finished.dealer == number % players
        assert finished.plays[0].seat == (number + 1) % players
        totals = tuple(t + p for t, p in zip(totals, finished.result.points, strict=True))
        assert finished.result.totals == totals
        assert max(totals) < rules.target or totals.count(max(totals)) > 1
    assert state.dealer == len(state.finished) % players
    assert state.result is not None
    final = tuple(t + p for t, p in zip(totals, state.result.points, strict=True))
    assert state.totals == final
    assert state.winner == final.index(max(final))
    assert final.count(max(final)) == 1
    assert max(final) >= rules.target
    assert state.phase is Phase.GAME_OVER


def test_same_seed_and_moves_give_the_same_game() -> None:
    first = play_game(new_game(players=3, seed="table-7"), random_chooser(5))
    again = play_game(new_game(players=3, seed="table-7"), random_chooser(5))
    assert first == again
    assert [r.deck for r in first.finished] == [r.deck for r in again.finished]
    other = new_game(players=3, seed="table-8")
    assert other.deck != new_game(players=3, seed="table-7").deck
    # Each round has its own deck order.
    assert len({r.deck for r in first.finished}) == len(first.finished)


def test_same_deck_and_moves_give_the_same_round() -> None:
    deck = new_game(players=2, seed=99).deck
    a = new_game(players=2, deck=deck)
    b = new_game(players=2, deck=list(deck))
    assert a == b
    assert a.seed is None
    choose_a, choose_b = random_chooser(1), random_chooser(1)
    while a.turn >= 0:
        a, b = play(a, choose_a(a)), play(b, choose_b(b))
        assert a == b


def test_play_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    state = new_game(players=2, seed=1)
    snapshot = tuple(state)
    move = legal_moves(state)[0]
    after = play(state, move)
    assert tuple(state) == snapshot
    assert after is not state
    assert after.plays[-1][:3] == (state.turn, move.card, move.taken)
    assert play(state, move) == after


def test_next_round_needs_a_finished_round_and_a_deck_source() -> None:
    state = new_game(players=2, seed=1)
    with pytest.raises(GameOverError, match="still being played"):
        next_round(state)
    deck = state.deck
    unseeded = new_game(players=2, deck=deck)
    while unseeded.turn >= 0:
        unseeded = play(unseeded, legal_moves(unseeded)[0])
    assert unseeded.phase is Phase.ROUND_OVER
    assert legal_moves(unseeded) == ()
    with pytest.raises(IllegalMoveError, match="the round is over: deal the next one"):
        play(unseeded, Move.parse("AC"))
    with pytest.raises(DeckError, match="give the next round's deck order"):
        next_round(unseeded)
    second = next_round(unseeded, deck=deck)
    assert (second.round_no, second.dealer, second.turn) == (1, 1, 0)
    assert second.totals == unseeded.totals
    assert second.finished[0].deck == deck
    assert second.finished[0].plays == unseeded.plays


# The end of the game, from a final deal whose points are known: seat 1 lays KD, seat 2 QD, and
# seat 2 (the last capturer) takes the table. Seat 2's pile holds the aces, jacks, 10♦ and 2♣ with
# 3 clubs: 13 points; seat 1 has the 10 other clubs: 7 points.


def last_play(totals: tuple[int, int], rules: Rules = STANDARD) -> GameState:
    state = position(
        rules,
        hands=["KD", "QD"],
        table="5H",
        pack=0,
        dealer=1,
        piles={1: "AC AD AH AS JC JD JH JS 10D 2C"},
        last_capturer=1,
        totals=totals,
        seed=4,
    )
    return play_text(state, "KD", "QD")


def test_the_round_points_of_the_end_of_game_position() -> None:
    end = last_play((0, 0))
    assert end.result is not None
    assert end.result.points == (7, 13)


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        ((50, 40), -1),  # 57, 53: nobody at 62
        ((55, 49), -1),  # 62, 62: tied at the top, play another round
        ((60, 54), -1),  # 67, 67
        ((56, 49), 0),  # 63, 62: the highest total wins
        ((40, 49), 1),  # 47, 62: reaching the target exactly is enough
        ((60, 55), 1),  # 67, 68: both past the target, the higher wins
    ],
)
def test_the_game_ends_at_62_with_the_highest_total(before: tuple[int, int], winner: int) -> None:
    end = last_play(before)
    assert end.totals == (before[0] + 7, before[1] + 13)
    assert end.winner == winner
    if winner < 0:
        assert end.phase is Phase.ROUND_OVER
        following = next_round(end)
        assert following.phase is Phase.PLAYING
        assert following.totals == end.totals
        assert following.dealer == 0
        assert following.turn == 1
        check_invariants(following)
    else:
        assert end.phase is Phase.GAME_OVER
        assert legal_moves(end) == ()
        with pytest.raises(GameOverError, match="the game is over"):
            next_round(end)
        with pytest.raises(IllegalMoveError, match="the game is over"):
            play(end, Move.parse("AC"))


def test_the_target_setting() -> None:
    assert last_play((60, 60), make_rules(settings={"target": "100"})).winner == -1
    assert last_play((93, 60), make_rules(settings={"target": "100"})).winner == 0
    assert last_play((0, 0), make_rules(settings={"target": "10"})).winner == 1
