"""Deck orders: the only chance in Pasur, made explicit.

A round is fully decided by its *deck order*: the 52 cards in the order they come off the pack
once the opening table is settled. The first ``4 × players`` go to the players, four at a time,
starting with the seat after the dealer; the next four are the opening table; the rest are dealt
four to each player, in the same seat order, deal after deal.

:func:`shuffle_deck` plays out the dealer's physical procedure (shuffle, deal, put back a jack from
the table, redeal) with a given random generator, so the distribution of deals is the one a real
table has. The server draws its generator from OS entropy and stores the resulting deck order;
records store it too, so a replay needs no randomness at all.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Final, cast

from pasur.rules.cards import JACK, KING, QUEEN, format_cards, mask_of
from pasur.rules.errors import DeckError
from pasur.rules.settings import OpeningTable, Rules

HAND_SIZE: Final = 4
TABLE_SIZE: Final = 4
PACK_SIZE: Final = 52
PLAYER_COUNTS = (2, 3, 4)
_WHOLE_PACK: Final = (1 << PACK_SIZE) - 1
"""Every card, as a card set."""


def check_players(players: object, *, partnerships: bool = False) -> None:
    """The one statement of who plays: 2, 3 or 4 players, and partnerships need 4.

    Raises:
        DeckError: ``players`` is not 2, 3 or 4 (a bool is no count), or it is not 4 with
            ``partnerships``; the message says so.
    """
    if type(players) is not int or players not in PLAYER_COUNTS:
        raise DeckError(f"Pasur is played by 2, 3 or 4 players, not {players!r}")
    if partnerships and players != 4:
        raise DeckError("partnerships need 4 players")


def deals_per_round(players: int) -> int:
    """How many deals of four cards each a round has: 6 for 2 players, 4 for 3, 3 for 4."""
    return (PACK_SIZE - TABLE_SIZE) // (HAND_SIZE * players)


def _count(cards: Sequence[int], rank: int) -> int:
    low, high = (rank - 1) * 4, rank * 4
    count = 0
    for card in cards:
        if low <= card < high:
            count += 1
    return count


def shuffled_pack(rng: random.Random) -> list[int]:
    """The 52 cards in random order (Fisher–Yates on ``rng.random()``, faster than ``shuffle``)."""
    # A list of objects: compiled code swaps the items as they are, without unboxing them.
    cards: list[object] = list(range(PACK_SIZE))
    draw = rng.random
    for i in range(PACK_SIZE - 1, 0, -1):
        j = int(draw() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cast(list[int], cards)


def _table_must_be_redealt(rules: Rules, table: Sequence[int]) -> bool:
    jacks = _count(table, JACK)
    if rules.opening_table is OpeningTable.REDRAW:
        return jacks > 0
    if rules.opening_table is OpeningTable.PAGAT:
        return jacks > 1 or _count(table, QUEEN) > 2 or _count(table, KING) > 2
    return jacks > 1


_SKIPPING: Final = (OpeningTable.SKIP_JACKS, OpeningTable.JACKS_UNDER)
"""The opening-table rules under which a jack drawn for the table is skipped, never redealt."""


def _skip_jacks(rules: Rules, cards: list[int], start: int, rng: random.Random) -> list[int]:
    """Draw the table's four cards from ``cards[start:]``, putting back each jack drawn: at a
    random place in the pack (``skip-jacks``) or under it (``jacks-under``)."""
    table: list[int] = []
    pack = cards[start:]
    while len(table) < TABLE_SIZE:
        card = pack.pop(0)
        if (card >> 2) + 1 != JACK:
            table.append(card)
        elif rules.opening_table is OpeningTable.SKIP_JACKS:
            pack.insert(rng.randrange(len(pack) + 1), card)
        else:
            pack.append(card)
    return cards[:start] + table + pack


def shuffle_deck(rules: Rules, players: int, rng: random.Random) -> tuple[int, ...]:
    """Shuffle and settle the opening table as a dealer would; return the deck order."""
    table_start = HAND_SIZE * players
    if rules.opening_table in _SKIPPING:
        return tuple(_skip_jacks(rules, shuffled_pack(rng), table_start, rng))
    while True:
        cards = shuffled_pack(rng)
        hands, table, pack = (
            cards[:table_start],
            cards[table_start : table_start + 4],
            cards[table_start + 4 :],
        )
        if _table_must_be_redealt(rules, table):
            continue
        redeal = False
        while _count(table, JACK) == 1:
            # The jack is cut back into the pack at a random place and replaced from the top.
            jack = next(card for card in table if (card >> 2) + 1 == JACK)
            table.remove(jack)
            pack.insert(rng.randrange(len(pack) + 1), jack)
            table.append(pack.pop(0))
            if rules.opening_table is OpeningTable.REPLACE_ONCE and (table[-1] >> 2) + 1 == JACK:
                redeal = True
                break
            if _table_must_be_redealt(rules, table):
                redeal = True
                break
        if not redeal:
            return tuple(hands + table + pack)


def check_deck(rules: Rules, players: int, deck: Sequence[int]) -> tuple[int, ...]:
    """Return ``deck`` as a tuple if it is a deck order the rules allow; raise DeckError if not."""
    check_players(players)
    order = _plain_ints(deck)
    if order is None:
        try:
            order = tuple(map(operator.index, deck))
        except TypeError:
            raise DeckError("a deck order is a list of card numbers from 0 to 51") from None
    seen = 0
    for card in order:
        if 0 <= card < PACK_SIZE:
            seen |= 1 << card
    if len(order) != PACK_SIZE or seen != _WHOLE_PACK:
        raise DeckError("a deck order must hold each of the 52 cards exactly once")
    start = HAND_SIZE * players
    table = order[start : start + TABLE_SIZE]
    if _count(table, JACK) or _table_must_be_redealt(rules, table):
        raise DeckError(
            f"the opening table {format_cards(mask_of(table))} is not allowed by the "
            f"opening-table={rules.opening_table} rule (no jack"
            + (
                ", at most two queens and two kings)"
                if rules.opening_table is OpeningTable.PAGAT
                else ")"
            )
        )
    return order


def _plain_ints(deck: object) -> tuple[int, ...] | None:
    """``deck`` itself if it is a tuple of plain ints (as :func:`shuffle_deck` returns), else None.

    Such a deck needs no conversion; the items are read as objects, so that anything else in it
    is left to the caller's conversion and its error message.
    """
    if type(deck) is not tuple:
        return None
    for card in deck:
        if type(card) is not int:
            return None
    return deck


def seeded_rng(seed: int | str, round_no: int) -> random.Random:
    """The generator for one round of a seeded game: the same seed gives the same deals."""
    return random.Random(f"pasur:{seed}:{round_no}")
