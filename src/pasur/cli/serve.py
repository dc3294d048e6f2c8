"""``pasur serve``: run the web server (the score tracker and its API) with uvicorn.

The server is imported only when this command runs, so the other commands start without
loading FastAPI and SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import copy
import os
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pasur.cli.common import UsageError

if TYPE_CHECKING:
    from pasur.server import ServerSettings

CONNECT_TIMEOUT_S = 10
"""How long to wait for the database before giving up at start-up."""


def serve(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on.", metavar="ADDRESS")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="The database: sqlite+aiosqlite:///FILE or postgresql+asyncpg://USER@HOST/DB "
            "(default: $PASUR_DB, else ./pasur.db in the working directory).",
            metavar="URL",
        ),
    ] = None,
) -> None:
    """Run the web server: the score tracker at /tracker, its API, OpenAPI at /docs."""
    import uvicorn

    from pasur.server import DatabaseURLError, ServerSettings, create_app
    from pasur.server.settings import DATABASE_ENV, database_url, sqlite_file

    source = "--db" if db else DATABASE_ENV if os.environ.get(DATABASE_ENV) else "database"
    try:
        settings = ServerSettings.from_env(db=db, host=host, port=port)
    except DatabaseURLError as error:
        raise UsageError(f"{source}: {error}") from None
    file = sqlite_file(database_url(settings.database_url))
    if file is not None and not file.parent.is_dir():
        raise UsageError(f"{source}: the folder {str(file.parent)!r} does not exist")
    _check_database(settings, source)

    shown_host = f"[{host}]" if ":" in host else host
    typer.echo(
        f"Pasur serves on http://{shown_host}:{port}/ "
        f"(database {settings.safe_database_url}); press Ctrl+C to stop."
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_config=_log_config(),
        timeout_graceful_shutdown=10,
    )


def _check_database(settings: ServerSettings, source: str) -> None:
    """Connect once before serving, so a wrong URL is one line, not a traceback."""
    from pasur.server.database import Database

    async def check() -> None:
        database = Database(settings.database_url)
        try:
            await database.ping(timeout=CONNECT_TIMEOUT_S)
        finally:
            await database.close()

    try:
        asyncio.run(check())
    except Exception as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        if len(reason) > 200:
            reason = reason[:197] + "..."
        raise UsageError(f"{source}: cannot open {settings.safe_database_url}: {reason}") from None


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, with link tokens cut out of the access log and pasur's own lines."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": "pasur.server.logs.RedactTokens"}
    config["handlers"]["access"]["filters"] = ["redact"]
    config["loggers"]["pasur"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
