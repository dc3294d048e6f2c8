"""Tables out of memory while nothing happens at them (docs/performance.md, "Memory over thousands
of games"; docs/alerts.md).

A process that kept every table it ever loaded would grow with every game played, until it
restarts. So a table written here leaves memory (:meth:`TableManager.unload_idle`) once nothing
can happen at it without someone asking: no socket open at it here (and, with Redis, no seated
person's socket at another process), not asked for (nor a socket closed) in :data:`IDLE_AFTER`
seconds, no step being taken, and nothing due within :data:`WAKE_AHEAD` seconds (a bot's play,
a turn timer, a grace). That is a finished table everyone has left, a table waiting for players
nobody is at, an abandoned one, and an idle correspondence table alike. Its next frame or REST
call loads it from its event log, as after a restart.

What keeps it in the database until then is its stored ``wake_at``, written with every step
(:func:`wake_at`): the table is resumed at start-up, and by the sweep, only when it has something
to do by itself soon.
"""

from __future__ import annotations

from collections.abc import Iterable

from pasur.server.tables.live import LiveTable, to_wall
from pasur.server.tables.seats import Status
from pasur.server.tables.table import Table

IDLE_SWEEP = 10.0
"""Seconds between two looks for tables to unload, and (with one process) due ones to load."""

IDLE_AFTER = 30.0
"""Seconds a table with no socket is kept after it was last asked for, or its last socket closed
(a reconnect finds it): longer than a new socket has for its hello (10 s), so a table is never
let go between a socket's opening and its hello."""

WAKE_AHEAD = 600.0
"""A table whose clock runs out within this many seconds stays in memory (and is loaded again
this long before): its timer is then this process's to run."""

NO_WAKE = 1e15
"""The ``wake_at`` of a table with nothing due (seconds since the epoch)."""


def wake_at(table: Table, now: float) -> float:
    """When the table next needs a writer by itself, as stored (seconds since the epoch).

    A correspondence table: its next deadline (its turn timer). A real-time game being played:
    at once (``now``): were its writer to go away (a restart, a crash), its people's sockets went
    with it, so it is resumed at once, they are marked gone, and their grace and stand-ins finish
    the game. Any other table (waiting for players, finished) does nothing by itself.
    """
    if table.status is Status.PLAYING and not table.config.correspondence:
        return to_wall(now)
    deadline = table.next_deadline()
    return NO_WAKE if deadline is None else to_wall(deadline)


def idle_tables(tables: Iterable[LiveTable], now: float) -> list[LiveTable]:
    """The tables written here with no socket open (here, or a seated person's elsewhere), no
    step being taken, not used (asked for, or a socket closed) in :data:`IDLE_AFTER` seconds,
    and no clock running out within :data:`WAKE_AHEAD`."""
    idle = []
    for live in tables:
        deadline = live.table.next_deadline()
        if (
            live.owned
            and not any(not c.closed for c in live.connections)
            and not live.elsewhere
            and not live.lock.locked()
            and now - live.used_at > IDLE_AFTER
            and (deadline is None or deadline - now > WAKE_AHEAD)
        ):
            idle.append(live)
    return idle
