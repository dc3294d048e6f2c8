"""The quick-match queue in the database: two processes share one queue, a restart keeps it,
a group is claimed by one pairing only, and people who left, lost claims and unread seats are
tidied away."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, cast

import pytest
from at_once_support import at_once, copies
from database_support import migrate
from fastapi.testclient import TestClient
from test_queue_api import Person

from pasur.protocol import JSONObject
from pasur.server.db.database import Database
from pasur.server.http.guests import Guest
from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.queue.pairing import Seeker, Wanted
from pasur.server.queue.store import (
    GONE_AFTER,
    SEATING,
    STUCK_AFTER,
    UNREAD_AFTER,
    WAITING,
    QueueStore,
)

SHIRIN, FARHAD, ROYA = Guest("a", "Shirin"), Guest("b", "Farhad"), Guest("c", "Roya")


def _on_store(backend: str, test: Callable[[QueueStore], Awaitable[None]]) -> None:
    """Run ``test`` on a queue store of the backend's database (migrated)."""
    migrate(backend)

    async def run() -> None:
        database = Database(backend)
        try:
            await test(QueueStore(database.engine))
        finally:
            await database.close()

    asyncio.run(run())


class Tables:
    """Makes tables on paper: counts them, and can be held shut or made to fail."""

    def __init__(self) -> None:
        self.made: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail = False

    async def create(self, config: object, host: str, bots: object) -> SimpleNamespace:
        await self.gate.wait()
        if self.fail:
            raise RuntimeError("the store is down")
        self.made.append(f"t{len(self.made) + 1}")
        return SimpleNamespace(id=self.made[-1])

    async def act(self, live: object, command: object) -> None:
        return None


class Unrated:
    async def for_seats(self, seats: list[list[str]]) -> list[list[None]]:
        return [[None for _ in seat] for seat in seats]


async def _state(store: QueueStore, player_id: str) -> str | None:
    entry = await store.entry(player_id)
    return None if entry is None else entry.state


def _matchmaker(store: QueueStore, tables: Tables, now: list[float]) -> Matchmaker:
    return Matchmaker(cast(Any, tables), cast(Any, Unrated()), store, clock=lambda: now[0])


