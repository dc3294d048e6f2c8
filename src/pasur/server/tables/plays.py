"""The data of the events a deal and a play produce, in their private stored form.

Each function reads the engine's states (before and after) and returns an event's data (and
:func:`next_deal` shuffles and commits to the next round first): what
:meth:`TableState.apply <pasur.server.tables.state.TableState.apply>` needs to redo the change,
plus the private fields (deck orders, salts, hands, the legal moves of the seat to play) that
:meth:`Event.for_recipient <pasur.protocol.Event.for_recipient>` shows only to whom they belong.
Under Pasur Ru Baaz (``open-cards``) the deals and plays also carry ``open``, every seat's face-up
cards, which everyone sees; a seat's private hand is what it knows of it (under
``open-cards=stack`` its open card alone).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pasur.protocol import JSONObject
from pasur.protocol.encode import cards, encode_result, legal_texts
from pasur.rules import Card, GameState, Move, new_game, next_round, shuffle_deck, view
from pasur.rules.fairness import commitment, new_salt
from pasur.server.tables.config import TableConfig


def round_started(game: GameState, deck: Sequence[int], salt: bytes, committed: str) -> JSONObject:
    """A round dealt from ``deck``, committed to as ``committed`` (with its secret ``salt``)."""
    data: JSONObject = {
        "round": game.round_no,
        "dealer": game.dealer,
        "turn": game.turn,
        "table": cards(game.table),
        "pack_size": game.pack_size,
        "commitment": committed,
        "deck": [str(Card(card)) for card in deck],
        "salt": salt.hex(),
        "hands": known_hands(game),
        "legal": legal_for_turn(game),
    }
    return with_open(game, data)


def next_deal(
    config: TableConfig, game: GameState | None, first_dealer: int, rng: random.Random
) -> JSONObject:
    """The next round shuffled from ``rng`` (the game's first, dealt by ``first_dealer``, when
    ``game`` is None) and committed to with a fresh salt: its ``round_started`` data."""
    deck = shuffle_deck(config.rules, config.players, rng)
    if game is None:
        dealt = new_game(config.rules, players=config.players, deck=deck, dealer=first_dealer)
    else:
        dealt = next_round(game, deck=deck)
    salt = new_salt()
    return round_started(dealt, deck, salt, commitment(deck, salt))


def played(before: GameState, after: GameState, move: Move, by: str) -> JSONObject:
    """``move`` played for the seat to play in ``before`` (by ``player``, ``bot``, …)."""
    data: JSONObject = {
        "seat": before.turn,
        "move": str(move),
        "card": str(move.played),
        "taken": cards(move.taken),
        "sur": after.plays[-1].sur,
        "by": by,
        "turn": after.turn,
        "legal": legal_for_turn(after),
    }
    return with_open(after, data)


def dealt(game: GameState) -> JSONObject:
    """The next four cards each, dealt during a round."""
    data: JSONObject = {
        "round": game.round_no,
        "deal": game.deal_no,
        "turn": game.turn,
        "pack_size": game.pack_size,
        "hands": known_hands(game),
        "legal": legal_for_turn(game),
    }
    return with_open(game, data)


def round_ended(game: GameState, committed: str, salt: bytes) -> JSONObject:
    """A round scored, its deck order and salt revealed."""
    assert game.result is not None, "a round ends with its result"
    return {
        "round": game.round_no,
        **encode_result(game.result),
        "commitment": committed,
        "deck": [str(Card(card)) for card in game.deck],
        "salt": salt.hex(),
    }


def game_over(game: GameState, number: int, left: Sequence[int], *, rated: bool) -> JSONObject:
    """Game ``number`` won by a side, or drawn (``winner`` -2, the engine's ``DRAW``, and no
    ``winners``) under ``target-tie=draw``, as the cards decided it. ``left`` are the seats that
    count as left (:class:`~pasur.server.tables.leavers.Leavers`) and ``rated`` whether the game
    moves people's ratings: then it counts as lost for those seats' sides, whatever the cards."""
    winners = [seat for seat in range(game.players) if game.side_of(seat) == game.winner]
    return {
        "game": number,
        "winner": game.winner,
        "winners": winners,
        "totals": list(game.totals),
        "left": list(left),
        "rated": rated,
    }


def legal_for_turn(game: GameState) -> list[str]:
    """The moves of the seat to play (none when the round is over), for an event's private
    ``legal`` field: the same list that seat's snapshot shows, rendered for that seat alone."""
    return legal_texts(view(game, game.turn)) if game.turn >= 0 else []


def known_hands(game: GameState) -> list[list[str]]:
    """Each seat's hand as that seat knows it, for a deal's private ``hands`` field."""
    return [cards(view(game, seat).hand) for seat in range(game.players)]


def with_open(game: GameState, data: JSONObject) -> JSONObject:
    """``data`` with ``open``, every seat's face-up cards (public), under Pasur Ru Baaz."""
    if game.open_cards:
        data["open"] = [cards(shown) for shown in game.open_cards]
    return data
