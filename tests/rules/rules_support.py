"""Builders shared by the rules tests: chosen hands and tables, and whole seeded games.

Two ways to set up a position:

- :func:`game_with` deals a real opening from a deck order built by :func:`deck_for`, so the
  state is exactly what ``new_game`` makes at a table where those cards came off the pack.
- :func:`position` builds any moment of a round directly (any table size, the final deal, chosen
  capture piles and game totals), and checks it with ``check_invariants`` before handing it out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from pasur.rules import (
    STANDARD,
    GameState,
    Move,
    Rules,
    legal_moves,
    mask_of,
    new_game,
    next_round,
    parse_cards,
    play,
)
from pasur.rules.cards import format_cards
from pasur.rules.deal import HAND_SIZE, PACK_SIZE
from pasur.rules.testing import check_invariants


def cards(text: str) -> list[int]:
    """The card numbers written in ``text``."""
    return [int(card) for card in parse_cards(text)]


def mask(text: str) -> int:
    """The card set written in ``text``."""
    return mask_of(parse_cards(text))


def deck_for(
    *,
    players: int = 2,
    dealer: int = 0,
    hands: Sequence[str],
    table: str,
    later: Sequence[Sequence[str]] = (),
) -> tuple[int, ...]:
    """A deck order that deals ``hands[seat]`` to each seat and ``table`` face up.

    The engine's layout: the first ``4 × players`` cards go four at a time to the seats in turn
    order starting after the dealer, the next four are the table, and the rest follow deal by deal
    in the same seat order. ``later[k][seat]`` names a seat's cards in deal ``k + 2`` (optional);
    every card not named fills the rest of the pack in card order.
    """
    assert len(hands) == players
    order: list[int] = []
    for deal in (hands, *later):
        for i in range(players):
            seat_cards = cards(deal[(dealer + 1 + i) % players])
            assert len(seat_cards) == HAND_SIZE, seat_cards
            order += seat_cards
        if deal is hands:
            order += cards(table)
    assert len(set(order)) == len(order), "a card is named twice"
    order += [card for card in range(PACK_SIZE) if card not in order]
    return tuple(order)


def game_with(
    rules: Rules = STANDARD,
    *,
    players: int = 2,
    dealer: int = 0,
    hands: Sequence[str],
    table: str,
    later: Sequence[Sequence[str]] = (),
) -> GameState:
    """A new game whose first deal gives these hands and this opening table."""
    deck = deck_for(players=players, dealer=dealer, hands=hands, table=table, later=later)
    return new_game(rules, players=players, deck=deck, dealer=dealer)


def position(
    rules: Rules = STANDARD,
    *,
    players: int = 2,
    dealer: int = 0,
    hands: Sequence[str],
    table: str,
    piles: Mapping[int, str] | None = None,
    rest_to: int = 0,
    pack: int = 0,
    turn: int | None = None,
    totals: Sequence[int] | None = None,
    surs: Sequence[int] | None = None,
    last_capturer: int = -1,
    seed: int | None = None,
) -> GameState:
    """Any moment of a round, built directly.

    Cards named nowhere go to the pack (the last ``pack`` of them, so ``pack=0`` is the final
    deal) and then to the capture pile of seat ``rest_to``. ``turn`` defaults to the seat after
    the dealer, which fits hands of equal size.
    """
    sides = 2 if rules.partnerships else players
    hand_masks = tuple(mask(text) for text in hands)
    pile_masks = [0] * players
    for seat, text in (piles or {}).items():
        pile_masks[seat] = mask(text)
    named = mask(table)
    for part in (*hand_masks, *pile_masks):
        assert not named & part, "a card is named twice"
        named |= part
    unnamed = [card for card in range(PACK_SIZE) if not named >> card & 1]
    pack_cards = unnamed[len(unnamed) - pack :] if pack else []
    pile_masks[rest_to] |= mask_of(unnamed[: len(unnamed) - pack])
    pack_mask = mask_of(pack_cards)
    dealt_cards = [card for card in range(PACK_SIZE) if not pack_mask >> card & 1]
    state = GameState(
        deck=(*dealt_cards, *pack_cards),
        hands=hand_masks,
        seed=seed,
        finished=(),
        rules=rules,
        players=players,
        round_no=0,
        dealer=dealer,
        turn=(dealer + 1) % players if turn is None else turn,
        dealt=PACK_SIZE - pack,
        table=mask(table),
        piles=tuple(pile_masks),
        surs=tuple(surs) if surs is not None else (0,) * players,
        last_capturer=last_capturer,
        plays=(),
        totals=tuple(totals) if totals is not None else (0,) * sides,
        result=None,
        winner=-1,
    )
    check_invariants(state)
    return state


def play_text(state: GameState, *moves: str) -> GameState:
    """Play moves written as text (``"7D+4S"``, ``"KS"``), each checked by the engine."""
    for text in moves:
        state = play(state, Move.parse(text))
    return state


def moves_text(state: GameState) -> list[str]:
    """The legal moves, written as text, in the engine's order."""
    return [str(move) for move in legal_moves(state)]


def first_move(state: GameState) -> Move:
    """The first legal move: the fixed strategy of the golden files."""
    return legal_moves(state)[0]


def random_chooser(seed: int) -> Callable[[GameState], Move]:
    """A strategy that picks uniformly among the legal moves, reproducibly."""
    rng = random.Random(seed)
    return lambda state: rng.choice(legal_moves(state))


def play_round(
    state: GameState, choose: Callable[[GameState], Move] = first_move
) -> Iterator[GameState]:
    """Play out the current round, yielding every state after a play (the last is scored)."""
    while state.turn >= 0:
        state = play(state, choose(state))
        yield state


def play_game(
    state: GameState, choose: Callable[[GameState], Move] = first_move, max_rounds: int = 100
) -> GameState:
    """Play rounds until the game is won (the game needs a seed to deal later rounds)."""
    for _ in range(max_rounds):
        while state.turn >= 0:
            state = play(state, choose(state))
        if state.winner >= 0:
            return state
        state = next_round(state)
    raise AssertionError(f"no winner after {max_rounds} rounds")


def describe(state: GameState) -> str:
    """A short text of the table and the hands, for assertion messages."""
    hands = " / ".join(format_cards(hand) for hand in state.hands)
    return f"table {format_cards(state.table)}; hands {hands}"
