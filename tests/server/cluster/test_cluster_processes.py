"""Two ``pasur serve --redis`` processes on one PostgreSQL database: players connected to
different processes play together, and the owner's death loses no play and, at the default
lease, stops its tables for at most 3 s.

Each test starts two real server processes on free loopback ports, sharing a PostgreSQL database
of the test's own and the test Redis (with a key prefix of their own and, but for the failover
test, a short lease). The players are WebSocket clients that play the first legal move each time
an event gives them one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cluster_support import fresh_prefix, redis_url
from database_support import scratch_database
from process_support import WAIT, Player, Server, guest, launch, stop, wait_until_up
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

LEASE_TTL = 1.5

FAILOVER = 3.0
"""Seconds from an owner's death to the next event at its tables, at the default lease (issue
#29; docs/deploy.md, Takeover)."""


@pytest.fixture
def database() -> Iterator[str]:
    """A PostgreSQL database of this test's own (dropped after), so the servers resume no table
    another test left unfinished."""
    with scratch_database("cluster") as url:
        yield url


@pytest.fixture
def servers(tmp_path: Path, database: str) -> Iterator[tuple[Server, Server]]:
    """Two processes sharing a database and Redis, with a short lease."""
    with two_servers(tmp_path, database, str(LEASE_TTL)) as both:
        yield both


@pytest.fixture
def servers_at_the_default_lease(tmp_path: Path, database: str) -> Iterator[tuple[Server, Server]]:
    with two_servers(tmp_path, database, "") as both:
        yield both


@contextlib.contextmanager
def two_servers(tmp_path: Path, database: str, lease: str) -> Iterator[tuple[Server, Server]]:
    """Two processes sharing a database and Redis (``PASUR_LEASE_TTL`` ``lease``, where empty
    is the default); stopped (or reaped) afterwards."""
    redis, prefix = redis_url(), fresh_prefix()
    env = {"PASUR_REDIS_PREFIX": prefix, "PASUR_LEASE_TTL": lease}
    started = [
        launch(database, tmp_path / f"{name}.log", "--redis", redis, env=env) for name in "ab"
    ]
    try:
        for server in started:
            wait_until_up(server)
        yield started[0], started[1]
    finally:
        stop(started)


def table_for_two(creator_server: Server, other_server: Server) -> tuple[str, str, str]:
    """A table made and joined on the first server, joined and started on the second (so the
    join and the start are forwarded to the owner): its id and both seat tokens."""
    with guest(creator_server, "Dara") as dara, guest(other_server, "Sima") as sima:
        made = dara.post("/api/tables", json={"players": 2})
        made.raise_for_status()
        table_id = made.json()["table_id"]
        first = dara.post(f"/api/tables/{table_id}/join", json={"seat": 0})
        second = sima.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert second.status_code == 200, second.text
        assert second.json()["seat"] == 1
        started = sima.post(f"/api/tables/{table_id}/start")
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing"
        return table_id, first.json()["seat_token"], second.json()["seat_token"]


def round_ended(event: dict[str, Any]) -> bool:
    return bool(event["kind"] == "round_ended")


def plays_after(count: int) -> Callable[[dict[str, Any]], bool]:
    def done(event: dict[str, Any]) -> bool:
        return event["kind"] == "played" and event["n"] >= count

    return done


async def stored_version(db: str, table_id: str) -> int:
    engine = create_async_engine(db)
    try:
        async with engine.connect() as connection:
            found = await connection.scalar(
                text("SELECT max(n) FROM table_events WHERE table_id = :id"), {"id": table_id}
            )
            return int(found)
    finally:
        await engine.dispose()


async def stored_log(db: str, table_id: str) -> list[tuple[int, str, dict[str, Any]]]:
    engine = create_async_engine(db)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT n, kind, data FROM table_events WHERE table_id = :id ORDER BY n"),
                {"id": table_id},
            )
            return [(n, kind, data) for n, kind, data in rows]
    finally:
        await engine.dispose()


