"""Who writes a table: the :class:`Ownership` a table manager asks, and the one-process kind.

Which process writes a table is the manager's :class:`Ownership` to say: this one alone
(:class:`LocalOwnership`, the default), or one of several sharing a database
(:class:`pasur.server.cluster.ownership.RedisOwnership`), in which case a command for a table
written elsewhere is forwarded there and the table here follows. The interface is defined here,
beside the manager that uses it, so the arrows point one way: the cluster knows the tables, not
the reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from pasur.protocol import Event
from pasur.protocol.frames import ChatLine, EmoteShown
from pasur.server.tables.commands import Command, SeatTokens
from pasur.server.tables.live import LiveTable

if TYPE_CHECKING:
    from pasur.server.tables.manager import TableManager


class Ownership(Protocol):
    """What a table manager asks about who writes its tables, at the few moments that differ:

    - before loading a table, whether this process is to write it (:meth:`claim`);
    - for a command at a table written elsewhere, to run it there (:meth:`forward`);
    - after a table is resumed here, after each stored step, after a chat line, when a seat's
      last socket here closes, when a table is let go, and when the manager starts and stops.
    """

    async def start(self, tables: TableManager) -> None:
        """The manager is starting: take and resume the tables that are this process's to run."""

    async def pause(self) -> None:
        """The manager is stopping: take no more tables (the tables are stopped next)."""

    async def stop(self, written: Sequence[str]) -> None:
        """The manager has stopped; ``written`` are the ids of the tables this process wrote."""

    async def claim(self, table_id: str) -> bool:
        """A table is about to be loaded: whether this process writes it (taking it if free)."""

    async def created(self, live: LiveTable) -> None:
        """A table made here, stored and written by this process."""

    def resumed(self, live: LiveTable) -> None:
        """This process has just started writing ``live`` (loaded it, or taken it over) and
        marked gone the people with no socket here."""

    async def forward(self, live: LiveTable, command: Command) -> list[Event] | None:
        """Run ``command`` where ``live`` (a table this process does not write) is written, and
        bring ``live`` up to date; None when no process wrote it and this one took it instead.

        Raises:
            Refused: the writer refused the command, or ``unavailable``.
        """

    def stored(self, live: LiveTable, events: list[Event], seats: SeatTokens | None) -> None:
        """A step of a table written here was stored and sent to its sockets here."""

    def said(self, live: LiveTable, line: ChatLine | EmoteShown) -> None:
        """A chat line was said (or an emote shown) at a table here."""

    def left(self, live: LiveTable, seat: int) -> None:
        """The last socket here of a seated person closed, and they were marked gone."""

    def forget(self, table_id: str, written: bool) -> None:
        """This process holds the table no more (there is no such table, its step could not be
        stored, or nobody here follows it); ``written``: it was the table's writer."""


class LocalOwnership:
    """One process writes every table: nothing to share, nothing to forward."""

    async def start(self, tables: TableManager) -> None:
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
