"""The game state: an immutable tuple of ints and tuples, cheap to create and share.

Card sets are ``int`` bit masks (see :mod:`pasur.rules.cards`); per-seat data are tuples indexed by
seat, per-side data (seats, or teams in partnerships) tuples indexed by side. Nothing here is ever
changed in place: :func:`pasur.rules.engine.play` returns a new state, so a search can keep every
state it visits and undo is just keeping the old one.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from pasur.rules.cards import CARDS, Card, cards_of
from pasur.rules.deal import HAND_SIZE, PACK_SIZE, TABLE_SIZE, deals_per_round
from pasur.rules.scoring import RoundScore
from pasur.rules.settings import Rules


class Phase(Enum):
    """Where a game stands."""

    PLAYING = "playing"
    """A seat is to play a card."""
    ROUND_OVER = "round-over"
    """The round has been scored; :func:`~pasur.rules.engine.next_round` deals the next one."""
    GAME_OVER = "game-over"
    """A side has won."""


class Play(NamedTuple):
    """One play of a round, as everyone at the table saw it."""

    seat: int
    """Who played."""
    card: int
    """The card played."""
    taken: int
    """The table cards taken (a card set); 0 for a lay."""
    sur: bool
    """Whether the play scored a Sur (before any cancelling at the round's end)."""

    @property
    def played(self) -> Card:
        """The card played."""
        return CARDS[self.card]


class RoundResult(NamedTuple):
    """How a round ended."""

    score: RoundScore
    """Points per side, with the breakdown."""
    leftover: int
    """The cards left on the table at the end (a card set)."""
    leftover_to: int
    """The seat that took them: the last to capture, or (if nobody captured) the seat the
    ``no-capture-leftovers`` rule names; -1 when nobody took them."""
    totals: tuple[int, ...]
    """Game totals per side after this round."""
    claimed_by: int = -1
    """The seat whose claim ended the round (per shodam, see :func:`~pasur.rules.claims`), or -1
    for a round played to its last card."""

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side for the round."""
        return self.score.points


class FinishedRound(NamedTuple):
    """A round already played in this game: enough to replay and to show it."""

    dealer: int
    deck: tuple[int, ...]
    plays: tuple[Play, ...]
    result: RoundResult


PUBLIC: Final = 4
"""GameState fields from this index on are public; a seat's view is its hand plus them."""


class GameState(NamedTuple):
    """A game of Pasur at one moment. Build it with :func:`pasur.rules.engine.new_game`."""

    # Hidden from every seat: the views are built from the fields after these (see PUBLIC).
    deck: tuple[int, ...]
    """This round's deck order."""
    hands: tuple[int, ...]
    """Each seat's hand, a card set."""
    seed: int | str | None
    """The seed the deck orders come from, or None when they are given round by round."""
    finished: tuple[FinishedRound, ...]
    """Earlier rounds of this game, with their deck orders."""
    # Public: everyone at the table knows these.
    rules: Rules
    """The house rules."""
    players: int
    """How many seats: 2, 3 or 4."""
    round_no: int
    """The round being played, from 0."""
    dealer: int
    """The dealer's seat this round; the seat after it leads."""
    turn: int
    """The seat to play, or -1 when the round is over."""
    dealt: int
    """How many cards of the deck order have been dealt."""
    table: int
    """The face-up table cards."""
    piles: tuple[int, ...]
    """Each seat's capture pile this round."""
    surs: tuple[int, ...]
    """Each seat's standing Surs this round."""
    last_capturer: int
    """The last seat that captured this round, or -1."""
    plays: tuple[Play, ...]
    """This round's plays, in order."""
    totals: tuple[int, ...]
    """Game totals per side: before this round while it is played, after it once it is over."""
    result: RoundResult | None
    """This round's result once it is over."""
    winner: int
    """The winning side once the game is over, ``scoring.DRAW`` (-2) for a drawn game, else -1."""
    open_cards: tuple[int, ...] = ()
    """Pasur Ru Baaz: each seat's face-up hand cards (a card set per seat), which every seat
    sees; an empty tuple when ``open-cards`` is off."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, won or drawn."""
        return self.winner != -1

    @property
    def phase(self) -> Phase:
        """Playing, between rounds, or over."""
        if self.winner != -1:
            return Phase.GAME_OVER
        return Phase.PLAYING if self.turn >= 0 else Phase.ROUND_OVER

    @property
    def sides(self) -> int:
        """How many scoring sides: the players, or 2 teams in partnerships."""
        return 2 if self.rules.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: itself, or its team (seats 0 and 2, 1 and 3)."""
        return seat % 2 if self.rules.partnerships else seat

    @property
    def pack_size(self) -> int:
        """Cards still in the pack."""
        return PACK_SIZE - self.dealt

    @property
    def deal_no(self) -> int:
        """The deal being played in this round, from 0."""
        opening = HAND_SIZE * self.players + TABLE_SIZE
        return (self.dealt - opening) // (HAND_SIZE * self.players)

    @property
    def deals(self) -> int:
        """Deals in a round."""
        return deals_per_round(self.players)

    @property
    def is_final_deal(self) -> bool:
        """Whether the pack is used up: the cards in hand are the round's last."""
        return self.dealt == PACK_SIZE

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand."""
        return cards_of(self.hands[seat])

    def table_cards(self) -> tuple[Card, ...]:
        """The face-up table cards."""
        return cards_of(self.table)

    def __repr__(self) -> str:
        return (
            f"<GameState round {self.round_no} deal {self.deal_no} {self.phase.value}"
            f" turn={self.turn} totals={self.totals}>"
        )
