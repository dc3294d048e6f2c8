"""Online play's REST calls: guests, and making, listing and filling tables.

``POST`` and ``GET /api/guest``, ``GET /api/me``; ``POST /api/tables``, ``GET /api/tables``,
``GET /api/tables/{id}``, ``POST /api/tables/{id}/join``, ``/leave``, ``/bots``, ``/start``,
``/seat-token`` and ``DELETE /api/tables/{id}/bots/{seat}`` (``docs/protocol.md``, section 3a).
Each call turns into a table command run by the table manager; a refusal is the table's own
(:class:`~pasur.protocol.Refused`), answered with its status and the one error body.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Path, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.rules import PasurError, make_rules
from pasur.server.db.database import Database
from pasur.server.history.ratings import Ratings
from pasur.server.http.fields import SEATS
from pasur.server.http.guests import COOKIE, Guest, Guests, check_guest_name
from pasur.server.http.openapi import refusals
from pasur.server.http.pressure import door
from pasur.server.http.state import shared
from pasur.server.play.access import guest, live_table, manager, may_manage, token_seat
from pasur.server.play.blocks import blocked_by, caller
from pasur.server.play.bodies import BotBody, GuestBody, JoinBody, NewTable
from pasur.server.play.invites import Invites
from pasur.server.tables.commands import Join, Leave, NewToken, PutBot, RemoveBot, Start
from pasur.server.tables.config import TableConfig
from pasur.server.tables.live import LiveTable
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest

router = APIRouter(tags=["play"])

E = ErrorCode

SEAT_CODES = (E.NO_SUCH_TABLE, E.NOT_SEATED, E.NO_GUEST, E.UNAVAILABLE)
"""What a call that manages a table may be refused with, whatever it does."""


def describe(request: Request, live: LiveTable) -> JSONObject:
    """A table as the lobby lists it, with its invite as the request sees it."""
    table = live.table
    invites = shared(request, "invites", Invites)
    return {
        "table_id": live.id,
        "players": table.config.players,
        "turn_timer": table.config.turn_timer,
        "status": table.status.value,
        "seats": [state.to_json(seat) for seat, state in enumerate(table.seats)],
        **invites.for_table(request.url, live.id),
    }


def rejoin_url(table_id: str, token: str) -> str:
    return f"/play/t/{table_id}?seat_token={token}"


# Guests.


@router.post(
    "/api/guest",
    summary="Choose a guest name (sets the signed guest cookie)",
    responses=refusals(
        E.BAD_NAME, E.NAME_TAKEN, E.ACCOUNT_NAME, E.CROSS_SITE, E.UNAVAILABLE, body=True
    ),
)
async def new_guest(request: Request, body: GuestBody) -> Response:
    """Set the guest cookie. A guest who already has one keeps their id with the new name, which
    may not be an account's or a word of the site's (``name_taken``).

    A signed-in account's table name is its account name: posting exactly that name answers it
    and changes nothing (a page cached from before ``GET /api/me`` still seats the account),
    any other is ``account_name``."""
    name = body.name
    guests = shared(request, "guests", Guests)
    known = guests.read(request.cookies.get(COOKIE))
    if known is not None and known.session is not None:
        if name != known.name:
            raise Refused(E.ACCOUNT_NAME, "an account's name changes on the account page")
        return JSONResponse({"name": known.name})
    await check_guest_name(shared(request, "database", Database), name)
    who = Guest(known.id, name) if known is not None else guests.new_guest(name)
    response = JSONResponse({"name": who.name})
    guests.set_cookie(response, request, who)
    return response


@router.get("/api/guest", summary="The guest the cookie names", responses=refusals(E.NO_GUEST))
async def who_am_i(request: Request) -> Response:
    return JSONResponse({"name": guest(request).name})


@router.get(
    "/api/me", summary="Who the cookie names: an account, a guest or nobody", responses=refusals()
)
async def me(request: Request) -> Response:
    """``{"kind": "account" | "guest" | "none", "name": …}``, always 200: a page learns in one
    call whether to ask for a name, without a refusal for someone who has none yet. The session
    guard has already dropped a revoked session's cookie, so ``account`` is a live session."""
    found = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    if found is None:
        return JSONResponse({"kind": "none", "name": None})
    kind = "guest" if found.session is None else "account"
    return JSONResponse({"kind": kind, "name": found.name})


