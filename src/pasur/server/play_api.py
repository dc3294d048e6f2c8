"""Online play: guests, the REST calls that make and fill tables, and the table WebSocket.

REST (JSON): ``POST /api/guest``, ``POST /api/tables``, ``GET /api/tables``,
``POST /api/tables/{id}/join``, ``/leave``, ``/bots``, ``DELETE /api/tables/{id}/bots/{seat}``
and ``/start``. A refused call answers 4xx with ``{"detail": {"code": ..., "message": ...}}``
(the table's error codes, plus ``no_guest`` and ``no_such_table``). The calls that manage a table
(start, bots, leave) accept a seat's token in the ``Pasur-Seat-Token`` header instead of the guest
cookie, so a rejoin link works for them on any device.

WebSocket ``/ws/tables/{id}``: the frames of ``docs/protocol.md``. The socket layer checks the
handshake's ``Origin``, counts sockets per address and frames per socket (token buckets), reads
frames, calls the :class:`~pasur.server.table_manager.TableManager` and writes frames; every rule
of the game lives in the table.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from math import isfinite
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, Strict
from starlette.websockets import WebSocketDisconnect

from pasur.rules import PasurError, make_rules, view
from pasur.server import table_commands
from pasur.server.chat import BadChat
from pasur.server.errors import outage, unavailable_message
from pasur.server.guests import COOKIE, COOKIE_MAX_AGE, Guest, Guests, clean_name
from pasur.server.origin import origin_allowed
from pasur.server.rate_limit import AddressLimits, SocketLimits, Verdict
from pasur.server.ratings import Ratings
from pasur.server.settings import ServerSettings
from pasur.server.socket_frames import close_quietly, error_frame, send_now, with_ref
from pasur.server.table import Player, SeatKind, Status, Table, TableConfig, TableError
from pasur.server.table_events import SPECTATOR
from pasur.server.table_manager import (
    Connection,
    LiveTable,
    StoreFailed,
    TableManager,
    describe,
)
from pasur.server.table_store import token_digest

MAX_FRAME = 4096
"""The largest frame a client may send, in bytes (a real frame is under 200)."""

HELLO_TIMEOUT = 10.0
"""Seconds a new socket has to send its ``hello``."""

PROTOCOL = 1

POLICY_VIOLATION = 1008
"""The close code for a refused Origin, too many sockets from one address, or a flood of frames."""

INTERNAL_ERROR = 1011
"""The close code after a frame failed in a way nobody expected (the client reconnects)."""

log = logging.getLogger("pasur.server.play")

router = APIRouter(tags=["play"])

_STATUS = {
    "no_guest": 401,
    "not_seated": 403,
    "no_spectators": 403,
    "no_such_table": 404,
    "seat_taken": 409,
    "table_full": 409,
    "already_seated": 409,
    "game_running": 409,
    "not_ready": 409,
    "not_finished": 409,
    "unavailable": 503,
}


class PlayError(Exception):
    """A refused REST call: answered as 4xx ``{"detail": {"code", "message"}}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def error_response(code: str, message: str) -> JSONResponse:
    return JSONResponse(
        {"detail": {"code": code, "message": message}}, status_code=_STATUS.get(code, 400)
    )


# Request bodies.


_STRICT = ConfigDict(extra="forbid", strict=True)
"""Bodies are read as sent: a field of the wrong JSON type is refused (422 naming it), never
converted (``{"seat": true}`` is not seat 1), and a field the API does not know is refused."""

SeatKey = Annotated[int, Strict(False)]
"""A seat number as a JSON object's key, which is always text: ``"1"``."""


class GuestBody(BaseModel):
    model_config = _STRICT
    name: str = Field(max_length=200)


class NewTable(BaseModel):
    model_config = _STRICT
    players: int = 2
    preset: str = Field("standard", max_length=40)
    settings: dict[str, str] = Field(default_factory=dict, max_length=40)
    private: bool = True
    turn_timer: int | None = None
    spectators: bool = True
    bot_delay: float = Field(0.0, ge=0, le=10)
    rated: bool = False
    bots: dict[SeatKey, str] = Field(default_factory=dict, max_length=4)


