"""The table store's group commit: steps queued together are stored in one transaction, each
answered only once stored, and one bad step in a batch does not sink the others."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import Event, Kind
from pasur.server.db.database import Database
from pasur.server.tables.store import AppendHook, TableStore

TABLES = 12


def connection_event(n: int, seat: int = 0) -> Event:
    return Event(n, Kind.CONNECTION, {"seat": seat, "connected": n % 2 == 1})


async def with_tables(url: str, hook: AppendHook | None = None) -> tuple[Database, TableStore]:
    """A migrated database holding tables ``t0`` … ``t11``, each with event 1 stored."""
    database = Database(url)
    await database.upgrade()
    store = TableStore(database, after_append=hook)
    for number in range(TABLES):
        await store.create(
            f"t{number}",
            creator="ava",
            config={},
            private=True,
            status="waiting",
            events=[connection_event(1)],
        )
    return database, store


def count_commits(database: Database) -> list[int]:
    """A one-item list counting the transactions committed from now on."""
    commits = [0]

    def committed(_connection: Any) -> None:
        commits[0] += 1

    event.listen(database.engine.sync_engine, "commit", committed)
    return commits


def test_steps_queued_together_are_stored_in_one_transaction(backend: str) -> None:
    async def scenario() -> None:
        database, store = await with_tables(backend)
        try:
            commits = count_commits(database)
            seats = {"0": "digest"}
            await asyncio.gather(
                *(
                    store.append(
                        f"t{number}",
                        [connection_event(2), connection_event(3)],
                        status="playing",
                        # Steps that change different columns keep their order in the batch.
                        seats=seats if number % 3 == 0 else None,
                    )
                    for number in range(TABLES)
                ),
                store.append("t0", [], status="playing", seats={"1": "other"}),
            )
            assert commits[0] == 1
            for number in range(TABLES):
                stored = await store.load(f"t{number}")
                assert stored is not None
                assert [e["n"] for e in stored.events] == [1, 2, 3]
                # t0's last step (its seats alone) was stored after its first one.
                expected = {"1": "other"} if number == 0 else seats if number % 3 == 0 else {}
                assert stored.seats == expected
        finally:
            await database.close()

    asyncio.run(scenario())


def test_a_step_that_cannot_be_stored_fails_alone(backend: str) -> None:
    async def scenario() -> None:
        database, store = await with_tables(backend)
        try:
            results = await asyncio.gather(
                *(
                    # Table t5's step repeats event 1, as a process that lost its table would.
                    store.append(
                        f"t{number}", [connection_event(1 if number == 5 else 2)], status="playing"
                    )
                    for number in range(TABLES)
                ),
                return_exceptions=True,
            )
            assert [isinstance(result, Exception) for result in results] == [
                number == 5 for number in range(TABLES)
            ]
            for number in range(TABLES):
                stored = await store.load(f"t{number}")
                assert stored is not None
                assert [e["n"] for e in stored.events] == ([1] if number == 5 else [1, 2])
        finally:
            await database.close()

    asyncio.run(scenario())


def test_the_append_hook_is_stored_with_its_step_or_not_at_all(backend: str) -> None:
    seen: list[str] = []

    async def hook(_connection: AsyncConnection, table_id: str, events: Sequence[Event]) -> None:
        seen.append(table_id)
        if table_id == "t3" and events[0].number > 1:  # t3's step, not its creation
            raise RuntimeError("the hook refuses t3's step")

    async def scenario() -> None:
        database, store = await with_tables(backend, hook)
        seen.clear()  # the tables' creations, each stored with its first event
        try:
            results = await asyncio.gather(
                *(
                    store.append(f"t{number}", [connection_event(2)], status="playing")
                    for number in range(TABLES)
                ),
                return_exceptions=True,
            )
            assert [str(result) if result else None for result in results] == [
                "the hook refuses t3's step" if number == 3 else None for number in range(TABLES)
            ]
            stored = await store.load("t3")
            assert stored is not None and [e["n"] for e in stored.events] == [1]
            stored = await store.load("t4")
            assert stored is not None and [e["n"] for e in stored.events] == [1, 2]
        finally:
            await database.close()

    asyncio.run(scenario())
    # Once for the batch, then once per step written alone.
    assert seen == [f"t{n}" for n in range(4)] + [f"t{n}" for n in range(TABLES)]


def test_a_cancelled_caller_leaves_its_step_stored(backend: str) -> None:
    async def scenario() -> None:
        database, store = await with_tables(backend)
        try:
            waiting = asyncio.create_task(
                store.append("t0", [connection_event(2)], status="playing")
            )
            await asyncio.sleep(0)
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
            await store.flush()
            stored = await store.load("t0")
            assert stored is not None and [e["n"] for e in stored.events] == [1, 2]
        finally:
            await database.close()

    asyncio.run(scenario())
