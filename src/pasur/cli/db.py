"""``pasur db``: the server's database schema, its revision (``current``) and its upgrade.

This is also where the command line turns ``--db`` (else ``PASUR_DB``, else ``./pasur.db``)
into server settings and opens the database, for ``pasur serve`` too, so that a bad URL or an
unreachable database is the same one-line message everywhere. The server is imported only when
a command runs, so the other commands start without loading SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from pasur.cli.common import UsageError

if TYPE_CHECKING:
    from pasur.server.db.database import Database
    from pasur.server.settings import ServerSettings

CONNECT_TIMEOUT_S = 10
"""How long to wait for the database to answer before giving up."""

_MAX_REASON = 200

T = TypeVar("T")

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The database: sqlite+aiosqlite:///FILE or postgresql+asyncpg://USER@HOST/DB "
        "(default: $PASUR_DB, else ./pasur.db in the working directory).",
        metavar="URL",
    ),
]

db = typer.Typer(
    name="db",
    help="The server's database: show its schema revision, or bring it up to date.",
    no_args_is_help=True,
)


@db.command()
def upgrade(database: DbOption = None) -> None:
    """Bring the database's tables up to the newest revision (pasur serve does it too)."""
    settings, source = server_settings(database)

    async def run(opened: Database) -> tuple[str | None, str | None]:
        before = await _revision(opened)
        await opened.upgrade()
        return before, await opened.revision()

    before, after = run_on_database(settings, source, run)
    shown = settings.safe_database_url
    if before == after:
        typer.echo(f"{shown}: already at the newest revision, {after}")
    else:
        typer.echo(f"{shown}: upgraded from {before or 'no revision'} to {after}")


@db.command()
def current(database: DbOption = None) -> None:
    """Show the database's schema revision, and whether it is the newest."""
    from pasur.server.db import migrations

    settings, source = server_settings(database)
    revision = run_on_database(settings, source, _revision)
    newest = migrations.head()
    shown = settings.safe_database_url
    if revision == newest:
        typer.echo(f"{shown}: revision {revision}, the newest")
    elif revision is None:
        typer.echo(
            f"{shown}: no revision (empty, or made before migrations); "
            "pasur db upgrade brings it to the newest"
        )
    elif not migrations.is_known(revision):
        typer.echo(f"{shown}: revision {revision}, newer than this version of Pasur ({newest})")
    else:
        typer.echo(f"{shown}: revision {revision}; the newest is {newest} (pasur db upgrade)")


async def _check(database: Database) -> None:
    """Wait for the database to answer a query, for :data:`CONNECT_TIMEOUT_S` at most."""
    await database.ping(timeout=CONNECT_TIMEOUT_S)


async def prepare(database: Database) -> None:
    """Check that the database answers, then bring its schema up to date."""
    await _check(database)
    await database.upgrade()


async def _revision(database: Database) -> str | None:
    await _check(database)
    return await database.revision()


def server_settings(
    db: str | None, *, host: str = "127.0.0.1", port: int = 8000, public_url: str | None = None
) -> tuple[ServerSettings, str]:
    """The settings for ``--db`` (and ``--public-url``) and where their database URL came from
    (``--db``, ``PASUR_DB``, …).

    Raises:
        UsageError: the URL cannot be used, or names an SQLite file in a missing folder; or the
            public URL is not a site's address.
    """
    from pasur.server.settings import (
        DATABASE_ENV,
        DatabaseURLError,
        PublicURLError,
        ServerSettings,
        database_url,
        sqlite_file,
    )

    source = "--db" if db else DATABASE_ENV if os.environ.get(DATABASE_ENV) else "database"
    try:
        settings = ServerSettings.from_env(db=db, host=host, port=port, public_url=public_url)
    except DatabaseURLError as error:
        raise UsageError(f"{source}: {error}") from None
    except PublicURLError as error:
        raise UsageError(str(error)) from None
    file = sqlite_file(database_url(settings.database_url))
    if file is not None and not file.parent.is_dir():
        raise UsageError(f"{source}: the folder {str(file.parent)!r} does not exist")
    return settings, source


def run_on_database(
    settings: ServerSettings, source: str, action: Callable[[Database], Awaitable[T]]
) -> T:
    """``action`` on the settings' database, which is closed afterwards.

    Raises:
        UsageError: the action failed (the database is unreachable, or cannot be migrated);
            the message is one line that names the URL with its password masked.
    """
    from pasur.server.db.database import Database

    async def run() -> T:
        database = Database(settings.database_url)
        try:
            return await action(database)
        finally:
            await database.close()

    try:
        return asyncio.run(run())
    except Exception as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        if len(reason) > _MAX_REASON:
            reason = reason[: _MAX_REASON - 3] + "..."
        raise UsageError(f"{source}: cannot open {settings.safe_database_url}: {reason}") from None
