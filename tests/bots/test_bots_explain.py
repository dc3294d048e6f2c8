"""What a move does, for the coach's words (``pasur.bots.explain``): points at once, a Sur, and
the next seat's chance of a Sur, each checked on a dealt position whose answer can be worked out."""

from __future__ import annotations

from math import comb

from pasur.bots.explain import card_points, move_facts
from pasur.rules import CARDS, STANDARD, GameState, Move, mask_of, new_game, parse_cards, view


def _mask(text: str) -> int:
    return mask_of(parse_cards(text))


def _deal(hand: str, table: str) -> GameState:
    """The first position of a two-player round: seat 0 leads holding ``hand`` at ``table``."""
    chosen = [*parse_cards(hand), *parse_cards(table)]
    rest = [card for card in CARDS if card not in chosen]
    mine, opening = chosen[:4], chosen[4:]
    deck = [*mine, *rest[:4], *opening, *rest[4:]]
    state = new_game(STANDARD, players=2, deck=[int(card) for card in deck], dealer=1)
    assert state.turn == 0 and state.hands[0] == _mask(hand) and state.table == _mask(table)
    return state


def _move(card: str, taken: str = "") -> Move:
    return Move(parse_cards(card)[0], _mask(taken) if taken else 0)


def test_card_points_are_the_counts() -> None:
    assert card_points(_mask("AS JD 10D 2C 5H")) == 1 + 1 + 3 + 2
    assert card_points(_mask("10C 2D KS")) == 0


def test_a_capture_that_clears_the_table_is_a_sur_worth_its_points() -> None:
    state = _deal("AC 7C 8H 9S", "AS 2H 3C 4D")  # the ace makes eleven with all four
    facts = move_facts(view(state, 0), _move("AC", "AS 2H 3C 4D"))
    assert facts.sur is True
    assert facts.now == 1 + 1 + STANDARD.sur_points  # two aces and the Sur
    assert facts.sur_chance == 0.0  # the table is empty: nothing to clear


def test_a_jack_takes_points_and_leaves_a_king_for_a_king() -> None:
    state = _deal("JC 7C 4D 9H", "10D 5S KH 3C")
    facts = move_facts(view(state, 0), _move("JC", "10D 5S 3C"))
    assert (facts.now, facts.sur) == (1 + 3, False)  # the jack and the 10♦; the king stays
    unseen = 52 - 3 - 1 - 4  # the seat's other cards, the king on the table, its pile
    expected = 1 - comb(unseen - 3, 4) / comb(unseen, 4)  # three kings would take the king
    assert abs(facts.sur_chance - expected) < 1e-9


def test_a_capture_that_leaves_ten_on_the_table_leaves_an_ace_a_sur() -> None:
    state = _deal("5D 7C 8H 9S", "5H 6S 2C 3D")
    facts = move_facts(view(state, 0), _move("5D", "6S"))
    assert (facts.now, facts.sur) == (0, False)
    unseen = 52 - 3 - 3 - 2  # 5♥ 2♣ 3♦ make ten: any of the four aces clears them
    expected = 1 - comb(unseen - 4, 4) / comb(unseen, 4)
    assert abs(facts.sur_chance - expected) < 1e-9


def test_no_sur_is_left_where_no_card_can_clear_the_table() -> None:
    state = _deal("5D 7C 8H 9S", "5H 6S 2C 3D")
    facts = move_facts(view(state, 0), _move("9S", "2C"))  # 5♥ 6♠ 3♦: fourteen, no one card
    assert facts.sur_chance == 0.0
