"""Migration 0003 fills the seat index from the events already stored: a table made before it
is in its people's "my games", and a seat given up is not."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from alembic import command
from sqlalchemy import Connection, text

from pasur.server.db.database import Database
from pasur.server.db.migrations import config

EVENTS = [
    (1, "seated", {"seat": 0, "player": "ava", "name": "Ava"}),
    (2, "seated", {"seat": 1, "player": "babak", "name": "Babak"}),
    (3, "left", {"seat": 1, "player": "babak", "name": "Babak"}),
    (4, "seated", {"seat": 1, "player": "cyrus", "name": "Cyrus"}),
]


def test_the_migration_fills_the_seat_index_from_the_stored_events(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"

    def before(connection: Connection) -> None:
        command.upgrade(config(connection), "0002")
        connection.execute(
            text(
                "INSERT INTO tables (id, created_at, updated_at, creator, private, status,"
                " version, config, seats) VALUES ('t1', '2026-01-01', '2026-01-01', 'ava', 1,"
                " 'waiting', 4, '{}', '{}')"
            )
        )
        for n, kind, data in EVENTS:
            connection.execute(
                text(
                    "INSERT INTO table_events (table_id, n, kind, data) VALUES ('t1', :n, :k, :d)"
                ),
                {"n": n, "k": kind, "d": json.dumps(data)},
            )

    def holders(connection: Connection) -> list[tuple[str, str, int]]:
        rows = connection.execute(
            text("SELECT player_id, table_id, seat FROM seat_holders ORDER BY player_id")
        )
        return [(str(p), str(t), int(s)) for p, t, s in rows]

    async def run() -> list[tuple[str, str, int]]:
        database = Database(url)
        try:
            async with database.engine.begin() as connection:
                await connection.run_sync(before)
            await database.upgrade()
            async with database.engine.connect() as connection:
                return await connection.run_sync(holders)
        finally:
            await database.close()

    assert asyncio.run(run()) == [("ava", "t1", 0), ("cyrus", "t1", 1)]
