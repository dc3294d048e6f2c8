"""A table in memory: the table itself, its lock, its sockets here, its timer and its chat.

The :class:`~pasur.server.tables.manager.TableManager` keeps one :class:`LiveTable` per table it
holds, written here or followed (a replica of a table another process writes).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import NamedTuple

from pasur.protocol import SPECTATOR
from pasur.server.tables.chat import ChatLog
from pasur.server.tables.commands import SeatTokens
from pasur.server.tables.connections import Connection
from pasur.server.tables.emotes import EmoteGate
from pasur.server.tables.seats import abandoned
from pasur.server.tables.store import token_digest
from pasur.server.tables.table import Table


class TimeSource(NamedTuple):
    """Where the server reads the time: a monotonic clock that tables run on, and the wall clock
    that a correspondence table's turn clock is stored in (a monotonic reading means nothing to
    another process, or after a restart)."""

    monotonic: Callable[[], float]
    wall: Callable[[], float]


SYSTEM_TIME = TimeSource(time.monotonic, time.time)
_time = [SYSTEM_TIME]


def use_time(source: TimeSource) -> TimeSource:
    """Read the time from ``source`` from now on (tests inject a clock); returns the previous."""
    previous, _time[0] = _time[0], source
    return previous


def clock() -> float:
    """The time tables run on (seconds, monotonic)."""
    return _time[0].monotonic()


def to_wall(at: float) -> float:
    """A :func:`clock` reading as seconds since the epoch, to be stored."""
    source = _time[0]
    return source.wall() - (source.monotonic() - at)


def from_wall(at: float) -> float:
    """Seconds since the epoch (as stored) as a :func:`clock` reading."""
    source = _time[0]
    return source.monotonic() - (source.wall() - at)


class LiveTable:
    """A table in memory, with its lock, its connections and its timer task."""

    def __init__(self, table_id: str, table: Table, creator: str, seats: SeatTokens) -> None:
        self.id = table_id
        self.table = table
        self.creator = creator
        self.seat_tokens = dict(seats)
        """Seat number (as text) -> SHA-256 of its token."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.wake = asyncio.Event()
        self.timer: asyncio.Task[None] | None = None
        self.dropped = False
        self.chat = ChatLog()
        """The last chat lines, sent to each new connection (memory only)."""
        self.emotes = EmoteGate()
        """Each seat's emote budget (memory only)."""
        self.owned = True
        """Whether this process is the table's writer (always, with one process); otherwise the
        table is a replica that follows the writer's events (:mod:`pasur.server.cluster`)."""
        self.used_at = clock()
        """When the table was last asked for here, or a socket here closed: a table nobody uses is
        let go (:mod:`~pasur.server.tables.idle`; replicas, :mod:`pasur.server.cluster`)."""
        self.elsewhere: set[str] = set()
        """The people whose sockets at other processes said so, as those processes forwarded
        their seats' connections here (:mod:`pasur.server.cluster`)."""

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = token_digest(token)
        for seat, stored in self.seat_tokens.items():
            if secrets.compare_digest(stored, digest):
                return int(seat)
        return None

    def connected_to(self, seat: int) -> int:
        """How many open connections hold ``seat``."""
        return sum(1 for c in self.connections if c.recipient == seat and not c.closed)

    def unattended(self, now: float) -> bool:
        """Whether nobody is at the table to start it, by :func:`abandoned`."""
        table = self.table
        return abandoned(table.seats, table.history, now, table.config.away_grace)

    def seats_here(self) -> set[int]:
        """The seats with an open connection here."""
        return {c.recipient for c in self.connections if not c.closed} - {SPECTATOR}

    def heard_elsewhere(self, seats: tuple[int, ...], connected: bool) -> None:
        """Another process says the people in ``seats`` connected there (or went away)."""
        for seat in seats:
            player = self.table.seats[seat].player if 0 <= seat < len(self.table.seats) else None
            if player is not None and connected:
                self.elsewhere.add(player)
            elif player is not None:
                self.elsewhere.discard(player)

    def has_socket(self, seat: int) -> bool:
        """Whether the person in ``seat`` has a socket open, here or at another process. The
        table's own ``connected`` is not enough: a person just seated through a REST call counts
        as connected before any socket of theirs opens (a match found while they look elsewhere).
        """
        occupant = self.table.seats[seat]
        if not occupant.connected or occupant.player is None:
            return False
        return self.connected_to(seat) > 0 or occupant.player in self.elsewhere
