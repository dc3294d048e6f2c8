"""The daily deal's REST calls under ``/api/daily`` (``docs/daily.md``).

``GET /api/daily`` describes a day's deals (their commitments; their deck orders once the day
is over) and the person's name and streak; ``POST /api/daily/{players}/start`` begins the
person's one attempt, ``GET …/game`` picks it up again, ``POST …/play`` plays a move,
``GET …/result`` gives the score, the share line, the review and the expert's own game, and
``GET …/leaderboard`` the day's best scores.

A person is their guest cookie's id (an account's id once signed in, on any device); beside it a
long-lived ``pasur_device`` cookie marks the browser, so a second attempt from the same device
under a new guest name is refused too. Only accounts' attempts are ranked: a browser with its
cookies cleared is a new guest, who may play but not on the leaderboard.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol import ErrorCode, JSONObject
from pasur.server.daily.games import DailyGames
from pasur.server.http.fields import WHOLE
from pasur.server.http.guests import COOKIE, COOKIE_MAX_AGE, Guest, Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared

router = APIRouter(tags=["daily"])

E = ErrorCode

DEVICE_COOKIE = "pasur_device"
"""The cookie that marks a browser, whoever plays on it."""

_DEVICE = re.compile(r"[A-Za-z0-9_-]{16,64}")

Day = Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD; today by default.")]


class PlayBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    move: str = Field(max_length=100, description="A move as in play frames: 7D+2D+2H or 7D lay.")
    version: Annotated[int, Field(ge=0, le=1000), WHOLE] = Field(
        description="The game's version as last answered (its number of moves so far); a play "
        "at any other version is refused as stale.",
    )


def games(request: Request) -> DailyGames:
    return shared(request, "daily", DailyGames)


def person(request: Request) -> Guest:
    return shared(request, "guests", Guests).of(request)


def device_of(request: Request) -> str | None:
    """The device cookie when it is one this server could have set, else None."""
    found = request.cookies.get(DEVICE_COOKIE, "")
    return found if _DEVICE.fullmatch(found) else None


def answer(request: Request, body: JSONObject, device: str | None = None) -> Response:
    """``body`` as JSON, setting the device cookie when the browser had none."""
    response = JSONResponse(body, headers={"Cache-Control": "no-store"})
    if device is not None and device_of(request) is None:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=10 * COOKIE_MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
    return response


@router.get(
    "/api/daily",
    summary="A day's daily deals: commitments, and the deck orders once the day is over",
    responses=refusals(E.NO_SUCH_DEAL, E.UNAVAILABLE),
)
async def describe(request: Request, day: Day = None) -> Response:
    who = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    device = device_of(request) or secrets.token_urlsafe(16)
    return answer(request, await games(request).describe(day, who, device))


@router.post(
    "/api/daily/{players}/start",
    summary="Begin today's deal of that format (once per person and device)",
    responses=refusals(E.NO_SUCH_DEAL, E.DAILY_PLAYED, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE),
)
async def start(request: Request, players: int) -> Response:
    """The person's first view of the deal, after the bots' leads. The bots are searching, so
    this (and each play) may take a few seconds."""
    who = person(request)
    device = device_of(request) or secrets.token_urlsafe(16)
    return answer(request, await games(request).start(players, who, device), device)


@router.get(
    "/api/daily/{players}/game",
    summary="The person's game on today's deal as it stands",
    responses=refusals(E.NO_SUCH_DEAL, E.NO_DAILY_GAME, E.NO_GUEST, E.UNAVAILABLE),
)
async def game(request: Request, players: int) -> Response:
    return answer(request, await games(request).game(players, person(request)))


@router.post(
    "/api/daily/{players}/play",
    summary="Play a move on today's deal; the bots answer",
    responses=refusals(
        E.NO_SUCH_DEAL,
        E.NO_DAILY_GAME,
        E.STALE,
        E.GAME_OVER,
        E.MALFORMED,
        E.AMBIGUOUS,
        E.ILLEGAL,
        E.NO_GUEST,
        E.CROSS_SITE,
        E.UNAVAILABLE,
        body=True,
    ),
)
async def play(request: Request, players: int, body: PlayBody) -> Response:
    """A play sent twice, or from two pages at once, is stored once: the others are refused as
    ``stale``, with nothing of the game in the refusal (read it again with ``GET …/game``)."""
    daily = games(request)
    return answer(request, await daily.play(players, person(request), body.move, body.version))


@router.get(
    "/api/daily/{players}/result",
    summary="After the round: score, share line, plays, review and the expert's game",
    responses=refusals(E.NO_SUCH_DEAL, E.NO_DAILY_GAME, E.NOT_FINISHED, E.NO_GUEST, E.UNAVAILABLE),
)
async def result(request: Request, players: int, day: Day = None) -> Response:
    """``review`` and ``expert`` are null while they are being worked out: ask again."""
    return answer(request, await games(request).result(players, person(request), day))


@router.get(
    "/api/daily/{players}/leaderboard",
    summary="A day's best scores on the deal of that format",
    responses=refusals(E.NO_SUCH_DEAL, E.UNAVAILABLE),
)
async def leaderboard(request: Request, players: int, day: Day = None) -> Response:
    return answer(request, await games(request).leaderboard(players, day))
