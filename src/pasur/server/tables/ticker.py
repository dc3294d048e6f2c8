"""The task that ticks a live table at its deadlines, so that bots, turn timers and disconnect
grace act with nobody sending anything.

One task per table this process writes (:meth:`TableManager.start_timer`). It sleeps until
:meth:`~pasur.server.tables.table.Table.next_deadline`, or until the table's ``wake`` event says
the deadline moved, and runs a :class:`~pasur.server.tables.commands.Tick` through the manager's
``act`` (under the table's lock, stored before it is sent, as every change).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from pasur.protocol import Event, Refused
from pasur.server.tables.commands import Command, Tick
from pasur.server.tables.live import LiveTable, clock

log = logging.getLogger("pasur.server.tables")

Act = Callable[[LiveTable, Command], Awaitable[list[Event]]]
""":meth:`TableManager.act`: run a command on a table, store it, send it."""


async def tick_at_deadlines(live: LiveTable, act: Act) -> None:
    """Tick the table whenever its next deadline comes (while this process writes it)."""
    while not live.dropped and live.owned:
        deadline = live.table.next_deadline()
        live.wake.clear()
        if deadline is None:
            await live.wake.wait()
            continue
        delay = deadline - clock()
        if delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), delay)
            continue
        try:
            await act(live, Tick())
        except Refused:
            if live.dropped:
                return
            log.warning("table %s could not tick", live.id)
            await asyncio.sleep(1.0)
        except Exception:  # pragma: no cover - the table itself guards against bot failures
            log.exception("table %s could not tick", live.id)
            await asyncio.sleep(1.0)
