"""``pasur connect``: seat an engine program at an online table, through the table protocol.

The command is a client of ``docs/protocol.md`` like the browser: it says ``hello`` with the
seat's token, follows the snapshot and the events (:class:`~pasur.protocol.follow.FollowedView`),
and at each of the seat's turns gives the engine the seat's view and sends its move as ``play``.
It plays one game (or ``--games N``, voting for each rematch) and exits; an engine that fails a
move ends the command (the table's turn timer or stand-in bot then plays for the seat, as for
anyone who leaves). Frames are paced to the seat's rate limit (``docs/protocol.md`` section 2),
since an engine playing a bot can move faster than any person.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
import time
from collections import deque
from typing import Annotated, Any
from urllib.parse import urlsplit, urlunsplit

import typer
import websockets

from pasur.bots.base import BotFailure
from pasur.cli.common import UsageError
from pasur.cli.engines import Engine
from pasur.protocol.follow import FollowedView
from pasur.protocol.frames import VERSION

EXIT_FAILED = 1
FRAMES, WINDOW = 90, 20.0
"""At most this many frames per this many seconds: under a seat's limit of 100 per 20 s."""
RETRY_SECONDS = 1.0
"""The wait before a play refused as ``rate_limited`` is sent again."""


class ConnectError(RuntimeError):
    """The game could not go on: the server refused or closed, or the engine failed."""


def table_socket(url: str, table: str) -> str:
    """The table's WebSocket address from the server's (``http://host:8000`` or ``ws://…``)."""
    parts = urlsplit(url.strip())
    schemes = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}
    if parts.scheme not in schemes or not parts.netloc:
        raise UsageError(f"URL: give the server's address, as http://127.0.0.1:8000; got {url!r}")
    if not table.strip() or "/" in table:
        raise UsageError(f"--table: give the table's id, as in its link; got {table!r}")
    return urlunsplit((schemes[parts.scheme], parts.netloc, f"/ws/tables/{table.strip()}", "", ""))


def connect(
    url: Annotated[str, typer.Argument(help="The server, as http://127.0.0.1:8000.")],
    table: Annotated[str, typer.Option("--table", help="The table's id.")],
    seat_token: Annotated[
        str, typer.Option("--seat-token", help="The seat's token (from joining the seat).")
    ],
    engine: Annotated[
        str, typer.Option("--engine", help="The engine's command, as python3 engine.py.")
    ],
    seconds: Annotated[
        float, typer.Option("--seconds", help="Seconds the engine has for each move.")
    ] = 5.0,
    seed: Annotated[int, typer.Option("--seed", help="The seed the engine is told.")] = 0,
    games: Annotated[
        int, typer.Option("--games", help="Games to play, accepting a rematch after each.")
    ] = 1,
) -> None:
    """Seat an engine program at an online table and play a game (docs/engines.md)."""
    address = table_socket(url, table)
    if not seconds > 0:
        raise UsageError(f"--seconds: give the engine some time, not {seconds}")
    if games < 1:
        raise UsageError(f"--games: play at least one game, not {games}")
    try:
        command = shlex.split(engine)
    except ValueError as error:
        raise UsageError(f"--engine: the command cannot be read: {error}") from None
    if not command:
        raise UsageError("--engine: name the engine's command")
    try:
        player = Engine(shlex.join(command), command)
        try:
            outcome = asyncio.run(_play(address, seat_token, player, seconds, seed, games))
        finally:
            player.close()
    except (BotFailure, ConnectError) as error:
        sys.stderr.write(f"pasur connect: {error}\n")
        raise typer.Exit(EXIT_FAILED) from None
    typer.echo(outcome)


async def _play(
    address: str, token: str, engine: Engine, seconds: float, seed: int, games: int
) -> str:
    try:
        async with websockets.connect(address) as socket:
            hello = {"type": "hello", "protocol": VERSION, "seat_token": token, "since": None}
            await socket.send(json.dumps(hello))
            return await _Seat(socket, engine, seconds, seed).follow(games)
    except (OSError, websockets.InvalidHandshake) as error:
        raise ConnectError(f"cannot reach the table at {address}: {error}") from None
    except websockets.ConnectionClosed as error:
        raise ConnectError(f"the server closed the connection ({error})") from None


