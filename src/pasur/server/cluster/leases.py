"""Table leases in Redis: which server process owns (writes) each table, for a while.

A lease is the key ``{prefix}lease:{table_id}`` holding the owner's process id, set with ``NX``
and a time to live. The owner renews it well before it runs out (all of its leases at once, from
a process of their own: :mod:`~pasur.server.cluster.keeper`, which gives them up the moment its
server dies); a process that dies stops renewing, the key expires, and another process may take
the table. Renewing and releasing compare the holder first (in a Lua script, so nothing slips
between the read and the write): a process never extends or deletes a lease another process took
after its own ran out.

The lease decides who runs a table's writer and timers; it is not what keeps two writers from
both storing. That fence is the database's: ``table_events`` has the key ``(table_id, n)``, so of
two processes that both believe they own a table (one paused past its lease), the second to
store event ``n`` fails and drops its copy of the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis

from pasur.server.cluster.keeper import RELEASE, RENEW

log = logging.getLogger("pasur.server.cluster")

_HOLDER = """
return {redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1])}
"""

_HAND = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""
"""Give the lease ``KEYS[1]`` that ``ARGV[1]`` holds to ``ARGV[2]`` for ``ARGV[3]`` milliseconds, in
one step: the lease is never free in between, so no third process can take it then."""


class Leases:
    """The leases of one process (``owner``), each ``ttl`` seconds long."""

    def __init__(self, redis: Redis, *, prefix: str, owner: str, ttl: float) -> None:
        if ttl <= 0:
            raise ValueError("a lease lasts a positive number of seconds")
        self._redis = redis
        self.prefix = prefix
        self.owner = owner
        self.ttl = ttl
        self._held: set[str] = set()
        self.changed: Callable[[str, bool], None] | None = None
        """Called with a table whose lease this process took (True) or gave up or lost (False):
        the lease keeper renews what it is told is held."""
        self._renew: Any = redis.register_script(RENEW)
        self._release: Any = redis.register_script(RELEASE)
        self._holder: Any = redis.register_script(_HOLDER)
        self._hand: Any = redis.register_script(_HAND)

    def key(self, table_id: str) -> str:
        return f"{self.prefix}lease:{table_id}"

    @property
    def ttl_ms(self) -> int:
        return max(1, round(self.ttl * 1000))

    def held(self) -> list[str]:
        """The tables whose lease this process took and has not seen lost or let go."""
        return list(self._held)

    def note_lost(self, table_ids: list[str]) -> None:
        """The keeper found these leases held by another process (or by none): renew them no
        more, unless this process takes or renews one of them again."""
        for table_id in table_ids:
            self._note(table_id, False)

    def _note(self, table_id: str, held: bool) -> None:
        if held == (table_id in self._held):
            return
        if held:
            self._held.add(table_id)
        else:
            self._held.discard(table_id)
        if self.changed is not None:
            self.changed(table_id, held)

    async def acquire(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it, or renew it if this process does.

        Taking it is logged, whatever the reason (a new table, a takeover, an orphan adopted): the
        log then shows every change of owner (``docs/deploy.md``, lease churn).
        """
        taken = await self._redis.set(self.key(table_id), self.owner, nx=True, px=self.ttl_ms)
        if taken:
            log.info("process %s owns table %s", self.owner, table_id)
            self._note(table_id, True)
            return True
        return await self.renew(table_id)

    async def renew(self, table_id: str) -> bool:
        """Extend this process's lease by a full ``ttl``; False if it holds the lease no more."""
        lost = await self._renew(keys=[self.key(table_id)], args=[self.owner, self.ttl_ms])
        self._note(table_id, not lost)
        return not lost

    async def release(self, table_id: str) -> bool:
        """Give the lease up (if this process still holds it), so another may take it at once."""
        self._note(table_id, False)
        return bool(await self._release(keys=[self.key(table_id)], args=[self.owner]))

    async def hand(self, table_id: str, to: str) -> bool:
        """Give this process's lease of the table to the process ``to``, which renews it from its
        reply on (:meth:`took`); False if this process held it no more."""
        self._note(table_id, False)
        handed = await self._hand(keys=[self.key(table_id)], args=[self.owner, to, self.ttl_ms])
        return bool(handed)

    async def took(self, table_id: str) -> bool:
        """Start renewing a lease another process handed to this one (:meth:`hand`), logged as any
        change of owner is; False if it is not held here (it ran out meanwhile)."""
        if not await self.renew(table_id):
            return False
        log.info("process %s owns table %s", self.owner, table_id)
        return True

    async def free(self, table_ids: list[str]) -> list[str]:
        """The tables among ``table_ids`` whose lease nobody holds (one round trip)."""
        if not table_ids:
            return []
        holders = await self._redis.mget([self.key(table_id) for table_id in table_ids])
        return [table_id for table_id, held in zip(table_ids, holders, strict=True) if held is None]

    async def holder(self, table_id: str) -> str | None:
        """The process that holds the table's lease, or None."""
        value = await self._redis.get(self.key(table_id))
        return _text(value)

    async def holder_for(self, table_id: str) -> tuple[str | None, float]:
        """The process that holds the table's lease (or None), and the seconds the lease has
        left unless renewed (0 when nobody holds it); read together in one round trip."""
        value, left_ms = await self._holder(keys=[self.key(table_id)])
        holder = _text(value)
        if holder is None or not isinstance(left_ms, int) or left_ms < 0:
            return holder, 0.0
        return holder, left_ms / 1000


def _text(value: object) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)
