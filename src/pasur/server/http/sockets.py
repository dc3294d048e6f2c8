"""Frames sent straight to a table socket, and sending and closing that never raise.

Most frames go through a socket's queue (:class:`pasur.server.tables.connections.Connection`).
Before a socket has one (its hello not yet read, or refused), and when the error handlers meet an
outage on it, the play wing and the handlers write to the socket directly; the client may already
have gone, so neither writing nor closing may raise.
"""

from __future__ import annotations

import contextlib

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from pasur.protocol.frames import ServerFrame


async def send_now(websocket: WebSocket, frame: ServerFrame) -> None:
    """Send ``frame`` if the socket can still take it."""
    with contextlib.suppress(Exception):
        await websocket.send_text(frame.to_text())


async def close_quietly(websocket: WebSocket, code: int, reason: str | None = None) -> None:
    """Close the socket with ``code`` (and ``reason``) unless it is closed already; a socket not
    accepted yet is refused at its handshake."""
    if websocket.application_state is not WebSocketState.DISCONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close(code, reason)
