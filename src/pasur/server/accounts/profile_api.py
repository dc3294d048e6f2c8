"""Profiles and leaderboards over REST: ``GET /api/profiles/{name}`` and
``GET /api/leaderboard?format=2`` (:mod:`pasur.server.accounts.profiles` and
:mod:`pasur.server.history.bot_pool` say what they hold)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts import profiles, store
from pasur.server.accounts.context import engine
from pasur.server.history.bot_pool import bot_board
from pasur.server.history.formats import ESTABLISHED_GAMES
from pasur.server.http.openapi import refusals

router = APIRouter(tags=["accounts"])


@router.get(
    "/api/profiles/{name}",
    summary="An account's profile: ratings per format, games, recent public games",
    responses=refusals(ErrorCode.NO_SUCH_ACCOUNT, ErrorCode.UNAVAILABLE),
)
async def get_profile(request: Request, name: str) -> Response:
    async with engine(request).connect() as connection:
        found = await store.account_by_name(connection, name[:200])
        if found is None:
            raise Refused(ErrorCode.NO_SUCH_ACCOUNT, "no account has that name")
        return JSONResponse(await profiles.profile(connection, found))


@router.get(
    "/api/leaderboard",
    summary="The leaderboard of one format (established ratings), and its bots apart",
    responses=refusals(ErrorCode.UNAVAILABLE),
)
async def get_leaderboard(
    request: Request, format: Literal["2", "3", "4", "partnerships"] = "2"
) -> Response:
    """People's established ratings; ``bots`` is the bots' own pool, every level rated in the
    format (provisional ones too), apart from people's."""
    async with engine(request).connect() as connection:
        rows = await profiles.leaderboard(connection, format)
        bots = await bot_board(connection, format)
    return JSONResponse(
        {"format": format, "established_games": ESTABLISHED_GAMES, "ratings": rows, "bots": bots}
    )
