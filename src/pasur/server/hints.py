"""Hints for practice tables: the expert's ranking of a seat's moves, off the event loop.

The search takes a fixed time budget of CPU, so it runs in a worker thread
(:func:`asyncio.to_thread`) on the seat's own :class:`~pasur.rules.SeatView` (an immutable value,
so the table may move on meanwhile, and the hint never sees a card the seat cannot see). At most
``workers`` searches run at once per server; a request beyond that is refused rather than queued,
so many practice tables cannot pile up work.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pasur.bots.hint import hint
from pasur.rules import SeatView
from pasur.server.table_events import move_text

HINT_SECONDS = 0.5
"""The expert's time budget for one hint."""

WORKERS = 2
"""Hint searches that may run at once (the machine's cores are for the tables)."""


class Hinter:
    """Ranks moves for hint requests, a few at a time."""

    def __init__(self, seconds: float = HINT_SECONDS, workers: int = WORKERS) -> None:
        self.seconds = seconds
        self.workers = workers
        self._running = 0

    async def rank(self, seat_view: SeatView) -> list[dict[str, Any]] | None:
        """Every legal move with its value, best first: ``[{"move": "7D+4S", "value": 1.5}]``;
        None when ``workers`` searches are already running."""
        if self._running >= self.workers:
            return None
        self._running += 1
        try:
            ranked = await asyncio.to_thread(hint, seat_view, seconds=self.seconds)
        finally:
            self._running -= 1
        return [{"move": move_text(r.move), "value": round(r.value, 2)} for r in ranked]
