"""Browser fixtures: one Chromium and one ``pasur serve`` per test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browser_support import launch_browser, run_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright."""
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``pasur serve`` on a free port with a fresh SQLite file; yields its base URL."""
    yield from run_server(tmp_path_factory.mktemp("server"))
