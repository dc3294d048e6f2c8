"""What a table socket does with each message after its hello, with no socket in it.

:meth:`Dispatcher.handle` reads the message once (:func:`~pasur.protocol.parse_client`), counts
it against the socket's limits, then answers it (``pong``, ``chat``, ``emote``, ``hint``) or
turns it into a table command (``play``, ``claim``, ``rematch``, ``take_back``,
``take_back_answer``). Every refusal is an ``error`` frame with the frame's ``ref``, and changes
nothing. The endpoint calls this for every message; so do the
tests and the protocol fuzzer, with stand-in sockets.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pasur.protocol import SPECTATOR, ErrorCode, Refused, parse_client
from pasur.protocol.frames import (
    ChatFrame,
    ClaimFrame,
    ClientFrame,
    EmoteFrame,
    ErrorFrame,
    Hello,
    HintFrame,
    HintRequest,
    Ping,
    PlayFrame,
    Pong,
    Ref,
    RematchFrame,
    TakeBackAnswer,
    TakeBackFrame,
    Unreadable,
)
from pasur.rules import view
from pasur.server.http.errors import outage, unavailable_message
from pasur.server.http.rate_limit import SocketLimits, Verdict
from pasur.server.play.hints import Hinter, no_hints
from pasur.server.tables.commands import Claim, Command, Play, Rematch, TakeBack
from pasur.server.tables.connections import Connection
from pasur.server.tables.emotes import emote_from
from pasur.server.tables.live import LiveTable
from pasur.server.tables.manager import TableManager

log = logging.getLogger("pasur.server.play")

POLICY_VIOLATION = 1008
"""The close code for a refused Origin, too many sockets from one address, or a flood of frames."""

INTERNAL_ERROR = 1011
"""The close code after a frame failed in a way nobody expected (the client reconnects)."""

_SLOW_DOWN = {
    "frame": "too many frames: slow down",
    "chat": "too many chat lines: wait a few seconds",
    "hint": "too many hints: wait a moment",
}


def read(message: Mapping[str, Any]) -> ClientFrame | None:
    """The frame a received WebSocket message holds, or None when it says the socket closed."""
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return parse_client(text if text is not None else message.get("bytes"))


@dataclass(frozen=True, slots=True)
class Dispatcher:
    """The frame handling of one server: its tables, and who works out hints."""

    tables: TableManager
    hinter: Hinter

    async def handle(
        self, live: LiveTable, connection: Connection, message: Mapping[str, Any]
    ) -> bool:
        """Handle one received message; False when it says the socket closed."""
        frame = read(message)
        if frame is None:
            return False
        if not await within_limit(connection, SocketLimits.frame, frame.ref):
            return True
        if isinstance(frame, HintRequest):
            # A search of about 0.5 s: the socket reads on (pings, plays) meanwhile.
            self.tables.in_background(self._guarded(live, connection, frame))
        else:
            await self._guarded(live, connection, frame)
        return True

    async def _guarded(self, live: LiveTable, connection: Connection, frame: ClientFrame) -> None:
        """Answer a frame, or say why it failed: ``unavailable`` when the server cannot reach its
        database or Redis (nothing changed here, so the socket goes on; the client may send it
        again), ``internal`` for anything else, after which the socket is closed so that its
        client reconnects to the table as stored. Either way the server logs one line."""
        ref = frame.ref
        try:
            await self._answer(live, connection, frame)
        except Refused as refused:
            connection.send(ErrorFrame.of(refused, ref))
        except Exception as error:
            service = outage(error)
            if service is not None:
                log.warning("unavailable at table %s: %s: %s", live.id, type(error).__name__, error)
                down = Refused(ErrorCode.UNAVAILABLE, unavailable_message(service))
                connection.send(ErrorFrame.of(down, ref))
                return
            log.exception("unexpected %s at table %s", type(error).__name__, live.id)
            message = "something went wrong on the server; the error has been logged"
            connection.send(ErrorFrame(ErrorCode.INTERNAL, message, ref))
            await connection.finish(INTERNAL_ERROR, "server error")

    async def _answer(self, live: LiveTable, connection: Connection, frame: ClientFrame) -> None:
        seat = connection.recipient
        if isinstance(frame, Ping):
            connection.send(Pong(frame.t))
        elif isinstance(frame, Unreadable):
            connection.send(ErrorFrame(frame.code, frame.message, frame.ref))
        elif isinstance(frame, Hello):
            raise Refused(ErrorCode.BAD_FRAME, "unknown frame type: the hello was said already")
        elif isinstance(frame, PlayFrame):
            _seated(seat, "spectators do not play")
            await self._act(live, Play(seat, frame.move, frame.version))
        elif isinstance(frame, ClaimFrame):
            _seated(seat, "spectators do not claim")
            await self._act(live, Claim(seat, frame.version))
        elif isinstance(frame, RematchFrame):
            _seated(seat, "spectators do not vote")
            await self._act(live, Rematch(seat, frame.accept))
        elif isinstance(frame, TakeBackFrame | TakeBackAnswer):
            _seated(seat, "spectators do not take plays back")
            answer = frame.accept if isinstance(frame, TakeBackAnswer) else None
            await self._act(live, TakeBack(seat, answer, frame.version))
        elif isinstance(frame, ChatFrame):
            await self._chat(live, connection, frame)
        elif isinstance(frame, EmoteFrame):
            _seated(seat, "spectators see emotes; people seated show them")
            self.tables.show_emote(live, emote_from(live.table, live.emotes, seat, frame.emote))
        else:
            await self._hint(live, connection, frame)

    async def _act(self, live: LiveTable, command: Command) -> None:
        await self.tables.act(live, command)

    async def _chat(self, live: LiveTable, connection: Connection, frame: ChatFrame) -> None:
        """A chat line from a seated person to everyone at the table (not a table event)."""
        _seated(connection.recipient, "spectators read the chat; people seated write")
        if await within_limit(connection, SocketLimits.chat, frame.ref):
            self.tables.say(live, connection.recipient, frame.text)

    async def _hint(self, live: LiveTable, connection: Connection, frame: HintRequest) -> None:
        """The expert's ranking of the seat's moves, at a practice table on the seat's own turn."""
        seat = connection.recipient
        refusal = no_hints(live.table, seat)
        if refusal is not None:
            raise Refused(ErrorCode.NO_HINTS, refusal)
        if not await within_limit(connection, SocketLimits.hint, frame.ref):
            return
        game = live.table.game
        assert game is not None
        seat_view, version = view(game, seat), live.table.version  # read together, before awaits
        try:
            moves = await self.hinter.rank(seat_view)
        except Exception:
            log.exception("a hint failed at table %s", live.id)
            raise Refused(ErrorCode.NO_HINTS, "the hint could not be worked out; play on") from None
        if moves is None:
            raise Refused(ErrorCode.RATE_LIMITED, "hints are busy for everyone: try again soon")
        connection.send(HintFrame(version, moves, frame.ref))


def _seated(seat: int, refusal: str) -> None:
    if seat == SPECTATOR:
        raise Refused(ErrorCode.NOT_SEATED, refusal)


async def within_limit(
    connection: Connection, bucket: Callable[[SocketLimits], Verdict], ref: Ref | None
) -> bool:
    """Whether the socket may send this frame; if not, it is answered ``rate_limited`` (and
    nothing else happens), and a socket that keeps flooding is closed with code 1008."""
    if connection.limits is None:
        return True
    verdict = bucket(connection.limits)
    if verdict is Verdict.OK:
        return True
    connection.send(ErrorFrame(ErrorCode.RATE_LIMITED, _SLOW_DOWN[bucket.__name__], ref))
    if verdict is Verdict.ABUSIVE:
        await connection.finish(POLICY_VIOLATION, "too many frames")
    return False