class JoinBody(BaseModel):
    model_config = _STRICT
    seat: int | None = None


class BotBody(BaseModel):
    model_config = _STRICT
    seat: int
    level: str = Field(max_length=40)


# Helpers.


def _manager(request: Request | WebSocket) -> TableManager:
    manager = request.app.state.table_manager
    assert isinstance(manager, TableManager)
    return manager


def _guest(request: Request) -> Guest:
    guests = request.app.state.guests
    assert isinstance(guests, Guests)
    guest = guests.read(request.cookies.get(COOKIE))
    if guest is None:
        raise PlayError("no_guest", "choose a name first: POST /api/guest")
    return guest


async def _live(request: Request, table_id: str) -> LiveTable:
    live = await _manager(request).get(table_id)
    if live is None:
        raise PlayError("no_such_table", "there is no table with that id")
    return live


SEAT_TOKEN_HEADER = "Pasur-Seat-Token"
"""The request header in which a seat's token authorises the calls that manage its table."""


def _token_seat(request: Request, live: LiveTable) -> int | None:
    """The seat whose token the request carries in :data:`SEAT_TOKEN_HEADER`, or None.

    A rejoin link opens its seat on any device, whose guest cookie is another person's id: the
    token, not the cookie, then says who this is. It travels in a header, never in the address,
    so no access log holds it.
    """
    token = request.headers.get(SEAT_TOKEN_HEADER)
    if token is None or len(token) > 100:
        return None
    return live.seat_for_token(token)


def _may_manage(request: Request, live: LiveTable) -> None:
    """Allow the table's creator, a seated person, or the holder of a seat's token."""
    if _token_seat(request, live) is not None:
        return
    guest = _guest(request)
    if guest.id != live.creator and live.table.seat_of(guest.id) is None:
        raise PlayError("not_seated", "only the table's creator or a seated person may do this")


async def _run(request: Request, call: Any) -> Response:
    try:
        body = await call()
    except PlayError as error:
        return error_response(error.code, error.message)
    except TableError as error:
        return error_response(error.code, error.message)
    except StoreFailed:
        return error_response("unavailable", "the table could not be saved; try again")
    return JSONResponse(body)


def rejoin_url(table_id: str, token: str) -> str:
    return f"/play/t/{table_id}?seat_token={token}"


# Guests.


