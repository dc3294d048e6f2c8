"""Two ``pasur serve --redis`` processes on one PostgreSQL database: players connected to
different processes play together, and the owner's death loses no play.

Each test starts two real server processes on free loopback ports, sharing the test database and
the test Redis (with a key prefix of their own and a short lease). The players are WebSocket
clients that play the first legal move each time an event gives them one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from cluster_support import fresh_prefix, postgres_url, redis_url
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from pasur.server.settings import database_url

LEASE_TTL = 1.5
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
        """What the process wrote (for a failing test's report)."""
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://")


def launch(db: str, redis: str, prefix: str, log: Path) -> Server:
    """Start ``pasur serve`` (without waiting for it to answer)."""
    port = free_port()
    env = os.environ | {
        "PASUR_REDIS_PREFIX": prefix,
        "PASUR_LEASE_TTL": str(LEASE_TTL),
        "PASUR_ALLOWED_ORIGINS": "",
    }
    env.pop("PASUR_DB", None)
    command = [
        sys.executable,
        "-c",
        "import sys; from pasur.cli.main import run; sys.argv[0] = 'pasur'; run()",
        *("serve", "--port", str(port), "--db", db, "--redis", redis),
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
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


async def _on_postgres(statement: str) -> None:
    engine = create_async_engine(database_url(postgres_url()), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@pytest.fixture
def database() -> Iterator[str]:
    """A PostgreSQL database of this test's own (beside the test database, dropped after), so
    the servers resume no table another test left unfinished."""
    name = f"pasur_cluster_{secrets.token_hex(4)}"
    url = database_url(postgres_url())
    asyncio.run(_on_postgres(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_on_postgres(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def servers(tmp_path: Path, database: str) -> Iterator[tuple[Server, Server]]:
    """Two processes sharing a database and Redis; stopped (or reaped) afterwards."""
    redis, prefix = redis_url(), fresh_prefix()
    started = [launch(database, redis, prefix, tmp_path / f"{name}.log") for name in "ab"]
    try:
        for server in started:
            wait_until_up(server)
        yield started[0], started[1]
    finally:
        for server in started:
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGINT)
        for server in started:
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


def table_for_two(creator_server: Server, other_server: Server) -> tuple[str, str, str]:
    """A table made and joined on the first server, joined and started on the second (so the
    join and the start are forwarded to the owner): its id and both seat tokens."""
    with guest(creator_server, "Dara") as dara, guest(other_server, "Sima") as sima:
        made = dara.post("/api/tables", json={"players": 2})
        made.raise_for_status()
        table_id = made.json()["table_id"]
        first = dara.post(f"/api/tables/{table_id}/join", json={"seat": 0})
        second = sima.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert second.status_code == 200, second.text
        assert second.json()["seat"] == 1
        started = sima.post(f"/api/tables/{table_id}/start")
        assert started.status_code == 200, started.text
        assert started.json()["status"] == "playing"
        return table_id, first.json()["seat_token"], second.json()["seat_token"]


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


def round_ended(event: dict[str, Any]) -> bool:
    return bool(event["kind"] == "round_ended")


def plays_after(count: int) -> Callable[[dict[str, Any]], bool]:
    def done(event: dict[str, Any]) -> bool:
        return event["kind"] == "played" and event["n"] >= count

    return done


async def stored_log(db: str, table_id: str) -> list[tuple[int, str, dict[str, Any]]]:
    engine = create_async_engine(db)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT n, kind, data FROM table_events WHERE table_id = :id ORDER BY n"),
                {"id": table_id},
            )
            return [(n, kind, data) for n, kind, data in rows]
    finally:
        await engine.dispose()


def assert_no_play_lost(log: list[tuple[int, str, dict[str, Any]]], players: list[Player]) -> None:
    """The stored numbers run 1, 2, 3 … and every play a player saw acknowledged is stored."""
    assert [n for n, _, _ in log] == list(range(1, len(log) + 1))
    stored = {n: (kind, data) for n, kind, data in log}
    seen_plays = {e["n"]: e for p in players for e in p.seen if e["kind"] == "played"}
    assert seen_plays, "no play was acknowledged"
    for n, event in seen_plays.items():
        kind, data = stored[n]
        assert kind == "played" and data["seat"] == event["seat"], (n, event, data)
        assert data["move"] == event["move"]


def test_players_on_two_processes_finish_a_round_together(
    servers: tuple[Server, Server], database: str
) -> None:
    a, b = servers
    table_id, token_a, token_b = table_for_two(a, b)
    players = [Player(0, token_a, table_id), Player(1, token_b, table_id)]

    async def play() -> None:
        await players[0].open(a)
        await players[1].open(b)
        try:
            await asyncio.wait_for(
                asyncio.gather(*(p.play_until(round_ended) for p in players)), WAIT
            )
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    for player in players:
        plays = [e for e in player.seen if e["kind"] == "played"]
        assert {e["seat"] for e in plays} == {0, 1}, "each saw both seats' plays"
    # Both saw the same events, each rendered for its own seat (hands differ, numbers agree).
    numbers = [[e["n"] for e in p.seen if e["kind"] != "connection"] for p in players]
    assert numbers[0][-10:] == numbers[1][-10:]
    log = asyncio.run(stored_log(database, table_id))
    assert_no_play_lost(log, players)
    assert sum(1 for _, kind, _ in log if kind == "played") == 48, "a whole round of 2 × 24 cards"


def test_the_game_goes_on_when_the_owning_process_dies(
    servers: tuple[Server, Server], database: str
) -> None:
    a, b = servers
    table_id, token_a, token_b = table_for_two(a, b)
    players = [Player(0, token_a, table_id), Player(1, token_b, table_id)]

    async def play() -> None:
        await players[0].open(a)
        await players[1].open(b)
        try:
            first = asyncio.gather(*(p.play_until(plays_after(20)) for p in players))
            await asyncio.wait_for(first, WAIT)
            a.process.send_signal(signal.SIGKILL)  # the owner, mid-round
            a.process.wait(10)
            await players[0].close()
            await players[0].open(b)  # the dropped player comes back through the other
            rest = asyncio.gather(*(p.play_until(round_ended) for p in players))
            try:
                await asyncio.wait_for(rest, WAIT)
            except TimeoutError:
                seen = [(p.seat, p.version, p.legal, p.seen[-3:]) for p in players]
                raise AssertionError(f"stuck: {seen}\n{b.output()}") from None
        finally:
            for player in players:
                await player.close()

    asyncio.run(play())
    log = asyncio.run(stored_log(database, table_id))
    assert_no_play_lost(log, players)
    assert sum(1 for _, kind, _ in log if kind == "round_ended") == 1
    assert sum(1 for _, kind, _ in log if kind == "played") == 48
