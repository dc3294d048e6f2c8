"""Stopping the cluster's background tasks for sure.

A task is stopped by cancelling it, but the Redis client can swallow a cancellation that arrives
during one of its calls (seen with redis-py 8.2 under load: a lease renewal returned normally
while its task was being cancelled), and a loop then goes on forever while its stopper waits.
:func:`halt` cancels again until the task has ended.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

RECANCEL_AFTER = 0.5
"""Seconds :func:`halt` waits for a cancelled task before cancelling it again."""


async def halt(task: asyncio.Task[Any]) -> None:
    """Cancel ``task`` and return once it has ended (its outcome, even an error, is dropped)."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=RECANCEL_AFTER)
    if not task.cancelled():
        with contextlib.suppress(Exception):
            task.result()
