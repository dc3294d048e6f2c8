"""Finished games over REST: records, positions, the coach's review, a person's history, ratings.

``GET /api/tables/{id}/games/{n}/record`` (``?download=1`` for a file), ``/positions`` and
``/review?seat=S``; ``GET /api/history`` (the guest's games) and ``GET /api/ratings`` (the
leaderboard). Records are rebuilt from the stored events (:mod:`pasur.server.game_log`), so every
game a table has played is there, not only its latest. A finished game never changes, so records,
positions and reviews are cached; reviews run one at a time in a worker thread, because each
searches for several seconds.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pasur.bots.review import DEFAULT_SECONDS, LEVEL, ReviewedTurn, review
from pasur.rules.positions import positions
from pasur.rules.records import dumps
from pasur.server.game_log import GameLookupError, game_record
from pasur.server.games_store import GamesStore
from pasur.server.guests import COOKIE, Guests
from pasur.server.ratings import Ratings
from pasur.server.table import TableConfig
from pasur.server.table_events import JSON
from pasur.server.table_store import TableStore

router = APIRouter(tags=["history"])

_STATUS = {"no_guest": 401, "no_such_table": 404, "no_such_game": 404, "not_finished": 409}

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

    def __init__(self, tables: TableStore, *, review_seconds: float = DEFAULT_SECONDS) -> None:
        self.review_seconds = review_seconds
        self._tables = tables
        self._records: _Cache[tuple[str, int], JSON] = _Cache(64)
        # A long game's positions take a megabyte or two, and are quick to work out again.
        self._positions: _Cache[tuple[str, int], JSON] = _Cache(8)
        self._reviews: _Cache[tuple[str, int, int], JSON] = _Cache(256)
        self._reviewing = asyncio.Lock()

    async def record(self, table_id: str, game: int) -> JSON:
        """Game ``game`` (from 1) of the table, once it is over.

        Raises:
            GameLookupError: ``no_such_table``, ``no_such_game`` or ``not_finished``.
        """

        async def make() -> JSON:
            stored = await self._tables.load(table_id) if len(table_id) <= 32 else None
            if stored is None:
                raise GameLookupError("no_such_table", "there is no table with that id")
            return game_record(TableConfig.from_json(stored.config), stored.events, game)

        return await self._records.get((table_id, game), make)

    async def positions(self, table_id: str, game: int) -> JSON:
        """Every position of the game, every hand shown (see :func:`positions`)."""

        async def make() -> JSON:
            return positions(await self.record(table_id, game))

        return await self._positions.get((table_id, game), make)

    async def review(self, table_id: str, game: int, seat: int) -> JSON:
        """The coach's review of one seat's play: its costliest turns, costliest first.

        Raises:
            GameLookupError: as :meth:`record`, or ``no_such_seat``.
        """
        record = await self.record(table_id, game)
        if not 0 <= seat < record["players"]:
            raise GameLookupError(
                "no_such_seat", f"seats are numbered 0 to {record['players'] - 1}, not {seat}"
            )

        async def make() -> JSON:
            turns = await asyncio.to_thread(review, record, seat, seconds=self.review_seconds)
            return {"seat": seat, "level": LEVEL, "turns": [_turn(turn) for turn in turns]}

        key = (table_id, game, seat)
        found = self._reviews.peek(key)
        if found is not None:
            return found
        async with self._reviewing:  # one search at a time: the machine has few cores
            return await self._reviews.get(key, make)


def _turn(turn: ReviewedTurn) -> JSON:
    return {
        "round": turn.round,
        "index": turn.index,
        "played": str(turn.played),
        "best": str(turn.best),
        "loss": round(turn.loss, 2),
        "moves": [{"move": str(move.move), "value": round(move.value, 2)} for move in turn.moves],
    }


def _error(code: str, message: str) -> JSONResponse:
    return JSONResponse(
        {"detail": {"code": code, "message": message}}, status_code=_STATUS.get(code, 400)
    )


def _archive(request: Request) -> GameArchive:
    archive = request.app.state.game_archive
    assert isinstance(archive, GameArchive)
    return archive


async def _answer(make: Callable[[], Awaitable[Any]]) -> Any:
    """The JSON answer, or the error as ``{"detail": {"code", "message"}}``."""
    try:
        return await make()
    except GameLookupError as error:
        return _error(error.code, error.message)


@router.get("/api/tables/{table_id}/games/{game}/record", summary="A finished game's record")
async def game_record_file(
    request: Request, table_id: str, game: int, download: bool = False
) -> Response:
    """The game record (``docs/records.md``, with its deck commitments) of game ``game``."""
    found = await _answer(lambda: _archive(request).record(table_id, game))
    if isinstance(found, Response):
        return found
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="pasur-{table_id}-{game}.json"'
    return Response(dumps(found) + "\n", media_type="application/json", headers=headers)


@router.get("/api/tables/{table_id}/games/{game}/positions", summary="Every position of a game")
async def game_positions(request: Request, table_id: str, game: int) -> Response:
    found = await _answer(lambda: _archive(request).positions(table_id, game))
    return found if isinstance(found, Response) else JSONResponse(found)


@router.get("/api/tables/{table_id}/games/{game}/review", summary="The coach's review of a seat")
async def game_review(request: Request, table_id: str, game: int, seat: int) -> Response:
    """The seat's costliest turns by the expert's judgement (several seconds the first time)."""
    found = await _answer(lambda: _archive(request).review(table_id, game, seat))
    return found if isinstance(found, Response) else JSONResponse(found)


@router.get("/api/history", summary="The guest's finished games, newest first")
async def history(request: Request) -> Response:
    guests = request.app.state.guests
    assert isinstance(guests, Guests)
    guest = guests.read(request.cookies.get(COOKIE))
    if guest is None:
        return _error("no_guest", "choose a name first: POST /api/guest")
    games = request.app.state.games_store
    assert isinstance(games, GamesStore)
    found = await games.history(guest.id)
    for game in found:
        path = f"{game['table_id']}/{game['game']}"
        game["record_url"] = f"/api/tables/{game['table_id']}/games/{game['game']}/record"
        game["replay_url"] = f"/replay/{path}"
    return JSONResponse({"games": found})


@router.get("/api/ratings", summary="The leaderboard of rated play")
async def leaderboard(request: Request) -> Response:
    ratings = request.app.state.ratings
    assert isinstance(ratings, Ratings)
    return JSONResponse({"ratings": await ratings.leaderboard()})
