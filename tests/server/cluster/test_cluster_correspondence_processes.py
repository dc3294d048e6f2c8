"""A correspondence table's day timer with two real ``pasur serve --redis`` processes on one
PostgreSQL database: it fires exactly once when both start at once and either could run it, and
once more after the process that runs it is killed and the other takes the table over.

Real processes read the real clock, and no injected clock crosses into another process (the server
has no clock setting, on purpose). So the test moves the stored clock instead: while no process
holds the table's timer, it sets the table's ``turn_started_at`` and ``wake_at`` back by a day less
a few seconds, which is what a day of waiting leaves in the database. The process that resumes or
takes the table over reads its clock from there (docs/alerts.md, "The clock lives in the
database"), so a day's timer runs out within seconds, and whatever fires it, the stored events say
how often it fired.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_support import fresh_prefix, redis_url
from database_support import scratch_database
from process_support import WAIT, Server, guest, launch, stop, wait_until_up
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from test_cluster_processes import stored_log

DAY = 86_400
SOON = 3
"""Seconds left on the turn's clock after the stored clock is moved back."""
LEASE_TTL = 1.5

Log = list[tuple[int, str, dict[str, Any]]]


@pytest.fixture
def database() -> Iterator[str]:
    with scratch_database("correspondence") as url:
        yield url


def timer_plays(log: Log) -> list[tuple[int, int]]:
    """The plays the turn's timer made: (event number, seat)."""
    return [
        (n, data["seat"]) for n, kind, data in log if kind == "played" and data["by"] == "timer"
    ]


def daras_turn(log: Log) -> bool:
    """Whether the turn is Dara's (seat 0): the last play was the bot's, or none yet and the
    round began with her."""
    turns = [data["turn"] for _, _, data in log if "turn" in data]
    return bool(turns) and turns[-1] == 0


def wait_for_log(database: str, table_id: str, done: Callable[[Log], bool]) -> Log:
    deadline = time.monotonic() + WAIT
    while True:
        log = asyncio.run(stored_log(database, table_id))
        if done(log):
            return log
        assert time.monotonic() < deadline, f"the table never got there: {log[-5:]}"
        time.sleep(0.2)


def move_clock_back(database: str, table_id: str) -> None:
    """What a day of waiting leaves in the database: the turn began a day less SOON ago."""

    async def run() -> None:
        engine = create_async_engine(database)
        try:
            async with engine.begin() as connection:
                moved = await connection.execute(
                    text(
                        "UPDATE tables SET turn_started_at = turn_started_at - :shift,"
                        " wake_at = wake_at - :shift WHERE id = :id"
                    ),
                    {"shift": DAY - SOON, "id": table_id},
                )
                assert moved.rowcount == 1
        finally:
            await engine.dispose()

    asyncio.run(run())


def writer_of(servers: list[Server], table_id: str) -> Server:
    """The process that took the table's lease (each logs the tables it comes to own)."""
    [writer] = [s for s in servers if f"owns table {table_id}" in s.output()]
    return writer


def test_a_day_timer_fires_once_across_two_processes_and_a_takeover(
    tmp_path: Path, database: str
) -> None:
    redis, prefix = redis_url(), fresh_prefix()
    env = {"PASUR_REDIS_PREFIX": prefix, "PASUR_LEASE_TTL": str(LEASE_TTL)}

    def start(*names: str) -> list[Server]:
        started = [
            launch(database, tmp_path / f"{name}.log", "--redis", redis, env=env) for name in names
        ]
        for server in started:
            wait_until_up(server)
        return started

    first = start("a")
    try:
        with guest(first[0], "Dara") as dara:
            body = {"players": 2, "turn_timer": DAY, "bots": {"1": "random"}}
            table_id = dara.post("/api/tables", json=body).json()["table_id"]
            assert dara.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 200
            assert dara.post(f"/api/tables/{table_id}/start").status_code == 200
        wait_for_log(database, table_id, daras_turn)
    finally:
        stop(first)  # as Ctrl-C: the lease let go, every step stored

    # A day later, two processes start at once; either may resume the table, one does.
    move_clock_back(database, table_id)
    servers = start("b", "c")
    try:
        log = wait_for_log(database, table_id, lambda log: len(timer_plays(log)) == 1)
        [(fired, seat)] = timer_plays(log)
        assert seat == 0
        log = wait_for_log(database, table_id, lambda log: log[-1][0] > fired and daras_turn(log))
        time.sleep(1)
        assert timer_plays(asyncio.run(stored_log(database, table_id))) == [(fired, 0)]

        # A day later again, the process that runs the timer dies; the other takes over with the
        # stored clock and the next timer fires once, there.
        writer = writer_of(servers, table_id)
        move_clock_back(database, table_id)
        writer.process.send_signal(signal.SIGKILL)
        writer.process.wait(10)
        log = wait_for_log(database, table_id, lambda log: len(timer_plays(log)) == 2)
        time.sleep(1)
        log = asyncio.run(stored_log(database, table_id))
        assert [seat for _, seat in timer_plays(log)] == [0, 0]
        assert timer_plays(log)[0] == (fired, 0)
        assert [n for n, _, _ in log] == list(range(1, len(log) + 1))  # each step stored once
        survivor = next(s for s in servers if s is not writer)
        assert writer_of([survivor], table_id) is survivor
    finally:
        stop(servers)
