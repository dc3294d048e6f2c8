"""Which table cards a played card may take: the heart of the rules, and of the engine's speed.

A number card takes sets of number cards that sum to eleven with it; a jack takes every number
card and jack; a queen or king takes matching cards. Only some table cards can matter to a given
card (a 7 can only use cards up to 4; a queen only queens), so the legal plays of one card are
remembered in a bounded memo keyed on that card and the table cards that can matter to it (all but
a jack's, which are quicker to work out than to look up). Random play and bot searches meet the
same few keys again and again, which makes listing the legal moves a handful of dictionary
look-ups.
"""

from __future__ import annotations

import itertools
from typing import Final

from pasur.rules.cards import CARDS, JACK, JACKS, NUMBER_CARDS, rank_mask
from pasur.rules.moves import Move
from pasur.rules.settings import (
    ALL_MATCHING,
    OPTIONAL_CAPTURE,
    SEVERAL_SETS,
    THREE_CARDS,
    UNION_OF_SETS,
    VARIANTS,
    Rules,
)

MEMO_INDEX: Final = VARIANTS - 1
"""``variant & MEMO_INDEX`` picks a capture variant's memo (higher bits do not change a card's
plays)."""

FIRST_JACK: Final = 4 * (JACK - 1)
"""The number of the first jack; jacks are FIRST_JACK to FIRST_QUEEN - 1."""
FIRST_QUEEN: Final = 4 * JACK
"""The number of the first queen."""

_MEMO_LIMIT: Final = 1 << 17
"""Entries kept in one memo before it is emptied; bounds memory on long runs."""

# Names from modules that are not compiled, kept in C statics by the compiled form (a module
# global is a dict look-up there, and an int global is unboxed again at every use).
_CARDS: Final = CARDS
_MOVE: Final = Move
_NUMBER_CARDS: Final = NUMBER_CARDS
_JACKS: Final = JACKS


def _relevant(card: int) -> int:
    """The table cards that can change what ``card`` may take."""
    rank = (card >> 2) + 1
    if rank <= 10:
        return NUMBER_CARDS & ((1 << (4 * (11 - rank))) - 1)
    if rank == JACK:
        return NUMBER_CARDS | JACKS
    return rank_mask(rank)


RELEVANT: Final[tuple[int, ...]] = tuple(_relevant(card) for card in range(52))
"""RELEVANT[card]: the table cards that can change what the card may take."""


_UP_TO_RANK: Final = tuple((1 << (4 * rank)) - 1 for rank in range(11))
"""_UP_TO_RANK[r]: every card of rank r or lower (the cards a set summing to r can use)."""

_COUNT_STEP: Final = tuple(1 << (3 * (card >> 2)) for card in range(40))
"""Adding _COUNT_STEP[card] to a rank signature counts one more card of that card's rank."""

_SUB_NIBBLES: Final = tuple(
    tuple(
        tuple(sub for sub in range(16) if sub & ~nibble == 0 and sub.bit_count() == k)
        for k in range(5)
    )
    for nibble in range(16)
)
"""_SUB_NIBBLES[suits][k]: the ways to pick k of the suits present in a rank's 4-bit nibble."""

_rank_combos: Final[dict[int, tuple[tuple[tuple[int, int], ...], ...]]] = {}


def sets_summing(numbers: int, total: int) -> tuple[int, ...]:
    """Every set of number cards in ``numbers`` whose values add up to ``total``, in mask order.

    Which *ranks* can make the total depends only on how many cards of each rank lie on the table
    (its rank signature), so that answer is remembered per signature; the suits actually present
    then turn each rank combination into card sets.
    """
    usable = numbers & _UP_TO_RANK[total]
    signature = 0
    rest = usable
    while rest:
        low = rest & -rest
        rest ^= low
        signature += _COUNT_STEP[low.bit_length() - 1]
    key = signature << 4 | total
    combos = _rank_combos.get(key)
    if combos is None:
        if len(_rank_combos) >= _MEMO_LIMIT:
            _rank_combos.clear()
        combos = _rank_combos[key] = _combos_for(signature, total)
    found: list[int] = []
    for combo in combos:
        partial = [0]
        for shift, count in combo:
            choices = _SUB_NIBBLES[(usable >> shift) & 15][count]
            partial = [chosen | sub << shift for chosen in partial for sub in choices]
        found += partial
    found.sort()
    return tuple(found)