def test_people_at_two_processes_meet_and_each_reads_their_seat_at_either(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    # The load balancer sends each request anywhere: join at one process, ask at the other.
    first, second = make_client(backend), make_client(backend)
    shirin, farhad = Person(first, "Shirin"), Person(second, "Farhad")
    shirin.call("POST", "/api/queue", {"players": 2})
    waiting = shirin.call("GET", "/api/queue").json()
    assert waiting["state"] == "waiting" and waiting["waiting"] == 1
    answer = farhad.call("POST", "/api/queue", {"players": 2}).json()
    assert answer["state"] == "matched", answer
    shirin.client = second  # Shirin's next poll lands at the process that made the table
    mine = shirin.call("GET", "/api/queue").json()
    assert mine["state"] == "matched" and mine["table_id"] == answer["table_id"]
    assert {mine["seat"], answer["seat"]} == {0, 1}
    shirin.client = first
    assert shirin.call("GET", "/api/queue").json() == {"state": "idle"}
    assert second.get(f"/api/tables/{answer['table_id']}").json()["status"] == "playing"


def test_queueing_at_two_processes_at_once_seats_the_person_once(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    """Three copies of one queueing at each of two processes (two tabs behind a load balancer),
    a little apart, while another person waits: one table seats the person, once."""
    processes = [make_client(backend), make_client(backend)]
    farhad, shirin = Person(processes[0], "Farhad"), Person(processes[0], "Shirin")
    farhad.call("POST", "/api/queue", {"players": 2})
    queueings = copies("POST", "/api/queue", shirin.headers, [{"players": 2}] * 3)
    with ThreadPoolExecutor(len(processes)) as pool:
        sent = [pool.submit(at_once, process, queueings, apart=0.005) for process in processes]
        answers = [answer for copy in sent for answer in copy.result()]
    assert [answer.status_code for answer in answers] == [200] * 6, [a.text for a in answers]
    roya = Person(processes[1], "Roya")
    assert roya.call("POST", "/api/queue", {"players": 2}).json()["state"] == "waiting"
    states = [answer.json()["state"] for answer in answers]
    states.append(shirin.call("GET", "/api/queue").json()["state"])
    assert states.count("matched") == 1, states
    tables = [
        [seat.name for seat in live.table.seats]
        for process in processes
        for live in process.app.state.table_manager.tables.values()  # type: ignore[attr-defined]
    ]
    assert [sorted(names) for names in tables] == [["Farhad", "Shirin"]], tables


def test_a_restart_keeps_everyone_s_place(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    before = make_client(backend)
    shirin = Person(before, "Shirin")
    shirin.call("POST", "/api/queue", {"players": 3, "turn_timer": 30})
    before.__exit__(None, None, None)
    shirin.client = make_client(backend)
    status = shirin.call("GET", "/api/queue").json()
    assert status["state"] == "waiting" and status["waiting"] == 1


def test_a_group_is_claimed_by_one_pairing_only(backend: str) -> None:
    async def test(store: QueueStore) -> None:
        shirin = Seeker("a", "Shirin", 0.0, Wanted(2), 10.0)
        farhad = Seeker("b", "Farhad", 0.0, Wanted(2), 11.0)
        roya = Seeker("c", "Roya", 0.0, Wanted(2), 12.0)
        for seeker in (shirin, farhad, roya):
            await store.put(seeker)
        assert await store.claim((shirin, farhad), 20.0)
        assert not await store.claim((farhad, roya), 20.0)  # Farhad is taken: all or none
        assert [s.player_id for s in await store.waiting()] == ["c"]
        await store.put(Seeker("c", "Roya", 0.0, Wanted(2), 15.0))  # the same kind: kept
        assert [s.joined_at for s in await store.waiting()] == [12.0]
        again = Seeker("c", "Roya", 0.0, Wanted(3), 15.0)
        await store.put(again)  # another kind: the row read before is not this one
        assert not await store.claim((roya,), 20.0)
        assert await store.claim((again,), 20.0)

    _on_store(backend, test)


def test_two_processes_pairing_at_once_seat_each_person_once(backend: str) -> None:
    async def test(store: QueueStore) -> None:
        now = [100.0]
        tables = Tables()
        one, two = _matchmaker(store, tables, now), _matchmaker(store, tables, now)
        for who in (SHIRIN, FARHAD):
            await store.put(Seeker(who.id, who.name, 0.0, Wanted(2), 100.0))
        await asyncio.gather(one.pair(now[0]), two.pair(now[0]), one.pair(now[0]))
        assert tables.made == ["t1"]
        seats = [await one.status(SHIRIN), await two.status(FARHAD)]
        assert [seat["table_id"] for seat in seats] == ["t1", "t1"]
        assert sorted(seat["seat"] for seat in seats) == [0, 1]

    _on_store(backend, test)


def test_a_table_that_cannot_be_made_leaves_the_group_waiting(backend: str) -> None:
    async def test(store: QueueStore) -> None:
        now = [100.0]
        tables = Tables()
        matchmaker = _matchmaker(store, tables, now)
        await matchmaker.join(SHIRIN, Wanted(2))
        tables.fail = True
        with pytest.raises(RuntimeError):
            await matchmaker.join(FARHAD, Wanted(2))
        assert [s.player_id for s in await store.waiting()] == ["a", "b"]
        tables.fail = False
        assert (await matchmaker.status(SHIRIN))["state"] == "matched"

    _on_store(backend, test)


def _two_processes(store: QueueStore) -> tuple[Matchmaker, Matchmaker, Tables]:
    """Two processes' matchmakers on one queue (and one table maker, held at its gate)."""
    now = [100.0]
    tables = Tables()
    return _matchmaker(store, tables, now), _matchmaker(store, tables, now), tables


async def _seating_shirin_with_farhad(
    store: QueueStore, making: Matchmaker, tables: Tables
) -> asyncio.Task[JSONObject]:
    """Shirin waits, then Farhad's queueing at ``making`` pairs them: the task of his join, once
    their rows are being seated and the table maker waits at its gate."""
    await making.join(SHIRIN, Wanted(2))
    tables.gate.clear()
    joining = asyncio.create_task(making.join(FARHAD, Wanted(2)))
    while await _state(store, SHIRIN.id) != SEATING:
        await asyncio.sleep(0.01)
    return joining


def test_a_status_asked_while_another_process_makes_the_table_says_waiting(backend: str) -> None:
    async def test(store: QueueStore) -> None:
        making, asked, tables = _two_processes(store)
        joining = await _seating_shirin_with_farhad(store, making, tables)
        assert (await asked.status(SHIRIN))["state"] == "waiting"
        tables.gate.set()
        assert (await joining)["state"] == "matched"
        assert (await asked.status(SHIRIN))["state"] == "matched"

    _on_store(backend, test)


def test_queueing_again_while_seated_or_being_seated_keeps_the_seat(backend: str) -> None:
    """Queueing again (at any process) while one's table is being made, or before one has read
    the seat, changes nothing: the seat is handed out once, and nobody else meets the person."""

    async def test(store: QueueStore) -> None:
        making, asked, tables = _two_processes(store)
        seating = await _seating_shirin_with_farhad(store, making, tables)
        again = [asked.join(SHIRIN, Wanted(kind)) for kind in (2, 2, 3, 2)]
        assert {(await status)["state"] for status in again} == {"waiting"}
        tables.gate.set()
        assert (await seating)["state"] == "matched"
        seat = await asked.join(SHIRIN, Wanted(2))  # not read yet: the seat is the answer
        assert (seat["state"], seat["table_id"]) == ("matched", "t1")
        assert (await asked.join(ROYA, Wanted(2)))["state"] == "waiting"
        assert tables.made == ["t1"]

    _on_store(backend, test)


def test_the_gone_the_stuck_and_the_unread_are_tidied(backend: str) -> None:
    async def test(store: QueueStore) -> None:
        now = [1000.0]
        tables = Tables()
        matchmaker = _matchmaker(store, tables, now)
        await matchmaker.join(SHIRIN, Wanted(2))
        await matchmaker.join(FARHAD, Wanted(2))  # matched; Shirin has not read her seat yet
        await matchmaker.join(ROYA, Wanted(3))
        stuck = Seeker("d", "Dara", 0.0, Wanted(4), 1000.0)
        await store.put(stuck)
        assert await store.claim((stuck,), 1000.0)  # its process died while making the table
        now[0] += GONE_AFTER - 1
        assert (await matchmaker.status(ROYA))["state"] == "waiting"  # asking keeps her in
        assert await _state(store, "d") == WAITING
        now[0] += GONE_AFTER + 1
        await matchmaker.pair(now[0])
        assert await store.entry(ROYA.id) is None
        assert (await store.entry(SHIRIN.id)).seat is not None  # type: ignore[union-attr]
        now[0] = 1000.0 + UNREAD_AFTER + 1
        assert await matchmaker.status(SHIRIN) == {"state": "idle"}
        assert STUCK_AFTER < GONE_AFTER

    _on_store(backend, test)
