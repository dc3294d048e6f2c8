"""What a played card may take, rule by rule, under the standard rules.

Sums of eleven, the jack, queens and kings, compulsory capture per card, and the worked example of
the Wikipedia text (seeds 000 and 002): table A, 2, 2, 4, 10, each card from 10 down to A.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_support import game_with, mask, moves_text, play_text, position

from pasur.rules import (
    STANDARD,
    Card,
    IllegalMoveError,
    Move,
    capture_options,
    format_cards,
    legal_moves,
    make_rules,
    play,
    why_illegal,
)
from pasur.rules.cards import NUMBER_CARDS


def options(card: str, table: str) -> list[str]:
    """The sets ``card`` may take from ``table`` under the standard rules, as text."""
    return [format_cards(o) for o in capture_options(Card.parse(card), mask(table), STANDARD)]


# The worked example. Both Wikipedia versions list the same plays except for the 6: seed 000 says
# "the Ace and both 2's", seed 002 "the Ace and either the 4 or both 2's". A 6 needs 5 more:
# 1 + 4 = 5 and 1 + 2 + 2 = 5, so both sets are captures and seed 002 is right.
WIKIPEDIA_TABLE = "AC 2D 2H 4S 10C"
WIKIPEDIA_PLAYS = {
    "10H": ["AC"],
    "9H": ["2D", "2H"],
    "8H": ["AC 2D", "AC 2H"],
    "7H": ["2D 2H", "4S"],
    "6H": ["AC 2D 2H", "AC 4S"],
    "5H": ["2D 4S", "2H 4S"],
    "4H": ["AC 2D 4S", "AC 2H 4S"],
    "3H": ["2D 2H 4S"],
    "2S": ["AC 2D 2H 4S"],
    "AH": ["10C"],
}


@pytest.mark.parametrize(("card", "expected"), WIKIPEDIA_PLAYS.items())
def test_wikipedia_worked_example_capture_options(card: str, expected: list[str]) -> None:
    assert options(card, WIKIPEDIA_TABLE) == expected


@pytest.mark.parametrize(("card", "expected"), WIKIPEDIA_PLAYS.items())
def test_wikipedia_worked_example_in_a_dealt_game(card: str, expected: list[str]) -> None:
    # Opening table AC 2D 4S 10C; seat 2 leads and lays 2H (it cannot make eleven: 2 + 9), so
    # seat 1 faces the five-card table of the example holding the card under test.
    state = game_with(hands=[f"{card} KC KD KH", "2H QC QD QH"], table="AC 2D 4S 10C")
    assert state.turn == 1
    state = play_text(state, "2H")
    assert format_cards(state.table) == WIKIPEDIA_TABLE
    assert state.turn == 0
    plays_of_card = [m for m in moves_text(state) if m.startswith(card)]
    assert plays_of_card == [card + "+" + taken.replace(" ", "+") for taken in expected]
    # Every one of these cards can capture, so none of them may be laid.
    with pytest.raises(IllegalMoveError, match=f"{card} must capture: it can take"):
        play(state, Move.parse(card))


def test_the_six_takes_either_five_and_the_chosen_set_leaves_the_rest() -> None:
    state = position(hands=["6H KC", "QC QD"], table=WIKIPEDIA_TABLE, dealer=1)
    after = play_text(state, "6H+AC+4S")
    assert format_cards(after.table) == "2D 2H 10C"
    assert after.piles[0] & mask("6H AC 4S") == mask("6H AC 4S")
    other = play_text(state, "6H+AC+2D+2H")
    assert format_cards(other.table) == "4S 10C"


# Number cards.


def test_a_number_card_takes_one_set_summing_to_eleven_by_default() -> None:
    # 7 + 4 = 11 and 7 + 2 + 2 = 11, but not both sets at once.
    assert options("7D", "2C 2H 4S") == ["2C 2H", "4S"]
    state = position(hands=["7D KC", "QC QD"], table="2C 2H 4S", dealer=1)
    with pytest.raises(IllegalMoveError) as caught:
        play_text(state, "7D+2C+2H+4S")
    assert str(caught.value) == "7D cannot take 2C 2H 4S: it can take 2C 2H or 4S"


def test_an_ace_counts_one_and_takes_the_ten() -> None:
    assert options("AH", "10D 9C") == ["10D"]
    assert options("10D", "AH AS") == ["AH", "AS"]


def test_a_number_card_never_counts_a_face_card() -> None:
    # Faces have no value in a sum: 10 + Q or 10 + K + A do not make the king part of eleven.
    assert options("10D", "QH KS") == []
    assert options("10D", "QH KS AC") == ["AC"]
    assert options("AH", "JC QH KS") == []


def test_a_number_card_that_cannot_make_eleven_is_laid() -> None:
    state = position(hands=["9D KC", "QC QD"], table="3C 5H 10S", dealer=1)
    assert [m for m in moves_text(state) if m.startswith("9D")] == ["9D"]
    after = play_text(state, "9D")
    assert format_cards(after.table) == "3C 5H 9D 10S"
    assert after.piles == state.piles


def test_sets_with_several_cards_of_a_rank_choose_the_suits() -> None:
    assert options("9C", "AD AH AS 2D") == ["AD AH", "AD AS", "AH AS", "2D"]


# The jack.


def test_a_jack_takes_every_number_card_and_jack_but_never_queens_or_kings() -> None:
    assert options("JH", "AC 5D 9S 10C QS KH") == ["AC 5D 9S 10C"]
    assert options("JH", "JC 3D QS KH") == ["3D JC"]
    assert options("JH", "JC") == ["JC"]
    assert options("JH", "QS KH") == []
    assert options("JH", "") == []


def test_a_jack_capture_is_compulsory_and_leaves_the_faces() -> None:
    state = position(hands=["JD KC", "QC QD"], table="AC 5D QS KH", dealer=1)
    assert [m for m in moves_text(state) if m.startswith("JD")] == ["JD+AC+5D"]
    after = play_text(state, "JD+AC+5D")
    assert format_cards(after.table) == "QS KH"
    with pytest.raises(IllegalMoveError, match="JD must capture: it can take AC 5D"):
        play_text(state, "JD")
    with pytest.raises(IllegalMoveError, match="JD cannot take AC: it can take AC 5D"):
        play_text(state, "JD+AC")


def test_a_jack_with_nothing_to_take_is_laid() -> None:
    state = position(hands=["JD KC", "QC 4D"], table="QS KH", dealer=1)
    assert moves_text(state)[0] == "JD"
    after = play_text(state, "JD")
    assert format_cards(after.table) == "JD QS KH"


# Queens and kings.


def test_a_queen_takes_one_queen_and_the_player_chooses_which() -> None:
    assert options("QH", "QC QD 5S KS") == ["QC", "QD"]
    assert options("KH", "QC KD KS 5S") == ["KD", "KS"]
    assert options("QH", "KS 5S JC") == []
    assert options("KH", "QS") == []


def test_a_queen_or_king_that_can_capture_must() -> None:
    state = position(hands=["QH KC", "2C 4D"], table="QC QD 5S", dealer=1)
    assert [m for m in moves_text(state) if m.startswith("QH")] == ["QH+QC", "QH+QD"]
    with pytest.raises(IllegalMoveError) as caught:
        play_text(state, "QH")
    assert str(caught.value) == "QH must capture: it can take QC or QD"
    with pytest.raises(IllegalMoveError, match="QH cannot take QC QD: it can take QC or QD"):
        play_text(state, "QH+QC+QD")
    assert format_cards(play_text(state, "QH+QD").table) == "5S QC"


# Compulsory capture is per card: a capturing card must capture, another card may be played.


def test_the_compulsory_capture_message_names_the_reason() -> None:
    state = game_with(hands=["7D KC QC 9C", "3S 3H 3D 6C"], table="4S 10C 10H QS", dealer=1)
    assert state.turn == 0
    with pytest.raises(IllegalMoveError) as caught:
        play(state, Move.parse("7D"))
    assert str(caught.value) == "7D must capture: it can take 4S"
    assert why_illegal(state, Move.parse("7D")) == "7D must capture: it can take 4S"
    # The player may still choose a card that cannot capture.
    assert "KC" in moves_text(state)
    after = play_text(state, "KC")
    assert after.table == mask("4S 10C 10H QS KC")


def test_illegal_moves_name_their_reason() -> None:
    state = game_with(hands=["7D KC QC 9C", "3S 3H 3D 6C"], table="4S 10C 10H QS", dealer=1)
    reasons = {
        "3S": "3S is not in seat 1's hand",
        "7D+5S": "5S is not on the table",
        "7D+5S+6S": "5S 6S are not on the table",
        "7D+10C": "7D cannot take 10C: it can take 4S",
        "9C+4S": "9C cannot capture here: no cards on the table add up to 2 to make eleven with it",
        "KC+QS": "KC cannot capture here: a king takes only a matching card, and there is none",
    }
    for text, reason in reasons.items():
        with pytest.raises(IllegalMoveError) as caught:
            play_text(state, text)
        assert str(caught.value) == reason, text
        assert why_illegal(state, Move.parse(text)) == reason
    for move in legal_moves(state):
        assert why_illegal(state, move) is None


def test_a_card_with_nothing_to_take_lists_only_the_lay() -> None:
    state = game_with(hands=["9C KC QC 8C", "3S 3H 3D 6C"], table="5S 10C 10H QS", dealer=1)
    assert moves_text(state) == ["8C", "9C", "QC+QS", "KC"]


# An independent oracle: every subset of the table's number cards, checked by brute force.


def _brute_force(card: int, table: int) -> list[int]:
    rank = card // 4 + 1
    numbers = [c for c in range(40) if table >> c & 1]
    subsets = itertools.chain.from_iterable(
        itertools.combinations(numbers, size) for size in range(1, len(numbers) + 1)
    )
    return sorted(
        sum(1 << c for c in subset)
        for subset in subsets
        if rank + sum(c // 4 + 1 for c in subset) == 11
    )


@given(st.integers(0, 39), st.sets(st.integers(0, 51), max_size=14))
def test_number_card_options_match_brute_force(card: int, table_cards: set[int]) -> None:
    table_cards.discard(card)
    table = sum(1 << c for c in table_cards)
    assert list(capture_options(card, table, STANDARD)) == _brute_force(card, table)


def _splits_into_sets(cards: int, singles: list[int]) -> bool:
    """Whether ``cards`` is a union of disjoint sets from ``singles`` (tried on its lowest card)."""
    if not cards:
        return True
    low = cards & -cards
    return any(
        s & low and s & ~cards == 0 and _splits_into_sets(cards & ~s, singles) for s in singles
    )


@given(st.integers(0, 39), st.sets(st.integers(0, 39), max_size=10))
def test_several_sets_are_every_union_of_disjoint_sets(card: int, table_cards: set[int]) -> None:
    several = make_rules(settings={"sum-sets": "several"})
    table_cards.discard(card)
    numbers = sorted(table_cards)
    table = sum(1 << c for c in numbers)
    singles = _brute_force(card, table)
    unions = {
        chosen
        for size in range(1, len(numbers) + 1)
        for subset in itertools.combinations(numbers, size)
        if _splits_into_sets(chosen := sum(1 << c for c in subset), singles)
    }
    found = capture_options(card, table, several)
    assert set(found) == unions
    assert len(found) == len(unions)
    assert list(found) == sorted(found, key=lambda m: (m.bit_count(), m))


@given(st.integers(40, 51), st.sets(st.integers(0, 51), max_size=14))
def test_face_card_options_follow_their_rules(card: int, table_cards: set[int]) -> None:
    table_cards.discard(card)
    table = sum(1 << c for c in table_cards)
    found = capture_options(card, table, STANDARD)
    rank = card // 4 + 1
    if rank == 11:
        takeable = table & (NUMBER_CARDS | (0xF << 40))
        assert found == ((takeable,) if takeable else ())
    else:
        same = [1 << c for c in sorted(table_cards) if c // 4 + 1 == rank]
        assert list(found) == same
