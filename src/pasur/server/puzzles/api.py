"""The puzzles' REST calls under ``/api/puzzles`` (``docs/puzzles.md``, "The puzzle API").

``GET /api/puzzles`` is the person's record (rating, streaks, history, the themes and the day's
puzzle); ``GET …/next`` a puzzle to try, ``GET …/daily`` the day's, ``GET …/{id}`` one by id, each
in its public form (no solution, no values); ``POST …/{id}/attempt`` plays one of its legal plays
and answers with the verdict, the lines and the ratings moved.

A person is their guest cookie's id (an account's id once signed in, on any device). Reading
needs no cookie (a new person's record, nothing tried); an attempt does (``no_guest``), since it
is stored and rated.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol import ErrorCode, JSONObject
from pasur.server.http.guests import COOKIE, Guest, Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.puzzles.trainer import PuzzleTrainer

router = APIRouter(tags=["puzzles"])

E = ErrorCode

Theme = Literal[
    "make-sur", "deny-sur", "jack-sweep", "ten-two", "clubs-race", "leftovers", "counting"
]
"""A puzzle theme (``pasur.bots.puzzles.THEMES``; a test keeps the two the same)."""

ThemeQuery = Annotated[
    Theme | None, Query(description="Only puzzles with this theme among their themes.")
]

PuzzleId = Annotated[str, "12 hexadecimal digits; any other text is no puzzle's (404)."]


class AttemptBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    play: str = Field(
        max_length=100,
        description="One of the puzzle's `legal` plays: 7D lays the 7♦, 7D+2D+2H takes.",
    )


def trainer(request: Request) -> PuzzleTrainer:
    return shared(request, "puzzles", PuzzleTrainer)


def reader(request: Request) -> Guest | None:
    """The person the guest cookie names, or None without one."""
    return shared(request, "guests", Guests).read(request.cookies.get(COOKIE))


def answer(body: JSONObject) -> Response:
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


@router.get(
    "/api/puzzles",
    summary="The person's puzzle record: rating, streaks, history, themes, the day's puzzle",
    responses=refusals(E.UNAVAILABLE),
)
async def summary(request: Request) -> Response:
    """Without a guest cookie, a new person's record (rating 1500, nothing tried)."""
    return answer(await trainer(request).summary(reader(request)))


@router.get(
    "/api/puzzles/next",
    summary="A puzzle to try: not tried yet, rated nearest the person",
    responses=refusals(E.UNAVAILABLE),
)
async def next_puzzle(request: Request, theme: ThemeQuery = None) -> Response:
    """Once the person has tried every puzzle (of the theme), the one tried longest ago."""
    return answer(await trainer(request).next(reader(request), theme))


@router.get(
    "/api/puzzles/daily",
    summary="The day's puzzle (UTC), the same for everyone",
    responses=refusals(E.UNAVAILABLE),
)
async def daily(request: Request) -> Response:
    return answer(await trainer(request).daily(reader(request)))


@router.get(
    "/api/puzzles/{puzzle_id}",
    summary="One puzzle in its public form: the position and the legal plays, no solution",
    responses=refusals(E.NO_SUCH_PUZZLE, E.UNAVAILABLE),
)
async def puzzle(request: Request, puzzle_id: PuzzleId) -> Response:
    return answer(await trainer(request).puzzle(puzzle_id, reader(request)))


@router.post(
    "/api/puzzles/{puzzle_id}/attempt",
    summary="Play one of the puzzle's legal plays: the verdict, the lines, the ratings moved",
    responses=refusals(E.NO_SUCH_PUZZLE, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def attempt(request: Request, puzzle_id: PuzzleId, body: AttemptBody) -> Response:
    """Only the person's first attempt at a puzzle moves the ratings and the streak and goes in
    the history, however often (or however many times at once) it is sent; a later one answers
    the same with ``counted: false``. A play that is not one of the puzzle's ``legal`` is bad
    input (422), and nothing is stored."""
    who = shared(request, "guests", Guests).of(request)
    return answer(await trainer(request).attempt(puzzle_id, who, body.play))
