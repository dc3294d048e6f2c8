"""Tournaments over REST: ``GET``/``POST /api/tournaments`` (the list; make one),
``GET /api/tournaments/{id}`` (standings and pairings), ``POST .../join``, ``.../leave`` and
``.../start`` (its creator starts it now).

Making, joining, leaving and starting need an account signed in on the device
(``not_signed_in``); reading is open to anyone, so a tournament's link shows its standings to
guests too.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.protocol import ErrorCode, Refused
from pasur.rules import PasurError, make_rules
from pasur.server.db.database import Database
from pasur.server.http.fields import WHOLE, HouseRules, Preset
from pasur.server.http.guests import COOKIE, Guest, Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.http.text import TournamentName
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tournaments import store
from pasur.server.tournaments.games import advance

router = APIRouter(tags=["tournaments"])
log = logging.getLogger(__name__)

E = ErrorCode
SIGNED_IN = (E.NOT_SIGNED_IN, E.CROSS_SITE, E.UNAVAILABLE)


class TournamentRules(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    preset: Preset = "standard"
    settings: HouseRules = Field(default_factory=dict)


class NewTournamentBody(BaseModel):
    """A Swiss names its ``rounds``, an arena its ``minutes``. Not strict as a whole, for
    ``starts_at`` is read from its text; the numbers are (``"3"`` is no number of rounds)."""

    model_config = ConfigDict(extra="forbid")
    name: TournamentName
    kind: Literal["swiss", "arena"]
    players: Literal[2, 4] = 2
    rules: TournamentRules = Field(
        default_factory=lambda: TournamentRules(preset="standard", settings={})
    )
    starts_at: AwareDatetime
    minutes: Annotated[int, Field(ge=10, le=store.LONGEST_ARENA, strict=True), WHOLE] | None = None
    rounds: Annotated[int, Field(ge=1, le=15, strict=True), WHOLE] | None = None


class JoinTournamentBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    players: Literal[2, 3, 4] = Field(2, description="The format the caller means to play.")
    partner: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="A 4-player Swiss: the account name of the partner wanted (they name you).",
    )


def engine(request: Request) -> AsyncEngine:
    return shared(request, "database", Database).engine


def signed_in(request: Request) -> Guest:
    """The caller, who must be signed in to an account (``not_signed_in`` otherwise)."""
    guest = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    if guest is None or guest.session is None:
        raise Refused(E.NOT_SIGNED_IN, "sign in to an account first")
    return guest


def checked(body: NewTournamentBody) -> store.NewTournament:
    """The tournament the body describes (``wrong_format``, ``bad_config`` when it cannot be).

    Four players a table always play in two partnerships, and only in a Swiss (an arena pairs
    people one by one as their games end, which teams would not fit)."""
    if body.players == 4 and body.kind == store.ARENA:
        raise Refused(E.WRONG_FORMAT, "an arena is for 2 players a table")
    length = body.rounds if body.kind == store.SWISS else body.minutes
    other = body.minutes if body.kind == store.SWISS else body.rounds
    if length is None or other is not None:
        needs = "rounds" if body.kind == store.SWISS else "minutes"
        raise Refused(E.WRONG_FORMAT, f"a {body.kind} tournament is given its {needs} only")
    settings = dict(body.rules.settings)
    if body.players == 4:
        settings["partnerships"] = "on"
    try:
        TableConfig(players=body.players, rules=make_rules(body.rules.preset, settings))
    except PasurError as error:
        raise Refused(E.BAD_CONFIG, str(error)) from None
    return store.NewTournament(
        name=body.name,
        kind=body.kind,
        players=body.players,
        rules={"preset": body.rules.preset, "settings": settings},
        starts_at=body.starts_at.astimezone(UTC),
        minutes=body.minutes,
        rounds=body.rounds,
    )


@router.get("/api/tournaments", summary="Every tournament", responses=refusals(E.UNAVAILABLE))
async def list_tournaments(request: Request) -> Response:
    now = datetime.now(UTC)
    async with engine(request).connect() as connection:
        found = await store.listing(connection, now)
    return JSONResponse({"tournaments": found, "now": now.isoformat()})


@router.post(
    "/api/tournaments",
    status_code=201,
    summary="Make a Swiss or arena tournament",
    responses=refusals(E.WRONG_FORMAT, E.BAD_CONFIG, *SIGNED_IN, body=True),
)
async def create(request: Request, body: NewTournamentBody) -> Response:
    me = signed_in(request)
    new = checked(body)
    async with engine(request).begin() as connection:
        made = await store.create(connection, me.id, new)
    return JSONResponse({"id": made, "url": f"/tournaments#{made}"}, status_code=201)


@router.get(
    "/api/tournaments/{tournament_id}",
    summary="A tournament's standings and pairings",
    responses=refusals(E.NO_SUCH_TOURNAMENT, E.UNAVAILABLE),
)
async def standings(request: Request, tournament_id: str) -> Response:
    """Open to anyone; ``you`` (and each pairing's ``yours``) is about the caller's account."""
    viewer = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    viewer_id = None if viewer is None or viewer.session is None else viewer.id
    async with engine(request).connect() as connection:
        found = await store.detail(connection, tournament_id, datetime.now(UTC), viewer_id)
    return JSONResponse(found)


@router.post(
    "/api/tournaments/{tournament_id}/join",
    status_code=204,
    summary="Join a tournament",
    responses=refusals(
        E.NO_SUCH_TOURNAMENT,
        E.ALREADY_JOINED,
        E.TOURNAMENT_STARTED,
        E.WRONG_FORMAT,
        E.OWN_ACCOUNT,
        *SIGNED_IN,
        body=True,
    ),
)
async def join(
    request: Request, tournament_id: str, body: JoinTournamentBody | None = None
) -> Response:
    me = signed_in(request)
    players, partner = (2, None) if body is None else (body.players, body.partner)
    async with engine(request).begin() as connection:
        await store.join(connection, tournament_id, me.id, me.name, players, partner)
    return Response(status_code=204)


@router.post(
    "/api/tournaments/{tournament_id}/leave",
    status_code=204,
    summary="Withdraw from a tournament",
    responses=refusals(E.NO_SUCH_TOURNAMENT, E.NOT_ENTERED, *SIGNED_IN),
)
async def leave(request: Request, tournament_id: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        await store.leave(connection, tournament_id, me.id)
    return Response(status_code=204)


@router.post(
    "/api/tournaments/{tournament_id}/start",
    status_code=204,
    summary="Start a tournament now (its creator, while it is upcoming)",
    responses=refusals(E.NO_SUCH_TOURNAMENT, E.NOT_CREATOR, E.TOURNAMENT_STARTED, *SIGNED_IN),
)
async def start(request: Request, tournament_id: str) -> Response:
    """Its start becomes now, and the clock's own step runs at once rather than at its next
    tick: by the answer round one is paired and its tables are open (an arena pairs whoever
    waits; a Swiss of too few is cancelled), exactly as at a start reached by the clock."""
    me = signed_in(request)
    async with engine(request).begin() as connection:
        now = await store.start(connection, tournament_id, me.id)
    tables = shared(request, "table_manager", TableManager)
    try:
        await advance(engine(request), tables, tournament_id, now)
    except Exception:  # the start stands: the clock takes the same step at its next tick
        log.exception("a tournament started now could not be paired at once")
    return Response(status_code=204)
