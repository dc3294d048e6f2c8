"""Table leases in the real Redis: acquire, renew, expire, steal after expiry, release; and the
keeper process that renews them, which a busy event loop does not hold up and a stuck one does,
and which gives them up when its server stops (or dies)."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import pytest
from cluster_support import fresh_prefix, redis_url
from redis.asyncio import Redis

from pasur.server.cluster import keeper
from pasur.server.cluster.leases import Leases
from pasur.server.cluster.renewal import Renewer

TTL = 0.3

Check = Callable[[Leases, Leases], Awaitable[None]]


def with_two_processes(check: Check, ttl: float = TTL) -> None:
    """Run ``check`` with two processes' leases on the test Redis (``ttl`` long, own prefix)."""
    url = redis_url()

    async def run() -> None:
        client = Redis.from_url(url)
        prefix = fresh_prefix()
        try:
            await check(
                Leases(client, prefix=prefix, owner="process-a", ttl=ttl),
                Leases(client, prefix=prefix, owner="process-b", ttl=ttl),
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


RENEWED_TTL = 1.5
"""The lease of the renewal test: renewed every third of it, so a renewal may come a whole second
late (a loaded machine's sleep) before the lease runs out; with 0.3 s, CI once saw it run out."""


def test_renewing_keeps_the_lease_past_its_time() -> None:
    async def check(a: Leases, b: Leases) -> None:
        assert await a.acquire("t1")
        for _ in range(4):  # two seconds in all: past the lease's own 1.5
            await asyncio.sleep(RENEWED_TTL / 3)
            assert await a.renew("t1")
        assert not await b.acquire("t1")
        assert not await b.renew("t1"), "only the holder renews"
        assert await a.holder("t1") == "process-a"

    with_two_processes(check, RENEWED_TTL)


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


# The lease keeper (pasur.server.cluster.keeper, renewal).


def spin(seconds: float) -> None:
    """Keep the event loop busy (holding the GIL but for CPython's switches) for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def with_a_keeper(
    check: Callable[[Leases, Leases, Renewer, list[str]], Awaitable[None]], ttl: float = TTL
) -> None:
    """Run ``check`` with process a's leases renewed by a keeper (which takes the loop for stuck
    after 0.5 s), the tables it reports lost, and process b's leases."""

    async def both(a: Leases, b: Leases) -> None:
        lost: list[str] = []
        renewer = Renewer(redis_url(), a, lost.extend, stall_limit=0.5)
        await renewer.start()
        try:
            await check(a, b, renewer, lost)
        finally:
            await renewer.stop()

    with_two_processes(both, ttl)


def test_a_busy_event_loop_keeps_its_leases() -> None:
    """The loop is busy for three lease times (with the renewals on it, the lease ran out)."""

    async def check(a: Leases, b: Leases, renewer: Renewer, lost: list[str]) -> None:
        assert await a.acquire("t1")
        for _ in range(8):
            spin(TTL * 3 / 8)
            await asyncio.sleep(0)  # the loop turns now and then, as a busy one does
        assert not await b.acquire("t1")
        assert await a.holder("t1") == "process-a" and lost == []

    with_a_keeper(check)


def test_a_stuck_event_loop_lets_its_leases_run_out() -> None:
    async def check(a: Leases, b: Leases, renewer: Renewer, lost: list[str]) -> None:
        assert await a.acquire("t1")
        spin(0.5 + TTL * 2)  # stuck past the stall limit, then past the lease
        assert await b.acquire("t1"), "the lease ran out while the loop was stuck"
        await asyncio.sleep(TTL)
        assert lost == ["t1"], "once the loop runs again, the table is reported lost, once"
        assert a.held() == []

    with_a_keeper(check)


def test_a_stopping_server_s_keeper_gives_its_leases_up_at_once() -> None:
    """As when the server dies: the keeper's input closes. (The leases last 5 s here.)"""

    async def check(a: Leases, b: Leases, renewer: Renewer, lost: list[str]) -> None:
        for table_id in ("t1", "t2"):
            assert await a.acquire(table_id)
        await asyncio.sleep(0.3)  # the keeper has heard of both
        await renewer.stop()
        assert await b.free(["t1", "t2"]) == ["t1", "t2"]

    with_a_keeper(check, ttl=5.0)


def test_a_keeper_that_dies_is_started_again_and_keeps_the_leases() -> None:
    """With a lease long enough to start a process in (a second, here; 2 s by default)."""

    async def check(a: Leases, b: Leases, renewer: Renewer, lost: list[str]) -> None:
        assert await a.acquire("t1")
        process = renewer._process
        assert process is not None
        process.kill()
        await asyncio.sleep(2.0)
        assert renewer._process is not process
        assert not await b.acquire("t1") and lost == []

    with_a_keeper(check, ttl=1.0)


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("redis://127.0.0.1:1/0", "Connection refused"),
        ("redis://:not-the-password@{host}:{port}/0", "AUTH"),  # this Redis has no password
    ],
)
def test_a_keeper_that_cannot_reach_redis_stops_the_server_starting(url: str, reason: str) -> None:
    test_redis = urlsplit(redis_url())
    url = url.format(host=test_redis.hostname, port=test_redis.port or 6379)

    async def check(a: Leases, b: Leases) -> None:
        with pytest.raises(OSError, match=f"the lease keeper cannot reach Redis: .*{reason}"):
            await Renewer(url, a, print).start()

    with_two_processes(check)


def test_one_round_trip_renews_every_lease_and_names_those_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(keeper, "CHUNK", 2)  # three calls of the script in the pipeline

    async def check(a: Leases, b: Leases) -> None:
        reports = io.BytesIO()
        config = {"url": redis_url(), "prefix": a.prefix, "owner": a.owner, "ttl": TTL}
        kept = keeper.Keeper(config | {"stall_limit": 10}, reports)
        for table_id in ("t1", "t3", "t5"):
            assert await a.acquire(table_id)
        assert await b.acquire("t2")
        kept.held = {"t1", "t2", "t3", "t4", "t5"}
        for _ in range(3):
            await asyncio.sleep(TTL / 2)
            await asyncio.to_thread(kept.renew)
            assert kept.held == {"t1", "t3", "t5"}
        kept.redis.close()
        assert reports.getvalue() == b"lost t2\nlost t4\n", "reported once"
        tables = ["t1", "t2", "t3", "t4", "t5"]
        assert await b.free(tables) == ["t2", "t4"], "a's lasted three half leases; b's ran out"

    with_two_processes(check)
