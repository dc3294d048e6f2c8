"""Table leases in the real Redis: acquire, renew, expire, steal after expiry, release."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from cluster_support import fresh_prefix, redis_url
from redis.asyncio import Redis

from pasur.server.cluster.leases import Leases

TTL = 0.3

Check = Callable[[Leases, Leases], Awaitable[None]]


def with_two_processes(check: Check) -> None:
    """Run ``check`` with two processes' leases on the test Redis (short-lived, own prefix)."""
    url = redis_url()

    async def run() -> None:
        client = Redis.from_url(url)
        prefix = fresh_prefix()
        try:
            await check(
                Leases(client, prefix=prefix, owner="process-a", ttl=TTL),
                Leases(client, prefix=prefix, owner="process-b", ttl=TTL),
            )
        finally:
            keys = [key async for key in client.scan_iter(match=f"{prefix}*")]
            if keys:
                await client.delete(*keys)
            await client.aclose()

    asyncio.run(run())


def test_one_process_holds_a_table_at_a_time() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        assert not await b.acquire("t1")
        assert await a.holder("t1") == "process-a"
        assert await a.acquire("t1"), "the holder acquiring again renews"
        assert await b.acquire("t2"), "another table is free"

    with_two_processes(check)


def test_renewing_keeps_the_lease_past_its_time() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        for _ in range(4):
            await asyncio.sleep(TTL / 3)
            assert await a.renew("t1")
        assert not await b.acquire("t1")
        assert not await b.renew("t1"), "only the holder renews"
        assert await a.holder("t1") == "process-a"

    with_two_processes(check)


def test_an_expired_lease_is_taken_and_the_old_holder_cannot_renew_it() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        await asyncio.sleep(TTL * 1.5)
        assert await a.holder("t1") is None
        assert await b.acquire("t1")
        assert not await a.renew("t1"), "a lease taken by another is not extended"
        assert not await a.release("t1"), "nor deleted"
        assert await b.holder("t1") == "process-b"

    with_two_processes(check)


def test_release_frees_the_table_at_once() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        assert not await b.release("t1")
        assert await a.release("t1")
        assert await b.acquire("t1")

    with_two_processes(check)


def test_free_names_the_tables_nobody_holds() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        assert await b.acquire("t3")
        assert await a.free(["t1", "t2", "t3", "t4"]) == ["t2", "t4"]
        assert await a.free([]) == []

    with_two_processes(check)


def test_a_lease_lasts_a_positive_time() -> None:
    with pytest.raises(ValueError, match="positive"):
        Leases(Redis(), prefix="p:", owner="x", ttl=0)
