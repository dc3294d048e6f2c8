"""The worker processes searches run in: another process, at a lower priority, and a worker's
death is one failed search, not a stuck server."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from pasur.server.thinking import Thinkers, ThinkingFailed


def whoami() -> int:
    """The worker's process id."""
    return os.getpid()


def die() -> None:
    """A worker killed in the middle of a search (out of memory, say)."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_search_runs_in_another_process() -> None:
    async def scenario() -> int:
        thinkers = Thinkers(1)
        try:
            return await thinkers.run(whoami)
        finally:
            thinkers.close()

    assert asyncio.run(scenario()) != os.getpid()


def test_a_dead_worker_fails_its_search_and_the_next_search_has_new_workers() -> None:
    async def scenario() -> tuple[int, int]:
        thinkers = Thinkers(1)
        try:
            first = await thinkers.run(whoami)
            with pytest.raises(ThinkingFailed):
                await thinkers.run(die)
            second = await thinkers.run(whoami)
            return first, second
        finally:
            thinkers.close()

    first, second = asyncio.run(scenario())
    assert first != second != os.getpid()


def test_there_is_at_least_one_worker() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Thinkers(0)


SERVER = """
import asyncio, os, sys, time
from pasur.server.thinking import Thinkers

async def main():
    thinkers = Thinkers(1)
    worker = await thinkers.run(os.getpid)
    print(worker, flush=True)
    time.sleep(60)

asyncio.run(main())
"""


def ended(pid: int) -> bool:
    """Whether the process is gone (or a zombie nobody has reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_the_workers_of_a_server_killed_with_kill_9_end_with_it() -> None:
    """A worker holds its own queue's writing end: without watching its server, it (and the fork
    server it keeps alive) waited for work forever after a kill -9."""
    with subprocess.Popen(
        [sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True
    ) as server:
        try:
            assert server.stdout is not None
            worker = int(server.stdout.readline())
            assert not ended(worker)
        finally:
            server.kill()
    deadline = time.monotonic() + 10
    while not ended(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ended(worker)