def _combos_for(signature: int, total: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The ways to make ``total`` from the ranks a signature holds, as (bit shift, count) pairs."""
    combos: list[tuple[tuple[int, int], ...]] = []

    def extend(rank: int, missing: int, chosen: tuple[tuple[int, int], ...]) -> None:
        if missing == 0:
            combos.append(chosen)
            return
        for value in range(rank, min(missing, 10) + 1):
            available = (signature >> (3 * (value - 1))) & 7
            for count in range(1, min(available, missing // value) + 1):
                extend(value + 1, missing - value * count, (*chosen, (4 * (value - 1), count)))

    extend(1, total, ())
    return tuple(combos)


def unions_of_disjoint(sets: tuple[int, ...]) -> tuple[int, ...]:
    """Every union of one or more pairwise disjoint sets from ``sets``, smallest first."""
    unions: set[int] = set()

    def extend(start: int, union: int) -> None:
        for i in range(start, len(sets)):
            if not union & sets[i]:
                unions.add(union | sets[i])
                extend(i + 1, union | sets[i])

    extend(0, 0)
    return tuple(sorted(unions, key=lambda m: (m.bit_count(), m)))


def capture_options(card: int, table: int, rules: Rules) -> tuple[int, ...]:
    """Every set of table cards that ``card`` may take, as card sets; empty if it takes nothing."""
    return _options(card, table, rules.capture_variant & MEMO_INDEX)


def _options(card: int, table: int, variant: int) -> tuple[int, ...]:
    """:func:`capture_options` for the rules of a capture variant (``Rules.capture_variant``).

    The variant's bits carry the settings that matter here, so a memo miss reads no attribute of
    the rules (each read is a slow generic look-up in compiled code).
    """
    rank = (card >> 2) + 1
    if rank <= 10:
        options = sets_summing(table & _NUMBER_CARDS, 11 - rank)
        if variant & THREE_CARDS:
            options = tuple([taken for taken in options if taken.bit_count() <= 3])
        if len(options) > 1:
            if variant & UNION_OF_SETS:
                union = 0
                for taken in options:
                    union |= taken
                return (union,)
            if variant & SEVERAL_SETS:
                return unions_of_disjoint(options)
        return options
    if rank == JACK:
        taken = table & (_NUMBER_CARDS | _JACKS)
        return (taken,) if taken else ()
    matching = table & rank_mask(rank)
    if not matching or variant & ALL_MATCHING:
        return (matching,) if matching else ()
    singles = []
    while matching:
        low = matching & -matching
        singles.append(low)
        matching ^= low
    return tuple(singles)


MEMOS: Final[tuple[dict[int, tuple[Move, ...]], ...]] = tuple({} for _ in range(VARIANTS))
"""The memos of card plays, one per capture variant (``Rules.capture_variant``).

Module state rather than a field of the rules: the rules are part of every seat's view, and the
memo's keys show which cards were looked up, so it must not be reachable from a view.
"""


def card_moves(card: int, table: int, rules: Rules) -> tuple[Move, ...]:
    """The legal plays of one card at a table: its captures, then a lay where one is allowed.

    The answer is remembered in ``MEMOS[rules.capture_variant & MEMO_INDEX]`` under
    ``(table & RELEVANT[card]) << 6 | card``; the engine's hot paths look there first and call
    :func:`remember_moves` only on a miss.
    """
    variant = rules.capture_variant & MEMO_INDEX
    key = (table & RELEVANT[card]) << 6 | card
    moves = MEMOS[variant].get(key)
    return moves if moves is not None else remember_moves(card, table, variant, key)


def remember_moves(card: int, table: int, variant: int, key: int) -> tuple[Move, ...]:
    """Work out :func:`card_moves` for a capture variant (a memo index) and remember it.

    A jack's plays are worked out but not remembered: its key is the whole table (it takes every
    number card and jack), which random play seldom meets twice, so remembering it only filled
    the memo (a third of its entries), while its one capture is a single mask operation.
    """
    played = _CARDS[card]
    options = _options(card, table, variant)
    moves = tuple([_new(_MOVE, (played, taken)) for taken in options])
    if not options or variant & OPTIONAL_CAPTURE:
        moves += (_LAYS[card],)
    if not FIRST_JACK <= card < FIRST_QUEEN:
        memo = MEMOS[variant]
        if len(memo) >= _MEMO_LIMIT:
            # Drop the older half: recent entries, the likeliest to be met again, stay.
            for old in list(itertools.islice(memo, len(memo) // 2)):
                del memo[old]
        memo[key] = moves
    return moves


_new: Final = tuple.__new__
"""Builds a Move from a (card, taken) pair without the NamedTuple's Python-level constructor."""

_LAYS: Final = tuple(Move(played, 0) for played in CARDS)
"""_LAYS[card]: the move that lays the card, shared by every memo entry (moves are immutable)."""
