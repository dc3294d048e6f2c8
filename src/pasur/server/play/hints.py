"""Hints for practice tables: the expert's ranking of a seat's moves, off the event loop.

A hint is given only to the person to play at a practice table (every other seat a bot):
:func:`no_hints` says why not otherwise. The search takes a fixed time budget of CPU, so it runs
in the server's worker processes (:mod:`pasur.server.thinking`) on the seat's own
:class:`~pasur.rules.SeatView` (an immutable value, so the table may move on meanwhile, and the
hint never sees a card the seat cannot see). At most ``workers`` hints are searched at once per
server; a request beyond that is refused rather than queued, so many practice tables cannot pile
up work.
"""

from __future__ import annotations

from pasur.bots.explain import move_facts
from pasur.bots.hint import hint
from pasur.protocol import SPECTATOR
from pasur.protocol.encode import move_text
from pasur.protocol.frames import RankedMove
from pasur.rules import SeatView
from pasur.server.tables.seats import SeatKind, Status
from pasur.server.tables.table import Table
from pasur.server.thinking import Thinkers

HINT_SECONDS = 0.5
"""The expert's time budget for one hint."""

WORKERS = 2
"""Hint searches that may run at once (the machine's cores are for the tables)."""


def no_hints(table: Table, seat: int) -> str | None:
    """Why ``seat`` may not have a hint now, or None: hints are for practice against bots."""
    if seat == SPECTATOR:
        return "hints are for the person playing, not for spectators"
    game = table.game
    if table.status is not Status.PLAYING or game is None or game.turn != seat:
        return "a hint is given on your own turn"
    if any(s != seat and state.kind is not SeatKind.BOT for s, state in enumerate(table.seats)):
        return "hints are for practice tables, where every other seat is a bot"
    return None


class Hinter:
    """Ranks moves for hint requests, a few at a time."""

    def __init__(
        self, thinkers: Thinkers, seconds: float = HINT_SECONDS, workers: int = WORKERS
    ) -> None:
        self.thinkers = thinkers
        self.seconds = seconds
        self.workers = workers
        self._running = 0

    async def rank(self, seat_view: SeatView) -> tuple[RankedMove, ...] | None:
        """Every legal move with its value, best first; None when ``workers`` searches are
        already running."""
        if self._running >= self.workers:
            return None
        self._running += 1
        try:
            return await self.thinkers.run(ranked_moves, seat_view, self.seconds)
        finally:
            self._running -= 1


def ranked_moves(seat_view: SeatView, seconds: float) -> tuple[RankedMove, ...]:
    """The expert's ranking with each move's facts, so that the coach can say it in words
    ("7♦ takes 4♠: +0 now, but leaves no Sur"); run in a worker process."""
    ranked = []
    for choice in hint(seat_view, seconds=seconds):
        facts = move_facts(seat_view, choice.move)
        chance = round(facts.sur_chance, 3)
        value = round(choice.value, 2)
        ranked.append(RankedMove(move_text(choice.move), value, facts.now, facts.sur, chance))
    return tuple(ranked)
