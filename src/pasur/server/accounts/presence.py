"""Who is online: an account seen by any server process in the last :data:`ONLINE` seconds.

The session guard sees every request and socket of a signed-in device and reports it here; a
process writes an account's ``presence`` row at most once per :data:`WRITE_EVERY` seconds, so
being online costs one small write a minute, and every process answers the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from pasur.server.db.account_rows import PresenceRow
from pasur.server.db.database import Database

ONLINE = 120.0
"""Seconds an account counts as online after it was last seen."""

WRITE_EVERY = 60.0
"""Seconds a process waits before it writes the same account's presence again."""


class Presence:
    """Records and answers who is online."""

    def __init__(self, database: Database, clock: Callable[[], float] = time.monotonic) -> None:
        self._engine = database.engine
        self._clock = clock
        self._written: dict[str, float] = {}

    async def seen(self, account_id: str) -> None:
        """The account made a request just now."""
        now = self._clock()
        if now - self._written.get(account_id, -WRITE_EVERY) < WRITE_EVERY:
            return
        if len(self._written) > 10_000:
            self._written.clear()
        self._written[account_id] = now
        moment = datetime.now(UTC)
        async with self._engine.begin() as connection:
            changed = await connection.execute(
                update(PresenceRow)
                .where(PresenceRow.account_id == account_id)
                .values(seen_at=moment)
            )
            if changed.rowcount:
                return
            try:
                async with connection.begin_nested():
                    await connection.execute(
                        insert(PresenceRow).values(account_id=account_id, seen_at=moment)
                    )
            except IntegrityError:  # pragma: no cover - another process wrote it first
                pass

    async def online(self, account_ids: Iterable[str]) -> set[str]:
        """Which of the accounts are online."""
        ids = sorted(set(account_ids))
        if not ids:
            return set()
        since = datetime.now(UTC) - timedelta(seconds=ONLINE)
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(PresenceRow.account_id).where(
                    PresenceRow.account_id.in_(ids), PresenceRow.seen_at >= since
                )
            )
            return {row.account_id for row in rows}
