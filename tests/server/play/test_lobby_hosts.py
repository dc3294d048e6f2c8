"""The lobby lists a public table only while someone is there to start it: a host who closed the
tab drops out of the list once the disconnect grace has passed, and is listed again on coming
back; at a correspondence table being away is normal, so it stays listed."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table
from time_support import FakeTime, fake_clock

from pasur.server.tables.config import DEFAULT_GRACE
from pasur.server.tables.seats import SeatKind, SeatState, abandoned


@pytest.fixture
def fake_time() -> Iterator[FakeTime]:
    with fake_clock() as fake:
        yield fake


def listed(client: TestClient) -> list[str]:
    return [table["table_id"] for table in client.get("/api/tables").json()["tables"]]


def close_and_wait(client: TestClient, table_id: str, token: str) -> None:
    """Open the seat's socket, close it, and wait until the table marks the seat gone."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
    for _ in range(200):
        if not live_table(client, table_id).seats[0].connected:
            return
        time.sleep(0.01)
    raise AssertionError("the seat was never marked gone")


def test_a_host_gone_past_the_grace_leaves_the_lobby_until_they_come_back(
    client: TestClient, fake_time: FakeTime
) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, private=False)
    _, token = ava.join(table_id, 0)
    close_and_wait(client, table_id, token)
    fake_time.shift += DEFAULT_GRACE - 1
    assert listed(client) == [table_id]  # gone a moment: maybe a reload
    fake_time.shift += 1
    assert listed(client) == []  # gone for the whole grace: nobody to start the table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        assert listed(client) == [table_id]  # back: listed again


def test_a_correspondence_table_stays_listed_while_its_host_is_away(
    client: TestClient, fake_time: FakeTime
) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, private=False, turn_timer=86_400)
    _, token = ava.join(table_id, 0)
    close_and_wait(client, table_id, token)
    fake_time.shift += 3 * 86_400
    assert listed(client) == [table_id]


def test_a_table_is_unattended_only_when_every_person_there_is_gone() -> None:
    here = SeatState(SeatKind.HUMAN, player="a", name="Ava", connected=True)
    gone = SeatState(SeatKind.HUMAN, player="b", name="Babak", gone_since=100.0)
    bot = SeatState(SeatKind.BOT, name="random bot", level="random")
    assert not abandoned([here, gone], [], now=1_000.0, grace=30.0)
    assert abandoned([gone, bot], [], now=130.0, grace=30.0)
    assert not abandoned([gone, bot], [], now=129.0, grace=30.0)
    assert not abandoned([gone], [], now=10_000.0, grace=None)  # correspondence
    assert not abandoned([bot], [], now=0.0, grace=30.0)  # nobody sat there yet
