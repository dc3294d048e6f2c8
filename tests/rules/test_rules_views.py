"""Seat views hold what that seat may know, and nothing else; worlds sampled from a view fit it."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from rules_support import play_game, random_chooser

from pasur.rules import (
    STANDARD,
    DeckError,
    GameState,
    Rules,
    SeatView,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    sample_world,
    view,
    world,
)
from pasur.rules.cards import ALL_CARDS
from pasur.rules.state import PUBLIC
from pasur.rules.testing import check_invariants

PARTNERS = make_rules(settings={"partnerships": "on"})
FORMATS = [(2, STANDARD), (3, STANDARD), (4, STANDARD), (4, PARTNERS)]
FORMAT_IDS = ["2p", "3p", "4p", "partners"]

SMALL_INTS = 1 << 12
"""Counts, seats, points and totals stay below this; every card set holding a card of rank 4 or
more is at least this large, so a value this big reachable from a view can only be a card set."""


def reachable(root: object) -> Iterator[object]:
    """Every value reachable from ``root`` through containers and dataclass fields (all of them,
    caches included: the engine keeps its memo of plays out of the rules for this reason)."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield value
        if isinstance(value, str | bytes):
            continue
        if isinstance(value, tuple | list | set | frozenset):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, field.name) for field in dataclasses.fields(value))


def game_states(players: int, rules: Rules, seed: int, rounds: int = 2) -> Iterator[GameState]:
    """Every state of the first ``rounds`` rounds of a seeded random game."""
    state = new_game(rules, players=players, seed=seed)
    choose = random_chooser(seed)
    for _ in range(rounds):
        yield state
        while state.turn >= 0:
            state = play(state, choose(state))
            yield state
        if state.winner >= 0:
            return
        state = next_round(state)


def test_a_view_has_no_field_for_hidden_information() -> None:
    hidden = {"deck", "hands", "seed", "finished"}
    assert not hidden & set(SeatView._fields)
    assert set(GameState._fields) - hidden == set(SeatView._fields) - {"seat", "hand"}


@pytest.mark.parametrize(("players", "rules"), FORMATS, ids=FORMAT_IDS)
def test_a_view_never_reaches_another_hand_or_the_pack_order(players: int, rules: Rules) -> None:
    checked_hands = 0
    for state in game_states(players, rules, seed=players * 10 + rules.partnerships):
        pack = state.deck[state.dealt :]
        pack_mask = sum(1 << card for card in pack)
        for seat in range(-1, players):
            values = list(reachable(view(state, seat)))
            ints = {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
            tuples = [v for v in values if isinstance(v, tuple)]
            for other in range(players):
                if other != seat and state.hands[other] >= SMALL_INTS:
                    assert state.hands[other] not in ints, (seat, other)
                    checked_hands += 1
            if pack_mask >= SMALL_INTS:
                assert pack_mask not in ints
            assert all(len(t) != 52 for t in tuples)
            assert state.deck not in tuples
            for finished in state.finished:
                assert finished.deck not in tuples
            if len(pack) > 1:
                assert all(t != pack for t in tuples)
    assert checked_hands > 100


@pytest.mark.parametrize(("players", "rules"), FORMATS, ids=FORMAT_IDS)
def test_a_view_holds_what_the_seat_may_know(players: int, rules: Rules) -> None:
    for state in game_states(players, rules, seed=7):
        for seat in range(players):
            mine = view(state, seat)
            assert mine.seat == seat
            assert mine.hand == state.hands[seat]
            # Every public field of the state, in the same order (views copy them one by one).
            assert mine[2:] == state[PUBLIC:]
            assert SeatView._fields[2:] == GameState._fields[PUBLIC:]
            assert mine.hand_sizes == tuple(hand.bit_count() for hand in state.hands)
            assert mine.pack_size == state.pack_size
            assert mine.is_final_deal == state.is_final_deal
            assert mine.deals == state.deals
            assert mine.deals - mine.deals_left == state.deal_no + 1
            assert mine.is_my_turn == (state.turn == seat)
            assert mine.legal_moves() == (legal_moves(state) if state.turn == seat else ())
            others = 0
            for other in range(players):
                if other != seat:
                    others |= state.hands[other]
            pack = sum(1 << card for card in state.deck[state.dealt :])
            assert mine.unseen() == others | pack
            assert mine.side_of(seat) == state.side_of(seat)


def test_a_spectator_view_holds_no_hand() -> None:
    state = new_game(players=3, seed=2)
    spectator = view(state, -1)
    assert spectator.hand == 0
    assert not spectator.is_my_turn
    assert spectator.legal_moves() == ()
    assert spectator.unseen() == ALL_CARDS & ~state.table


@pytest.mark.parametrize(("players", "rules"), FORMATS, ids=FORMAT_IDS)
def test_sampled_worlds_are_consistent_with_the_view(players: int, rules: Rules) -> None:
    rng = random.Random(players)
    for number, state in enumerate(game_states(players, rules, seed=5)):
        if number % 3:
            continue
        for seat in range(-1, players):
            seen = view(state, seat)
            sampled = sample_world(seen, rng)
            check_invariants(sampled)
            # The seat cannot tell the world from the real game: its view is the same.
            assert view(sampled, seat) == seen
            if seat >= 0:
                assert sampled.hands[seat] == state.hands[seat]
            assert [h.bit_count() for h in sampled.hands] == [h.bit_count() for h in state.hands]
            assert sampled.table == state.table
            assert sampled.piles == state.piles
            assert sampled.pack_size == state.pack_size
            if state.turn == seat:
                assert legal_moves(sampled) == legal_moves(state)


def test_a_sampled_world_can_be_played_to_the_end_of_the_game() -> None:
    state = new_game(players=3, seed=12)
    for _ in range(10):
        state = play(state, legal_moves(state)[0])
    sampled = sample_world(view(state, state.turn), random.Random(3))
    while sampled.turn >= 0:
        sampled = play(sampled, legal_moves(sampled)[0])
        check_invariants(sampled)
    assert sampled.result is not None
    assert sum(sampled.result.points) >= 13


def test_sampled_worlds_differ_in_what_the_seat_has_not_seen() -> None:
    state = new_game(players=2, seed=4)
    seen = view(state, 0)
    others = {sample_world(seen, random.Random(i)).hands[1] for i in range(20)}
    assert len(others) > 1


def test_world_refuses_hands_that_do_not_fit_the_view() -> None:
    state = new_game(players=2, seed=4)
    seen = view(state, 0)
    pack = list(state.deck[state.dealt :])
    assert world(seen, state.hands, pack) == state._replace(
        deck=world(seen, state.hands, pack).deck, seed=None
    )
    with pytest.raises(DeckError, match="seat 2 must hold 4 unseen cards"):
        world(seen, [0, state.hands[1] & (state.hands[1] - 1)], pack)
    with pytest.raises(DeckError, match="exactly the cards this seat has not seen"):
        world(seen, state.hands, pack[:-1])
    swapped = [state.hands[1], state.hands[0]]
    with pytest.raises(DeckError):
        world(seen, swapped, pack)
    # The seat's own hand is known and ignored in ``hands``.
    assert world(seen, [0, state.hands[1]], pack).hands == state.hands


def test_worlds_of_a_finished_game_keep_the_result() -> None:
    state = play_game(new_game(players=2, seed=30), random_chooser(30))
    for seat in (0, 1):
        sampled = sample_world(view(state, seat), random.Random(seat))
        assert sampled.result == state.result
        assert sampled.winner == state.winner
        check_invariants(sampled)
