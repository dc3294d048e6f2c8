"""The cyclic garbage collector, paced for a server that answers plays within milliseconds.

CPython's full collection walks every object the collector tracks, and the event loop waits
for it. A server holding 2,000 sockets tracks about 600,000 objects (each socket's coroutines,
closures, queues and headers, each table's events), and its full collections stopped the loop
for 200 to 400 ms, several times a minute: they were the whole p99 of the load benchmark at
2,000 sockets (docs/performance.md, *Server load*).

Nearly everything that has lived a few seconds in a server lives on: sockets, tables, their
queues. So every :attr:`CollectorPacing.freeze_every` seconds the survivors are frozen
(:func:`gc.freeze` moves them out of the collector's generations), and each collection walks
only what is new. Frozen objects are still freed by reference counting as soon as nothing
refers to them; only garbage that refers to itself in a cycle waits, and for it the collector
is given everything back every :attr:`CollectorPacing.full_every` seconds for one full
collection: one long pause every ten minutes instead of several a minute.

This is process-wide state, so only ``pasur serve`` (which owns its process) turns it on; the
applications that tests make share a process and leave the collector alone.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class CollectorPacing:
    """How often survivors are frozen, and how often everything is collected once."""

    freeze_every: float = 5.0
    """Seconds between two freezes of what survived since the last one."""
    full_every: float = 600.0
    """Seconds between two full collections (everything unfrozen, collected, frozen again)."""

    def __post_init__(self) -> None:
        if not (0 < self.freeze_every <= self.full_every):
            raise ValueError("the collector needs 0 < freeze_every <= full_every seconds")


async def pace_collector(
    pacing: CollectorPacing,
    *,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Freeze the survivors every ``freeze_every`` seconds until cancelled, with a full
    collection every ``full_every`` seconds; when cancelled, give the collector everything back."""
    last_full = clock()
    try:
        while True:
            await sleep(pacing.freeze_every)
            if clock() - last_full >= pacing.full_every:
                gc.unfreeze()
                started = time.perf_counter()
                found = gc.collect()
                log.info(
                    "full garbage collection: %d unreachable objects in %.0f ms",
                    found,
                    (time.perf_counter() - started) * 1000,
                )
                last_full = clock()
            gc.freeze()
    finally:
        gc.unfreeze()
