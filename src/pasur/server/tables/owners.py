"""The one-process :class:`LocalOwnership`: this process writes every table.

It is the default :class:`~pasur.server.tables.manager.Ownership` of a table manager (the
interface is the manager's, beside the code that asks it); a cluster's is
:class:`pasur.server.cluster.ownership.RedisOwnership`. It needs nothing of the manager but to
resume its unfinished tables at start (:class:`Resumable`), so this module does not import the
manager and the arrows point one way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pasur.protocol import Event
from pasur.protocol.frames import ChatLine, EmoteShown
from pasur.server.tables.commands import Command, SeatTokens
from pasur.server.tables.live import LiveTable


class Resumable(Protocol):
    """What starting asks of the tables: resume every one with something to do soon."""

    async def resume_unfinished(self) -> None: ...


class LocalOwnership:
    """One process writes every table: nothing to share, nothing to forward."""

    async def start(self, tables: Resumable) -> None:
        """Resume every table that has something to do by itself soon (after a restart)."""
        await tables.resume_unfinished()

    async def pause(self) -> None:
        return None

    async def stop(self, written: Sequence[str]) -> None:
        return None

    async def claim(self, table_id: str) -> bool:
        return True

    async def created(self, live: LiveTable) -> None:
        return None

    def resumed(self, live: LiveTable) -> None:
        return None

    async def forward(self, live: LiveTable, command: Command) -> list[Event] | None:
        return None  # never asked: every table is written here

    def stored(self, live: LiveTable, events: list[Event], seats: SeatTokens | None) -> None:
        return None

    def said(self, live: LiveTable, line: ChatLine | EmoteShown) -> None:
        return None

    def left(self, live: LiveTable, seat: int) -> None:
        return None

    def forget(self, table_id: str, written: bool) -> None:
        return None
