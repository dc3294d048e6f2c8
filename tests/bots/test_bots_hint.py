"""Hints rank every legal move, best first, and find the obvious Sur."""

from __future__ import annotations

import functools
import importlib
import random

import pytest

from pasur.bots import RankedMove, hint
from pasur.bots.expert import ExpertBot
from pasur.rules import (
    STANDARD,
    Move,
    SeatView,
    new_game,
    parse_cards,
    play_legal,
    shuffle_deck,
    view,
)


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
