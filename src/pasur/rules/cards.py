"""Cards, written the way players write them: ``AC 10D JH QS KH``.

A card is an ``int`` from 0 to 51, ordered by rank and then by suit (clubs, diamonds, hearts,
spades), so that a set of cards is an ``int`` bit mask whose bit order is also the order in which
people sort a hand. The engine works on those masks; :class:`Card` only adds notation on top, so
the fast inner loops never build objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pasur.rules.errors import CardSyntaxError

SUITS = "CDHS"
"""Suit letters in card order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = "♣♦♥♠"
"""The suit symbols accepted on input, in the same order as :data:`SUITS`."""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank names in card order; a rank number is the index plus one (A = 1 … K = 13)."""

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


class Card(int):
    """One of the 52 cards; an ``int`` whose notation round-trips.

    >>> Card.parse("10d")
    Card.parse('10D')
    >>> str(Card.parse("♣A"))
    'AC'
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 for an ace, 2–10 for number cards, 11 jack, 12 queen, 13 king."""
        return (self >> 2) + 1

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self & 3

    @property
    def value(self) -> int:
        """The value in a sum of eleven (A = 1 … 10), or 0 for a jack, queen or king."""
        rank = self.rank
        return rank if rank <= 10 else 0

    @property
    def mask(self) -> int:
        """The card as a one-bit card set."""
        return 1 << self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AC``, ``10d``, ``QS``, ``♥K``, ``k♥`` or ``1C`` (an ace); refuse anything else."""
        return CARDS[card_index(text)]

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""Every card, indexed by its number."""

_RANK_NAMES = {name: number for number, name in enumerate(RANKS, start=1)} | {"1": ACE, "T": 10}
_SUIT_NAMES = {letter: suit for suit, letter in enumerate(SUITS)} | {
    symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)
}
_SUIT_NAMES |= {"\u2663\ufe0f": 0, "\u2666\ufe0f": 1, "\u2665\ufe0f": 2, "\u2660\ufe0f": 3}
_SUIT_NAMES |= {"♧": 0, "♢": 1, "♡": 2, "♤": 3}


def card_index(text: str) -> int:
    """The number of the card written ``text``; the suit may come first or last."""
    token = text.strip().upper()
    for suit_text in sorted(_SUIT_NAMES, key=len, reverse=True):
        if token.endswith(suit_text):
            rank_text = token[: -len(suit_text)]
        elif token.startswith(suit_text):
            rank_text = token[len(suit_text) :]
        else:
            continue
        rank = _RANK_NAMES.get(rank_text)
        if rank is not None:
            return (rank - 1) * 4 + _SUIT_NAMES[suit_text]
        break
    raise CardSyntaxError(
        f"{text.strip()!r} is not a card: write the rank (A, 2-10, J, Q, K) "
        "and the suit (C, D, H, S or ♣ ♦ ♥ ♠), as in AC, 10D, QS"
    )


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a list of cards separated by spaces or commas, such as ``"AC 2D 2H 4S 10C"``.

    A card named twice is an error: a pack holds each card once.
    """
    cards: list[Card] = []
    seen = 0
    for token in text.replace(",", " ").split():
        card = Card.parse(token)
        if seen >> card & 1:
            raise CardSyntaxError(f"{card} is named twice in {text.strip()!r}")
        seen |= 1 << card
        cards.append(card)
    return tuple(cards)


def mask_of(cards: Iterable[int]) -> int:
    """The card set holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a card set, in rank order."""
    return tuple(iter_cards(mask))


def iter_cards(mask: int) -> Iterator[Card]:
    """Iterate over the cards of a card set, lowest first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def format_cards(mask: int) -> str:
    """Write a card set the way players do: ``"AC 2D 2H 4S 10C"``."""
    return " ".join(map(str, iter_cards(mask)))


def rank_mask(rank: int) -> int:
    """The four cards of one rank."""
    return 0xF << ((rank - 1) * 4)


ALL_CARDS = (1 << 52) - 1
NUMBER_CARDS = (1 << 40) - 1
"""Aces to tens: the cards that take part in sums of eleven."""
JACKS = rank_mask(JACK)
QUEENS = rank_mask(QUEEN)
KINGS = rank_mask(KING)
ACES = rank_mask(ACE)
CLUB_CARDS = sum(1 << (rank * 4 + CLUBS) for rank in range(13))
TEN_OF_DIAMONDS = 1 << ((10 - 1) * 4 + DIAMONDS)
TWO_OF_CLUBS = 1 << ((2 - 1) * 4 + CLUBS)
