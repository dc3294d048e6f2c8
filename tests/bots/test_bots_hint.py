"""Hints rank every legal move, best first, and find the obvious Sur; under Pasur Ru Baaz the
worlds they search keep every open card where it is."""

from __future__ import annotations

import functools
import importlib
import random

import pytest

from pasur.bots import RankedMove, hint
from pasur.bots.expert import ExpertBot
from pasur.rules import (
    RU_BAAZ,
    STANDARD,
    GameState,
    Move,
    SeatView,
    new_game,
    parse_cards,
    play_legal,
    sample_world,
    shuffle_deck,
    view,
)
from pasur.rules.cards import iter_cards


def _obvious_sur() -> SeatView:
    """Seat 2 leads holding the ace that sweeps A+2+3+4 from the table."""
    seat_1 = parse_cards("5C 6D 7H 8S")
    seat_2 = parse_cards("AS 9D QH KD")
    table = parse_cards("AH 2D 3S 4C")
    named = {*seat_1, *seat_2, *table}
    rest = [card for card in range(52) if card not in named]
    random.Random(5).shuffle(rest)
    deck = [*seat_2, *seat_1, *table, *rest]
    state = new_game(STANDARD, players=2, deck=deck, dealer=0)
    return view(state, 1)


def test_hint_finds_the_sur() -> None:
    seat_view = _obvious_sur()
    ranked = hint(seat_view)
    assert all(isinstance(item, RankedMove) for item in ranked)
    top = ranked[0]
    assert top.move == Move.parse("AS+AH+2D+3S+4C")
    assert top.move.taken == seat_view.table
    # A Sur is worth five points more than anything else here.
    assert top.value > ranked[1].value + 3.0


@pytest.mark.parametrize(("players", "plays"), [(2, 0), (2, 9), (3, 4), (4, 7)])
def test_hint_ranks_every_legal_move_best_first(
    players: int, plays: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Same seed, same hint, so long as the node budget and not the time cap ends the search;
    # the cap is lifted so that a loaded test machine cannot end it first.
    hint_module = importlib.import_module("pasur.bots.hint")
    monkeypatch.setattr(hint_module, "ExpertBot", functools.partial(ExpertBot, time_cap=None))
    state = new_game(
        STANDARD, players=players, deck=shuffle_deck(STANDARD, players, random.Random(3))
    )
    for _ in range(plays):
        state = play_legal(state, view(state, state.turn).legal_moves()[-1])
    seat_view = view(state, state.turn)
    ranked = hint(seat_view, rng=random.Random(1))
    assert sorted(item.move for item in ranked) == sorted(seat_view.legal_moves())
    values = [item.value for item in ranked]
    assert values == sorted(values, reverse=True)
    assert hint(seat_view, rng=random.Random(1)) == ranked  # the same seed, the same hint
    assert hint(seat_view) == hint(seat_view)  # by default seeded from the position


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    seat_view = _obvious_sur()
    assert hint(seat_view._replace(seat=0, hand=0)) == []


@pytest.mark.parametrize("plays", [0, 4, 18])
def test_under_ru_baaz_the_hint_s_worlds_keep_the_open_cards(
    plays: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every world the expert searches for a hint deals the hidden cards again but leaves the
    other seat's open card in its hand, face up, and the seat's own hand as it is."""
    search = importlib.import_module("pasur.bots.worlds")
    drawn: list[GameState] = []

    def watched(seat_view: SeatView, rng: random.Random) -> GameState:
        state = sample_world(seat_view, rng)
        drawn.append(state)
        return state

    monkeypatch.setattr(search, "sample_world", watched)
    monkeypatch.setattr(
        importlib.import_module("pasur.bots.hint"),
        "ExpertBot",
        functools.partial(ExpertBot, time_cap=None),
    )
    state = new_game(RU_BAAZ, players=2, deck=shuffle_deck(RU_BAAZ, 2, random.Random(16)))
    for _ in range(plays):
        state = play_legal(state, view(state, state.turn).legal_moves()[0])
    seat = state.turn
    seat_view = view(state, seat)
    other = 1 - seat
    shown = seat_view.open_cards[other]
    assert shown and shown & state.hands[other]
    ranked = hint(seat_view, rng=random.Random(2))
    assert sorted(item.move for item in ranked) == sorted(seat_view.legal_moves())
    assert drawn, "the hint searched sampled worlds"
    hidden = state.hands[other] & ~shown
    for world in drawn:
        assert world.open_cards == state.open_cards
        assert world.hands[seat] == state.hands[seat]
        assert world.hands[other] & shown == shown
        assert world.hands[other].bit_count() == state.hands[other].bit_count()
    # The hidden cards were dealt again: some world gave the other seat a different hand.
    assert hidden and any(world.hands[other] != state.hands[other] for world in drawn)
    assert list(iter_cards(shown)) == list(seat_view.open_cards_of(other))
