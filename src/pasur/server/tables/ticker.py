"""The task that ticks a live table at its deadlines, so that bots, turn timers and disconnect
grace act with nobody sending anything.

One task per table this process writes (:meth:`TableManager.start_timer`). It sleeps until
:meth:`~pasur.server.tables.table.Table.next_deadline`, or until the table's ``wake`` event says
the deadline moved, and runs a :class:`~pasur.server.tables.commands.Tick` through the manager's
``act`` (under the table's lock, stored before it is sent, as every change).

When a searching bot's turn begins at a table that searches elsewhere, the task asks
``think`` for its move at once, outside the table's lock, waits out the rest of the bot's think
time, and sends the answer as a :class:`~pasur.server.tables.commands.BotMove`: the event loop
(and the table: a person may leave meanwhile, and the answer then counts for nothing) goes on
while the bot thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from pasur.protocol import Event, Refused
from pasur.rules import Move
from pasur.server.tables.commands import BotMove, Command, Tick
from pasur.server.tables.live import LiveTable, clock
from pasur.server.tables.timers import Thought, bot_move
from pasur.server.thinking import Thinkers

log = logging.getLogger("pasur.server.tables")

Act = Callable[[LiveTable, Command], Awaitable[list[Event]]]
""":meth:`TableManager.act`: run a command on a table, store it, send it."""


async def searched(thinkers: Thinkers, thought: Thought) -> Move:
    """A bot's move from the worker processes; the first legal move if the search failed (a
    failing bot never stops a table, :class:`~pasur.server.tables.timers.Bots`)."""
    try:
        return await thinkers.run(
            bot_move, thought.level, thought.view, thought.legal, thought.seed
        )
    except Exception:
        log.exception("the %s bot's search failed; playing %s", thought.level, thought.legal[0])
        return thought.legal[0]


async def tick_at_deadlines(live: LiveTable, act: Act, thinkers: Thinkers | None) -> None:
    """Tick the table whenever its next deadline comes (while this process writes it); its
    searching bots think in ``thinkers`` (None: the table searches in its tick)."""
    while not live.dropped and live.owned:
        deadline = live.table.next_deadline()
        live.wake.clear()
        if deadline is None:
            await live.wake.wait()
            continue
        thought = live.table.thought_due(clock()) if thinkers is not None else None
        command: Command = Tick()
        if thought is not None and thinkers is not None:
            move = await searched(thinkers, thought)
            # The bot thinks while it searches: its move is played when its think time is up
            # (the table's version says whether anything happened meanwhile).
            while (rest := deadline - clock()) > 0:
                await asyncio.sleep(rest)
            command = BotMove(thought.seat, str(move), thought.version)
        elif (delay := deadline - clock()) > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), delay)
            continue
        try:
            await act(live, command)
        except Refused:
            if live.dropped:
                return
            log.warning("table %s could not tick", live.id)
            await asyncio.sleep(1.0)
        except Exception:  # pragma: no cover - the table itself guards against bot failures
            log.exception("table %s could not tick", live.id)
            await asyncio.sleep(1.0)
