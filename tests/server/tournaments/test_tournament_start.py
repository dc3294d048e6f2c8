"""``POST /api/tournaments/{id}/start``: the creator of an upcoming tournament starts it now, and
it starts exactly as at its time (round one paired, its tables open, by the answer); anyone
else, or a tournament already started, is refused and nothing changes; several starts at once,
to one process or to several on one database, start it once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from cluster_support import fresh_prefix, redis_url
from database_support import empty_tables, postgres_url
from fastapi.testclient import TestClient
from passkey_support import Device
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection
from test_tournaments_api import PAST, SOON, code_of, new_account, on_database, rows, swiss

from pasur.server.app import create_app
from pasur.server.db.rows import TableRow, TournamentGameRow, TournamentRow
from pasur.server.http.guests import COOKIE
from pasur.server.settings import ServerSettings
from pasur.server.tournaments import api, clock, games, store

NAMES = ("Ava", "Babak", "Cyrus", "Dara")


@pytest.fixture
def processes(web_root: Path, request: pytest.FixtureRequest) -> Iterator[list[TestClient]]:
    """Three server processes as ``pasur serve --redis`` runs them: one PostgreSQL database (of
    this run, emptied) and one Redis (a key prefix of this test's own), each process with its
    tournaments' clock running."""
    postgres_url()  # each skips with the reason when no server is named
    redis = redis_url()
    database: str = request.getfixturevalue("postgres_run_database")
    empty_tables(database)
    settings = ServerSettings(
        database_url=database, web_root=web_root, redis_url=redis, redis_prefix=fresh_prefix()
    )
    started = [TestClient(create_app(settings)).__enter__() for _ in range(3)]
    for process in started:
        # FastAPI readies an application's routes at its first requests, under a warnings filter
        # that is one per Python process: three applications doing so at once in this one
        # process (never three real ones) would undo each other's. So each serves one first.
        assert process.get("/api/tournaments").status_code == 200
        assert code_of(process.post("/api/tournaments/none/start")) == "not_signed_in"
    yield started
    for client in reversed(started):
        client.__exit__(None, None, None)


@pytest.fixture
def stopped(
    make_client: Callable[..., TestClient], backend: str, monkeypatch: pytest.MonkeyPatch
) -> TestClient:
    """A client whose server's clock is stopped: the test takes the clock's steps itself."""

    async def still(*_: object) -> None:
        return None

    monkeypatch.setattr(clock, "run", still)
    return make_client(backend)


def start(device: Device, tournament_id: str) -> Any:
    return device.call("POST", f"/api/tournaments/{tournament_id}/start")


def joined(devices: list[Device], tournament_id: str) -> None:
    for device in devices:
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204


def starts_at(client: TestClient, tournament_id: str) -> datetime:
    return datetime.fromisoformat(
        client.get(f"/api/tournaments/{tournament_id}").json()["starts_at"]
    )


def all_at_once(clients: list[TestClient], device: Device, path: str) -> list[int]:
    """The statuses of one POST sent by ``device`` to each of ``clients`` (each an application:
    a process) at the same moment, each on its application's event loop, as the requests of a
    double click arrive."""
    headers = {"Cookie": f"{COOKIE}={device.cookie}"}
    ready = threading.Barrier(len(clients))

    async def one(client: TestClient) -> int:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            return (await http.post(path, headers=headers)).status_code

    def send(client: TestClient) -> int:
        assert client.portal is not None
        ready.wait()
        return client.portal.call(one, client)

    with ThreadPoolExecutor(len(clients)) as pool:
        return list(pool.map(send, clients))


def test_the_creator_starts_a_swiss_now_and_round_one_is_at_its_tables(
    client: TestClient,
) -> None:
    devices = [new_account(client, name) for name in NAMES]
    tournament_id = swiss(devices[0])
    joined(devices, tournament_id)
    before = datetime.now(UTC).replace(microsecond=0)  # the API gives whole seconds

    assert start(devices[0], tournament_id).status_code == 204

    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert found["stage"] == "running"
    assert before <= datetime.fromisoformat(found["starts_at"]) <= datetime.now(UTC)
    round_one = found["pairings"]
    assert [p["round"] for p in round_one] == [1, 1]
    assert all(p["table_id"] and p["outcome"] is None for p in round_one)
    for device in devices:  # each player is called to their table, as at a timed start
        mine = device.call("GET", f"/api/tournaments/{tournament_id}").json()
        assert mine["you"]["table_id"] in {p["table_id"] for p in round_one}
    # Started: entries are closed, and it does not start again.
    late = new_account(client, "Elham")
    assert code_of(late.call("POST", f"/api/tournaments/{tournament_id}/join")) == (
        "tournament_started"
    )
    assert code_of(start(devices[0], tournament_id)) == "tournament_started"
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [(t["id"], t["stage"]) for t in listed] == [(tournament_id, "running")]
    # The clock, looking next, finds nothing more to do.
    app = client.app.state  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(seconds=5)
    assert client.portal.call(clock.tick, app.database.engine, app.table_manager, later) == []  # type: ignore[union-attr]
    assert client.get(f"/api/tournaments/{tournament_id}").json()["pairings"] == round_one


def test_only_its_creator_starts_it_only_while_upcoming_and_a_refusal_changes_nothing(
    client: TestClient,
) -> None:
    ava, babak = new_account(client, "Ava"), new_account(client, "Babak")
    tournament_id = swiss(ava)
    joined([ava, babak], tournament_id)
    path = f"/api/tournaments/{tournament_id}/start"
    when = starts_at(client, tournament_id)
    guest = Device(client)
    guest.guest("Dara")

    assert code_of(start(babak, tournament_id)) == "not_creator"
    assert start(babak, tournament_id).status_code == 403
    assert code_of(guest.call("POST", path)) == "not_signed_in"
    assert code_of(Device(client).call("POST", path)) == "not_signed_in"
    assert code_of(start(ava, "nope")) == "no_such_tournament"
    from_elsewhere = client.post(
        path, headers={"Cookie": f"{COOKIE}={ava.cookie}", "Origin": "https://evil.example"}
    )
    assert code_of(from_elsewhere) == "cross_site"
    began = swiss(ava, starts_at=PAST)
    assert code_of(start(ava, began)) == "tournament_started"

    assert starts_at(client, tournament_id) == when
    assert client.get(f"/api/tournaments/{tournament_id}").json()["stage"] == "upcoming"
    assert rows(client, TournamentGameRow) == 0
    # Who may start it is told on its page: its creator only, signed in.
    assert ava.call("GET", f"/api/tournaments/{tournament_id}").json()["made_by_you"] is True
    assert babak.call("GET", f"/api/tournaments/{tournament_id}").json()["made_by_you"] is False
    assert client.get(f"/api/tournaments/{tournament_id}").json()["made_by_you"] is False


def test_a_start_whose_pairing_fails_stands_and_the_clock_pairs_it_next(
    stopped: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start is the caller's; the pairing is the clock's step, which its next tick takes
    again: a failure of it (the database out of reach a moment) is logged, not the caller's."""
    client = stopped
    devices = [new_account(client, name) for name in NAMES[:2]]
    tournament_id = swiss(devices[0])
    joined(devices, tournament_id)

    async def failing(*_: object) -> list[str]:
        raise ConnectionError("the database went away a moment")

    monkeypatch.setattr(api, "advance", failing)
    assert start(devices[0], tournament_id).status_code == 204
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert (found["stage"], found["pairings"]) == ("running", [])
    app = client.app.state  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(seconds=5)
    [table] = client.portal.call(clock.tick, app.database.engine, app.table_manager, later)  # type: ignore[union-attr]
    [pairing] = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert pairing["table_id"] == table


def test_a_swiss_of_one_started_now_is_cancelled_as_at_its_time(client: TestClient) -> None:
    ava = new_account(client, "Ava")
    tournament_id = swiss(ava)
    joined([ava], tournament_id)
    assert start(ava, tournament_id).status_code == 204
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert (found["stage"], found["pairings"]) == ("cancelled", [])


def test_an_arena_started_now_runs_its_minutes_from_now_and_pairs_whoever_waits(
    client: TestClient,
) -> None:
    devices = [new_account(client, name) for name in NAMES[:3]]
    body = {"name": "Blitz", "kind": "arena", "minutes": 30, "starts_at": SOON}
    made = devices[0].call("POST", "/api/tournaments", body)
    tournament_id = made.json()["id"]
    joined(devices, tournament_id)
    before = datetime.now(UTC).replace(microsecond=0)
    assert start(devices[0], tournament_id).status_code == 204
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert found["stage"] == "running"
    [game] = found["pairings"]  # three waiting: one pair, one waits for the next game to end
    assert game["table_id"] and game["outcome"] is None
    # Its window of minutes is counted from now, its new start.
    assert datetime.fromisoformat(found["starts_at"]) >= before
    # An arena takes players while it runs.
    late = new_account(client, "Dara")
    assert late.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204


def test_starts_sent_at_once_start_it_once(client: TestClient) -> None:
    """A double click, or more: one start is answered 204, the others ``tournament_started``,
    and round one is paired once, each pairing at one table."""
    devices = [new_account(client, name) for name in NAMES]
    tournament_id = swiss(devices[0])
    joined(devices, tournament_id)

    statuses = all_at_once([client] * 6, devices[0], f"/api/tournaments/{tournament_id}/start")

    assert sorted(statuses) == [204, 409, 409, 409, 409, 409], statuses
    assert_paired_once(client, tournament_id)


def test_starts_sent_to_several_processes_at_once_start_it_once(
    processes: list[TestClient],
) -> None:
    """Three processes, each with its tournaments' clock running, are sent a start each at the
    same moment: it starts once, and no clock pairs it again."""
    devices = [new_account(processes[0], name) for name in NAMES]
    tournament_id = swiss(devices[0])
    joined(devices, tournament_id)

    statuses = all_at_once(processes, devices[0], f"/api/tournaments/{tournament_id}/start")

    assert sorted(statuses) == [204, 409, 409], statuses
    later = datetime.now(UTC) + timedelta(seconds=5)
    for process in processes:
        app = process.app.state  # type: ignore[attr-defined]
        assert process.portal.call(clock.tick, app.database.engine, app.table_manager, later) == []  # type: ignore[union-attr]
    assert_paired_once(processes[1], tournament_id)


def assert_paired_once(client: TestClient, tournament_id: str) -> None:
    """Round one of four: two pairings, each at a table of its own, and no other table made."""

    async def read(connection: AsyncConnection) -> tuple[list[Any], int]:
        paired = list(
            await connection.execute(
                select(TournamentGameRow.round, TournamentGameRow.table_id).where(
                    TournamentGameRow.tournament_id == tournament_id
                )
            )
        )
        return paired, len(list(await connection.execute(select(TableRow.id))))

    paired, tables = on_database(client, read)
    assert [round_ for round_, _ in paired] == [1, 1]
    assert len({table for _, table in paired if table}) == 2
    assert tables == 2
    assert rows(client, TournamentRow) == 1


def test_tables_opened_by_two_steps_at_once_are_opened_once(stopped: TestClient) -> None:
    """The step a start runs and a clock's tick (of this process or another) may open the same
    arena pairing's table at the same moment: one table is the pairing's, and only it is named
    (the other step's table stays empty and unseen)."""
    client = stopped  # the two steps here are the only ones
    devices = [new_account(client, name) for name in NAMES[:2]]
    body = {"name": "Blitz", "kind": "arena", "minutes": 30, "starts_at": PAST}
    tournament_id = devices[0].call("POST", "/api/tournaments", body).json()["id"]
    joined(devices, tournament_id)

    async def pair_and_open_twice() -> list[list[str]]:
        database = client.app.state.database  # type: ignore[attr-defined]
        tables = client.app.state.table_manager  # type: ignore[attr-defined]
        async with database.engine.begin() as connection:
            await store.pair_arena(connection, tournament_id)
        now = datetime.now(UTC)
        return list(
            await asyncio.gather(
                games.open_tables(database.engine, tables, tournament_id, now),
                games.open_tables(database.engine, tables, tournament_id, now),
            )
        )

    opened = client.portal.call(pair_and_open_twice)  # type: ignore[union-attr]
    [game] = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert sorted(opened, key=len) == [[], [game["table_id"]]], opened
