"""Fixtures for the server tests: an application on a fresh database, driven by the test client.

Every test that uses a database (the ``client`` fixture, or ``backend`` for its URL) runs on an
SQLite file of its own in a temporary folder; those whose subject is the database itself
(:func:`on_postgres`: storage, migrations, one writer and exactly once under concurrency,
several processes) run again on PostgreSQL when ``PASUR_TEST_POSTGRES_URL`` names a server
(for example ``postgresql+asyncpg://postgres@127.0.0.1:5432/test``; without it that half skips,
saying so).
On PostgreSQL the test run makes a database of its own (``pasur_run_<random>``, dropped at the
end), and every test starts with its tables emptied: tests never see each other's rows, and two
runs at once on one server never meet. Tests that need SQLite itself (its file, its pragmas) take
``sqlite_url``. Each test has its own web folder too, so nothing depends on the working directory
or on the real web client.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from database_support import empty_tables, migrate, postgres_url, scratch_database
from fastapi.testclient import TestClient
from play_support import TEST_LIMITS

from pasur.server.app import create_app
from pasur.server.settings import Limits, ServerSettings

SHELL_HTML = "<!doctype html>\n<!-- slot head --><!-- end head -->\n"
TRACKER_HTML = "<!-- slot head --><title>tracker test page</title><!-- end head -->\n"


@pytest.fixture
def web_root(tmp_path: Path) -> Path:
    """A stand-in for the web client's folder: the page shell, a tracker page and one script."""
    root = tmp_path / "web"
    (root / "js").mkdir(parents=True)
    (root / "shell.html").write_text(SHELL_HTML, encoding="utf-8")
    (root / "tracker.html").write_text(TRACKER_HTML, encoding="utf-8")
    (root / "js" / "tracker.js").write_text("export {};\n", encoding="utf-8")
    return root


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"


@pytest.fixture(scope="session")
def postgres_run_database() -> Iterator[str]:
    """This test run's PostgreSQL database, migrated (made at its first use, dropped at the end)."""
    with scratch_database("run") as url:
        migrate(url)
        yield url


ON_POSTGRES_FOLDERS = (
    "tests/server/db/",
    "tests/server/cluster/",
    "tests/server/queue/",
    "tests/server/tournaments/",
)
ON_POSTGRES_WORDS = (
    "store",
    "once",
    "migration",
    "restart",
    "ratings",
    "uploads",
    "challenge",
    "deletion",
    "correspondence",
    "unloading",
    "identity",
    "outages",
)
"""Where the tests whose subject is the database are (:func:`on_postgres`): PostgreSQL differs
from SQLite in concurrency (many writers, READ COMMITTED), in its dialect and its types, so those
run on both. A test of what a call answers (its refusals, its fields, a page's flow) goes through
the same SQLAlchemy statements on either, and runs on SQLite only: running every one of them on
both took seven minutes of the tests' processes, and found nothing the database tests did not."""


def on_postgres(nodeid: str) -> bool:
    """Whether the test (by its id) runs on PostgreSQL as well as on SQLite."""
    path = nodeid.split("::", 1)[0]
    name = path.rsplit("/", 1)[-1]
    return path.startswith(ON_POSTGRES_FOLDERS) or any(word in name for word in ON_POSTGRES_WORDS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the PostgreSQL half of the server tests that :func:`on_postgres` excludes."""
    kept, left_out = [], []
    for item in items:
        params = getattr(item, "callspec", None)
        on_sqlite_only = (
            params is not None
            and params.params.get("backend") == "postgresql"
            and item.nodeid.startswith("tests/server/")
            and not on_postgres(item.nodeid)
        )
        (left_out if on_sqlite_only else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """A database URL with no rows in it: the test's SQLite file, or this run's PostgreSQL
    database with every table emptied."""
    if request.param == "sqlite":
        return sqlite_url
    postgres_url()  # skips with the reason when no server is named
    url: str = request.getfixturevalue("postgres_run_database")
    empty_tables(url)
    return url


@pytest.fixture
def make_client(web_root: Path) -> Iterator[Callable[..., TestClient]]:
    """``make_client(url)``: a started test client on a new application for that database.

    ``limits`` and ``allowed_origins`` set those server settings.
    """
    opened: list[TestClient] = []

    def make(
        url: str,
        *,
        limits: Limits = TEST_LIMITS,
        allowed_origins: tuple[str, ...] = (),
        **client_options: Any,
    ) -> TestClient:
        settings = ServerSettings(
            database_url=url, web_root=web_root, limits=limits, allowed_origins=allowed_origins
        )
        app = create_app(settings)
        client = TestClient(app, **client_options)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient], backend: str) -> TestClient:
    """A test client on a new application on an empty database (SQLite, then PostgreSQL)."""
    return make_client(backend)
