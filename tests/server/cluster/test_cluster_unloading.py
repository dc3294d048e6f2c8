"""A table its writer lets go in a cluster (two managers in one event loop, one database, the real
Redis): the writer's lease is released, the other process's replica does not take it (nothing
needs a writer), its lobby does not hold the table while nobody is at it, and whichever process
is asked next loads it from the database and writes it."""

from __future__ import annotations

import asyncio

from cluster_support import cluster, redis_url, two_processes
from time_support import fake_clock

from pasur.server.tables.commands import Join
from pasur.server.tables.config import TableConfig
from pasur.server.tables.idle import IDLE_AFTER
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest


def test_a_table_let_go_releases_its_lease_and_is_loaded_where_it_is_asked_for(
    backend: str,
) -> None:
    url = redis_url()

    async def run() -> None:
        async with two_processes(backend, url) as (_, a, b):
            with fake_clock() as fake:
                public = TableConfig(players=2, private=False)
                live = await a.create(public, "dara", {})
                await a.act(live, Join(Player("dara", "Dara"), 0, token_digest("d")))
                leases = cluster(a).leases
                assert await leases.holder(live.id) == "a"
                await cluster(b).follow_lobby()
                replica = b.tables[live.id]  # listed at b too
                assert not replica.owned

                fake.shift += IDLE_AFTER + 1
                assert await a.unload_idle() == [live.id]
                assert live.id not in a.tables
                for _ in range(100):
                    if await leases.holder(live.id) is None:
                        break
                    await asyncio.sleep(0.02)
                # Released, and not taken by b's replica, which nothing needs (a few upkeeps on).
                await asyncio.sleep(1.0)
                assert await leases.holder(live.id) is None and not replica.owned
                b.drop(replica, 1000, "nobody here follows the table")  # as b's upkeep will
                await cluster(b).follow_lobby()  # nobody holds it: nobody is at it
                assert live.id not in b.tables

                again = await b.get(live.id)  # someone asks at b: b loads it and writes it
                assert again is not None and again.owned
                assert again.table.seats[0].player == "dara"
                assert await leases.holder(live.id) == "b"
                await cluster(a).follow_lobby()  # held again: the lobby lists it everywhere
                assert not a.tables[live.id].owned

    asyncio.run(run())
