"""Pasur Ru Baaz: which card of each hand lies face up, worked out from the deal.

A hand comes off the pack as a packet of four cards, and the packet keeps the pack's order: its
first card in the deck order is the one turned face up when the hand is dealt, and when the open
card is played the next card of the packet still in the hand is turned up (the card "beneath" it).
Everything here follows from the deck order and the plays, so the state needs no other record of
a hand's order than the deck itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from pasur.rules.deal import HAND_SIZE, TABLE_SIZE


def packet_start(players: int, dealt: int) -> int:
    """Where the current deal's packets begin in the deck order, ``dealt`` cards having been dealt.

    The opening deal's packets come first in the deck, before the table's four cards; every later
    deal's packets are the last ``4 × players`` cards dealt.
    """
    if dealt == HAND_SIZE * players + TABLE_SIZE:
        return 0
    return dealt - HAND_SIZE * players


def packet(deck: Sequence[int], players: int, dealer: int, dealt: int, seat: int) -> Sequence[int]:
    """The four cards dealt to ``seat`` in the current deal, in the order they came off the pack."""
    start = packet_start(players, dealt) + HAND_SIZE * ((seat - dealer - 1) % players)
    return deck[start : start + HAND_SIZE]


def dealt_open_cards(deck: Sequence[int], players: int, dealer: int, dealt: int) -> tuple[int, ...]:
    """Each seat's open card just after a deal: the first card of its packet (a card set)."""
    return tuple(1 << packet(deck, players, dealer, dealt, seat)[0] for seat in range(players))


def next_open_card(cards: Sequence[int], hand: int) -> int:
    """The card turned up once the open card has left ``hand``: the first of ``cards`` (the
    packet, in order) still in the hand, as a card set; 0 for an empty hand."""
    for card in cards:
        if hand >> card & 1:
            return 1 << card
    return 0
