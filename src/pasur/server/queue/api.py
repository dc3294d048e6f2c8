"""Quick match's REST calls: ``POST /api/queue`` to join, ``GET`` for the status (which also
pairs), ``DELETE`` to leave, ``POST /api/queue/bot`` to take the bot offered after a minute."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.fields import WHOLE
from pasur.server.http.guests import Guest, Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.pressure import door
from pasur.server.http.state import shared
from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.queue.pairing import Wanted

router = APIRouter(tags=["quick match"])

E = ErrorCode


class QueueBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    players: Annotated[int, Field(ge=2, le=4), WHOLE] = Field(
        2, description="Seats: 2, 3 or 4 (4 plays in partnerships)."
    )
    turn_timer: Literal[15, 30, 60] | None = Field(
        None, description="Seconds per turn: 15, 30, 60 or null (a quick match is played live)."
    )
    rated: bool = Field(False, description="Whether the game moves ratings.")


def matchmaker(request: Request) -> Matchmaker:
    return shared(request, "matchmaker", Matchmaker)


def person(request: Request) -> Guest:
    return shared(request, "guests", Guests).of(request)


def _answer(body: object) -> Response:
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


@router.post(
    "/api/queue",
    summary="Join the quick-match queue",
    dependencies=[Depends(door)],
    responses=refusals(E.BAD_CONFIG, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def join(request: Request, body: QueueBody) -> Response:
    """Queue for a kind of game (leaving any other queue); answers the status, as ``GET``."""
    wanted = Wanted(body.players, body.turn_timer, body.rated)
    return _answer(await matchmaker(request).join(person(request), wanted))


@router.get(
    "/api/queue",
    summary="The person's place in the queue, or the seat they were given",
    responses=refusals(E.NO_GUEST, E.UNAVAILABLE),
)
async def status(request: Request) -> Response:
    """``waiting`` (with the rating window and, after a minute, ``bot_offer``), ``matched``
    (the table, seat and seat token, given once) or ``idle``. Asking also pairs the queue."""
    return _answer(await matchmaker(request).status(person(request)))


@router.delete(
    "/api/queue",
    summary="Leave the quick-match queue",
    responses=refusals(E.NOT_QUEUED, E.NO_GUEST, E.CROSS_SITE),
)
async def leave(request: Request) -> Response:
    if not await matchmaker(request).leave(person(request)):
        raise Refused(E.NOT_QUEUED, "the person is not in the quick-match queue")
    return _answer({"state": "idle"})


@router.post(
    "/api/queue/bot",
    summary="Play the bot offered after a minute in the queue",
    dependencies=[Depends(door)],
    responses=refusals(E.NOT_QUEUED, E.BOT_NOT_OFFERED, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE),
)
async def with_bot(request: Request) -> Response:
    return _answer(await matchmaker(request).with_bot(person(request)))
