"""Two cluster managers in one event loop, on one database and the real Redis: a replica fills a
gap from the database, a refused forwarded command keeps its error, chat crosses processes."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from cluster_support import cluster, redis_url, two_processes

from pasur.protocol import SPECTATOR, Refused
from pasur.rules import legal_moves
from pasur.server.cluster.bus import Message
from pasur.server.cluster.ownership import REQUEST_TIMEOUT
from pasur.server.tables.commands import (
    Join,
    Leave,
    NewToken,
    Play,
    PutBot,
    RemoveBot,
    Start,
    TakeBack,
)
from pasur.server.tables.config import TableConfig
from pasur.server.tables.connections import Connection
from pasur.server.tables.live import LiveTable
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest


class Recorder:
    """A socket that keeps every frame sent to it."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.frames.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass

    def events(self) -> list[dict[str, Any]]:
        return [frame["event"] for frame in self.frames if frame["type"] == "event"]


Scenario = Callable[[TableManager, TableManager, LiveTable, LiveTable, Recorder], Awaitable[None]]


TWO_SEATS = TableConfig(players=2)


def with_owner_and_follower(
    backend: str, scenario: Scenario, config: TableConfig = TWO_SEATS
) -> None:
    """Process ``a`` owns a two-seat table (of ``config``) with Dara seated; ``b`` follows it,
    with a spectator's socket recording what ``b`` sends."""
    url = redis_url()

    async def run() -> None:
        async with two_processes(backend, url) as (_, a, b):
            owned = await a.create(config, "creator", {})
            await a.act(owned, Join(Player("dara", "Dara"), 0, token_digest("dara's token")))
            replica = await b.get(owned.id)
            assert replica is not None and not replica.owned and owned.owned
            watcher = Recorder()
            await b.connect(replica, Connection(watcher, SPECTATOR), since=None)
            await scenario(a, b, owned, replica, watcher)

    asyncio.run(run())


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(200):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


