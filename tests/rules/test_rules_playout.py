"""play_out_round: the round played by choosers is the round play() gives with the same choices."""

from __future__ import annotations

import random

import pytest

from pasur.rules import (
    ChoiceError,
    GameState,
    IllegalMoveError,
    Move,
    SeatView,
    legal_moves,
    make_rules,
    new_game,
    play,
    play_out_round,
    view,
)


def pick_by_rng(seat_view: SeatView, legal: tuple[Move, ...], rng: random.Random) -> Move:
    assert seat_view.is_my_turn
    assert legal == seat_view.legal_moves()
    return legal[rng.randrange(len(legal))]


def play_by_hand(state: GameState, rngs: list[random.Random]) -> GameState:
    while state.turn >= 0:
        seat = state.turn
        state = play(state, pick_by_rng(view(state, seat), legal_moves(state), rngs[seat]))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["standard", "pagat"])
def test_a_round_played_out_is_the_round_played_move_by_move(players: int, preset: str) -> None:
    rules = make_rules(preset)
    for seed in range(5):
        state = new_game(rules, players=players, seed=seed)
        by_hand = play_by_hand(state, [random.Random(seat) for seat in range(players)])
        rngs = [random.Random(seat) for seat in range(players)]
        played = play_out_round(state, [pick_by_rng] * players, rngs)
        assert played == by_hand
        assert played.turn == -1 and played.result is not None


def test_a_chooser_that_picks_an_illegal_move_is_refused() -> None:
    state = new_game(players=2, seed=3)
    wrong = Move(legal_moves(state)[0].card, (1 << 52) - 1)

    def greedy(seat_view: SeatView, legal: tuple[Move, ...], rng: random.Random) -> Move:
        return wrong

    with pytest.raises(ChoiceError) as caught:
        play_out_round(state, [greedy, greedy], [random.Random(0), random.Random(1)])
    assert isinstance(caught.value, IllegalMoveError)
    assert (caught.value.seat, caught.value.move) == (state.turn, wrong)
    assert f"seat {state.turn + 1}'s chooser picked {wrong}, which is not legal" == str(
        caught.value
    )


def test_a_finished_round_is_returned_as_it_is() -> None:
    state = new_game(players=2, seed=4)
    done = play_out_round(state, [pick_by_rng] * 2, [random.Random(0), random.Random(1)])
    assert play_out_round(done, [pick_by_rng] * 2, [random.Random(0), random.Random(1)]) is done
