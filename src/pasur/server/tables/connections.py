"""One socket at a table, as the table manager sees it: a recipient and a bounded send queue.

Each connection has a queue drained by its own task: a slow client never stalls the table, and a
client whose queue overflows is disconnected (it reconnects with ``since``). The socket is
anything with :class:`Socket`'s two methods, so tests and the protocol fuzzer pass stand-ins.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from pasur.protocol.frames import ServerFrame
from pasur.server.http.rate_limit import SocketLimits

log = logging.getLogger("pasur.server.tables")

SEND_QUEUE = 512
"""Frames waiting for one connection before it counts as too slow and is closed."""


class Socket(Protocol):
    """What a connection needs of a WebSocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One socket at a table: a recipient (a seat or a spectator), a bounded send queue, and the
    socket's rate limits (None: unlimited, for tests that drive the handler directly).

    ``person`` is who holds the socket (their opaque id, None for a spectator without a name),
    and ``hidden`` the people whose chat lines and emotes it does not receive: those the person
    has blocked (the play wing looks them up when the socket says hello).
    """

    def __init__(
        self,
        socket: Socket,
        recipient: int,
        limits: SocketLimits | None = None,
        *,
        person: str | None = None,
        hidden: frozenset[str] = frozenset(),
    ) -> None:
        self.socket = socket
        self.recipient = recipient
        self.limits = limits
        self.person = person
        self.hidden = hidden
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False
        self._task: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start draining the queue into the socket."""
        self._task = asyncio.create_task(self._drain())

    def send(self, frame: ServerFrame) -> None:
        """Queue a frame; a full queue closes the connection instead of waiting."""
        if not self.closed:
            self.send_text(frame.to_text())

    def send_text(self, text: str) -> None:
        """Queue a frame already written as text (``to_text``), as :meth:`send` does: a frame
        rendered once for every socket of one recipient is written once."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a connection fell %d frames behind; closing it", SEND_QUEUE)
            self.close(1013, "too slow")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending and close the socket (without waiting)."""
        if self.closed:
            return
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        self._closer = asyncio.create_task(self._close_socket(code, reason))

    async def stop(self) -> None:
        """Send what is queued (briefly), then stop the drain task."""
        if self._task is None or self.closed:
            self.closed = True
            return
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, 1.0)
        self.closed = True

    async def finish(self, code: int, reason: str) -> None:
        """Send what is queued (briefly, as :meth:`stop`), then close the socket: the last frames,
        such as the error that explains the close, arrive first."""
        await self.stop()
        await self._close_socket(code, reason)

    async def _drain(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.closed = True

    async def _close_socket(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code, reason)
