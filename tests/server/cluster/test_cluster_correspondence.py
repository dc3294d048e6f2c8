"""A correspondence table's day timer in a cluster of two managers (one event loop, one database,
the real Redis), on an injected clock: the writer's timer fires once and the follower only
has it from the database; when the writer dies a day later, the follower takes the table over
with the stored clock (not a fresh day) and the next timer fires once, there."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from cluster_support import cluster, redis_url, two_processes
from sqlalchemy import select
from time_support import fake_clock

from pasur.protocol import SPECTATOR
from pasur.server.db.database import Database
from pasur.server.db.rows import TableEventRow
from pasur.server.tables.commands import Join, Start
from pasur.server.tables.config import TableConfig
from pasur.server.tables.connections import Connection
from pasur.server.tables.live import LiveTable, clock
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest

DAY = 86_400


class Watcher:
    """A socket that reads nothing."""

    async def send_text(self, data: str) -> None:
        return None

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


LEASE_TTL = 0.6


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


async def timer_plays(database: Database, table_id: str) -> list[tuple[int, int]]:
    """The stored plays a timer made: (event number, seat)."""
    async with database.engine.connect() as connection:
        rows = await connection.execute(
            select(TableEventRow.n, TableEventRow.data)
            .where(TableEventRow.table_id == table_id, TableEventRow.kind == "played")
            .order_by(TableEventRow.n)
        )
        return [(n, data["seat"]) for n, data in rows if data["by"] == "timer"]


async def stored_plays(database: Database, table_id: str, count: int) -> list[tuple[int, int]]:
    """The timer's plays once ``count`` of them are stored (a step is in the table's history
    while it is being stored, before it is committed)."""
    for _ in range(500):
        plays = await timer_plays(database, table_id)
        if len(plays) >= count:
            assert len(plays) == count, plays
            return plays
        await asyncio.sleep(0.02)
    raise AssertionError(f"{count} timer plays were never stored")


def left_on(live: LiveTable) -> float:
    deadline = live.table.next_deadline()
    assert deadline is not None
    return deadline - clock()


def test_a_day_timer_fires_once_across_two_processes_and_a_takeover(backend: str) -> None:
    url = redis_url()

    async def run() -> None:
        async with two_processes(backend, url, lease_ttl=LEASE_TTL) as (database, a, b):
            with fake_clock() as fake:
                owned = await a.create(TableConfig(players=2, turn_timer=DAY), "dara", {})
                await a.act(owned, Join(Player("dara", "Dara"), 0, token_digest("d")))
                await a.act(owned, Join(Player("sima", "Sima"), 1, token_digest("s")))
                await a.act(owned, Start())
                replica = await b.get(owned.id)
                assert replica is not None and not replica.owned
                # A spectator's socket at b: b follows the table (a replica nobody watches is
                # let go after half a minute, and the injected clock jumps by days).
                await b.connect(replica, Connection(Watcher(), SPECTATOR), since=None)

                # The writer's timer fires a day later, once. b misses that step (it hears nothing
                # of the table meanwhile), so at its takeover it reads the play from the database,
                # as of then: only the stored clock can say when the next turn began.
                await cluster(b).bus.unwatch(owned.id)
                fake.shift += DAY
                owned.wake.set()
                first = await stored_plays(database, owned.id, 1)
                assert replica.table.version < owned.table.version

                # A day less a second later the writer dies (no lease renewed, no timer here).
                fake.shift += DAY - 3
                await cluster(a).pause()
                await cluster(a).renewer.stop()
                a.stop_timer(owned)
                # Taken over once its timer runs (the clock is restored before the timer starts).
                await until(lambda: replica.timer is not None, seconds=LEASE_TTL * 10)
                assert replica.owned
                assert left_on(replica) < 4  # the stored clock, not a fresh day at takeover
                plays = await stored_plays(database, owned.id, 2)
                await asyncio.sleep(0.3)
                assert await timer_plays(database, owned.id) == plays and plays[0] == first[0]
                assert plays[1][1] != plays[0][1], "the other seat's turn ran out"
                assert 0 < left_on(replica) - (DAY - 10) < 20

    asyncio.run(run())
