"""Friends over REST: ``GET /api/friends`` (following with presence, followers, blocked,
challenges); ``PUT``/``DELETE /api/friends/{name}`` (follow, unfollow); ``PUT``/``DELETE
/api/blocks/{name}``; ``POST /api/challenges``, ``POST /api/challenges/{id}/accept`` and
``/decline``. Every call needs an account signed in on the device (``not_signed_in``)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol import ErrorCode, Refused
from pasur.rules import PasurError, make_rules
from pasur.server.accounts import friends
from pasur.server.accounts.context import engine, signed_in
from pasur.server.accounts.presence import Presence
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.tables.chat import hide_speaker
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager

router = APIRouter(tags=["accounts"])

E = ErrorCode
SIGNED_IN = (E.NOT_SIGNED_IN, E.CROSS_SITE, E.UNAVAILABLE)
NAMED = (E.NO_SUCH_ACCOUNT, E.OWN_ACCOUNT, *SIGNED_IN)


class ChallengeSettings(BaseModel):
    """The private table a challenge offers (stored with it, read back the same way)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    players: int = Field(2, ge=2, le=4)
    preset: str = Field("standard", max_length=40)
    settings: dict[str, str] = Field(default_factory=dict, max_length=40)
    turn_timer: Literal[15, 30, 60] | None = None


class ChallengeBody(ChallengeSettings):
    name: str = Field(max_length=200, description="The account challenged.")


def table_config(chosen: ChallengeSettings) -> TableConfig:
    """The private table a challenge's settings make (``bad_config`` when they cannot)."""
    try:
        rules = make_rules(chosen.preset, chosen.settings)
    except PasurError as error:
        raise Refused(E.BAD_CONFIG, str(error)) from None
    return TableConfig(
        players=chosen.players, rules=rules, private=True, turn_timer=chosen.turn_timer
    )


@router.get(
    "/api/friends",
    summary="Friends, followers, blocks and challenges",
    responses=refusals(*SIGNED_IN),
)
async def get_friends(request: Request) -> Response:
    me = signed_in(request)
    async with engine(request).connect() as connection:
        found = await friends.overview(connection, me.id)
    online = await shared(request, "presence", Presence).online(found["following"])
    following = [
        {"name": name, "online": account_id in online, "profile_url": f"/@/{name}"}
        for account_id, name in sorted(
            found["following"].items(), key=lambda item: item[1].casefold()
        )
    ]
    return JSONResponse(
        {
            "following": following,
            "followers": sorted(found["followers"].values(), key=str.casefold),
            "blocked": sorted(found["blocked"].values(), key=str.casefold),
            "challenges": found["challenges"],
        }
    )


@router.put(
    "/api/friends/{name}", summary="Follow an account", responses=refusals(E.BLOCKED, *NAMED)
)
async def follow(request: Request, name: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        found = await friends.follow(connection, me.id, name)
    return JSONResponse({"following": found.name})


@router.delete(
    "/api/friends/{name}", summary="Stop following an account", responses=refusals(*NAMED)
)
async def unfollow(request: Request, name: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        await friends.unfollow(connection, me.id, name)
    return Response(status_code=204)


@router.put("/api/blocks/{name}", summary="Block an account", responses=refusals(*NAMED))
async def block(request: Request, name: str) -> Response:
    """Follows both ways and pending challenges between the two go; no new ones can come, and
    the other's chat lines and emotes no longer reach the caller's sockets."""
    me = signed_in(request)
    async with engine(request).begin() as connection:
        found = await friends.block(connection, me.id, name)
    _hide(request, me.id, found.id, hidden=True)
    return Response(status_code=204)


@router.delete("/api/blocks/{name}", summary="Unblock an account", responses=refusals(*NAMED))
async def unblock(request: Request, name: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        found = await friends.unblock(connection, me.id, name)
    _hide(request, me.id, found.id, hidden=False)
    return Response(status_code=204)


def _hide(request: Request, me: str, other: str, *, hidden: bool) -> None:
    """The caller's sockets at this process's tables stop (or start again) receiving the other's
    chat lines at once; a socket at another process reads the blocks again when it reconnects."""
    tables = shared(request, "table_manager", TableManager).tables.values()
    hide_speaker((c for live in tables for c in live.connections), me, other, hidden=hidden)


@router.post(
    "/api/challenges",
    summary="Challenge an account to a private table with these settings",
    responses=refusals(E.BLOCKED, E.BAD_CONFIG, E.RATE_LIMITED, *NAMED, body=True),
)
async def new_challenge(request: Request, body: ChallengeBody) -> Response:
    me = signed_in(request)
    settings = ChallengeSettings.model_validate(body.model_dump(exclude={"name"}))
    table_config(settings)  # refused now, not when the other accepts
    async with engine(request).begin() as connection:
        made = await friends.challenge(connection, me.id, body.name, settings.model_dump())
    return JSONResponse(made, status_code=201)


@router.post(
    "/api/challenges/{challenge_id}/accept",
    summary="Accept a challenge: the table is made",
    responses=refusals(E.NO_SUCH_CHALLENGE, *SIGNED_IN),
)
async def accept(request: Request, challenge_id: str) -> Response:
    """The answer names the new private table; the challenger's list names it too.

    The challenge is claimed first (so two answers cannot make two tables), then the table is
    made in its own transaction: no connection is held while the table store takes one.
    """
    me = signed_in(request)
    async with engine(request).begin() as connection:
        row = await friends.pending_to(connection, me.id, challenge_id)
        if await friends.blocked_between(connection, me.id, row.from_id):
            raise Refused(E.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
        await friends.claim(connection, challenge_id)
    config = table_config(ChallengeSettings.model_validate(row.settings))
    try:
        live = await shared(request, "table_manager", TableManager).create(config, row.from_id, {})
    except BaseException:
        async with engine(request).begin() as connection:
            await friends.answer(connection, challenge_id, friends.PENDING, None)
        raise
    async with engine(request).begin() as connection:
        await friends.answer(connection, challenge_id, friends.ACCEPTED, live.id)
    return JSONResponse({"table_id": live.id, "table_url": f"/play/t/{live.id}"})


@router.post(
    "/api/challenges/{challenge_id}/decline",
    summary="Decline a challenge",
    responses=refusals(E.NO_SUCH_CHALLENGE, *SIGNED_IN),
)
async def decline(request: Request, challenge_id: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        await friends.pending_to(connection, me.id, challenge_id)
        await friends.answer(connection, challenge_id, friends.DECLINED, None)
    return Response(status_code=204)
