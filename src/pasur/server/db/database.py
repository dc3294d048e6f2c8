"""The server's database: one SQLAlchemy asyncio engine and its lifecycle.

Every feature talks to the database through :attr:`Database.engine`, with the rows of
:mod:`pasur.server.db.rows` and :mod:`pasur.server.db.account_rows`; the schema itself is made
and changed by the migrations (:mod:`pasur.server.db.migrations`), which
:meth:`Database.upgrade` runs. The SQL is kept dialect-neutral (JSON columns, no SQLite-only
statements), so the same code runs on SQLite and on PostgreSQL; the only dialect-specific steps
are the SQLite connection set-up below, the lock that makes PostgreSQL migrations take turns,
and the class of an ``INSERT … ON CONFLICT`` (:mod:`pasur.server.db.upsert`), which both spell
alike.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from pasur.server.db import migrations

SQLITE_BUSY_TIMEOUT_MS = 5000
"""How long an SQLite writer waits for another one before giving up."""

PING_TIMEOUT_S = 5.0
"""How long a health check waits for the database."""

MIGRATION_LOCK = 0x70A5_0B
"""The PostgreSQL advisory lock held while migrating: servers starting together take turns."""


class Database:
    """The engine for one database URL; create it once per application."""

    def __init__(self, url: str | URL) -> None:
        url = make_url(url)
        options: dict[str, Any] = {"pool_pre_ping": True}
        if url.get_backend_name() == "sqlite":
            # One connection: SQLite writes one transaction at a time anyway, so a second
            # connection only adds writers that sleep in the busy handler (and fail with
            # "database is locked" when many tables are made at once); queued at the pool they
            # take turns instead. A file on this machine never drops a connection, so the pool
            # does not ping it before each use (a statement and a thread hop per transaction).
            # Nothing in the server holds a connection while it waits for another.
            options = {"pool_pre_ping": False}
            if url.database not in (None, "", ":memory:"):
                options |= {"pool_size": 1, "max_overflow": 0}
        self.engine: AsyncEngine = create_async_engine(
            url,
            # Parameters (sheet tokens among them) never appear in logs or error messages.
            hide_parameters=True,
            **options,
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_setup)

    @property
    def dialect(self) -> str:
        """The database's dialect: ``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    async def upgrade(self) -> None:
        """Bring the schema to the newest migration, in one transaction where the database allows.

        Raises:
            migrations.MigrationError: the database cannot be migrated; nothing was changed.
        """
        async with self.engine.begin() as connection:
            if self.dialect == "postgresql":
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            await connection.run_sync(migrations.upgrade)

    async def revision(self) -> str | None:
        """The schema's migration revision, or None for an empty or pre-migration database."""
        async with self.engine.connect() as connection:
            return await connection.run_sync(migrations.current)

    async def ping(self, *, timeout: float = PING_TIMEOUT_S) -> None:
        """Run a trivial query; raises when the database does not answer within ``timeout``."""

        async def query() -> None:
            async with self.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))

        await asyncio.wait_for(query(), timeout)

    async def close(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()


def _sqlite_setup(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers go on while one request writes; the busy timeout makes a second writer
    # wait its turn instead of failing at once.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    # In WAL mode, NORMAL syncs the log at checkpoints instead of at every commit: a stored step
    # survives the server being killed; only a machine that loses power can lose the last ones.
    # Syncing every commit held a server to a few hundred plays a second (docs/performance.md).
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
