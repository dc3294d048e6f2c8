"""Friends over REST: ``GET /api/friends`` (following with presence, followers, blocked,
challenges); ``PUT``/``DELETE /api/friends/{name}`` (follow, unfollow); ``PUT``/``DELETE
/api/blocks/{name}``; ``POST /api/challenges``, ``POST /api/challenges/{id}/accept`` and
``/decline``. Every call needs an account signed in on the device (``not_signed_in``)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol import ErrorCode, Refused
from pasur.rules import PasurError, make_rules
from pasur.server.accounts import friends
from pasur.server.accounts.challenge_table import accepter_token, made_by_another, seat_both
from pasur.server.accounts.context import engine, signed_in
from pasur.server.accounts.presence import Presence
from pasur.server.db.database import Database
from pasur.server.http.fields import WHOLE, HouseRules, Preset
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.tables.chat import hide_speaker
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player

router = APIRouter(tags=["accounts"])

E = ErrorCode
SIGNED_IN = (E.NOT_SIGNED_IN, E.CROSS_SITE, E.UNAVAILABLE)
NAMED = (E.NO_SUCH_ACCOUNT, E.OWN_ACCOUNT, *SIGNED_IN)


class ChallengeSettings(BaseModel):
    """The table a challenge offers (stored with it, read back the same way; a challenge stored
    before ``rated`` existed reads as unrated)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    players: Annotated[int, Field(ge=2, le=4), WHOLE] = 2
    preset: Preset = "standard"
    settings: HouseRules = Field(default_factory=dict)
    turn_timer: Literal[15, 30, 60] | None = None
    rated: bool = Field(False, description="Whether the table's games move ratings.")


class ChallengeBody(ChallengeSettings):
    name: str = Field(max_length=200, description="The account challenged.")


def table_config(chosen: ChallengeSettings) -> TableConfig:
    """The table a challenge's settings make (``bad_config`` when no table can be that, as
    :class:`TableConfig` checks every table). It is private unless rated: ratings move only at
    public tables, so a rated challenge's table is public, as a rated quick match's is."""
    try:
        rules = make_rules(chosen.preset, chosen.settings)
    except PasurError as error:
        raise Refused(E.BAD_CONFIG, str(error)) from None
    return TableConfig(
        players=chosen.players,
        rules=rules,
        private=not chosen.rated,
        turn_timer=chosen.turn_timer,
        rated=chosen.rated,
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
    "/api/friends/{name}",
    status_code=204,
    summary="Stop following an account",
    responses=refusals(*NAMED),
)
async def unfollow(request: Request, name: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        await friends.unfollow(connection, me.id, name)
    return Response(status_code=204)


@router.put(
    "/api/blocks/{name}", status_code=204, summary="Block an account", responses=refusals(*NAMED)
)
async def block(request: Request, name: str) -> Response:
    """Follows both ways and pending challenges between the two go; no new ones can come, and
    the other's chat lines and emotes no longer reach the caller's sockets."""
    me = signed_in(request)
    async with engine(request).begin() as connection:
        found = await friends.block(connection, me.id, name)
    _hide(request, me.id, found.id, hidden=True)
    return Response(status_code=204)


@router.delete(
    "/api/blocks/{name}", status_code=204, summary="Unblock an account", responses=refusals(*NAMED)
)
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
    status_code=201,
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
    summary="Accept a challenge: the table is made with both of you seated",
    responses=refusals(E.NO_SUCH_CHALLENGE, E.BAD_CONFIG, *SIGNED_IN),
)
async def accept(request: Request, challenge_id: str) -> Response:
    """The answer names the new table and the caller's seat there with its token, as joining a
    table answers; the challenger is seated too, and their list names the table.

    The challenge is claimed first (of two answers at once, one claims it, so there is one
    table), then the table is made and both are seated with no connection held (the table store
    takes its own). If that fails, the challenge is pending again and the table is taken down.
    Every other copy of the accept (a double click, a second tab, a retry) answers the same
    table, seat and token once the table is made (:mod:`challenge_table`).
    """
    me = signed_in(request)
    tables = shared(request, "table_manager", TableManager)
    token = await accepter_token(shared(request, "database", Database), challenge_id)
    claimed = await _claim(request, me.id, challenge_id)
    if claimed is None:
        made = await made_by_another(engine(request), tables, me.id, challenge_id, token)
    else:
        try:
            made = await seat_both(tables, *claimed, token)
        except BaseException:
            async with engine(request).begin() as connection:
                await friends.answer(connection, challenge_id, friends.PENDING, None)
            raise
        async with engine(request).begin() as connection:
            await friends.answer(connection, challenge_id, friends.ACCEPTED, made.table_id)
    url = f"/play/t/{made.table_id}"
    return JSONResponse(
        {
            "table_id": made.table_id,
            "table_url": url,
            "seat": made.seat,
            "seat_token": made.seat_token,
            "rejoin_url": f"{url}?seat_token={made.seat_token}",  # as joining a table answers
        }
    )


async def _claim(
    request: Request, me: str, challenge_id: str
) -> tuple[TableConfig, Player, Player] | None:
    """The table to make for the challenge to ``me`` and who sits there, the challenge claimed by
    this request; None when it was answered already (by another copy of this accept, say)."""
    async with engine(request).begin() as connection:
        row = await friends.to_me(connection, me, challenge_id)
        if row.status != friends.PENDING:
            return None
        challenger, accepter = await friends.parties(connection, row)
        config = table_config(ChallengeSettings.model_validate(row.settings))
        if not await friends.claim(connection, challenge_id, friends.ACCEPTED):
            return None
    return config, Player(challenger.id, challenger.name), Player(accepter.id, accepter.name)


@router.post(
    "/api/challenges/{challenge_id}/decline",
    status_code=204,
    summary="Decline a challenge",
    responses=refusals(E.NO_SUCH_CHALLENGE, *SIGNED_IN),
)
async def decline(request: Request, challenge_id: str) -> Response:
    me = signed_in(request)
    async with engine(request).begin() as connection:
        await friends.pending_to(connection, me.id, challenge_id)
        if not await friends.claim(connection, challenge_id, friends.DECLINED):
            raise Refused(E.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
    return Response(status_code=204)
