"""The server's schema history: Alembic migrations, run on SQLite and PostgreSQL alike.

Each file in ``versions/`` is one step of the schema; :func:`upgrade` brings a database to the
newest step and is what ``pasur serve`` and ``pasur db upgrade`` run. Alembic is configured here
in code (no ``alembic.ini``), and it always works on a connection it is handed, so the caller's
engine and transaction are used (the asyncio engine runs these functions through ``run_sync``).

A database that the server made before migrations existed (``metadata.create_all``) has the
first revision's tables and no ``alembic_version`` table: it is stamped at the first revision
and then upgraded like any other.

To write a migration, change the rows (:mod:`pasur.server.db.rows`,
:mod:`pasur.server.db.account_rows`), then compare them with a database at the newest revision
(:func:`model_metadata` and ``alembic.autogenerate.compare_metadata``, as
``tests/server/db/test_migrations.py`` does) and write the next file in ``versions/`` by hand,
with ``down_revision`` set to the current head.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, MetaData, inspect

from pasur.server.db import account_rows, rows

FIRST_REVISION = "0001"
"""The schema as it was before migrations, when the server made its tables with create_all."""

FIRST_TABLES = frozenset({"score_sheets", "server_secrets", "tables", "table_events"})
"""The tables of the first revision: a database holding them all but no version is stamped."""

VERSION_TABLE = "alembic_version"
"""Where Alembic records a database's revision."""

ROW_MODULES = (rows, account_rows)
"""The modules that declare the schema, on one shared Base: a row is in :func:`model_metadata`
only once its module has been imported, so the migrations import them all here."""


class MigrationError(RuntimeError):
    """A database the migrations cannot bring up to date; the message says why."""


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for these migrations, working on ``connection`` when given."""
    alembic_config = Config()
    # Config values go through configparser interpolation, where "%" is special.
    alembic_config.set_main_option("script_location", str(Path(__file__).parent).replace("%", "%%"))
    alembic_config.set_main_option("path_separator", "os")
    alembic_config.attributes["connection"] = connection
    return alembic_config


def head() -> str:
    """The newest revision."""
    revision = _scripts().get_current_head()
    assert revision is not None, "the migrations have one head"
    return revision


def is_known(revision: str) -> bool:
    """Whether this version of Pasur has the migration ``revision`` (a newer one may not)."""
    try:
        _scripts().get_revision(revision)
    except CommandError:
        return False
    return True


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def current(connection: Connection) -> str | None:
    """The database's revision, or None when it has none (empty, or made before migrations)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection) -> None:
    """Bring the database to the newest revision, stamping a pre-migration database first.

    Raises:
        MigrationError: nothing was changed, because the database holds some of the first
            revision's tables but not all of them and no revision (this server did not make
            it), or because it is at a revision that this version of Pasur does not know.
    """
    tables = set(inspect(connection).get_table_names())
    revision = current(connection)
    if revision is not None and not is_known(revision):
        raise MigrationError(
            f"the database is at revision {revision}, which this version of Pasur does not "
            f"know (the newest it knows is {head()}): a newer version has upgraded it"
        )
    if VERSION_TABLE not in tables:
        found = FIRST_TABLES & tables
        if found == FIRST_TABLES:
            command.stamp(config(connection), FIRST_REVISION)
        elif found:
            missing = ", ".join(sorted(FIRST_TABLES - found))
            raise MigrationError(
                f"the database has some of Pasur's tables but not {missing}, and no "
                f"{VERSION_TABLE} table; it was not made by pasur serve, so it is left as it is"
            )
    command.upgrade(config(connection), "head")


def model_metadata() -> MetaData:
    """Every table the server keeps, as the :data:`ROW_MODULES` declare them."""
    return rows.Base.metadata
