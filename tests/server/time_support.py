"""An injected clock for the server tests: the real clocks moved on at will, and a restart that
starts the monotonic clock again, as a new process's would (see ``pasur.server.tables.live``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from pasur.server.tables.live import TimeSource, use_time


class FakeTime:
    """The real clocks, moved on by ``shift`` seconds; :meth:`restart` moves the monotonic one
    far back (its readings mean nothing to another boot, only the wall clock goes on)."""

    def __init__(self) -> None:
        self.shift = 0.0
        self.boot = 0.0

    def source(self) -> TimeSource:
        return TimeSource(
            lambda: time.monotonic() + self.shift + self.boot, lambda: time.time() + self.shift
        )

    def restart(self) -> None:
        self.boot -= 5_000_000.0


@contextmanager
def fake_clock() -> Iterator[FakeTime]:
    """Run the server's tables on a :class:`FakeTime` meanwhile."""
    fake = FakeTime()
    previous = use_time(fake.source())
    try:
        yield fake
    finally:
        use_time(previous)
