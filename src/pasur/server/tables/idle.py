"""Correspondence tables out of memory while nothing happens at them (docs/alerts.md).

Thousands of tables whose people play a move a day must not all sit in memory. A correspondence
table written here with no open socket, not asked for lately, and no clock running out soon is
unloaded (:meth:`TableManager.unload_idle`); its stored ``wake_at`` (when it next acts by
itself) keeps it in the database until its clock comes near, and its next frame or REST call
loads it from its event log, as after a restart.
"""

from __future__ import annotations

from collections.abc import Iterable

from pasur.server.tables.live import LiveTable, to_wall
from pasur.server.tables.table import Table

IDLE_SWEEP = 30.0
"""Seconds between two looks for idle correspondence tables to unload, and due ones to load."""

IDLE_AFTER = 60.0
"""Seconds a correspondence table with no socket is kept after it was last asked for."""

WAKE_AHEAD = 600.0
"""A correspondence table whose clock runs out within this many seconds stays in memory (and is
loaded again this long before): its timer is then this process's to run."""

NO_WAKE = 1e15
"""The ``wake_at`` of a correspondence table with nothing due (seconds since the epoch)."""


def wake_at(table: Table) -> float | None:
    """When a correspondence table next acts by itself, as stored (None at other tables)."""
    if not table.config.correspondence:
        return None
    deadline = table.next_deadline()
    return NO_WAKE if deadline is None else to_wall(deadline)


def idle_tables(tables: Iterable[LiveTable], now: float) -> list[LiveTable]:
    """The correspondence tables written here with no socket open, not asked for in
    :data:`IDLE_AFTER` seconds, and no clock running out within :data:`WAKE_AHEAD`."""
    idle = []
    for live in tables:
        deadline = live.table.next_deadline()
        if (
            live.owned
            and live.table.config.correspondence
            and not any(not c.closed for c in live.connections)
            and not live.lock.locked()
            and now - live.used_at > IDLE_AFTER
            and (deadline is None or deadline - now > WAKE_AHEAD)
        ):
            idle.append(live)
    return idle
