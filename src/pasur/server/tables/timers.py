"""What a table does by itself: bots' plays, turn timers and disconnect grace, and the bots.

:func:`next_due` says what happens next with nobody sending anything, and when; the table plays
it at :meth:`~pasur.server.tables.table.Table.tick`. :class:`Bots` asks the table's bots for moves,
on the seat's own view only, and never lets a failing bot stop the table.

A level that searches takes tenths of a second to seconds a move. A server's tables leave those
searches to worker processes (:mod:`pasur.server.thinking`): such a table stops ticking at a
search that is due and says what to search (a :class:`Thought`); the answer comes back as a
:class:`BotAnswer`, applied only if the table is where it was when asked.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from pasur.bots import make_bot, searches
from pasur.rules import GameState, Move, SeatView, legal_moves, view
from pasur.server.tables.config import timeout_level
from pasur.server.tables.pace import think_time
from pasur.server.tables.seats import SeatKind, Status
from pasur.server.tables.state import TableState

log = logging.getLogger("pasur.server.table")


class Duty(StrEnum):
    """Why a seat is played without its person."""

    BOT = "bot"
    """A bot's seat (or a stand-in's, for a person out of grace): it plays once it has thought
    (:func:`~pasur.server.tables.pace.think_time`)."""
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
        level = occupant.level if occupant.level is not None else config.drop_bot
        return Due(state.turn_started + think_time(game, level, config.bot_delay), Duty.BOT, seat)
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


def who_plays(state: TableState, due: Due) -> tuple[str, str]:
    """Who plays a due move: the bot's level, and the ``by`` its play is marked with."""
    if due.duty is Duty.TIMER:
        return timeout_level(), "timer"
    occupant = state.seats[due.seat]
    if occupant.kind is SeatKind.BOT:
        assert occupant.level is not None
        return occupant.level, "bot"
    return state.config.drop_bot, "stand_in"


class Thought(NamedTuple):
    """A bot's move to search elsewhere: all the search may see, and where its answer goes."""

    seat: int
    level: str
    view: SeatView
    """The seat's own view: the worker never holds a card the seat cannot see."""
    legal: tuple[Move, ...]
    seed: int
    """The bot's generator's seed, drawn from the table's: a seeded table replays exactly."""
    version: int
    """The table's version when asked: the answer counts only if nothing happened since."""


class BotAnswer(NamedTuple):
    """A searched move coming back to its table."""

    seat: int
    version: int
    move: Move


def bot_move(level: str, seat_view: SeatView, legal: Sequence[Move], seed: int) -> Move:
    """The move a bot of ``level`` plays: a fresh bot (bots remember nothing between moves) and a
    generator seeded by ``seed``, so the answer is the same in the table's process or a worker's.
    """
    move = make_bot(level).choose(seat_view, legal, random.Random(seed))
    return Move(move[0], move[1])


class Bots:
    """A table's bots: one seeded generator, and whether searches happen elsewhere.

    Args:
        rng: the generator each move's seed is drawn from.
        search_inline: search in :meth:`move` itself (a table on its own: tests, the command
            line, the offline practice); False leaves searching levels' moves to
            :meth:`thought` and an answer.
    """

    def __init__(self, rng: random.Random, *, search_inline: bool = True) -> None:
        self.rng = rng
        self.search_inline = search_inline

    def elsewhere(self, level: str) -> bool:
        """Whether a move of ``level`` is searched elsewhere rather than in :meth:`move`."""
        return not self.search_inline and searches(level)

    def thought(self, game: GameState, seat: int, level: str, version: int) -> Thought:
        """What to search for ``seat``'s move (a seed is drawn for it)."""
        legal = tuple(legal_moves(game))
        return Thought(seat, level, view(game, seat), legal, self.rng.getrandbits(64), version)

    def move(
        self, game: GameState, seat: int, level: str, version: int, answer: BotAnswer | None
    ) -> Move | None:
        """The move a bot of ``level`` plays for ``seat``, seeing only that seat's view: the
        ``answer`` searched elsewhere if it is for this seat at this ``version``; None when the
        level's move is searched elsewhere and no answer is here yet.

        A bot that fails (raises, or answers a move that is not legal) must not stop the table:
        the failure is logged and the first legal move is played instead.
        """
        if answer is not None and (answer.seat, answer.version) != (seat, version):
            answer = None  # asked for where the table no longer is
        if answer is None and self.elsewhere(level):
            return None  # every tick while the search runs: nothing computed for it
        legal = legal_moves(game)
        if answer is not None:
            move = answer.move
        else:
            try:
                move = bot_move(level, view(game, seat), legal, self.rng.getrandbits(64))
            except Exception:
                log.exception("the %s bot failed in seat %d; playing %s", level, seat, legal[0])
                return legal[0]
        if move not in legal:
            log.error("the %s bot chose %r, which is not legal; playing %s", level, move, legal[0])
            return legal[0]
        return Move(move[0], move[1])
