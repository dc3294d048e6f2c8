"""Shedding load at the door: a loop that wakes late closes the doors to new tables, the queue
and new spectators for a few seconds, with a retry hint, and the tables already playing go on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello
from starlette.websockets import WebSocketDisconnect

from pasur.server.http.errors import UNAVAILABLE_CLOSE
from pasur.server.http.pressure import CALM_FOR, RETRY_AFTER, SHED_AT, SUSTAINED, LoopLag


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def held_up(lag: LoopLag) -> None:
    """Wake-ups late enough, often enough, to close the doors."""
    for _ in range(SUSTAINED):
        lag.observe(SHED_AT * 2)


def test_late_wake_ups_in_a_row_close_the_doors_until_the_loop_is_calm() -> None:
    clock = Clock()
    lag = LoopLag(clock=clock)
    for _ in range(SUSTAINED - 1):
        lag.observe(SHED_AT)
    lag.observe(SHED_AT / 2)
    lag.observe(SHED_AT)
    assert not lag.behind, "a stall now and then closes nothing"
    held_up(lag)
    assert lag.behind
    clock.now += CALM_FOR / 2
    lag.observe(0.001)
    assert lag.behind, "one calm wake-up does not open the doors at once"
    clock.now += CALM_FOR
    assert not lag.behind


def test_the_watcher_sees_a_loop_held_up() -> None:
    async def scenario() -> tuple[bool, bool]:
        lag = LoopLag()
        watcher = asyncio.create_task(lag.watch(every=0.02))
        await asyncio.sleep(0.05)
        calm = lag.behind
        for _ in range(SUSTAINED + 1):  # searches on the loop, as bots did before the workers
            time.sleep(SHED_AT + 0.05)
            await asyncio.sleep(0.001)  # the watcher, due first, wakes (late) between them
        await asyncio.sleep(0.05)
        held = lag.behind
        watcher.cancel()
        return calm, held

    calm, held = asyncio.run(scenario())
    assert (calm, held) == (False, True)


@pytest.fixture
def busy(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """A server whose loop has just woken late."""
    client = make_client(sqlite_url)
    held_up(client.app.state.loop_lag)  # type: ignore[attr-defined]
    return client


def refused_busy(response: object) -> None:
    assert getattr(response, "status_code", None) == 503
    assert response.json()["detail"]["code"] == "unavailable"  # type: ignore[attr-defined]
    assert response.headers["retry-after"] == str(RETRY_AFTER)  # type: ignore[attr-defined]


def test_new_tables_and_the_queue_are_refused_with_a_retry_hint(busy: TestClient) -> None:
    ava = GuestClient(busy, "Ava")
    refused_busy(ava.post("/api/tables", {"players": 2}))
    refused_busy(ava.post("/api/queue", {"players": 2}))
    assert busy.app.state.table_manager.tables == {}  # type: ignore[attr-defined]
    assert ava.client.get("/api/queue", headers=ava.headers).json()["state"] == "idle"


def test_a_table_already_playing_goes_on_and_a_new_spectator_is_told_to_come_back(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = make_client(sqlite_url)
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"})
    _, token = ava.join(table_id)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    held_up(client.app.state.loop_lag)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table_id}") as seated:
        hello(seated, token)
        assert seated.receive_json()["type"] == "snapshot", "the seated person is let in"
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        watcher.send_json({"type": "hello", "protocol": 1})
        frame = watcher.receive_json()
        assert (frame["type"], frame["code"]) == ("error", "unavailable")
        with pytest.raises(WebSocketDisconnect) as closed:
            watcher.receive_json()
        assert closed.value.code == UNAVAILABLE_CLOSE
