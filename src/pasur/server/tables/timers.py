"""What a table does by itself: bots' plays, turn timers and disconnect grace, and the bots.

:func:`next_due` says what happens next with nobody sending anything, and when; the table plays
it at :meth:`~pasur.server.tables.table.Table.tick`. :class:`Bots` keeps the table's bots and asks
them for moves, on the seat's own view only, and never lets a failing bot stop the table.
"""

from __future__ import annotations

import logging
import random
from enum import StrEnum
from typing import NamedTuple

from pasur.bots import Bot, make_bot
from pasur.rules import GameState, Move, legal_moves, view
from pasur.server.tables.seats import SeatKind, Status
from pasur.server.tables.state import TableState

log = logging.getLogger("pasur.server.table")


class Duty(StrEnum):
    """Why a seat is played without its person."""

    BOT = "bot"
    """A bot's seat (or a stand-in's, for a person out of grace): it plays after the delay."""
    TIMER = "timer"
    """The person's turn timer ran out: one move is played for them."""
    GRACE = "grace"
    """The dropped person's grace ran out: a stand-in bot takes over the seat."""


class Due(NamedTuple):
    """The next thing a table does by itself."""

    at: float
    duty: Duty
    seat: int


def next_due(state: TableState) -> Due | None:
    """The next thing to happen with nobody sending anything, or None (no game being played)."""
    game = state.game
    if state.status is not Status.PLAYING or game is None or game.turn < 0:
        return None
    config = state.config
    seat = game.turn
    occupant = state.seats[seat]
    if occupant.kind is SeatKind.BOT or occupant.stand_in:
        return Due(state.turn_started + config.bot_delay, Duty.BOT, seat)
    candidates = []
    # At a correspondence table being away is normal: only the turn timer plays for a person.
    if not occupant.connected and not config.correspondence:
        away = state.away_since[seat]
        since = max(state.turn_started, away or state.turn_started)
        left = max(0.0, config.grace - state.grace_used[seat])
        candidates.append(Due(since + left, Duty.GRACE, seat))
    if config.turn_timer is not None:
        candidates.append(Due(state.turn_started + config.turn_timer, Duty.TIMER, seat))
    return min(candidates) if candidates else None


class Bots:
    """A table's bots, one per seat and level, drawing from one seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._bots: dict[tuple[int, str], Bot] = {}

    def move(self, game: GameState, seat: int, level: str) -> Move:
        """The move a bot of ``level`` plays for ``seat``, seeing only that seat's view.

        A bot that fails (raises, or answers a move that is not legal) must not stop the table:
        the failure is logged and the first legal move is played instead.
        """
        legal = legal_moves(game)
        try:
            bot = self._bots.get((seat, level))
            if bot is None:
                bot = self._bots[seat, level] = make_bot(level)
            move = bot.choose(view(game, seat), legal, self.rng)
        except Exception:
            log.exception("the %s bot failed in seat %d; playing %s", level, seat, legal[0])
            return legal[0]
        if move not in legal:
            log.error("the %s bot chose %r, which is not legal; playing %s", level, move, legal[0])
            return legal[0]
        return Move(move[0], move[1])
