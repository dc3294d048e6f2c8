"""Finished games' records, positions and reviews, worked out once and kept.

Records are rebuilt from the stored events (:mod:`~pasur.server.history.game_log`), so every game
a table has played is there, not only its latest. A finished game never changes, so records,
positions and reviews are cached; reviews run one at a time in the server's worker processes
(:mod:`pasur.server.thinking`), because each searches for several seconds.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from pasur.bots.review import DEFAULT_SECONDS, LEVEL, review
from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.rules.positions import positions
from pasur.server.history.game_log import game_record
from pasur.server.tables.config import TableConfig
from pasur.server.tables.store import TableStore
from pasur.server.thinking import Thinkers

Key = TypeVar("Key")
Value = TypeVar("Value")


class _Cache(Generic[Key, Value]):
    """The most recently used answers, at most ``size`` of them."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Key, Value] = OrderedDict()

    def peek(self, key: Key) -> Value | None:
        return self._items.get(key)

    async def get(self, key: Key, make: Callable[[], Awaitable[Value]]) -> Value:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        value = await make()
        self._items[key] = value
        if len(self._items) > self._size:
            self._items.popitem(last=False)
        return value


class GameArchive:
    """Finished games' records, positions and reviews, cached since they never change.

    Args:
        tables: where the tables' events are read from.
        review_seconds: the time budget of one whole review.
    """

    def __init__(
        self, tables: TableStore, thinkers: Thinkers, *, review_seconds: float = DEFAULT_SECONDS
    ) -> None:
        self.thinkers = thinkers
        self.review_seconds = review_seconds
        self._tables = tables
        self._records: _Cache[tuple[str, int], JSONObject] = _Cache(64)
        # A long game's positions take a megabyte or two, and are quick to work out again.
        self._positions: _Cache[tuple[str, int], JSONObject] = _Cache(8)
        self._reviews: _Cache[tuple[str, int, int], JSONObject] = _Cache(256)
        self._reviewing = asyncio.Lock()

    async def record(self, table_id: str, game: int) -> JSONObject:
        """Game ``game`` (from 1) of the table, once it is over.

        Raises:
            Refused: ``no_such_table``, ``no_such_game`` or ``not_finished``.
        """

        async def make() -> JSONObject:
            stored = await self._tables.load(table_id) if len(table_id) <= 32 else None
            if stored is None:
                raise Refused(ErrorCode.NO_SUCH_TABLE, "there is no table with that id")
            return game_record(TableConfig.from_json(stored.config), stored.events, game)

        return await self._records.get((table_id, game), make)

    async def positions(self, table_id: str, game: int) -> JSONObject:
        """Every position of the game, every hand shown (see :func:`positions`)."""

        async def make() -> JSONObject:
            return positions(await self.record(table_id, game))

        return await self._positions.get((table_id, game), make)

    async def review(self, table_id: str, game: int, seat: int) -> JSONObject:
        """The coach's review of one seat's play: its costliest turns, costliest first.

        Raises:
            Refused: as :meth:`record`, or ``no_such_seat``.
        """
        record = await self.record(table_id, game)
        players = record["players"]
        assert isinstance(players, int)
        if not 0 <= seat < players:
            raise Refused(
                ErrorCode.NO_SUCH_SEAT, f"seats are numbered 0 to {players - 1}, not {seat}"
            )

        async def make() -> JSONObject:
            turns = await self.thinkers.run(review, record, seat, seconds=self.review_seconds)
            return {"seat": seat, "level": LEVEL, "turns": [turn.as_json() for turn in turns]}

        key = (table_id, game, seat)
        found = self._reviews.peek(key)
        if found is not None:
            return found
        async with self._reviewing:  # one search at a time: the machine has few cores
            return await self._reviews.get(key, make)
