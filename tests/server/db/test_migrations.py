"""The migrations: they make the models' schema on SQLite and PostgreSQL, adopt a database made
before migrations, refuse one they did not make, and leave a database at the newest revision.

Each test gets an empty database of its own: a new SQLite file, or a new PostgreSQL database on
the server that ``PASUR_TEST_POSTGRES_URL`` names (dropped afterwards), since the test run's
database already has the newest schema.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from database_support import scratch_database
from fastapi.testclient import TestClient
from sqlalchemy import Connection, inspect, text

from pasur.server.db.database import Database
from pasur.server.db.migrations import (
    FIRST_REVISION,
    FIRST_TABLES,
    VERSION_TABLE,
    MigrationError,
    config,
    current,
    head,
    model_metadata,
)
from pasur.server.settings import database_url

T = TypeVar("T")


@pytest.fixture
def fresh_url(backend: str) -> Iterator[str]:
    """An empty database: the test's own SQLite file, or a new PostgreSQL database (the run's
    database has the schema already)."""
    if database_url(backend).get_backend_name() == "sqlite":
        yield backend
        return
    with scratch_database("migrations") as url:
        yield url


def on(url: str, work: Callable[[Connection], T]) -> T:
    """``work`` on one connection to the database at ``url``, committed when it returns."""

    async def run() -> T:
        database = Database(url)
        try:
            async with database.engine.begin() as connection:
                return await connection.run_sync(work)
        finally:
            await database.close()

    return asyncio.run(run())


def upgrade(url: str) -> str | None:
    """Upgrade the database as the server does; its revision afterwards."""

    async def run() -> str | None:
        database = Database(url)
        try:
            await database.upgrade()
            return await database.revision()
        finally:
            await database.close()

    return asyncio.run(run())


def table_names(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, model_metadata()))


def made_before_migrations(connection: Connection) -> None:
    """The first revision's tables without a version: what create_all made before migrations.

    Revision 0001 is frozen as exactly that schema (it matched the models when it was written),
    so it stands in for the create_all of those days, whatever the models have become since.
    """
    command.upgrade(config(connection), FIRST_REVISION)
    connection.execute(text(f"DROP TABLE {VERSION_TABLE}"))
    connection.execute(text("INSERT INTO server_secrets (name, value) VALUES ('kept', 'row')"))


def test_an_empty_database_is_brought_to_the_newest_revision(fresh_url: str) -> None:
    assert on(fresh_url, table_names) == set()
    assert upgrade(fresh_url) == head()
    tables = on(fresh_url, table_names)
    assert tables == set(model_metadata().tables) | {VERSION_TABLE}
    assert tables >= FIRST_TABLES
    assert upgrade(fresh_url) == head()


def test_the_migrations_make_exactly_the_models_schema(fresh_url: str) -> None:
    upgrade(fresh_url)
    assert on(fresh_url, differences) == []


def test_a_database_made_before_migrations_is_stamped_then_upgraded(fresh_url: str) -> None:
    on(fresh_url, made_before_migrations)
    assert VERSION_TABLE not in on(fresh_url, table_names)
    assert upgrade(fresh_url) == head()
    assert on(fresh_url, differences) == []
    kept = on(fresh_url, lambda c: c.execute(text("SELECT name, value FROM server_secrets")).all())
    assert [tuple(row) for row in kept] == [("kept", "row")]


def test_the_server_brings_its_database_up_to_date_when_it_starts(
    make_client: Callable[..., TestClient], fresh_url: str
) -> None:
    on(fresh_url, made_before_migrations)
    client = make_client(fresh_url)
    assert client.get("/healthz").json() == {"status": "ok"}
    assert on(fresh_url, current) == head()
    assert on(fresh_url, differences) == []


def test_a_database_with_some_of_the_tables_and_no_revision_is_left_alone(
    fresh_url: str,
) -> None:
    on(fresh_url, lambda c: c.execute(text("CREATE TABLE score_sheets (id INTEGER PRIMARY KEY)")))
    with pytest.raises(MigrationError, match=r"not server_secrets, table_events, tables, and no"):
        upgrade(fresh_url)
    assert on(fresh_url, table_names) == {"score_sheets"}


def test_a_database_from_a_newer_version_is_left_alone(fresh_url: str) -> None:
    upgrade(fresh_url)
    on(fresh_url, lambda c: c.execute(text(f"UPDATE {VERSION_TABLE} SET version_num = '9999'")))
    with pytest.raises(MigrationError, match=r"revision 9999, which this version of Pasur"):
        upgrade(fresh_url)
    assert on(fresh_url, current) == "9999"
    assert on(fresh_url, differences) == []


def test_a_migrated_database_downgrades_to_nothing_and_back(fresh_url: str) -> None:
    upgrade(fresh_url)
    on(fresh_url, lambda c: command.downgrade(config(c), "base"))
    assert on(fresh_url, table_names) == {VERSION_TABLE}
    assert upgrade(fresh_url) == head()
    assert on(fresh_url, differences) == []


def test_servers_starting_together_on_postgresql_take_turns(fresh_url: str) -> None:
    if database_url(fresh_url).get_backend_name() != "postgresql":
        pytest.skip("the migration lock is PostgreSQL's: an SQLite file serves one process")

    async def start_together() -> list[str | None]:
        databases = [Database(fresh_url) for _ in range(3)]
        try:
            upgrades = asyncio.gather(*(database.upgrade() for database in databases))
            await asyncio.wait_for(upgrades, timeout=60)
            return [await database.revision() for database in databases]
        finally:
            await asyncio.gather(*(database.close() for database in databases))

    assert asyncio.run(start_together()) == [head()] * 3
    assert on(fresh_url, differences) == []
