"""The worker processes searches run in: another process, at a lower priority, and a worker's
death is one failed search, not a stuck server."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from pasur.server.thinking import Thinkers, ThinkingFailed


def whoami() -> tuple[int, int]:
    """The worker's process id and scheduling priority."""
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0)


def die() -> None:
    """A worker killed in the middle of a search (out of memory, say)."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_search_runs_in_another_process_behind_the_event_loop() -> None:
    async def scenario() -> tuple[int, int]:
        thinkers = Thinkers(1)
        try:
            return await thinkers.run(whoami)
        finally:
            thinkers.close()

    pid, priority = asyncio.run(scenario())
    assert pid != os.getpid()
    assert priority > os.getpriority(os.PRIO_PROCESS, 0), "workers yield to the event loop"


def test_a_dead_worker_fails_its_search_and_the_next_search_has_new_workers() -> None:
    async def scenario() -> tuple[int, int]:
        thinkers = Thinkers(1)
        try:
            first, _ = await thinkers.run(whoami)
            with pytest.raises(ThinkingFailed):
                await thinkers.run(die)
            second, _ = await thinkers.run(whoami)
            return first, second
        finally:
            thinkers.close()

    first, second = asyncio.run(scenario())
    assert first != second != os.getpid()


def test_there_is_at_least_one_worker() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Thinkers(0)
