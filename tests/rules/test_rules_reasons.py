"""Refusals as data: every illegal move's reason has its kind and cards, and its text is the
engine's sentence, the one ``why_illegal`` gives and ``IllegalMoveError`` carries."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_support import mask, position
from test_rules_properties import candidate_moves, games

from pasur.rules import (
    STANDARD,
    GameState,
    IllegalKind,
    IllegalPlayError,
    IllegalReason,
    Move,
    illegal_reason,
    legal_moves,
    play,
    why_illegal,
)


@settings(max_examples=60)
@given(games(), st.integers(0, 2**32 - 1))
def test_the_reason_is_the_sentence_and_the_error_carries_it(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    while state.turn >= 0:
        legal = legal_moves(state)
        for move in legal:
            assert illegal_reason(state, move) is None
        for candidate in candidate_moves(state, rng):
            if candidate in legal:
                continue
            reason = illegal_reason(state, candidate)
            assert isinstance(reason, IllegalReason)
            assert str(reason) == why_illegal(state, candidate)
            with pytest.raises(IllegalPlayError) as refused:
                play(state, candidate)
            assert refused.value.reason == reason
            assert str(refused.value) == str(reason)
        state = play(state, rng.choice(legal))
    reason = illegal_reason(state, Move(0, 0))
    assert reason is not None
    assert reason.kind in (IllegalKind.ROUND_OVER, IllegalKind.GAME_OVER)


def card(text: str) -> int:
    return Move.parse(text).card


def test_each_kind_names_its_parts() -> None:
    state = position(dealer=1, hands=["7D 9S 3S KH", "2C 5C 6C 8C"], table="4S 2D 2H QC")
    options = (mask("2D 2H"), mask("4S"))
    expected = {
        "7D": (
            IllegalReason(IllegalKind.MUST_CAPTURE, card("7D"), options=options),
            "7D must capture: it can take 2D 2H or 4S",
        ),
        "7D+2D": (
            IllegalReason(IllegalKind.CANNOT_TAKE, card("7D"), taken=mask("2D"), options=options),
            "7D cannot take 2D: it can take 2D 2H or 4S",
        ),
        "7D+5D": (
            IllegalReason(IllegalKind.NOT_ON_TABLE, card("7D"), taken=mask("5D")),
            "5D is not on the table",
        ),
        "KH+QC": (
            IllegalReason(IllegalKind.CANNOT_CAPTURE, card("KH"), taken=mask("QC")),
            "KH cannot capture here: a king takes only a matching card, and there is none",
        ),
        "2C": (
            IllegalReason(IllegalKind.NOT_IN_HAND, card("2C"), seat=0),
            "2C is not in seat 1's hand",
        ),
    }
    for text, (reason, sentence) in expected.items():
        assert illegal_reason(state, Move.parse(text)) == reason, text
        assert str(reason) == sentence
    assert illegal_reason(state, (card("9S"), 1 << 60)) == IllegalReason(
        IllegalKind.NOT_A_SET, card("9S"), taken=1 << 60
    )


def test_a_lay_is_legal_where_capture_is_optional() -> None:
    rules = STANDARD.with_settings({"capture": "optional"})
    state = position(rules, dealer=1, hands=["7D 9S 3S KH", "2C 5C 6C 8C"], table="4S 2D 2H QC")
    assert illegal_reason(state, Move.parse("7D")) is None