# Tables.


@router.post(
    "/api/tables",
    summary="Create a table",
    dependencies=[Depends(door)],
    responses=refusals(
        E.BAD_CONFIG,
        E.NO_SUCH_SEAT,
        E.NO_GUEST,
        E.CROSS_SITE,
        E.UNAVAILABLE,
        body=True,
    ),
)
async def create_table(request: Request, body: NewTable) -> Response:
    """Create a table, with bots in the given seats; the creator then joins like anyone.

    The answer's ``invite_url`` is absolute, and ``invite_reach`` says who can open it
    (``this-device``, ``network`` or ``public``).
    """
    creator = guest(request)
    try:
        rules = make_rules(body.preset, body.settings)
    except PasurError as error:
        raise Refused(E.BAD_CONFIG, str(error)) from None
    config = TableConfig(
        players=body.players,
        rules=rules,
        private=body.private,
        turn_timer=body.turn_timer,
        spectators=body.spectators,
        bot_delay=body.bot_delay,
        rated=body.rated,
        take_backs=body.take_backs,
    )
    live = await manager(request).create(config, creator.id, body.bot_seats())
    invite = shared(request, "invites", Invites).for_table(request.url, live.id)
    return JSONResponse({"table_id": live.id, **invite})


@router.get(
    "/api/tables",
    summary="Public tables waiting for players",
    responses=refusals(E.UNAVAILABLE),
)
async def list_tables(request: Request) -> Response:
    """The lobby: each table with its people's ratings (null for bots and people not rated yet),
    but those where someone the caller has blocked sits."""
    hidden = await blocked_by(request, caller(request))
    lives = [
        live
        for live in manager(request).public_tables()
        if not any(seat.player in hidden for seat in live.table.seats)
    ]
    ratings = shared(request, "ratings", Ratings)
    shown = await ratings.for_seats([[seat.player for seat in live.table.seats] for live in lives])
    tables = [
        describe(request, live) | {"rated": live.table.config.rated, "ratings": seat_ratings}
        for live, seat_ratings in zip(lives, shown, strict=True)
    ]
    return JSONResponse({"tables": tables})


@router.get(
    "/api/tables/{table_id}",
    summary="A table's seats and status",
    responses=refusals(E.NO_SUCH_TABLE, E.UNAVAILABLE),
)
async def show_table(request: Request, table_id: str) -> Response:
    """The table as the lobby describes it, its absolute ``invite_url`` and ``invite_reach``;
    for each seat whether it is kept for the caller (``you``), someone else, or nobody;
    ``your_seat``: the seat the cookie's person holds there (null: none, or no cookie); and
    ``config``, its settings as a snapshot gives them, so that the page can say the table's rules
    to someone deciding whether to sit."""
    live = await live_table(request, table_id)
    caller = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    config = live.table.config
    kept = config.reserved or (None,) * config.players
    reserved = [
        None if who is None else "you" if caller is not None and who == caller.id else "other"
        for who in kept
    ]
    seat = live.table.seat_of(caller.id) if caller is not None else None
    answer = {"reserved": reserved, "your_seat": seat, "config": config.to_json()}
    return JSONResponse(describe(request, live) | answer)


@router.post(
    "/api/tables/{table_id}/join",
    summary="Take a seat",
    responses=refusals(
        E.NO_SUCH_TABLE,
        E.NO_SUCH_SEAT,
        E.SEAT_TAKEN,
        E.TABLE_FULL,
        E.SEAT_RESERVED,
        E.ALREADY_SEATED,
        E.GAME_RUNNING,
        E.BAD_NAME,
        E.NO_GUEST,
        E.CROSS_SITE,
        E.UNAVAILABLE,
        body=True,
    ),
)
async def join_table(
    request: Request, table_id: str, body: Annotated[JoinBody | None, Body()] = None
) -> Response:
    """Take the given seat, else the one kept for the caller, else the first empty one:
    answers the seat and its secret token."""
    person = guest(request)
    live = await live_table(request, table_id)
    token = secrets.token_urlsafe(24)
    wanted = body.seat if body else None
    if wanted is None:
        wanted = live.table.config.reserved_for(person.id)
    join = Join(Player(person.id, person.name), wanted, token_digest(token))
    await manager(request).act(live, join)
    seat = live.table.seat_of(person.id)
    assert seat is not None
    return JSONResponse(
        {"seat": seat, "seat_token": token, "rejoin_url": rejoin_url(live.id, token)}
    )


