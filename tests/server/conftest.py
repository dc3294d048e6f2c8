"""Fixtures for the server tests: an application on a fresh database, driven by the test client.

Every test gets its own SQLite file in a temporary folder and its own web folder, so nothing
depends on the working directory or on the real web client. Tests that take the ``backend``
fixture run once on SQLite and once on PostgreSQL, when ``PASUR_TEST_POSTGRES_URL`` names a
database (for example ``postgresql+asyncpg://postgres@127.0.0.1:5432/test``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import TEST_LIMITS

from pasur.server import ServerSettings, create_app
from pasur.server.settings import Limits

POSTGRES_ENV = "PASUR_TEST_POSTGRES_URL"

TRACKER_HTML = "<!doctype html><title>tracker test page</title>\n"


@pytest.fixture
def web_root(tmp_path: Path) -> Path:
    """A stand-in for the web client's folder, with a tracker page and one script."""
    root = tmp_path / "web"
    (root / "js").mkdir(parents=True)
    (root / "tracker.html").write_text(TRACKER_HTML, encoding="utf-8")
    (root / "js" / "tracker.js").write_text("export {};\n", encoding="utf-8")
    return root


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """A database URL: the temporary SQLite file, or the PostgreSQL test database."""
    if request.param == "sqlite":
        return sqlite_url
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(
            f"{POSTGRES_ENV} is not set; set it to a PostgreSQL URL such as "
            "postgresql+asyncpg://postgres@127.0.0.1:5432/test to run the API tests there too"
        )
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
def client(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """A test client on a new application with its own SQLite file."""
    return make_client(sqlite_url)