@router.post("/api/guest", summary="Choose a guest name (sets the signed guest cookie)")
async def new_guest(request: Request, body: GuestBody) -> Response:
    """Set the guest cookie. A guest who already has one keeps their id with the new name."""
    name = clean_name(body.name)
    if name is None:
        return error_response("bad_name", "a name has 1 to 40 printable characters")
    guests = request.app.state.guests
    assert isinstance(guests, Guests)
    known = guests.read(request.cookies.get(COOKIE))
    guest = Guest(known.id, name) if known is not None else guests.new_guest(name)
    response = JSONResponse({"name": guest.name})
    response.set_cookie(
        COOKIE,
        guests.cookie_for(guest),
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


@router.get("/api/guest", summary="The guest the cookie names")
async def who_am_i(request: Request) -> Response:
    async def call() -> dict[str, Any]:
        return {"name": _guest(request).name}

    return await _run(request, call)


# Tables.


@router.post("/api/tables", summary="Create a table")
async def create_table(request: Request, body: NewTable) -> Response:
    """Create a table, with bots in the given seats; the creator then joins like anyone."""

    async def call() -> dict[str, Any]:
        guest = _guest(request)
        try:
            rules = make_rules(body.preset, body.settings)
        except PasurError as error:
            raise TableError("bad_config", str(error)) from None
        config = TableConfig(
            players=body.players,
            rules=rules,
            private=body.private,
            turn_timer=body.turn_timer,
            spectators=body.spectators,
            bot_delay=body.bot_delay,
            rated=body.rated,
        )
        live = await _manager(request).create(config, guest.id, body.bots)
        return {"table_id": live.id, "invite_url": f"/play/t/{live.id}"}

    return await _run(request, call)


@router.get("/api/tables", summary="Public tables waiting for players")
async def list_tables(request: Request) -> Response:
    """The lobby: each table with its people's ratings (null for bots and people not rated yet)."""
    lives = _manager(request).public_tables()
    ratings = request.app.state.ratings
    assert isinstance(ratings, Ratings)
    shown = await ratings.for_seats([[seat.player for seat in live.table.seats] for live in lives])
    tables = [
        describe(live) | {"rated": live.table.config.rated, "ratings": seat_ratings}
        for live, seat_ratings in zip(lives, shown, strict=True)
    ]
    return JSONResponse({"tables": tables})


@router.get("/api/tables/{table_id}", summary="A table's seats and status")
async def show_table(request: Request, table_id: str) -> Response:
    async def call() -> dict[str, Any]:
        return describe(await _live(request, table_id))

    return await _run(request, call)


@router.post("/api/tables/{table_id}/join", summary="Take a seat")
async def join_table(
    request: Request, table_id: str, body: Annotated[JoinBody | None, Body()] = None
) -> Response:
    """Take the given seat or the first empty one: answers the seat and its secret token."""

    async def call() -> dict[str, Any]:
        guest = _guest(request)
        live = await _live(request, table_id)
        token = secrets.token_urlsafe(24)
        player = Player(guest.id, guest.name)
        wanted = body.seat if body else None
        seat = await _manager(request).join(live, player, wanted, token_digest(token))
        return {"seat": seat, "seat_token": token, "rejoin_url": rejoin_url(live.id, token)}

    return await _run(request, call)


@router.post("/api/tables/{table_id}/leave", summary="Leave your seat")
async def leave_table(request: Request, table_id: str) -> Response:
    async def call() -> dict[str, Any]:
        live = await _live(request, table_id)
        token_seat = _token_seat(request, live)
        holder = live.table.seats[token_seat].player if token_seat is not None else None
        player = holder if holder is not None else _guest(request).id
        seat = await _manager(request).leave(live, player)
        if seat is not None:
            await _manager(request).close_seat(live, seat)
        return {"left": seat}

    return await _run(request, call)


@router.post("/api/tables/{table_id}/bots", summary="Put a bot in an empty seat")
async def put_bot(request: Request, table_id: str, body: BotBody) -> Response:
    async def call() -> dict[str, Any]:
        live = await _live(request, table_id)
        _may_manage(request, live)
        await _manager(request).act(live, table_commands.put_bot(body.seat, body.level))
        return {"seat": body.seat, "level": live.table.seats[body.seat].level}

    return await _run(request, call)


@router.delete("/api/tables/{table_id}/bots/{seat}", summary="Take a bot out of its seat")
async def remove_bot(request: Request, table_id: str, seat: int) -> Response:
    """Empty a bot's seat between games (the table's creator or a seated person only)."""

    async def call() -> dict[str, Any]:
        live = await _live(request, table_id)
        _may_manage(request, live)
        await _manager(request).act(live, table_commands.remove_bot(seat))
        return {"seat": seat}

    return await _run(request, call)


@router.post("/api/tables/{table_id}/start", summary="Start a game once every seat is filled")
async def start_table(request: Request, table_id: str) -> Response:
    async def call() -> dict[str, Any]:
        live = await _live(request, table_id)
        _may_manage(request, live)
        await _manager(request).act(live, table_commands.START)
        return {"status": live.table.status.value, "version": live.table.version}

    return await _run(request, call)


# The WebSocket.


class FrameError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def decode_frame(message: Mapping[str, Any]) -> dict[str, Any] | None:
    """A received WebSocket message as a JSON object, or None when the message says the socket
    closed.

    Raises:
        FrameError: ``bad_frame``: binary, over :data:`MAX_FRAME` bytes, not JSON (``NaN`` and
            ``Infinity`` are not JSON either) or not an object.
    """
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise FrameError("bad_frame", "frames are JSON text, not binary")
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "replace")) > MAX_FRAME:
        raise FrameError("bad_frame", f"a frame is at most {MAX_FRAME} bytes")
    try:
        frame = json.loads(text, parse_constant=_not_json)
    except ValueError:
        raise FrameError("bad_frame", "a frame is a JSON object") from None
    if not isinstance(frame, dict):
        raise FrameError("bad_frame", 'a frame is a JSON object with a "type"')
    return frame


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


