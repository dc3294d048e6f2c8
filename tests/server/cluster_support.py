"""What the cluster tests share: the real Redis, or a skip that says why.

The tests run against the Redis named by ``PASUR_TEST_REDIS_URL`` (``.ci/run`` sets it; the
PostgreSQL side is in ``database_support``). Every test gets a Redis key prefix of its own, so
runs on one Redis never see each other's leases or channels, and tables have random ids.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator

from database_support import service_url
from redis.asyncio import Redis

from pasur.server.cluster.ownership import RedisOwnership
from pasur.server.db.database import Database
from pasur.server.tables.manager import TableManager
from pasur.server.tables.store import TableStore

REDIS_ENV = "PASUR_TEST_REDIS_URL"


def redis_url() -> str:
    """The test Redis, or a skip with the reason."""
    return service_url(
        REDIS_ENV, "redis://127.0.0.1:6379/0", "to run the tests of several server processes"
    )


def fresh_prefix() -> str:
    """A Redis key prefix no other test run uses."""
    return f"pasur-test-{secrets.token_hex(6)}:"


def cluster_manager(
    store: TableStore, url: str, *, prefix: str, lease_ttl: float, process_id: str
) -> TableManager:
    """A table manager sharing its tables through the Redis at ``url``: one process of a cluster."""
    redis = Redis.from_url(url)
    ownership = RedisOwnership(
        redis, url=url, prefix=prefix, lease_ttl=lease_ttl, process_id=process_id
    )
    return TableManager(store, ownership=ownership)


def cluster(manager: TableManager) -> RedisOwnership:
    """The cluster side of a manager made by :func:`cluster_manager`."""
    assert isinstance(manager.ownership, RedisOwnership)
    return manager.ownership


@contextlib.asynccontextmanager
async def two_processes(
    backend: str, url: str, *, lease_ttl: float = 1.0
) -> AsyncIterator[tuple[Database, TableManager, TableManager]]:
    """Processes ``a`` and ``b`` of one cluster (a Redis prefix of their own, at ``url``) on the
    database at ``backend``, started; stopped, and the database closed, afterwards."""
    database = Database(backend)
    await database.upgrade()
    prefix = fresh_prefix()
    a, b = (
        cluster_manager(TableStore(database), url, prefix=prefix, lease_ttl=lease_ttl, process_id=p)
        for p in ("a", "b")
    )
    await a.start()
    await b.start()
    try:
        yield database, a, b
    finally:
        await a.stop()
        await b.stop()
        await database.close()
