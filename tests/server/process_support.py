"""Real ``pasur serve`` processes for tests: started on a free loopback port, waited for, stopped,
and driven by guests over HTTP and by seat players over WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

WAIT = 60.0
"""Seconds any one wait may take on a busy machine before the test fails."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    base: str
    log: Path

    def output(self) -> str:
        """What the process wrote (the end of it, for a failing test's report)."""
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://")


def launch(db: str, log: Path, *options: str, env: dict[str, str] | None = None) -> Server:
    """Start ``pasur serve --db db *options`` with ``env`` added to this process's environment
    (without waiting for it to answer); everything it writes goes to ``log``."""
    port = free_port()
    environment = os.environ | {"PASUR_ALLOWED_ORIGINS": ""} | (env or {})
    environment.pop("PASUR_DB", None)
    command = [
        sys.executable,
        "-c",
        "import sys; from pasur.cli.main import run; sys.argv[0] = 'pasur'; run()",
        *("serve", "--port", str(port), "--db", db, *options),
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=environment, stdout=out, stderr=subprocess.STDOUT)
    return Server(process, f"http://127.0.0.1:{port}", log)


def wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        assert server.process.poll() is None, f"pasur serve exited:\n{server.output()}"
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.base}/healthz", timeout=1.0).status_code == 200:
                return
        time.sleep(0.2)
    raise AssertionError(f"pasur serve did not answer /healthz:\n{server.output()}")


def stop(servers: Iterable[Server]) -> None:
    """Stop the servers still running as Ctrl-C does (killed if that takes over 15 s)."""
    running = [server for server in servers if server.process.poll() is None]
    for server in running:
        server.process.send_signal(signal.SIGINT)
    for server in running:
        try:
            server.process.wait(15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


@contextlib.contextmanager
def guest(server: Server, name: str) -> Iterator[httpx.Client]:
    """A client of ``server`` with a guest cookie."""
    with httpx.Client(base_url=server.base, timeout=10.0) as client:
        client.post("/api/guest", json={"name": name}).raise_for_status()
        yield client


@dataclass
class Player:
    """A seat's WebSocket client: it plays the first legal move whenever it has one."""

    seat: int
    token: str
    table_id: str
    version: int = 0
    legal: list[str] = field(default_factory=list)
    seen: list[dict[str, Any]] = field(default_factory=list)
    socket: Any = None

    async def open(self, server: Server) -> None:
        self.socket = await websockets.connect(f"{server.ws}/ws/tables/{self.table_id}")
        since = self.version if self.seen else None
        hello = {"type": "hello", "protocol": 1, "seat_token": self.token, "since": since}
        await self.socket.send(json.dumps(hello))

    async def open_held(self, server: Server) -> None:
        """A first :meth:`open`, returning once the welcome says ``server`` holds the socket at
        the table (the snapshot after it is read by :meth:`play_until`): a writer hands a table
        to another process only while it holds no seated socket there (docs/deploy.md)."""
        assert not self.seen, "a first open only"
        await self.open(server)
        while json.loads(await self.socket.recv())["type"] != "welcome":
            pass

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    async def play_until(self, done: Callable[[dict[str, Any]], bool]) -> None:
        """Read frames and play, until an event satisfies ``done``."""
        while True:
            frame = json.loads(await self.socket.recv())
            kind = frame["type"]
            if kind == "welcome" and frame["version"] == self.version:
                await self._play()  # back with nothing missed: the turn is still ours (or not)
            elif kind == "snapshot":
                snapshot = frame["snapshot"]
                self.version = snapshot["version"]
                game = snapshot["game"] or {}
                self.legal = game.get("legal", []) if game.get("turn") == self.seat else []
                await self._play()
            elif kind == "event":
                event = frame["event"]
                if event["n"] <= self.version:
                    continue
                assert event["n"] == self.version + 1, f"seat {self.seat}: a gap before {event}"
                self.version = event["n"]
                self.seen.append(event)
                if "turn" in event:
                    self.legal = event.get("legal", [])
                # After every event, not only those that give the turn: a play sent at an older
                # version (refused as stale, or lost with a closed socket) is sent again at this
                # one. The version makes a second copy of an accepted play stale, never a play.
                await self._play()
                if done(event):
                    return
            elif kind == "error" and frame["code"] == "unavailable":
                await asyncio.sleep(0.5)  # no server answered for the table: play again
                await self._play()
            elif kind == "error":
                # A play sent again whose first sending was stored after all.
                assert frame["code"] in ("stale", "not_your_turn"), frame

    async def _play(self) -> None:
        if self.legal:
            move = {"type": "play", "move": self.legal[0], "version": self.version}
            await self.socket.send(json.dumps(move))
