"""Shedding load at the door when the event loop falls behind.

A process whose event loop is behind (more sockets than it can serve, a hog on its cores) must
not take on more: every table it has would slow down, and a slow table's people leave it. So a
small task measures how late the loop wakes it (:class:`LoopLag`); once it has been
:data:`SHED_AT` late :data:`SUSTAINED` times in a row, the doors close for :data:`CALM_FOR`
seconds (one stall, a collection or a migration at start-up, closes nothing): new tables, the
quick-match queue and new spectators' sockets are refused ``unavailable`` (HTTP 503 with
``Retry-After``; a socket gets the error frame and the close code that says "reconnect a little
later"), while the tables already playing go on. Nothing is dropped or queued; a client tries again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from starlette.requests import HTTPConnection

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.state import shared

EVERY = 0.1
"""Seconds between the watcher's wake-ups."""

SHED_AT = 0.3
"""Seconds late a wake-up must be to count: far beyond any healthy loop's lag (a millisecond or
two), and short enough that a person at a table has hardly noticed."""

SUSTAINED = 4
"""Late wake-ups in a row that close the doors: over a second of a loop behind, which a passing
stall (or a test process short of a core for a moment) does not make."""

CALM_FOR = 3.0
"""Seconds the doors stay closed after the last late wake-up."""

RETRY_AFTER = 5
"""Seconds a refused client is told to wait (``Retry-After``)."""

BUSY = "the server is too busy to take on more just now; try again in a few seconds"


class LoopLag:
    """How late the event loop runs, and whether new work is refused because of it.

    Args:
        clock: seconds, monotonic (injectable for tests).
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._in_a_row = 0
        self._closed_until = float("-inf")

    async def watch(self, every: float = EVERY) -> None:
        """Measure the loop's lateness every ``every`` seconds, until cancelled."""
        while True:
            started = self.clock()
            await asyncio.sleep(every)
            self.observe(self.clock() - started - every)

    def observe(self, late: float) -> None:
        """Count one wake-up ``late`` seconds late."""
        self._in_a_row = self._in_a_row + 1 if late >= SHED_AT else 0
        if self._in_a_row >= SUSTAINED:
            self._closed_until = self.clock() + CALM_FOR

    @property
    def behind(self) -> bool:
        """Whether the doors are closed."""
        return self.clock() < self._closed_until

    def refuse_if_behind(self) -> None:
        """Raises:
        Refused: ``unavailable`` while the doors are closed."""
        if self.behind:
            raise Refused(ErrorCode.UNAVAILABLE, BUSY)


def door(connection: HTTPConnection) -> None:
    """A route's dependency: refuse new work while the loop is behind (``app.state.loop_lag``).

    Raises:
        Refused: ``unavailable``.
    """
    shared(connection, "loop_lag", LoopLag).refuse_if_behind()