class _Seat:
    """The seat's side of one socket: frames in, the engine's moves out."""

    def __init__(self, socket: Any, engine: Engine, seconds: float, seed: int) -> None:
        self.socket = socket
        self.engine = engine
        self.seconds = seconds
        self.seed = seed
        self.seat = -1
        self.version = 0
        self.followed: FollowedView | None = None
        self.played_at = -1
        self.move = ""
        self.sent: deque[float] = deque()

    async def follow(self, games: int) -> str:
        """Play ``games`` games (voting for a rematch after each but the last); each result in
        words, one line per game."""
        outcomes: list[str] = []
        async for raw in self.socket:
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind == "welcome":
                self.seat = frame["you"]
                if self.seat < 0:
                    raise ConnectError("the token opens no seat: this socket only watches")
            elif kind == "snapshot":
                self._snapshot(frame["snapshot"])
            elif kind == "event":
                event = frame["event"]
                self.version = event["n"]
                assert self.followed is not None
                self.followed.apply(event)
                if event["kind"] == "started":
                    self._tell_settings()
                if event["kind"] == "game_over":
                    outcomes.append(_outcome(self.seat, event))
                    if len(outcomes) == games:
                        return "\n".join(outcomes)
                    vote = {"type": "rematch", "accept": True, "ref": f"r{len(outcomes)}"}
                    await self._send(vote)
            elif kind == "error" and frame.get("code") == "rate_limited":
                # Nothing was done: the same play goes again a little later, if still due.
                await asyncio.sleep(RETRY_SECONDS)
                if self.played_at == self.version:
                    await self._send_play()
            elif kind == "error" and frame.get("code") != "stale":
                # A stale play is played again at the newer version, below.
                raise ConnectError(
                    f"the server refused: {frame.get('code')}: {frame.get('message')}"
                )
            await self._maybe_play()
        raise ConnectError("the server closed the connection before the game was over")

    def _snapshot(self, snapshot: dict[str, Any]) -> None:
        self.version = snapshot["version"]
        game = snapshot["game"]
        if game is None:
            config = snapshot["config"]
            self.followed = FollowedView(self.seat, config["players"], config["rules"])
            return
        self.followed = FollowedView.from_snapshot(game)
        self._tell_settings()

    def _tell_settings(self) -> None:
        followed = self.followed
        assert followed is not None
        self.engine.start_game(
            seat=self.seat,
            players=followed.players,
            rules=followed.rules,
            seconds=self.seconds,
            seed=self.seed,
        )

    async def _maybe_play(self) -> None:
        followed = self.followed
        if followed is None or not followed.to_play or self.played_at == self.version:
            return
        self.played_at = self.version
        legal = followed.legal
        # The server reads the answer as it reads anyone's play, and refuses an illegal one.
        self.move = await asyncio.to_thread(self.engine.ask, followed.view, legal, self.seconds)
        await self._send_play()

    async def _send_play(self) -> None:
        version = self.version
        await self._send(
            {"type": "play", "move": self.move, "version": version, "ref": f"m{version}"}
        )

    async def _send(self, frame: dict[str, Any]) -> None:
        """Send a frame, first waiting as long as the rate limit asks."""
        sent = self.sent
        now = time.monotonic()
        while sent and sent[0] <= now - WINDOW:
            sent.popleft()
        if len(sent) >= FRAMES:
            await asyncio.sleep(sent[0] + WINDOW - now)
            sent.popleft()
        sent.append(time.monotonic())
        await self.socket.send(json.dumps(frame))


def _outcome(seat: int, event: dict[str, Any]) -> str:
    winners = event.get("winners") or []
    verdict = "won" if seat in winners else "drawn" if not winners else "lost"
    return f"game over: seat {seat} {verdict}; totals {event.get('totals')}"