def assert_no_play_lost(log: list[tuple[int, str, dict[str, Any]]], players: list[Player]) -> None:
    """The stored numbers run 1, 2, 3 … and every play a player saw acknowledged is stored."""
    assert [n for n, _, _ in log] == list(range(1, len(log) + 1))
    stored = {n: (kind, data) for n, kind, data in log}
    seen_plays = {e["n"]: e for p in players for e in p.seen if e["kind"] == "played"}
    assert seen_plays, "no play was acknowledged"
    for n, event in seen_plays.items():
        kind, data = stored[n]
        assert kind == "played" and data["seat"] == event["seat"], (n, event, data)
        assert data["move"] == event["move"]


def assert_one_round_stored(database: str, table_id: str, players: list[Player]) -> None:
    """The table's stored log holds one whole round (2 × 24 plays, then its end), and every play
    a player saw acknowledged."""
    log = asyncio.run(stored_log(database, table_id))
    assert_no_play_lost(log, players)
    assert sum(1 for _, kind, _ in log if kind == "played") == 48, "a whole round of 2 × 24 cards"
    assert sum(1 for _, kind, _ in log if kind == "round_ended") == 1


async def finish_round(players: list[Player], survivor: Server) -> None:
    """Every player plays on to the round's end; a round that never ends says where each player
    stood and what the surviving server wrote."""
    rest = asyncio.gather(*(p.play_until(round_ended) for p in players))
    try:
        await asyncio.wait_for(rest, WAIT)
    except TimeoutError:
        seen = [(p.seat, p.version, p.legal, p.seen[-3:]) for p in players]
        raise AssertionError(f"stuck: {seen}\n{survivor.output()}") from None


def test_players_on_two_processes_finish_a_round_together(
    servers: tuple[Server, Server], database: str
) -> None:
    a, b = servers
    table_id, token_a, token_b = table_for_two(a, b)
    players = [Player(0, token_a, table_id), Player(1, token_b, table_id)]

    async def play() -> None:
        await players[0].open_held(a)  # a, the owner, keeps the table
        await players[1].open(b)
        try:
            await asyncio.wait_for(
                asyncio.gather(*(p.play_until(round_ended) for p in players)), WAIT
            )
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    for player in players:
        plays = [e for e in player.seen if e["kind"] == "played"]
        assert {e["seat"] for e in plays} == {0, 1}, "each saw both seats' plays"
    # Both saw the same events, each rendered for its own seat (hands differ, numbers agree).
    numbers = [[e["n"] for e in p.seen if e["kind"] != "connection"] for p in players]
    assert numbers[0][-10:] == numbers[1][-10:]
    assert_one_round_stored(database, table_id, players)


def test_the_game_goes_on_when_the_owning_process_dies(
    servers: tuple[Server, Server], database: str
) -> None:
    a, b = servers
    table_id, token_a, token_b = table_for_two(a, b)
    players = [Player(0, token_a, table_id), Player(1, token_b, table_id)]

    async def play() -> None:
        await players[0].open_held(a)  # a, the owner, keeps the table
        await players[1].open(b)
        try:
            first = asyncio.gather(*(p.play_until(plays_after(20)) for p in players))
            await asyncio.wait_for(first, WAIT)
            a.process.send_signal(signal.SIGKILL)  # the owner, mid-round
            a.process.wait(10)
            await players[0].close()
            await players[0].open(b)  # the dropped player comes back through the other
            await finish_round(players, b)
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    assert_one_round_stored(database, table_id, players)


