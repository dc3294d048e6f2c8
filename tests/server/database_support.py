"""The test databases: PostgreSQL databases of a test run's own, and emptying them between tests.

The PostgreSQL server comes from ``PASUR_TEST_POSTGRES_URL`` (``.ci/run`` sets it); without it the
PostgreSQL half of the server tests skips with the reason. Tests never use the database that URL
names: each test run makes databases of its own beside it (random names, dropped afterwards), so
two runs on one machine at the same time never see each other's rows.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from pasur.server.db.database import Database
from pasur.server.db.migrations import model_metadata
from pasur.server.settings import database_url

POSTGRES_ENV = "PASUR_TEST_POSTGRES_URL"

LOCK_TIMEOUT = "10s"
"""How long emptying the tables waits for a lock: a connection a test left open fails the next
test with a PostgreSQL error instead of hanging it."""


def service_url(env: str, example: str, purpose: str) -> str:
    """The URL of a test service named by the environment variable ``env``, or a skip that says
    how to set it (``example``) and what for (``purpose``)."""
    url = os.environ.get(env)
    if not url:
        pytest.skip(f"{env} is not set; set it to a URL such as {example} {purpose}")
    return url


def postgres_url() -> str:
    """The test PostgreSQL server's URL, or a skip with the reason."""
    return service_url(
        POSTGRES_ENV,
        "postgresql+asyncpg://postgres@127.0.0.1:5432/test",
        "to run this test on PostgreSQL",
    )


def on_postgres(url: str, *statements: str) -> None:
    """Run ``statements`` outside a transaction (as CREATE and DROP DATABASE need) at ``url``."""

    async def run() -> None:
        engine = create_async_engine(database_url(url), isolation_level="AUTOCOMMIT")
        try:
            async with engine.connect() as connection:
                for statement in statements:
                    await connection.execute(text(statement))
        finally:
            await engine.dispose()

    asyncio.run(run())


@contextmanager
def scratch_database(kind: str) -> Iterator[str]:
    """A new, empty PostgreSQL database named ``pasur_<kind>_<random>`` on the test server; its
    URL. It is dropped afterwards, whatever connections are still open to it."""
    server = postgres_url()
    name = f"pasur_{kind}_{secrets.token_hex(6)}"
    on_postgres(server, f'CREATE DATABASE "{name}"')
    try:
        yield database_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        on_postgres(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema, as a starting server does."""

    async def run() -> None:
        database = Database(url)
        try:
            await database.upgrade()
        finally:
            await database.close()

    asyncio.run(run())


def empty_tables(url: str) -> None:
    """Delete every row of the server's tables at ``url`` (already migrated) and restart their
    sequences, so a test starts on the newest schema with no rows.

    DELETE, children before parents, takes half the time of one TRUNCATE of every table (which
    makes new files for each): on tables of a few rows that is most of a test's cost. The tables
    are the models' (``test_migrations`` checks that the migrations make exactly those).
    """

    async def run() -> None:
        engine = create_async_engine(database_url(url))
        try:
            async with engine.begin() as connection:
                await connection.execute(text(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'"))
                for table in reversed(model_metadata().sorted_tables):
                    await connection.execute(table.delete())
                sequences = await connection.scalars(
                    text(
                        "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()"
                    )
                )
                for sequence in sequences.all():
                    await connection.execute(text(f'ALTER SEQUENCE "{sequence}" RESTART'))
        finally:
            await engine.dispose()

    asyncio.run(run())
