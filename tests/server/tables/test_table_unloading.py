"""Tables where nothing can happen without someone asking leave memory, and are read back from the
database when asked (``pasur.server.tables.idle``): a finished game, a game its person left (a
stand-in finishes it first), a table waiting for players nobody is at. Each is then served from
its log: its state over REST, its socket with ``since``, its replay; and the sweep that wakes
tables with something due leaves them in the database."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello, read_until
from time_support import FakeTime, fake_clock

from pasur.protocol.encode import move_text
from pasur.rules import legal_moves
from pasur.server.tables.commands import Play
from pasur.server.tables.config import DEFAULT_GRACE
from pasur.server.tables.idle import IDLE_AFTER
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Status


@pytest.fixture
def fake_time() -> Iterator[FakeTime]:
    with fake_clock() as fake:
        yield fake


def _manager(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.table_manager  # type: ignore[attr-defined]
    return manager


def _practice(client: TestClient, **body: Any) -> tuple[GuestClient, str, str]:
    """Ava at seat 0 against a random bot, a game to one point (one round), started; Ava is
    seated over REST and has no socket open."""
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"}, settings={"target": "1"}, **body)
    _, token = ava.join(table_id, 0)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    return ava, table_id, token


def _play_out(client: TestClient, table_id: str) -> None:
    """Play seat 0's first legal move until the game is over (the bot answers at once)."""
    manager = _manager(client)
    live = manager.tables[table_id]
    while live.table.status is Status.PLAYING:
        game = live.table.game
        assert game is not None and game.turn == 0
        play = Play(0, move_text(legal_moves(game)[0]), live.table.version)
        client.portal.call(manager.act, live, play)


def _served_again(client: TestClient, ava: GuestClient, table_id: str, token: str) -> None:
    """The table, out of memory, is read back for REST, for a socket's ``since`` and for its
    replay."""
    manager = _manager(client)
    assert table_id not in manager.tables
    record = client.get(f"/api/tables/{table_id}/games/1/record")
    assert record.status_code == 200 and record.json()["seats"] == ["Ava", "random bot"]
    assert table_id not in manager.tables  # a replay is read from the log, not the table
    shown = ava.client.get(f"/api/tables/{table_id}", headers=ava.headers).json()
    assert (shown["status"], shown["your_seat"]) == ("finished", 0)
    version = manager.tables[table_id].table.version
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        now = hello(ws, token, since=version - 2)["version"]  # her socket marks her there
        caught_up = read_until(ws, now)
    assert [event["n"] for event in caught_up] == list(range(version - 1, now + 1))


def _unload(client: TestClient, fake_time: FakeTime) -> list[str]:
    """Let the tables nobody asked for in :data:`IDLE_AFTER` seconds go."""
    fake_time.shift += IDLE_AFTER + 1
    unloaded: list[str] = client.portal.call(_manager(client).unload_idle)
    return unloaded


def test_a_finished_table_leaves_memory_and_is_served_again_from_the_database(
    backend: str, make_client: Callable[..., TestClient], fake_time: FakeTime
) -> None:
    client = make_client(backend)
    manager = _manager(client)
    ava, table_id, token = _practice(client)
    _play_out(client, table_id)
    assert client.portal.call(manager.unload_idle) == []  # asked for a moment ago
    assert _unload(client, fake_time) == [table_id]
    client.portal.call(manager.resume_unfinished)  # nothing to do by itself: left in the database
    _served_again(client, ava, table_id, token)


def test_a_game_its_person_left_is_finished_by_a_stand_in_then_leaves_memory(
    backend: str, make_client: Callable[..., TestClient], fake_time: FakeTime
) -> None:
    client = make_client(backend)
    manager = _manager(client)
    ava, table_id, token = _practice(client)  # seated over REST, and never came
    assert _unload(client, fake_time) == [table_id]
    # A game under way is stored as due at once: it is resumed as after a restart, Ava (no
    # socket) is marked gone, and her grace runs.
    client.portal.call(manager.resume_unfinished)
    live = manager.tables[table_id]
    assert not live.table.seats[0].connected
    assert _unload(client, fake_time) == []  # her grace runs out soon
    fake_time.shift += DEFAULT_GRACE
    client.portal.call(live.wake.set)
    for _ in range(250):
        if live.table.status is Status.FINISHED and not live.lock.locked():
            break
        time.sleep(0.02)
    assert live.table.status is Status.FINISHED and live.table.seats[0].stand_in
    assert _unload(client, fake_time) == [table_id]
    client.portal.call(manager.resume_unfinished)
    _served_again(client, ava, table_id, token)


def test_a_table_nobody_is_at_leaves_memory_and_the_lobby_until_someone_comes(
    backend: str, make_client: Callable[..., TestClient], fake_time: FakeTime
) -> None:
    client = make_client(backend)
    manager = _manager(client)
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, private=False)
    _, token = ava.join(table_id, 0)

    def lobby() -> list[str]:
        return [table["table_id"] for table in client.get("/api/tables").json()["tables"]]

    assert lobby() == [table_id]
    assert _unload(client, fake_time) == [table_id]
    client.portal.call(manager.resume_unfinished)
    assert table_id not in manager.tables and lobby() == []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # Ava comes back
        hello(ws, token)
        assert ws.receive_json()["snapshot"]["status"] == "waiting"
        assert lobby() == [table_id]
        assert _unload(client, fake_time) == []  # her socket is open
    live = manager.tables[table_id]
    for _ in range(250):  # her socket's close is marked (and stored) in the background
        if not live.table.seats[0].connected and not live.lock.locked():
            break
        time.sleep(0.02)
    assert client.portal.call(manager.unload_idle) == []  # kept a while for her to come back
    assert _unload(client, fake_time) == [table_id]