def test_a_table_moves_to_the_process_its_sockets_are_at_and_goes_on_when_it_dies(
    servers: tuple[Server, Server], database: str
) -> None:
    """Both players' sockets reach b (as a load balancer that sends a table's sockets to one
    process does: docs/deploy.md), while a made the table: a hands the table to b, which writes
    it. b is killed mid-round, with the sockets routed to it; the players come back through a,
    which takes the table over, and the round ends with no acknowledged play lost."""
    a, b = servers
    table_id, token_a, token_b = table_for_two(a, b)
    players = [Player(0, token_a, table_id), Player(1, token_b, table_id)]

    async def play() -> None:
        for player in players:
            await player.open(b)
        try:
            first = asyncio.gather(*(p.play_until(plays_after(20)) for p in players))
            await asyncio.wait_for(first, WAIT)
            assert f"hands table {table_id} to process" in a.output(), a.output()
            b.process.send_signal(signal.SIGKILL)  # the owner, with every socket routed to it
            b.process.wait(10)
            for player in players:
                await player.close()
                await player.open(a)
            await finish_round(players, a)
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    assert_one_round_stored(database, table_id, players)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (read from ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit():
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def test_the_owners_tables_go_on_within_3_seconds_of_its_death_at_the_default_lease(
    servers_at_the_default_lease: tuple[Server, Server], database: str
) -> None:
    """Three tables owned by a, each with one socket at a and one at b, are played a little;
    then a is killed with its lease keeper, as when its machine is lost (a alone killed, its
    keeper would give the leases up at once): the leases run out. At each table b's player hears
    a new event (the first stored by b, which took the table over) within :data:`FAILOVER`
    seconds, and no acknowledged play is lost."""
    a, b = servers_at_the_default_lease
    tables = [table_for_two(a, b) for _ in range(3)]
    pairs = [(Player(0, token_a, id), Player(1, token_b, id)) for id, token_a, token_b in tables]

    async def play() -> list[float]:
        for at_a, at_b in pairs:
            await at_a.open_held(a)  # a, the owner, keeps the table
            await at_b.open(b)
        everyone = [player for pair in pairs for player in pair]
        try:
            first = asyncio.gather(*(p.play_until(plays_after(6)) for p in everyone))
            await asyncio.wait_for(first, WAIT)
            (keeper,) = children(a.process.pid)
            killed = time.monotonic()
            os.kill(keeper, signal.SIGKILL)
            a.process.send_signal(signal.SIGKILL)
            a.process.wait(10)
            # What a stored before it died (b's players may not have heard all of it yet).
            last = [await stored_version(database, table_id) for table_id, _, _ in tables]

            async def takeover(player: Player, last: int) -> float:
                await player.play_until(lambda event: event["n"] > last)
                return time.monotonic() - killed

            at_b = (takeover(pair[1], version) for pair, version in zip(pairs, last, strict=True))
            return list(await asyncio.wait_for(asyncio.gather(*at_b), WAIT))
        finally:
            for player in everyone:
                await player.close()

    waits = asyncio.run(play())
    assert max(waits) <= FAILOVER, f"{waits}\n{b.output()}"
    for (table_id, _, _), pair in zip(tables, pairs, strict=True):
        assert_no_play_lost(asyncio.run(stored_log(database, table_id)), list(pair))


def test_quick_match_seats_people_who_queue_at_two_processes(
    servers: tuple[Server, Server],
) -> None:
    """One queue for the whole cluster: each person joins at one process and asks at the other
    (as a load balancer without sticky sessions may send them), and both sit at one table,
    which each then plays from the process they did not join at."""
    a, b = servers
    with guest(a, "Dara") as dara, guest(b, "Sima") as sima:
        assert dara.post("/api/queue", json={"players": 2}).json()["state"] == "waiting"
        with httpx.Client(base_url=b.base, cookies=dara.cookies, timeout=10.0) as dara_at_b:
            assert dara_at_b.get("/api/queue").json()["state"] == "waiting"
            matched = sima.post("/api/queue", json={"players": 2}).json()
            assert matched["state"] == "matched", matched
            with httpx.Client(base_url=a.base, cookies=sima.cookies, timeout=10.0) as sima_at_a:
                assert sima_at_a.get("/api/queue").json() == {"state": "idle"}  # given once
            mine = dara_at_b.get("/api/queue").json()
    assert mine["state"] == "matched" and mine["table_id"] == matched["table_id"]
    players = [
        Player(mine["seat"], mine["seat_token"], mine["table_id"]),
        Player(matched["seat"], matched["seat_token"], matched["table_id"]),
    ]

    async def play() -> None:
        await players[0].open(b)
        await players[1].open(a)
        try:
            await asyncio.wait_for(
                asyncio.gather(*(p.play_until(plays_after(8)) for p in players)), WAIT
            )
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    assert all(any(e["kind"] == "played" for e in p.seen) for p in players)
