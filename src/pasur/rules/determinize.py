"""Worlds a seat cannot tell apart: full game states consistent with one seat's view.

Search bots for hidden-information games sample such worlds (determinization): they deal the
cards the seat has not seen to the other hands and the pack, search each world as if it were
open, and combine the answers. Building the world here, in the rules package, keeps bots from
ever touching a real game state.

Under Pasur Ru Baaz the open cards are known to every seat, so a world keeps them where they are
and deals only the hidden cards; the order in which a hand's hidden cards will be turned up is
drawn too (a view does not hold it), and the world's deck is laid out so that the engine turns
them up in that order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pasur.rules.cards import format_cards, iter_cards
from pasur.rules.deal import HAND_SIZE, PACK_SIZE
from pasur.rules.errors import DeckError
from pasur.rules.open_hands import packet_start
from pasur.rules.state import GameState
from pasur.rules.views import SeatView


def known_cards(view: SeatView) -> tuple[int, ...]:
    """What ``view``'s seat knows of each hand: its own as it knows it, and every open card."""
    shown = view.open_cards or (0,) * view.players
    return tuple(
        cards | (view.hand if seat == view.seat else 0) for seat, cards in enumerate(shown)
    )


def world(
    view: SeatView,
    hands: Sequence[int],
    pack: Sequence[int],
    *,
    orders: Sequence[Sequence[int]] | None = None,
) -> GameState:
    """The state in which the seats hold ``hands`` and the pack is ``pack`` (top first).

    Each hand must hold the cards the view shows of it (its open card; the seat's own hand), and
    the cards given beyond those must be exactly the cards the seat has not seen, in the right
    numbers. ``hands[view.seat]`` is ignored when the seat knows its whole hand. ``orders[seat]``
    gives hidden cards of a hand in the order they will be turned up (Ru Baaz); the others follow
    in card order.
    """
    sizes = view.hand_sizes
    known = known_cards(view)
    full_hands = list(hands)
    if view.seat >= 0 and view.hand.bit_count() == sizes[view.seat]:
        full_hands[view.seat] = view.hand  # the seat knows its whole hand
    given = 0
    for seat, hand in enumerate(full_hands):
        hidden = hand & ~known[seat]
        if hand.bit_count() != sizes[seat] or hand & known[seat] != known[seat] or given & hidden:
            if known[seat] and seat != view.seat:
                raise DeckError(
                    f"seat {seat + 1} must hold {sizes[seat]} cards, "
                    f"{format_cards(known[seat])} among them"
                )
            raise DeckError(f"seat {seat + 1} must hold {sizes[seat]} unseen cards")
        given |= hidden
    pack_mask = 0
    for card in pack:
        pack_mask |= 1 << card
    if len(pack) != view.pack_size or pack_mask & given or given | pack_mask != view.unseen():
        raise DeckError("the hands and the pack must hold exactly the cards this seat has not seen")
    dealt_cards = [c for c in range(PACK_SIZE) if not pack_mask >> c & 1]
    if view.open_cards and view.turn >= 0:
        dealt_cards = _with_packets(view, full_hands, dealt_cards, orders)
    return GameState(
        deck=(*dealt_cards, *pack),
        hands=tuple(full_hands),
        seed=None,
        finished=(),
        rules=view.rules,
        players=view.players,
        round_no=view.round_no,
        dealer=view.dealer,
        turn=view.turn,
        dealt=view.dealt,
        table=view.table,
        piles=view.piles,
        surs=view.surs,
        last_capturer=view.last_capturer,
        plays=view.plays,
        totals=view.totals,
        result=view.result,
        winner=view.winner,
        open_cards=view.open_cards,
    )


def _with_packets(
    view: SeatView,
    hands: Sequence[int],
    dealt_cards: Sequence[int],
    orders: Sequence[Sequence[int]] | None,
) -> list[int]:
    """The dealt cards laid out so that the current deal's packets turn up as the world says.

    A seat's packet is the cards it has played this deal, its open card, then its hidden cards in
    the order they are to be turned up (see :mod:`pasur.rules.open_hands`).
    """
    players = view.players
    per_deal = HAND_SIZE * players
    plays = view.plays
    this_deal = plays[len(plays) - len(plays) % per_deal :]
    slots: list[int | None] = [None] * len(dealt_cards)
    placed = 0
    start = packet_start(players, view.dealt)
    for seat in range(players):
        shown = view.open_cards[seat]
        hidden = hands[seat] & ~shown
        order = [card for card in orders[seat] if hidden >> card & 1] if orders else []
        unordered = hidden
        for card in order:
            unordered &= ~(1 << card)
        cards = [play.card for play in this_deal if play.seat == seat]
        cards += [*iter_cards(shown), *order, *iter_cards(unordered)]
        position = start + HAND_SIZE * ((seat - view.dealer - 1) % players)
        for offset, card in enumerate(cards):
            slots[position + offset] = card
            placed |= 1 << card
    rest = iter(card for card in dealt_cards if not placed >> card & 1)
    return [card if card is not None else next(rest) for card in slots]


def sample_world(view: SeatView, rng: random.Random) -> GameState:
    """A world drawn uniformly from those consistent with ``view``."""
    unseen = list(iter_cards(view.unseen()))
    rng.shuffle(unseen)
    known = known_cards(view)
    hands = list(known)
    orders: list[Sequence[int]] = []
    position = 0
    for seat, size in enumerate(view.hand_sizes):
        drawn = unseen[position : position + size - known[seat].bit_count()]
        for card in drawn:
            hands[seat] |= 1 << card
        position += len(drawn)
        if view.open_cards and seat == view.seat and not drawn:
            # A held hand's hidden cards are known, but not the order they are turned up in.
            drawn = list(iter_cards(view.hand & ~view.open_cards[seat]))
            rng.shuffle(drawn)
        orders.append(drawn)
    return world(view, hands, unseen[position:], orders=orders)
