"""Pasur Ru Baaz (``open-cards``): one card of each hand face up, seen by every seat.

Seed 002: "one card in each player's hand is always kept face-up on the table, making it visible
to both players. Players may play any of their own open cards, the card beneath the played card,
which was previously hidden from both players, is then turned over". ``held`` is the issue's
reading (the hand is held, any card may be played), ``stack`` the text's last sentence taken
word for word (a face-down stack; only the open card is played; the card beneath is unknown to
its owner too). See ``docs/rules.md``.
"""

from __future__ import annotations

import random

import pytest
from rules_support import game_with, mask, moves_text, play_text
from test_rules_views import SMALL_INTS, game_states, reachable

from pasur.rules import (
    RU_BAAZ,
    GameState,
    IllegalMoveError,
    Move,
    Rules,
    legal_moves,
    make_rules,
    play,
    sample_world,
    view,
    why_illegal,
)
from pasur.rules.testing import check_invariants

STACK = make_rules("ru-baaz", {"open-cards": "stack"})
HANDS = ["5C 2C 9C 4C", "3D 7D KD 6D"]
LATER = [["8C 10C QC AC", "8D 9D QD AD"]]
"""Seat 1 (dealer 2, so seat 1 leads) gets 5C 2C 9C 4C in that order; seat 2 3D 7D KD 6D."""


def opening(rules: Rules = RU_BAAZ) -> GameState:
    return game_with(rules, dealer=1, hands=HANDS, table="2H QH KH 10H", later=LATER)


def test_the_first_card_of_each_packet_is_turned_up() -> None:
    state = opening()
    assert state.open_cards == (mask("5C"), mask("3D"))
    check_invariants(state)


def test_every_seat_sees_every_open_card() -> None:
    state = opening()
    for seat in (-1, 0, 1):
        assert view(state, seat).open_cards == state.open_cards
    assert [str(card) for card in view(state, 1).open_cards_of(0)] == ["5C"]


def test_held_any_card_may_be_played_and_the_open_card_stays_until_played() -> None:
    state = opening()
    assert {m.card for m in legal_moves(state)} == set(mask_cards("5C 2C 9C 4C"))
    assert moves_text(state) == ["2C", "4C", "5C", "9C+2H"]
    after = play_text(state, "2C")
    assert after.open_cards[0] == mask("5C")


def mask_cards(text: str) -> list[int]:
    return [card for card in range(52) if mask(text) >> card & 1]


def test_playing_the_open_card_turns_up_the_next_card_of_the_packet() -> None:
    state = opening()
    state = play_text(state, "9C+2H", "3D")  # seat 1 plays a hidden card; seat 2 lays its open 3D
    assert state.open_cards == (mask("5C"), mask("7D"))
    state = play_text(state, "5C")  # the open 5C: 2C is next in the packet (9C is gone)
    assert state.open_cards[0] == mask("2C")
    check_invariants(state)


def test_a_new_deal_turns_up_the_first_card_of_each_new_packet() -> None:
    state = opening()
    while state.deal_no == 0:
        state = play(state, legal_moves(state)[0])
    assert state.open_cards == (mask("8C"), mask("8D"))


def test_stack_only_the_open_card_may_be_played() -> None:
    state = opening(STACK)
    assert {m.card for m in legal_moves(state)} == set(mask_cards("5C"))
    assert why_illegal(state, Move.parse("2C")) == (
        "2C is hidden in the stack: only the open card 5C may be played"
    )
    with pytest.raises(IllegalMoveError, match="hidden in the stack"):
        play(state, Move.parse("2C"))
    state = play_text(state, "5C")
    assert state.open_cards[0] == mask("2C")  # the card beneath


def test_stack_the_owner_does_not_know_its_hidden_cards() -> None:
    state = opening(STACK)
    mine = view(state, 0)
    assert mine.hand == mask("5C")
    assert mine.hand_sizes == (4, 4)
    assert mine.unseen() & mask("2C 9C 4C") == mask("2C 9C 4C")
    assert mine.unseen() & mask("3D") == 0
    assert mine.legal_moves() == legal_moves(state)


@pytest.mark.parametrize("rules", [RU_BAAZ, STACK], ids=["held", "stack"])
def test_open_cards_are_public_and_hidden_cards_reach_no_other_seat(rules: Rules) -> None:
    checked = 0
    for state in game_states(2, rules, seed=23):
        for seat in (-1, 0, 1):
            seen = view(state, seat)
            assert seen.open_cards == state.open_cards
            ints = {v for v in reachable(seen) if isinstance(v, int) and not isinstance(v, bool)}
            for other in (0, 1):
                hidden = state.hands[other] & ~state.open_cards[other]
                if other == seat and rules is RU_BAAZ:
                    continue  # a held hand is its owner's to see
                if hidden >= SMALL_INTS:
                    assert hidden not in ints, (seat, other)
                    assert state.hands[other] not in ints, (seat, other)
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("rules", [RU_BAAZ, STACK], ids=["held", "stack"])
def test_sampled_worlds_keep_the_open_cards_and_turn_up_their_own(rules: Rules) -> None:
    rng = random.Random(5)
    for number, state in enumerate(game_states(2, rules, seed=31)):
        if state.turn < 0 or number % 4:
            continue
        for seat in (0, 1):
            seen = view(state, seat)
            drawn = sample_world(seen, rng)
            assert drawn.open_cards == state.open_cards
            assert view(drawn, seat) == seen
            check_invariants(drawn)
            # Played out, the world turns up cards as the engine does in a real game.
            while drawn.turn >= 0:
                drawn = play(drawn, rng.choice(legal_moves(drawn)))
                check_invariants(drawn)
