"""Move notation (``7D``, ``7D+2D+2H``) and reading a move typed by a person."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_support import game_with, mask, moves_text, position

from pasur.rules import (
    AmbiguousMoveError,
    Card,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    legal_moves,
    make_rules,
    moves_for,
    new_game,
    play,
    resolve_move,
)


def test_a_lay_and_a_capture_parse_and_print() -> None:
    lay = Move.parse("7D")
    assert lay == Move(Card.parse("7D"), 0)
    assert not lay.is_capture
    assert str(lay) == "7D"
    capture = Move.parse("7D+2D+2H")
    assert capture == Move(Card.parse("7D"), mask("2D 2H"))
    assert capture.is_capture
    assert capture.played == Card.parse("7D")
    assert [str(c) for c in capture.taken_cards()] == ["2D", "2H"]


@pytest.mark.parametrize(
    "text", ["7D+2H+2D", "7d+2d+2h", "7D x 2D 2H", "7Dx2D 2H", "7D + 2D + 2H", "♦7+♥2+♦2"]
)
def test_other_spellings_of_a_capture_read_as_the_same_move(text: str) -> None:
    assert Move.parse(text) == Move.parse("7D+2D+2H")
    assert str(Move.parse(text)) == "7D+2D+2H"


def test_repr_evaluates_back_and_constructors_agree() -> None:
    move = Move.capture(Card.parse("AC"), [Card.parse("10D")])
    assert repr(move) == "Move.parse('AC+10D')"
    assert eval(repr(move)) == move
    assert Move.lay(Card.parse("QS")) == Move.parse("QS")
    assert Move.parse("AC+10D").describe() == "AC takes 10D"
    assert Move.parse("QS").describe() == "QS is laid"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "is not a card"),
        ("7X", "is not a card"),
        ("7D+", "name the cards taken"),
        ("7D+7D", "a card cannot take itself"),
        ("7D+4Z", "is not a card"),
        ("+4S", "is not a card"),
    ],
)
def test_bad_move_text_is_a_move_syntax_error(text: str, reason: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        Move.parse(text)
    assert f"{text.strip()!r} is not a move" in str(caught.value)
    assert reason in str(caught.value)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_of_a_game_round_trips(players: int, seed: int) -> None:
    state = new_game(players=players, seed=seed)
    while state.turn >= 0:
        for move in legal_moves(state):
            assert Move.parse(str(move)) == move
            assert eval(repr(move)) == move
        state = play(state, legal_moves(state)[-1])


@given(st.integers(0, 51), st.sets(st.integers(0, 51)))
def test_any_move_round_trips_through_text(card: int, taken_cards: set[int]) -> None:
    taken_cards.discard(card)
    move = Move.capture(card, sorted(taken_cards))
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).lower()) == move


# resolve_move: what a person types, matched against the legal moves.


def _ambiguous_seven() -> list[Move]:
    # Seat 1 leads with 7D, KC, QC, 9C against a table where 7D has two captures.
    state = game_with(hands=["3S 3H 3D 3C", "7D KC QC 9C"], table="2D 2H 4S 10C")
    return list(legal_moves(state))


def test_a_short_form_with_one_legal_play_resolves() -> None:
    legal = _ambiguous_seven()
    # KC cannot capture here, so its only play is the lay; 9C has two captures (2D or 2H).
    assert resolve_move("KC", legal) == Move.parse("KC")
    assert [str(m) for m in legal if m.card == Card.parse("9C")] == ["9C+2D", "9C+2H"]
    with pytest.raises(AmbiguousMoveError):
        resolve_move("9C", legal)


def _legal_with_ace() -> list[Move]:
    state = game_with(hands=["3S 3H 3D 3C", "AC KC QC 9S"], table="2D 2H 4S 10C")
    return list(legal_moves(state))


def test_a_short_form_naming_a_card_with_one_capture_resolves_to_that_capture() -> None:
    assert resolve_move("AC", _legal_with_ace()) == Move.parse("AC+10C")
    assert resolve_move("a♣", _legal_with_ace()) == Move.parse("AC+10C")


def test_a_short_form_with_several_legal_plays_is_ambiguous_and_lists_them() -> None:
    with pytest.raises(AmbiguousMoveError) as caught:
        resolve_move("7D", _ambiguous_seven())
    assert str(caught.value) == "7D can be played in 2 ways: 7D+2D+2H; 7D+4S"


def test_a_full_form_resolves_when_legal() -> None:
    legal = _ambiguous_seven()
    assert resolve_move("7D+4S", legal) == Move.parse("7D+4S")
    assert resolve_move("7d x 2h 2d", legal) == Move.parse("7D+2D+2H")


def test_a_card_not_in_hand_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="5C cannot be played: it is not in the hand"):
        resolve_move("5C", _ambiguous_seven())
    with pytest.raises(IllegalMoveError, match="5C cannot be played: it is not in the hand"):
        resolve_move("5C+6H", _ambiguous_seven())


def test_a_full_form_that_is_not_legal_says_what_the_card_can_do() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        resolve_move("7D+2D", _ambiguous_seven())
    assert str(caught.value) == ("7D takes 2D is not allowed; 7D can: 7D takes 2D 2H; 7D takes 4S")


def test_a_short_form_resolves_to_the_lay_when_the_card_cannot_capture() -> None:
    state = position(hands=["KD", "QD"], table="5H 6S", pack=0)
    assert moves_text(state) == ["QD"]
    assert resolve_move("QD", legal_moves(state)) == Move.parse("QD")


def test_resolve_refuses_bad_text() -> None:
    with pytest.raises(MoveSyntaxError):
        resolve_move("7X", _ambiguous_seven())


def test_a_lay_can_be_typed_where_capture_is_optional() -> None:
    rules = make_rules("standard", ["capture=optional"])
    legal = moves_for(mask("7D"), mask("4S 2H"), rules)
    with pytest.raises(AmbiguousMoveError, match=r"7D\+4S; 7D lay"):
        resolve_move("7D", legal)
    assert resolve_move("7D lay", legal) == Move.parse("7D")
    assert resolve_move("LAY 7d", legal) == Move.parse("7D")
    compulsory = moves_for(mask("7D"), mask("4S 2H"), make_rules())
    with pytest.raises(IllegalMoveError, match="7D can: 7D takes 4S"):
        resolve_move("7D lay", compulsory)


def test_a_capture_naming_a_card_twice_is_refused() -> None:
    with pytest.raises(MoveSyntaxError, match="2D is named twice"):
        Move.parse("7D+2D+2D")


def test_an_x_that_is_not_after_a_card_is_not_read_as_takes() -> None:
    with pytest.raises(MoveSyntaxError, match="'7X' is not a card"):
        Move.parse("7X")
    assert Move.parse("7dx2d") == Move.parse("7D+2D")
