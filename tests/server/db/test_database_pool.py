"""The SQLite pool: one connection, taken in turn by every use of the database, so what one use
left uncommitted (or failed to commit) must never reach the next."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from pasur.server.db.database import Database


def test_one_connection_and_nothing_uncommitted_is_handed_on(sqlite_url: str) -> None:
    async def scenario() -> None:
        database = Database(sqlite_url)
        try:
            pool = database.engine.sync_engine.pool
            assert pool.size() == 1  # type: ignore[attr-defined]
            async with database.engine.begin() as connection:
                await connection.execute(text("CREATE TABLE notes (n INTEGER)"))
            async with database.engine.connect() as connection:
                await connection.execute(text("INSERT INTO notes VALUES (1)"))  # never committed
            with pytest.raises(RuntimeError):
                async with database.engine.begin() as connection:
                    await connection.execute(text("INSERT INTO notes VALUES (2)"))
                    raise RuntimeError("the step fails after its statement")
            async with database.engine.begin() as connection:
                await connection.execute(text("INSERT INTO notes VALUES (3)"))
            async with database.engine.connect() as connection:
                rows = (await connection.execute(text("SELECT n FROM notes"))).scalars().all()
            assert rows == [3]
        finally:
            await database.close()

    asyncio.run(scenario())