async def _read_frame(websocket: WebSocket) -> dict[str, Any] | None:
    """The next frame as a JSON object, None when the socket closed, or FrameError."""
    return decode_frame(await websocket.receive())


def _settings(websocket: WebSocket) -> ServerSettings:
    settings = websocket.app.state.settings
    assert isinstance(settings, ServerSettings)
    return settings


def _address_limits(websocket: WebSocket) -> AddressLimits:
    """The server's count of sockets per address, made on first use from its settings."""
    state = websocket.app.state
    limits = getattr(state, "address_limits", None)
    if limits is None:
        settings = _settings(websocket).limits
        limits = state.address_limits = AddressLimits(
            settings.sockets_per_address, settings.connects_per_address
        )
    assert isinstance(limits, AddressLimits)
    return limits


def _socket_limits(websocket: WebSocket, recipient: int) -> SocketLimits:
    limits = _settings(websocket).limits
    frames = limits.spectator_frames if recipient == SPECTATOR else limits.seat_frames
    return SocketLimits(frames, limits.chat, limits.hints, limits.abuse_factor)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Play or watch a table: ``hello``, then ``play``, ``rematch``, ``chat``, ``hint`` and
    ``ping`` frames."""
    origin = websocket.headers.get("origin")
    if not origin_allowed(
        origin, websocket.headers.get("host"), _settings(websocket).allowed_origins
    ):
        # Refused before accepting: the handshake is answered 403. The origin is a page's address,
        # never a seat token (tokens travel in hello), so it may be logged.
        log.warning("refused a table socket from origin %r", (origin or "")[:200])
        await websocket.close(POLICY_VIOLATION)
        return
    addresses = _address_limits(websocket)
    address = websocket.client.host if websocket.client is not None else "unknown"
    await websocket.accept()
    if not addresses.open(address):
        message = "too many sockets from your address; close some or wait a minute"
        await send_now(websocket, error_frame("rate_limited", message))
        await close_quietly(websocket, POLICY_VIOLATION)
        return
    try:
        await _serve_socket(websocket, table_id)
    finally:
        addresses.close(address)


async def _serve_socket(websocket: WebSocket, table_id: str) -> None:
    """An accepted socket, from its hello to its close."""
    manager = _manager(websocket)
    try:
        live = await manager.get(table_id)
    except Exception as error:
        if outage(error) is not None:
            raise  # the outage handler closes the socket as unavailable (errors.py)
        live = None
    if live is None:
        await send_now(websocket, error_frame("no_such_table", "there is no table with that id"))
        await close_quietly(websocket, 4404)
        return
    try:
        hello = await asyncio.wait_for(_read_frame(websocket), HELLO_TIMEOUT)
        if hello is None:
            return
        recipient, since = read_hello(live, hello)
    except (FrameError, TableError) as error:
        await send_now(websocket, error_frame(error.code, error.message))
        await close_quietly(websocket, 4400)
        return
    except (TimeoutError, WebSocketDisconnect):
        await close_quietly(websocket, 4408)
        return
    connection = Connection(websocket, recipient, _socket_limits(websocket, recipient))
    try:
        await manager.connect(live, connection, since)
    except (TableError, StoreFailed) as error:
        code = error.code if isinstance(error, TableError) else "unavailable"
        await send_now(websocket, error_frame(code, str(getattr(error, "message", error))))
        await close_quietly(websocket, 4403)
        return
    try:
        while not connection.closed:
            if not await handle_message(manager, live, connection, await websocket.receive()):
                break
    except WebSocketDisconnect:
        pass
    finally:
        manager.release(live, connection)
        await close_quietly(websocket, 1000)


_SLOW_DOWN = {
    "frame": "too many frames: slow down",
    "chat": "too many chat lines: wait a few seconds",
    "hint": "too many hints: wait a moment",
}


async def _within_limit(
    connection: Connection, bucket: Callable[[SocketLimits], Verdict], ref: object
) -> bool:
    """Whether the socket may send this frame; if not, it is answered ``rate_limited`` (and
    nothing else happens), and a socket that keeps flooding is closed with code 1008."""
    if connection.limits is None:
        return True
    verdict = bucket(connection.limits)
    if verdict is Verdict.OK:
        return True
    connection.send(error_frame("rate_limited", _SLOW_DOWN[bucket.__name__], ref))
    if verdict is Verdict.ABUSIVE:
        await connection.finish(POLICY_VIOLATION, "too many frames")
    return False


async def handle_message(
    manager: TableManager, live: LiveTable, connection: Connection, message: Mapping[str, Any]
) -> bool:
    """Everything the socket does with a message after the hello, with no socket in it: decode
    it, count it against the connection's limits, then answer it or act on the table. Returns
    False when the message says the socket closed. Tests and the protocol fuzzer call this."""
    try:
        frame = decode_frame(message)
    except FrameError as error:
        if await _within_limit(connection, SocketLimits.frame, None):
            connection.send(error_frame(error.code, error.message))
        return True
    if frame is None:
        return False
    if not await _within_limit(connection, SocketLimits.frame, frame.get("ref")):
        return True
    if frame.get("type") == "hint":
        # A search of about 0.5 s: the socket reads on (pings, plays) meanwhile.
        manager.in_background(_handle(manager, live, connection, frame))
    else:
        await _handle(manager, live, connection, frame)
    return True


def read_hello(live: LiveTable, hello: dict[str, Any]) -> tuple[int, int | None]:
    """The recipient and ``since`` a hello asks for."""
    if hello.get("type") != "hello":
        raise FrameError("bad_frame", "the first frame must be a hello")
    protocol = hello.get("protocol", PROTOCOL)
    if protocol != PROTOCOL or isinstance(protocol, bool):
        raise FrameError("unsupported_protocol", f"this server speaks protocol {PROTOCOL}")
    since = hello.get("since")
    if since is not None and (not isinstance(since, int) or isinstance(since, bool)):
        raise FrameError("bad_frame", "since is an event number or null")
    token = hello.get("seat_token")
    if token is None:
        return SPECTATOR, since
    if not isinstance(token, str) or len(token) > 100:
        raise FrameError("bad_frame", "seat_token is text or null")
    seat = live.seat_for_token(token)
    if seat is None:
        raise FrameError("bad_token", "that seat token opens no seat at this table")
    return seat, since


async def _handle(
    manager: TableManager, live: LiveTable, connection: Connection, frame: dict[str, Any]
) -> None:
    """Answer a frame, or say why it failed: ``unavailable`` when the server cannot reach its
    database or Redis (nothing changed here, so the socket goes on; the client may send it
    again), ``internal`` for anything else, after which the socket is closed so that its client
    reconnects to the table as stored. Either way the server logs one line."""
    ref = frame.get("ref")
    try:
        await _dispatch(manager, live, connection, frame)
    except Exception as error:
        service = outage(error)
        if service is not None:
            log.warning("unavailable at table %s: %s: %s", live.id, type(error).__name__, error)
            connection.send(error_frame("unavailable", unavailable_message(service), ref))
            return
        log.exception("unexpected %s at table %s", type(error).__name__, live.id)
        message = "something went wrong on the server; the error has been logged"
        connection.send(error_frame("internal", message, ref))
        await connection.finish(INTERNAL_ERROR, "server error")


async def _dispatch(
    manager: TableManager, live: LiveTable, connection: Connection, frame: dict[str, Any]
) -> None:
    kind = frame.get("type")
    ref = frame.get("ref")
    seat = connection.recipient
    if kind == "ping":
        pong: dict[str, Any] = {"type": "pong"}
        t = frame.get("t")
        if (isinstance(t, int) and not isinstance(t, bool)) or (
            isinstance(t, float) and isfinite(t)  # 1e999 reads as infinity: JSON cannot write it
        ):
            pong["t"] = t
        connection.send(pong)
        return
    if kind == "play":
        move, version = frame.get("move"), frame.get("version")
        if not isinstance(move, str) or not isinstance(version, int) or isinstance(version, bool):
            connection.send(
                error_frame("bad_frame", "a play is {move: text, version: number}", ref)
            )
            return
        if seat == SPECTATOR:
            connection.send(error_frame("not_seated", "spectators do not play", ref))
            return
        await _act(manager, live, connection, table_commands.play(seat, move, version), ref)
        return
    if kind == "rematch":
        accept = frame.get("accept")
        if not isinstance(accept, bool):
            connection.send(error_frame("bad_frame", "a rematch is {accept: true or false}", ref))
            return
        if seat == SPECTATOR:
            connection.send(error_frame("not_seated", "spectators do not vote", ref))
            return
        await _act(manager, live, connection, table_commands.rematch(seat, accept), ref)
        return
    if kind == "chat":
        await _chat(manager, live, connection, frame.get("text"), ref)
        return
    if kind == "hint":
        await _hint(manager, live, connection, ref)
        return
    if not isinstance(kind, str):  # answered here, not by the decoder, so the error has its ref
        connection.send(error_frame("bad_frame", 'a frame is a JSON object with a "type"', ref))
        return
    connection.send(error_frame("bad_frame", "unknown frame type", ref))


async def _chat(
    manager: TableManager, live: LiveTable, connection: Connection, text: object, ref: object
) -> None:
    """A chat line from a seated person to everyone at the table (not a table event)."""
    if connection.recipient == SPECTATOR:
        connection.send(
            error_frame("not_seated", "spectators read the chat; people seated write", ref)
        )
        return
    if not await _within_limit(connection, SocketLimits.chat, ref):
        return
    try:
        manager.say(live, connection.recipient, text)
    except BadChat as error:
        connection.send(error_frame("bad_chat", str(error), ref))
    except TableError as error:
        connection.send(error_frame(error.code, error.message, ref))


async def _hint(
    manager: TableManager, live: LiveTable, connection: Connection, ref: object
) -> None:
    """The expert's ranking of the seat's moves, at a practice table on the seat's own turn."""
    seat = connection.recipient
    refusal = _no_hints(live.table, seat)
    if refusal is not None:
        connection.send(error_frame("no_hints", refusal, ref))
        return
    if not await _within_limit(connection, SocketLimits.hint, ref):
        return
    game = live.table.game
    assert game is not None
    seat_view, version = view(game, seat), live.table.version  # read together, before any await
    try:
        moves = await manager.hinter.rank(seat_view)
    except Exception:
        log.exception("a hint failed at table %s", live.id)
        connection.send(error_frame("no_hints", "the hint could not be worked out; play on", ref))
        return
    if moves is None:
        connection.send(
            error_frame("rate_limited", "hints are busy for everyone: try again soon", ref)
        )
        return
    connection.send(with_ref({"type": "hint", "version": version, "moves": moves}, ref))


def _no_hints(table: Table, seat: int) -> str | None:
    """Why ``seat`` may not have a hint now, or None: hints are for practice against bots."""
    if seat == SPECTATOR:
        return "hints are for the person playing, not for spectators"
    game = table.game
    if table.status is not Status.PLAYING or game is None or game.turn != seat:
        return "a hint is given on your own turn"
    if any(s != seat and state.kind is not SeatKind.BOT for s, state in enumerate(table.seats)):
        return "hints are for practice tables, where every other seat is a bot"
    return None


async def _act(
    manager: TableManager,
    live: LiveTable,
    connection: Connection,
    action: table_commands.Command,
    ref: object,
) -> None:
    try:
        await manager.act(live, action)
    except TableError as error:
        connection.send(error_frame(error.code, error.message, ref))
    except StoreFailed:
        connection.send(error_frame("unavailable", "the play could not be saved; reconnect", ref))
