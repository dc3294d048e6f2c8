"""Stopping a background task that swallows its cancellation (as the Redis client did once in a
call under load): :func:`halt` cancels again until it has ended, where one cancel waited forever."""

from __future__ import annotations

import asyncio

from pasur.server.cluster.stopping import halt


async def stubborn(swallowed: list[int]) -> None:
    """A loop like the lease upkeep whose first cancellation is caught inside one of its calls."""
    while True:
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            if swallowed:
                raise
            swallowed.append(1)


def test_halt_ends_a_task_that_swallowed_one_cancellation() -> None:
    async def scenario() -> list[int]:
        swallowed: list[int] = []
        task = asyncio.create_task(stubborn(swallowed))
        await asyncio.sleep(0.01)
        await asyncio.wait_for(halt(task), 5.0)
        assert task.done()
        return swallowed

    assert asyncio.run(scenario()) == [1]


def test_one_cancel_does_not_end_it() -> None:
    """The case :func:`halt` exists for: after a single cancel the task is still running."""

    async def scenario() -> bool:
        task = asyncio.create_task(stubborn([]))
        await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.wait({task}, timeout=0.3)
        running = not task.done()
        await halt(task)
        return running

    assert asyncio.run(scenario())


def test_halt_drops_the_error_of_a_task_that_failed() -> None:
    async def failing() -> None:
        raise ValueError("already broken")

    async def scenario() -> bool:
        task = asyncio.create_task(failing())
        await asyncio.sleep(0)
        await halt(task)
        return task.done()

    assert asyncio.run(scenario())
