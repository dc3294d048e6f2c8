"""The table WebSocket, ``/ws/tables/{id}``: its handshake, its hello, and its life.

The endpoint checks the handshake's ``Origin``, counts sockets per address, reads the ``hello``
(who the socket is: a seat's token, or a spectator) and seats the connection at the table; from
then on every message goes to the :class:`~pasur.server.play.dispatch.Dispatcher`. Every rule of
the game lives in the table.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from pasur.protocol import SPECTATOR, ErrorCode, Refused
from pasur.protocol.frames import ClientFrame, ErrorFrame, Hello, Unreadable
from pasur.server.http.errors import UNAVAILABLE_CLOSE, outage
from pasur.server.http.origin import origin_allowed
from pasur.server.http.pressure import LoopLag
from pasur.server.http.rate_limit import AddressLimits, SocketLimits
from pasur.server.http.sockets import close_quietly, send_now
from pasur.server.http.state import shared
from pasur.server.play.blocks import blocked_by, caller
from pasur.server.play.dispatch import POLICY_VIOLATION, Dispatcher, read
from pasur.server.settings import ServerSettings
from pasur.server.tables.connections import Connection
from pasur.server.tables.live import LiveTable

HELLO_TIMEOUT = 10.0
"""Seconds a new socket has to send its ``hello``."""

log = logging.getLogger("pasur.server.play")

router = APIRouter(tags=["play"])


def _settings(websocket: WebSocket) -> ServerSettings:
    return shared(websocket, "settings", ServerSettings)


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
    addresses = shared(websocket, "address_limits", AddressLimits)
    address = websocket.client.host if websocket.client is not None else "unknown"
    await websocket.accept()
    if not addresses.open(address):
        message = "too many sockets from your address; close some or wait a minute"
        await send_now(websocket, ErrorFrame(ErrorCode.RATE_LIMITED, message))
        await close_quietly(websocket, POLICY_VIOLATION)
        return
    try:
        await _serve_socket(websocket, table_id)
    finally:
        addresses.close(address)


def read_hello(live: LiveTable, frame: ClientFrame) -> tuple[int, int | None]:
    """The recipient (a seat, or :data:`SPECTATOR`) and the ``since`` a first frame asks for.

    Raises:
        Refused: ``bad_frame`` (not a hello, or one that cannot be read),
            ``unsupported_protocol``, or ``bad_token`` (the token opens no seat here).
    """
    if isinstance(frame, Unreadable):
        raise Refused(frame.code, frame.message)
    if not isinstance(frame, Hello):
        raise Refused(ErrorCode.BAD_FRAME, "the first frame must be a hello")
    if frame.seat_token is None:
        return SPECTATOR, frame.since
    seat = live.seat_for_token(frame.seat_token)
    if seat is None:
        raise Refused(ErrorCode.BAD_TOKEN, "that seat token opens no seat at this table")
    return seat, frame.since


async def _serve_socket(websocket: WebSocket, table_id: str) -> None:
    """An accepted socket, from its hello to its close."""
    dispatcher = shared(websocket, "dispatcher", Dispatcher)
    tables = dispatcher.tables
    try:
        live = await tables.get(table_id)
    except Exception as error:
        if outage(error) is not None:
            raise  # the outage handler closes the socket as unavailable (http.errors)
        live = None
    if live is None:
        refused = ErrorFrame(ErrorCode.NO_SUCH_TABLE, "there is no table with that id")
        await send_now(websocket, refused)
        await close_quietly(websocket, 4404)
        return
    try:
        hello = read(await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT))
        if hello is None:
            return
        recipient, since = read_hello(live, hello)
        if recipient == SPECTATOR:  # a new spectator waits while the loop is behind (.pressure)
            shared(websocket, "loop_lag", LoopLag).refuse_if_behind()
    except Refused as refused:
        if refused.code is ErrorCode.UNAVAILABLE:
            await send_now(websocket, ErrorFrame.of(refused))
            await close_quietly(websocket, UNAVAILABLE_CLOSE, "unavailable")
            return
        await send_now(websocket, ErrorFrame.of(refused))
        await close_quietly(websocket, 4400)
        return
    except (TimeoutError, WebSocketDisconnect):
        await close_quietly(websocket, 4408)
        return
    # Who holds the socket: the seat's person, or a spectator by their cookie. Their blocks are
    # read once here; a block made later reaches this socket from where it is made (friends_api).
    person = caller(websocket) if recipient == SPECTATOR else live.table.seats[recipient].player
    limits = _socket_limits(websocket, recipient)
    hidden = await blocked_by(websocket, person)
    connection = Connection(websocket, recipient, limits, person=person, hidden=hidden)
    try:
        await tables.connect(live, connection, since)
    except Refused as refused:
        await send_now(websocket, ErrorFrame.of(refused))
        await close_quietly(websocket, 4403)
        return
    try:
        while not connection.closed:
            if not await dispatcher.handle(live, connection, await websocket.receive()):
                break
    except WebSocketDisconnect:
        pass
    finally:
        tables.release(live, connection)
        await close_quietly(websocket, 1000)
