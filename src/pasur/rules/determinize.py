"""Worlds a seat cannot tell apart: full game states consistent with one seat's view.

Search bots for hidden-information games sample such worlds (determinization): they deal the
cards the seat has not seen to the other hands and the pack, search each world as if it were
open, and combine the answers. Building the world here, in the rules package, keeps bots from
ever touching a real game state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pasur.rules.cards import iter_cards
from pasur.rules.deal import PACK_SIZE
from pasur.rules.errors import DeckError
from pasur.rules.state import GameState
from pasur.rules.views import SeatView


def world(view: SeatView, hands: Sequence[int], pack: Sequence[int]) -> GameState:
    """The state in which the other seats hold ``hands`` and the pack is ``pack`` (top first).

    ``hands[view.seat]`` is ignored (the seat's own hand is known). The cards given must be
    exactly the cards the seat has not seen, in the right numbers.
    """
    sizes = view.hand_sizes
    full_hands = list(hands)
    if view.seat >= 0:  # a spectator (seat -1) knows no hand
        full_hands[view.seat] = view.hand
    given = 0
    for seat, hand in enumerate(full_hands):
        if seat != view.seat:
            if hand.bit_count() != sizes[seat] or given & hand:
                raise DeckError(f"seat {seat + 1} must hold {sizes[seat]} unseen cards")
            given |= hand
    pack_mask = 0
    for card in pack:
        pack_mask |= 1 << card
    if len(pack) != view.pack_size or pack_mask & given or given | pack_mask != view.unseen():
        raise DeckError("the hands and the pack must hold exactly the cards this seat has not seen")
    dealt_cards = [c for c in range(PACK_SIZE) if not pack_mask >> c & 1]
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
    )


def sample_world(view: SeatView, rng: random.Random) -> GameState:
    """A world drawn uniformly from those consistent with ``view``."""
    unseen = list(iter_cards(view.unseen()))
    rng.shuffle(unseen)
    hands = [0] * view.players
    position = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        for card in unseen[position : position + size]:
            hands[seat] |= 1 << card
        position += size
    return world(view, hands, unseen[position:])
