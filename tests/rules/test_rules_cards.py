"""Card notation: every card round-trips, people's spellings are read, bad text is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pasur.rules import (
    CARDS,
    Card,
    CardSyntaxError,
    PasurError,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
)
from pasur.rules.cards import ALL_CARDS, CLUB_CARDS, NUMBER_CARDS, TEN_OF_DIAMONDS, TWO_OF_CLUBS

RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_cards_are_numbered_rank_then_suit_clubs_diamonds_hearts_spades() -> None:
    names = [rank + suit for rank in RANK_NAMES for suit in "CDHS"]
    assert [str(card) for card in CARDS] == names
    assert Card.parse("AC") == 0
    assert Card.parse("AS") == 3
    assert Card.parse("10D") == (10 - 1) * 4 + 1
    assert Card.parse("KS") == 51


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_round_trips_through_str_parse_and_repr(card: Card) -> None:
    text = str(card)
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card
    assert repr(card) == f"Card.parse({text!r})"
    assert eval(repr(card)) == card
    assert isinstance(Card.parse(text), Card)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_reads_with_suit_symbols_and_suit_first(card: Card) -> None:
    rank, suit = str(card)[:-1], str(card)[-1]
    symbol = "♣♦♥♠"["CDHS".index(suit)]
    for text in (rank + symbol, symbol + rank, suit + rank, suit.lower() + rank.lower()):
        assert Card.parse(text) == card, text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("10d", "10D"),
        ("♣A", "AC"),
        ("A♣", "AC"),
        ("k♥", "KH"),
        ("♥K", "KH"),
        ("q♠", "QS"),
        ("10♦", "10D"),
        ("♦10", "10D"),
        ("1C", "AC"),
        ("TD", "10D"),
        ("jh", "JH"),
        ("  7s ", "7S"),
        ("A\u2663\ufe0f", "AC"),
        ("♡Q", "QH"),
    ],
)
def test_people_spellings_are_accepted(text: str, name: str) -> None:
    assert str(Card.parse(text)) == name


@pytest.mark.parametrize(
    "text", ["7X", "11C", "", "   ", "C", "10", "0C", "JJ", "AC2", "1 0D", "7♣♣", "Ace of clubs"]
)
def test_bad_card_text_is_refused_with_a_clear_error(text: str) -> None:
    with pytest.raises(CardSyntaxError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert f"{text.strip()!r} is not a card" in message
    assert "AC, 10D, QS" in message
    assert isinstance(caught.value, PasurError)
    assert isinstance(caught.value, ValueError)


def test_card_properties() -> None:
    ten = Card.parse("10D")
    assert (ten.rank, ten.suit, ten.value, ten.mask) == (10, 1, 10, 1 << ten)
    ace = Card.parse("AS")
    assert (ace.rank, ace.suit, ace.value) == (1, 3, 1)
    for face, rank in (("JC", 11), ("QD", 12), ("KH", 13)):
        card = Card.parse(face)
        assert (card.rank, card.value) == (rank, 0)


def test_parse_cards_reads_lists_and_refuses_duplicates() -> None:
    assert [str(c) for c in parse_cards("AC 2D, 2H,4S  10C")] == ["AC", "2D", "2H", "4S", "10C"]
    assert parse_cards("") == ()
    with pytest.raises(CardSyntaxError, match="AC is named twice"):
        parse_cards("AC 2D ac")
    with pytest.raises(CardSyntaxError, match="10D is named twice"):
        parse_cards("10D ♦10")
    with pytest.raises(CardSyntaxError, match="'7X' is not a card"):
        parse_cards("AC 7X")


def test_card_sets_format_in_rank_order() -> None:
    table = mask_of(parse_cards("10C 4S 2H AC 2D"))
    assert format_cards(table) == "AC 2D 2H 4S 10C"
    assert [str(c) for c in cards_of(table)] == ["AC", "2D", "2H", "4S", "10C"]
    assert format_cards(0) == ""
    assert cards_of(ALL_CARDS) == CARDS


def test_named_card_sets() -> None:
    assert format_cards(CLUB_CARDS) == " ".join(rank + "C" for rank in RANK_NAMES)
    assert format_cards(TEN_OF_DIAMONDS) == "10D"
    assert format_cards(TWO_OF_CLUBS) == "2C"
    assert NUMBER_CARDS.bit_count() == 40
    assert all(CARDS[c].value > 0 for c in range(40))
    assert not NUMBER_CARDS >> 40


@given(st.sets(st.integers(0, 51)))
def test_any_card_set_round_trips_through_its_text(chosen: set[int]) -> None:
    cards = mask_of(chosen)
    assert mask_of(parse_cards(format_cards(cards))) == cards
    assert [int(c) for c in cards_of(cards)] == sorted(chosen)


@given(st.text(max_size=8))
def test_any_text_is_a_card_or_a_card_syntax_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardSyntaxError:
        return
    assert 0 <= card < 52
    assert Card.parse(str(card)) == card
