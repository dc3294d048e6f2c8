"""What one seat may know: the only object that bots, the terminal and the server see.

A :class:`SeatView` holds the seat's own hand, the table, every capture pile (each capture was made
face up, so a player with perfect memory knows them all), the plays of the round, how many cards
each hand and the pack hold, and the scores. It never holds another seat's hand or the pack order:
those are not copied into it, so no code that only has a view can reach them.

Under Pasur Ru Baaz (``open-cards``) each hand's open card is public: ``open_cards`` holds every
seat's, for everyone. With ``open-cards=stack`` a seat does not know its own hidden cards either,
so its ``hand`` is its open card alone.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pasur.rules.cards import ALL_CARDS, Card, cards_of
from pasur.rules.deal import HAND_SIZE, PACK_SIZE, deals_per_round
from pasur.rules.engine import moves_for
from pasur.rules.moves import Move
from pasur.rules.settings import OpenCards, Rules
from pasur.rules.state import GameState, Play, RoundResult


class SeatView(NamedTuple):
    """One seat's knowledge of the game. ``seat`` is -1 for a spectator (no hand)."""

    seat: int
    """Whose view this is."""
    hand: int
    """This seat's hand as it knows it (a card set): all of it, or under ``open-cards=stack``
    its open card alone; 0 for a spectator."""
    # The rest are the public fields of GameState (from state.PUBLIC on), in the same order.
    rules: Rules
    players: int
    round_no: int
    dealer: int
    turn: int
    dealt: int
    """How many cards have come off the pack this round."""
    table: int
    piles: tuple[int, ...]
    surs: tuple[int, ...]
    last_capturer: int
    plays: tuple[Play, ...]
    """This round's plays, which everyone saw."""
    totals: tuple[int, ...]
    result: RoundResult | None
    winner: int
    open_cards: tuple[int, ...]
    """Every seat's face-up hand cards (a card set per seat), seen by all; () without Ru Baaz."""

    @property
    def pack_size(self) -> int:
        """Cards still in the pack."""
        return PACK_SIZE - self.dealt

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, worked out from the plays everyone saw."""
        players = self.players
        if self.turn < 0:
            return (0,) * players
        played = len(self.plays) % (HAND_SIZE * players)
        leader = (self.dealer + 1) % players
        return tuple(
            HAND_SIZE - (played - (seat - leader) % players + players - 1) // players
            for seat in range(players)
        )

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to play."""
        return self.seat >= 0 and self.turn == self.seat

    @property
    def is_final_deal(self) -> bool:
        """Whether the cards in hand are the round's last."""
        return self.pack_size == 0

    @property
    def deals_left(self) -> int:
        """Deals still to come after this one."""
        return self.pack_size // (4 * self.players)

    @property
    def deals(self) -> int:
        """Deals in a round."""
        return deals_per_round(self.players)

    def side_of(self, seat: int) -> int:
        """The side a seat scores for."""
        return seat % 2 if self.rules.partnerships else seat

    def unseen(self) -> int:
        """Cards this seat has not seen: the other hands and the pack, as one card set."""
        seen = self.hand | self.table
        for pile in self.piles:
            seen |= pile
        for shown in self.open_cards:
            seen |= shown
        return ALL_CARDS & ~seen

    def legal_moves(self) -> tuple[Move, ...]:
        """This seat's legal moves when it is to play; empty otherwise."""
        if not self.is_my_turn:
            return ()
        last_card = self.pack_size == 0 and self.hand_sizes[self.seat] == 1
        return moves_for(self.hand, self.table, self.rules, last_card=last_card)

    def open_cards_of(self, seat: int) -> tuple[Card, ...]:
        """The face-up cards of a seat's hand (none without Ru Baaz)."""
        return cards_of(self.open_cards[seat]) if self.open_cards else ()

    def hand_cards(self) -> tuple[Card, ...]:
        """The cards in this seat's hand."""
        return cards_of(self.hand)

    def table_cards(self) -> tuple[Card, ...]:
        """The face-up table cards."""
        return cards_of(self.table)


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may know of ``state``; pass -1 for a spectator's view."""
    # Bots get a view every move, so this is on the hot path. Read through a tuple of objects,
    # the public fields are copied as they are: slicing the state (a tuple subclass) took
    # Python's slow generic path, and with the field types known compiled code unboxed each
    # field into a C value only to box it again.
    s: tuple[object, ...] = state
    hands: tuple[object, ...] = state.hands
    hand = hands[seat] if seat >= 0 else 0
    if s[18]:
        hand = known_hand(state, seat)
    return _new(
        _SEAT_VIEW,
        (
            seat,
            hand,
            s[4],
            s[5],
            s[6],
            s[7],
            s[8],
            s[9],
            s[10],
            s[11],
            s[12],
            s[13],
            s[14],
            s[15],
            s[16],
            s[17],
            s[18],
        ),
    )


def known_hand(state: GameState, seat: int) -> int:
    """What ``seat`` knows of its own hand: all of it, or its open card alone when hands are
    face-down stacks (``open-cards=stack``); 0 for a spectator (seat -1)."""
    if seat < 0:
        return 0
    hand = state.hands[seat]
    if state.rules.open_cards is OpenCards.STACK:
        return hand & state.open_cards[seat]
    return hand


_new: Final = tuple.__new__
_SEAT_VIEW: Final = SeatView
"""A C static in compiled code, where naming the class is a look-up in the module's dict."""
