"""The table manager's machinery: the timer task, slow sockets, and the guest cookie's secret."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello

from pasur.protocol.frames import EventFrame
from pasur.server.app import create_app
from pasur.server.db.database import Database
from pasur.server.http.guests import COOKIE, SECRET_ENV, Guest, Guests
from pasur.server.settings import ServerSettings
from pasur.server.tables.config import TableConfig
from pasur.server.tables.connections import SEND_QUEUE, Connection
from pasur.server.tables.manager import SHUTDOWN_CLOSE, TableManager
from pasur.server.tables.store import TableStore


def test_the_timer_task_lets_bots_play_with_nobody_sending_anything(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"0": "random", "1": "random"}, bot_delay=0.005)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, since=0)
        kinds = []
        while "round_ended" not in kinds:
            frame = ws.receive_json()
            assert frame["type"] == "event"
            kinds.append(frame["event"]["kind"])
    assert kinds.count("played") == 48


class StuckSocket:
    """A socket whose client never reads: every send waits forever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, data: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


def test_a_socket_that_falls_behind_is_closed_instead_of_waited_for() -> None:
    async def scenario() -> tuple[bool, int | None]:
        socket = StuckSocket()
        connection = Connection(socket, 0)
        connection.start()
        for n in range(SEND_QUEUE + 5):
            connection.send(EventFrame({"n": n}))  # never blocks
        await asyncio.sleep(0)
        return connection.closed, socket.closed_with

    assert asyncio.run(scenario()) == (True, 1013)


def test_a_stopping_manager_closes_its_sockets_as_a_service_restart(backend: str) -> None:
    async def scenario() -> int | None:
        database = Database(backend)
        await database.upgrade()
        manager = TableManager(TableStore(database))
        await manager.start()
        live = await manager.create(TableConfig(players=2), "creator", {})
        socket = StuckSocket()
        await manager.connect(live, Connection(socket, -1), since=None)
        await manager.stop()
        await database.close()
        return socket.closed_with

    assert asyncio.run(scenario()) == SHUTDOWN_CLOSE


def test_cookies_survive_a_restart_with_the_secret_kept_in_the_database(
    web_root: Path, backend: str, make_client: Callable[..., TestClient]
) -> None:
    with TestClient(create_app(ServerSettings(database_url=backend, web_root=web_root))) as c:
        cookie = c.post("/api/guest", json={"name": "Ava"}).cookies[COOKIE]
    second = make_client(backend)
    second.cookies.clear()
    response = second.get("/api/guest", headers={"Cookie": f"{COOKIE}={cookie}"})
    assert response.json() == {"name": "Ava"}


def test_the_secret_comes_from_the_environment_when_set(
    monkeypatch: pytest.MonkeyPatch, client: TestClient
) -> None:
    monkeypatch.setenv(SECRET_ENV, "a test secret")
    cookie = Guests("a test secret").cookie_for(Guest("id-1", "Ava"))
    assert Guests("another").read(cookie) is None
    database = client.app.state.database  # type: ignore[attr-defined]

    async def load() -> Guests:
        return await Guests.load(database)

    guests = client.portal.call(load)  # type: ignore[union-attr]
    assert guests.read(cookie) == Guest("id-1", "Ava")
    assert guests.read(cookie[:-2]) is None
