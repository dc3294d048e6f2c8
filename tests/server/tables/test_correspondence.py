"""Correspondence tables (turn timers of an hour to three days): no disconnect grace, only the
timer plays for a person; and through the table manager, a turn clock that survives a restart
(read back from the database, with an injected clock whose monotonic reading starts again)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient
from table_support import make_table
from time_support import FakeTime, fake_clock

from pasur.protocol import Refused
from pasur.server.app import create_app
from pasur.server.settings import ServerSettings
from pasur.server.tables.config import TURN_TIMERS, TableConfig
from pasur.server.tables.idle import IDLE_AFTER, WAKE_AHEAD
from pasur.server.tables.live import LiveTable, clock

DAY = 86_400


@pytest.fixture
def fake_time() -> Iterator[FakeTime]:
    with fake_clock() as fake:
        yield fake


def test_the_long_timers_are_offered_and_others_refused() -> None:
    assert TURN_TIMERS == (None, 15, 30, 60, 3_600, 43_200, 86_400, 259_200)
    assert [TableConfig(turn_timer=t).correspondence for t in TURN_TIMERS] == [False] * 4 + [
        True
    ] * 4
    with pytest.raises(Refused, match="1 h, 12 h, 1 or 3 days"):
        TableConfig(turn_timer=7_200)


def test_a_dropped_person_at_a_correspondence_table_waits_for_the_timer_only() -> None:
    table = make_table("hh", dealer=1, turn_timer=DAY)  # seat 0 leads at time 0
    table.set_connected(0, False, now=10.0)
    assert table.next_deadline() == DAY  # no grace: the day's timer is all there is
    assert table.tick(DAY - 1) == []
    played = [e for e in table.tick(DAY) if e.kind.value == "played"]
    assert [(e.data["seat"], e.data["by"]) for e in played] == [(0, "timer")]
    assert not table.seats[0].stand_in and table.seats[0].player == "id-0"

    short = make_table("hh", dealer=1, turn_timer=60)
    short.set_connected(0, False, now=10.0)
    assert short.next_deadline() == 40.0  # a short table's grace still comes first


def _live(client: TestClient, table_id: str) -> LiveTable:
    live: LiveTable = client.app.state.table_manager.tables[table_id]  # type: ignore[attr-defined]
    return live


def _timer_plays(live: LiveTable) -> list[tuple[int, int]]:
    return [
        (event.number, event.data["seat"])
        for event in live.table.history
        if event.kind.value == "played" and event.data["by"] == "timer"
    ]


def test_a_day_timer_keeps_its_clock_through_a_restart_and_plays_once(
    backend: str,
    web_root: Path,
    make_client: Callable[..., TestClient],
    fake_time: FakeTime,
) -> None:
    settings = ServerSettings(database_url=backend, web_root=web_root)
    with TestClient(create_app(settings)) as first:
        ava, babak = GuestClient(first, "Ava"), GuestClient(first, "Babak")
        table_id = ava.create(players=2, turn_timer=DAY)
        ava.join(table_id, 0)
        babak.join(table_id, 1)
        assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
        live = _live(first, table_id)
        assert live.table.game is not None
        seat = live.table.game.turn
        before = [event.to_json() for event in live.table.history]
        fake_time.shift += 23 * 3_600  # 23 hours later the server stops

    fake_time.restart()
    fake_time.shift += 3_300  # and comes back 55 minutes later, on a new monotonic clock;
    second = make_client(backend)
    live = _live(second, table_id)  # with its clock near its end, it is loaded at the start
    assert [event.to_json() for event in live.table.history][: len(before)] == before
    deadline = live.table.next_deadline()
    assert deadline is not None
    assert deadline - clock() == pytest.approx(300, abs=30)  # not a fresh day
    ava.client = second
    [game] = ava.client.get("/api/my-games", headers=ava.headers).json()["games"]
    assert game["seconds_left"] == pytest.approx(300, abs=30)
    assert _timer_plays(live) == []
    assert all(not occupant.stand_in for occupant in live.table.seats)

    fake_time.shift += 301
    second.portal.call(live.wake.set)  # type: ignore[union-attr]
    for _ in range(200):
        if _timer_plays(live):
            break
        time.sleep(0.02)
    plays = _timer_plays(live)
    assert [played_seat for _, played_seat in plays] == [seat]
    # The seat is still the person's, and the next turn has its whole day.
    assert live.table.seats[seat].player is not None and not live.table.seats[seat].stand_in
    next_deadline = live.table.next_deadline()
    assert next_deadline is not None and next_deadline - clock() == pytest.approx(DAY, abs=5)
    time.sleep(0.2)
    assert len(_timer_plays(live)) == 1


def test_an_idle_correspondence_table_leaves_memory_and_comes_back_when_asked_or_due(
    backend: str,
    web_root: Path,
    make_client: Callable[..., TestClient],
    fake_time: FakeTime,
) -> None:
    client = make_client(backend)
    manager = client.app.state.table_manager  # type: ignore[attr-defined]
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2, turn_timer=DAY)
    ava.join(table_id, 0)
    babak.join(table_id, 1)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    before = [event.to_json() for event in _live(client, table_id).table.history]
    assert client.portal.call(manager.unload_idle) == []  # asked for a moment ago
    fake_time.shift += IDLE_AFTER + 1
    assert client.portal.call(manager.unload_idle) == [table_id]
    assert table_id not in manager.tables

    # Asked for again (here by "my games"), it is read back from its log with its clock.
    [game] = ava.client.get("/api/my-games", headers=ava.headers).json()["games"]
    assert game["seconds_left"] == pytest.approx(DAY - IDLE_AFTER - 1, abs=5)
    live = _live(client, table_id)
    assert [event.to_json() for event in live.table.history][: len(before)] == before

    # Unloaded again, it is not loaded while its clock is far, then is when it comes near.
    fake_time.shift += IDLE_AFTER + 1
    assert client.portal.call(manager.unload_idle) == [table_id]
    client.portal.call(manager.resume_unfinished)
    assert table_id not in manager.tables
    fake_time.shift += DAY - 2 * (IDLE_AFTER + 1) - WAKE_AHEAD / 2
    client.portal.call(manager.resume_unfinished)
    live = _live(client, table_id)
    assert client.portal.call(manager.unload_idle) == []  # its clock runs out soon: kept
    fake_time.shift += WAKE_AHEAD
    client.portal.call(live.wake.set)
    for _ in range(200):
        if _timer_plays(live):
            break
        time.sleep(0.02)
    assert len(_timer_plays(live)) == 1