def test_a_replica_that_missed_a_step_reads_it_from_the_database(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await cluster(b).bus.unwatch(owned.id)  # b hears nothing of the next step
        missed = await a.act(owned, PutBot(1, "random"))
        await cluster(b).bus.watch(owned.id)
        await a.act(owned, RemoveBot(1))
        await until(lambda: replica.table.version == owned.table.version)
        numbers = [event["n"] for event in r.events()]
        assert missed[0].number in numbers, "the missed step came from the database"
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
        assert [s.kind for s in replica.table.seats] == [s.kind for s in owned.table.seats]

    with_owner_and_follower(backend, scenario)


def test_a_forwarded_command_the_owner_refuses_keeps_its_error(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        before = owned.table.version
        with pytest.raises(Refused) as refused:
            await b.act(replica, PutBot(0, "random"))  # Dara sits there
        assert refused.value.code == "seat_taken"
        assert owned.table.version == before == replica.table.version
        seated = await b.act(replica, PutBot(1, "random"))  # forwarded, and the replica follows
        assert [e.number for e in seated] == [before + 1]
        assert replica.table.seats[1].level == owned.table.seats[1].level

    with_owner_and_follower(backend, scenario)


def test_a_take_back_asked_and_accepted_through_the_follower_undoes_the_play(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await b.act(replica, Join(Player("sima", "Sima"), 1, token_digest("sima's token")))
        await b.act(replica, Start(dealer=1))  # Dara (seat 0) leads
        before = owned.table.game
        assert before is not None and before.turn == 0
        move = str(legal_moves(before)[0])
        await b.act(replica, Play(0, move, replica.table.version))
        await b.act(replica, TakeBack(0))
        undone = await b.act(replica, TakeBack(1, True))
        assert [e.kind.value for e in undone] == ["take_back_answered", "take_back"]
        assert owned.table.game is before and replica.table.game == before
        await until(lambda: any(e["kind"] == "take_back" for e in r.events()))
        (shown,) = [e for e in r.events() if e["kind"] == "take_back"]
        assert shown["game"] == owned.table.snapshot_for(SPECTATOR)["game"]

    with_owner_and_follower(backend, scenario, TableConfig(players=2, take_backs="ask"))


def test_a_join_through_the_follower_stores_the_seat_token_at_the_owner(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await b.act(replica, Join(Player("sima", "Sima"), None, token_digest("sima's token")))
        assert replica.table.seat_of("sima") == 1
        assert owned.seat_for_token("sima's token") == 1 == replica.seat_for_token("sima's token")
        await b.act(replica, Leave("sima"))
        assert replica.table.seat_of("sima") is None
        assert owned.seat_for_token("sima's token") is None
        assert replica.seat_for_token("sima's token") is None

    with_owner_and_follower(backend, scenario)


def test_chat_said_at_the_owner_reaches_the_followers_sockets(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        a.say(owned, 0, "salam")
        await until(lambda: any(f["type"] == "chat" for f in r.frames))
        (line,) = [f for f in r.frames if f["type"] == "chat"]
        assert (line["seat"], line["name"], line["text"]) == (0, "Dara", "salam")
        assert replica.chat.lines() == owned.chat.lines()

    with_owner_and_follower(backend, scenario)


def test_a_public_table_made_at_one_process_is_in_the_others_lobby(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        public = await a.create(TableConfig(players=2, private=False), "creator", {})
        assert public.id not in {live.id for live in b.public_tables()}
        await cluster(b).follow_lobby()
        (listed,) = b.public_tables()
        assert listed.id == public.id and not listed.owned
        await a.act(public, PutBot(0, "random"))
        await until(lambda: listed.table.seats[0].level == "random")

    with_owner_and_follower(backend, scenario)


def test_when_the_owner_stops_its_follower_takes_the_table_and_goes_on(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await a.stop()  # gives its leases up
        await until(lambda: replica.owned)
        (seated,) = await b.act(replica, PutBot(1, "random"))
        stored = await b.store.load(owned.id)
        assert stored is not None and stored.events[-1] == seated.to_json()
        assert r.events()[-1]["n"] == seated.number

    with_owner_and_follower(backend, scenario)


def test_a_seat_with_a_socket_at_another_process_stays_connected(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        here, there = Connection(Recorder(), 0), Connection(Recorder(), 0)

        def connected() -> bool:
            """Seat 0 at the table's writer: a, or b once a, with no socket left there, handed
            the table over to it (the roll call's mark comes from b, which has a socket)."""
            return (owned if owned.owned else replica).table.seats[0].connected

        await a.connect(owned, here, since=None)
        await b.connect(replica, there, since=None)
        await a.disconnect(owned, here)  # Dara closes one tab; the other is open at b
        await until(connected)
        await b.disconnect(replica, there)
        await until(lambda: not connected())
        await asyncio.sleep(0.3)  # nobody answers the roll call for seat 0 now
        assert not connected()

    with_owner_and_follower(backend, scenario)


def test_forwarded_commands_read_the_owner_from_redis_once_per_lease(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        reads: list[str] = []
        read = cluster(b).leases.holder_for

        async def counted(table_id: str) -> tuple[str | None, float]:
            reads.append(table_id)
            return await read(table_id)

        cluster(b).leases.holder_for = counted  # type: ignore[method-assign]
        for _ in range(3):
            await b.act(replica, PutBot(1, "random"))
            await b.act(replica, RemoveBot(1))
        assert reads == [owned.id], "the owner was read once, then remembered"
        assert replica.table.version == owned.table.version

    with_owner_and_follower(backend, scenario)


def test_a_remembered_owner_that_stopped_is_asked_for_again(backend: str) -> None:
    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await b.act(replica, PutBot(1, "random"))  # b remembers that a owns the table
        upkeep = cluster(b).upkeep
        assert upkeep is not None
        upkeep.cancel()  # so only the next command can find out that a is gone
        await a.stop()
        assert not replica.owned
        (removed,) = await b.act(replica, RemoveBot(1))
        assert replica.owned, "b took the table over when a did not answer"
        stored = await b.store.load(owned.id)
        assert stored is not None and stored.events[-1] == removed.to_json()

    with_owner_and_follower(backend, scenario)


def test_a_command_its_dying_owner_never_answers_is_run_once_the_lease_runs_out(
    backend: str,
) -> None:
    """The owner hears the command and dies before answering: the follower stops waiting when
    the owner's lease (1 s here) runs out, not at the request's timeout, and runs it itself."""

    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        async def silent(request: Message) -> None:
            return None

        cluster(a)._serve = silent  # type: ignore[method-assign]
        await cluster(a).renewer.stop()
        started = time.monotonic()
        (seated,) = await b.act(replica, PutBot(1, "random"))
        assert replica.owned and time.monotonic() - started < REQUEST_TIMEOUT / 2
        stored = await b.store.load(owned.id)
        assert stored is not None and stored.events[-1] == seated.to_json()

    with_owner_and_follower(backend, scenario)


@pytest.mark.parametrize("step", ["with events", "new seat tokens only"])
def test_an_owner_that_lost_its_lease_unawares_stores_nothing(backend: str, step: str) -> None:
    """Process a, paused past its lease, still believes it writes the table that b has taken
    over and written: a's next step, with events or only a seat's new token, is refused by the
    database (the fence: docs/deploy.md), and a drops its copy."""

    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await cluster(a).renewer.stop()  # paused: a renews nothing, and hears nothing of it
        await until(lambda: replica.owned)
        await b.act(replica, PutBot(1, "random"))
        assert owned.owned and not owned.dropped
        late = PutBot(1, "random") if step == "with events" else NewToken("dara", "a new token")
        with pytest.raises(Refused) as refused:
            await a.act(owned, late)
        assert refused.value.code == "unavailable" and owned.dropped
        stored = await b.store.load(owned.id)
        assert stored is not None and stored.events[-1]["n"] == replica.table.version
        assert stored.seats == replica.seat_tokens

    with_owner_and_follower(backend, scenario)


def test_every_process_logs_each_table_it_takes_once(
    backend: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The creator's first lease is logged like a takeover: lease churn is read from these lines
    (docs/deploy.md, "What to monitor")."""
    caplog.set_level(logging.INFO, logger="pasur")

    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await b.act(replica, PutBot(1, "random"))  # forwarded: a renews, nobody takes anything
        await a.stop()  # gives its leases up
        await until(lambda: replica.owned)

    with_owner_and_follower(backend, scenario)
    taken = [
        record.getMessage() for record in caplog.records if "owns table" in record.getMessage()
    ]
    table = next(line.split()[-1] for line in taken)
    assert taken == [f"process a owns table {table}", f"process b owns table {table}"]


def test_the_writer_knows_a_seat_has_a_socket_open_at_a_follower(backend: str) -> None:
    """What the push sender asks (docs/alerts.md): Dara, just seated, has no socket anywhere yet
    (though the table counts her connected); her socket at b is known at a, the writer (which
    keeps the table: Sima's socket is at a), until it closes."""

    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        await a.act(owned, Join(Player("sima", "Sima"), 1, token_digest("sima's token")))
        await a.connect(owned, Connection(Recorder(), 1), since=None)
        assert owned.table.seats[0].connected and not owned.has_socket(0)
        socket = Connection(Recorder(), 0)
        await b.connect(replica, socket, since=None)
        assert owned.owned and owned.has_socket(0) and owned.connected_to(0) == 0
        await b.disconnect(replica, socket)
        assert not owned.has_socket(0) and not owned.table.seats[0].connected

    with_owner_and_follower(backend, scenario)


def test_a_writer_with_no_seated_socket_hands_the_table_to_where_the_players_are(
    backend: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Dara's socket opens at b while a, the writer, holds none: a hands the table to b with its
    answer, b writes it from then on (its plays go nowhere else), and nobody is marked gone."""
    caplog.set_level(logging.INFO, logger="pasur")

    async def scenario(
        a: TableManager, b: TableManager, owned: LiveTable, replica: LiveTable, r: Recorder
    ) -> None:
        asked: list[str] = []
        ask = cluster(b).bus.request

        async def counted(process: str, message: Message, *, timeout: float) -> Message:
            asked.append(process)
            return await ask(process, message, timeout=timeout)

        cluster(b).bus.request = counted  # type: ignore[method-assign]
        dara = Recorder()
        await b.connect(replica, Connection(dara, 0), since=None)
        assert replica.owned and not owned.owned and asked == ["a"]
        assert await cluster(a).leases.holder(owned.id) == "b"
        await b.act(replica, PutBot(1, "random"))
        (started, *_) = await b.act(replica, Start())
        assert asked == ["a"], "b ran the bot and the start itself"
        await until(lambda: owned.table.version == replica.table.version)
        stored = await b.store.load(owned.id)
        assert stored is not None and stored.events[-1]["n"] == replica.table.version
        kinds = [e["kind"] for e in dara.events()]
        assert "connection" not in kinds, "nobody was marked gone or back by the hand-over"
        assert started.number in [e["n"] for e in dara.events()]
        await until(lambda: cluster(b).leases.held() == [owned.id])
        assert cluster(a).leases.held() == []
        # a, with no socket at the table, lets its copy go at its next upkeep.
        await until(lambda: owned.id not in a.tables)

    with_owner_and_follower(backend, scenario)
    lines = [r.getMessage() for r in caplog.records if "table" in r.getMessage()]
    table = next(line.split()[-1] for line in lines if "owns table" in line)
    assert f"process a hands table {table} to process b" in lines
    assert [line for line in lines if "owns table" in line] == [
        f"process a owns table {table}",
        f"process b owns table {table}",
    ]
