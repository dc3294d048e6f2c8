"""Following a table another process writes: a replica kept up to date, and its sockets served.

A process with sockets at a table it does not write keeps a replica: rebuilt from the database's
log, then advanced with the steps the writer publishes, in number order. A gap in the numbers (a
message lost while the subscriber reconnected), or a step that does not apply, is filled from the
database, never from pub/sub: the log is the source of truth, pub/sub only a fast path. Each new
event is rendered here for each local socket's recipient, so hidden cards never cross Redis
rendered for a client, and snapshots and hints are read from the replica.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from pasur.protocol import Event, JSONObject, Refused
from pasur.server.tables.live import LiveTable, clock
from pasur.server.tables.manager import TableManager

log = logging.getLogger("pasur.server.cluster")


class Replicas:
    """The replicas of one process's table manager."""

    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def advance_locked(
        self, live: LiveTable, stored: Sequence[JSONObject], seats: Mapping[str, str] | None
    ) -> list[Event]:
        """Apply published events that follow the replica's version (the table's lock is held),
        and send them to the sockets here; a gap (or anything unreadable) is read from the
        database instead."""
        version = live.table.version
        fresh = [e for e in stored if isinstance(e.get("n"), int) and _number(e) > version]
        if fresh and _number(fresh[0]) != version + 1:
            return await self.catch_up_locked(live)
        try:
            new = live.table.follow(fresh, now=clock())
        except Refused:
            log.warning("table %s: a published step did not apply; reading the log", live.id)
            return await self.catch_up_locked(live)
        if seats is not None:
            self.new_seats(live, seats)
        self.tables.broadcast(live, new)
        return new

    async def catch_up_locked(self, live: LiveTable) -> list[Event]:
        """Read the table's log from the database and apply what the replica lacks."""
        stored = await self.tables.store.load(live.id)
        if stored is None:  # pragma: no cover - tables are never deleted
            return []
        new = live.table.follow(stored.events, now=clock())
        self.new_seats(live, stored.seats)
        self.tables.broadcast(live, new)
        return new

    def new_seats(self, live: LiveTable, seats: Mapping[str, str]) -> None:
        """Take the writer's seat tokens; a socket whose token no longer opens its seat closes."""
        changed = {int(k) for k, v in live.seat_tokens.items() if seats.get(k) != v}
        live.seat_tokens = dict(seats)
        for connection in list(live.connections):
            if connection.recipient in changed:
                connection.close(1000, "you left your seat")


def _number(stored: JSONObject) -> int:
    number = stored.get("n")
    assert isinstance(number, int)
    return number
