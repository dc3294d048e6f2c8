"""The worker processes every search of a server process runs in.

Why processes and not threads: the search is pure Python (or mypyc code that holds the
interpreter's lock), so a thread running it stalls the event loop as surely as running it inline
(six practice tables against the expert held every socket up to 1.4 s). Why ``forkserver``: the
server has threads (the database driver's, the executor's), which ``fork`` must not copy; the
fork server is started once per process with the bots imported, so a worker starts in
milliseconds instead of importing everything again as ``spawn`` would.

The workers run at the server's own priority. A lower one (``nice`` 5 or 10) made no difference
to the event loop's latency beyond the noise (``benchmarks/bot_latency.py``: the scheduler
already favours the loop, which sleeps most of the time), and on a machine busy with other work
it starved the searches: a 4-second review took over a minute. The workers end with their server
however it ends: a worker holds its own work queue's writing end, so a
server killed with ``kill -9`` would leave it (and the fork server, which it keeps alive) waiting
for work forever; each worker watches its server's process and exits when it does.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

log = logging.getLogger("pasur.server.thinking")

P = ParamSpec("P")
R = TypeVar("R")

PRELOAD = ["pasur.bots", "pasur.server.thinking.pool"]
"""What the fork server imports once, so every worker starts with it loaded."""


class ThinkingFailed(RuntimeError):
    """A worker died during a search (killed, out of memory); the next search starts new ones."""


def machine_cores() -> int:
    """The cores this process may run on (its affinity, not the whole machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class Thinkers:
    """A pool of worker processes, started at the first search and shared by every feature.

    Args:
        workers: how many searches run at once; by default one a core but one, which is left to
            the event loop (one on a machine of one core). More queue: a busy pool makes bots
            slower, never the tables' sockets. With a worker on every core, twenty practice
            tables against the expert made another client's p99 2.8 times what it was beside
            random bots; with one core left, 1.3 times (``benchmarks/bot_latency.py``).
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else max(1, machine_cores() - 1)
        if self.workers < 1:
            raise ValueError("at least one worker process thinks")
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``work(*args, **kwargs)`` in a worker process; ``work`` and its arguments are pickled,
        so they are module-level functions and plain values.

        Raises:
            ThinkingFailed: the worker died before answering.
        """
        pool = self._pool if self._pool is not None else self._start()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, functools.partial(work, *args, **kwargs))
        except BrokenProcessPool:
            if self._pool is pool:
                log.error("a thinking worker died; the next search starts new workers")
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise ThinkingFailed("a worker process died during the search") from None

    def close(self) -> None:
        """Stop the workers (a search under way finishes; queued ones are dropped)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _start(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        self._pool = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
        )
        return self._pool


def _start_worker(server: int) -> None:
    """A worker's first step: watch the ``server`` process, to end with it."""
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()


def _end_with(server: int) -> None:
    """Return never: exit this worker once the ``server`` process has ended (a pidfd becomes
    readable then; where there is none, the process is looked for every second)."""
    try:
        handle = os.pidfd_open(server)
    except (AttributeError, OSError):  # pragma: no cover - before Linux 5.3, or already gone
        while _alive(server):
            time.sleep(1.0)
    else:
        select.select([handle], [], [])
    os._exit(0)


def _alive(pid: int) -> bool:  # pragma: no cover - the fallback of _end_with
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but another user's: the pid was reused, or it is ours
        pass
    return True