@router.post(
    "/api/tables/{table_id}/seat-token",
    summary="A new token for your seat, on this device",
    responses=refusals(E.NO_SUCH_TABLE, E.NOT_SEATED, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE),
)
async def renew_seat_token(request: Request, table_id: str) -> Response:
    """Your seat at the table with a new token, for a device that never kept the seat's token
    (an account signed in there, "my games", a push's tap). Only the seat's own person gets one
    (by the cookie); the seat's earlier token, and its rejoin link, stop opening it."""
    person = guest(request)
    live = await live_table(request, table_id)
    if live.table.seat_of(person.id) is None:
        raise Refused(E.NOT_SEATED, "you hold no seat at this table")
    token = secrets.token_urlsafe(24)
    await manager(request).act(live, NewToken(person.id, token_digest(token)))
    seat = live.table.seat_of(person.id)
    return JSONResponse(
        {"seat": seat, "seat_token": token, "rejoin_url": rejoin_url(live.id, token)}
    )


@router.post(
    "/api/tables/{table_id}/leave",
    summary="Leave your seat",
    responses=refusals(*SEAT_CODES, E.CROSS_SITE),
)
async def leave_table(request: Request, table_id: str) -> Response:
    """Leave the seat (the cookie's, or the ``Pasur-Seat-Token``'s); its token stops working."""
    live = await live_table(request, table_id)
    by_token = token_seat(request, live)
    holder = live.table.seats[by_token].player if by_token is not None else None
    player = holder if holder is not None else guest(request).id
    seat = live.table.seat_of(player)
    await manager(request).act(live, Leave(player))
    if seat is not None:
        await manager(request).close_seat(live, seat)
    return JSONResponse({"left": seat})


@router.post(
    "/api/tables/{table_id}/bots",
    summary="Put a bot in an empty seat",
    responses=refusals(
        *SEAT_CODES,
        E.NO_SUCH_SEAT,
        E.SEAT_TAKEN,
        E.SEAT_RESERVED,
        E.GAME_RUNNING,
        E.CROSS_SITE,
        body=True,
    ),
)
async def put_bot(request: Request, table_id: str, body: BotBody) -> Response:
    live = await live_table(request, table_id)
    may_manage(request, live)
    await manager(request).act(live, PutBot(body.seat, body.level))
    return JSONResponse({"seat": body.seat, "level": live.table.seats[body.seat].level})


@router.delete(
    "/api/tables/{table_id}/bots/{seat}",
    summary="Take a bot out of its seat",
    responses=refusals(*SEAT_CODES, E.NO_SUCH_SEAT, E.NOT_A_BOT, E.GAME_RUNNING, E.CROSS_SITE),
)
async def remove_bot(
    request: Request, table_id: str, seat: Annotated[int, Path(ge=0, le=SEATS - 1)]
) -> Response:
    """Empty a bot's seat between games (the table's creator or a seated person only)."""
    live = await live_table(request, table_id)
    may_manage(request, live)
    await manager(request).act(live, RemoveBot(seat))
    return JSONResponse({"seat": seat})


@router.post(
    "/api/tables/{table_id}/start",
    summary="Start a game once every seat is filled",
    responses=refusals(*SEAT_CODES, E.NOT_READY, E.GAME_RUNNING, E.CROSS_SITE),
)
async def start_table(request: Request, table_id: str) -> Response:
    live = await live_table(request, table_id)
    may_manage(request, live)
    await manager(request).act(live, Start())
    return JSONResponse({"status": live.table.status.value, "version": live.table.version})
