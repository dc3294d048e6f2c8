"""Frames sent straight to a table socket: the error frame's shape, and sending and closing that
never raise.

Most frames go through a socket's :class:`~pasur.server.table_manager.Connection` queue. Before a
socket has one (its hello not yet read, or refused), and when the error handlers meet an outage
on it, the play API and the handlers write to the socket directly; the client may already have
gone, so neither writing nor closing may raise.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState


def error_frame(code: str, message: str, ref: object = None) -> dict[str, Any]:
    """An ``error`` frame (``docs/protocol.md``), echoing the client's ``ref`` when it may be."""
    return with_ref({"type": "error", "code": code, "message": message}, ref)


def with_ref(frame: dict[str, Any], ref: object) -> dict[str, Any]:
    """``frame`` answering a client's frame: its ``ref`` added if it is short text or a number."""
    if isinstance(ref, str | int) and not isinstance(ref, bool) and len(str(ref)) <= 64:
        frame["ref"] = ref
    return frame


async def send_now(websocket: WebSocket, frame: dict[str, Any]) -> None:
    """Send ``frame`` if the socket can still take it."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(frame))


async def close_quietly(websocket: WebSocket, code: int, reason: str | None = None) -> None:
    """Close the socket with ``code`` (and ``reason``) unless it is closed already; a socket not
    accepted yet is refused at its handshake."""
    if websocket.application_state is not WebSocketState.DISCONNECTED:
        with contextlib.suppress(Exception):
            await websocket.close(code, reason)
