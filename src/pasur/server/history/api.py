"""Finished games over REST: records, positions, the coach's review, a person's history, ratings.

``GET /api/tables/{id}/games/{n}/record`` (``?download=1`` for a file), ``/positions`` and
``/review?seat=S`` (from the :class:`~pasur.server.history.archive.GameArchive`);
``/api/tables/{id}/games/{n}/rating`` (how the game moved the guest's rating);
``GET /api/history`` (the guest's games) and ``GET /api/ratings`` (the leaderboard).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode
from pasur.rules.records import dumps
from pasur.server.db.database import Database
from pasur.server.history.archive import GameArchive
from pasur.server.history.formats import game_rating
from pasur.server.history.games import GamesStore
from pasur.server.history.ratings import Ratings
from pasur.server.http.fields import SEATS
from pasur.server.http.guests import Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared

router = APIRouter(tags=["history"])

E = ErrorCode

GAME_CODES = (E.NO_SUCH_TABLE, E.NO_SUCH_GAME, E.NOT_FINISHED, E.BAD_LOG, E.UNAVAILABLE)
"""What a call about one finished game may be refused with."""


def _archive(request: Request) -> GameArchive:
    return shared(request, "game_archive", GameArchive)


@router.get(
    "/api/tables/{table_id}/games/{game}/record",
    summary="A finished game's record",
    responses=refusals(*GAME_CODES),
)
async def game_record_file(
    request: Request, table_id: str, game: int, download: bool = False
) -> Response:
    """The game record (``docs/records.md``, with its deck commitments) of game ``game``."""
    found = await _archive(request).record(table_id, game)
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="pasur-{table_id}-{game}.json"'
    return Response(dumps(found) + "\n", media_type="application/json", headers=headers)


@router.get(
    "/api/tables/{table_id}/games/{game}/positions",
    summary="Every position of a game",
    responses=refusals(*GAME_CODES),
)
async def game_positions(request: Request, table_id: str, game: int) -> Response:
    return JSONResponse(await _archive(request).positions(table_id, game))


@router.get(
    "/api/tables/{table_id}/games/{game}/review",
    summary="The coach's review of a seat",
    responses=refusals(*GAME_CODES, E.NO_SUCH_SEAT),
)
async def game_review(
    request: Request, table_id: str, game: int, seat: Annotated[int, Query(ge=0, le=SEATS - 1)]
) -> Response:
    """The seat's costliest turns by the expert's judgement (several seconds the first time)."""
    return JSONResponse(await _archive(request).review(table_id, game, seat))


@router.get(
    "/api/tables/{table_id}/games/{game}/rating",
    summary="How a finished game moved the guest's rating",
    responses=refusals(E.NO_GUEST, E.UNAVAILABLE),
)
async def rating_change(request: Request, table_id: str, game: int) -> Response:
    """``{"rating": {"format", "ordinal", "change", "games", "provisional"}}`` for the guest's
    rating in the game's format; ``{"rating": null}`` when the game did not rate them."""
    guest = shared(request, "guests", Guests).of(request)
    async with shared(request, "database", Database).engine.connect() as connection:
        found = await game_rating(connection, guest.id, table_id, game)
    return JSONResponse({"rating": found})


@router.get(
    "/api/history",
    summary="The guest's finished games, newest first",
    responses=refusals(E.NO_GUEST, E.UNAVAILABLE),
)
async def history(request: Request) -> Response:
    guest = shared(request, "guests", Guests).of(request)
    games = shared(request, "games_store", GamesStore)
    found = await games.history(guest.id)
    for game in found:
        path = f"{game['table_id']}/{game['game']}"
        game["record_url"] = f"/api/tables/{game['table_id']}/games/{game['game']}/record"
        game["replay_url"] = f"/replay/{path}"
    return JSONResponse({"games": found})


@router.get(
    "/api/ratings",
    summary="The leaderboard of rated play",
    responses=refusals(E.UNAVAILABLE),
)
async def leaderboard(request: Request) -> Response:
    ratings = shared(request, "ratings", Ratings)
    return JSONResponse({"ratings": await ratings.leaderboard()})
