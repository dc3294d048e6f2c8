"""Journey fixtures: one Chromium and one real ``pasur serve`` per journey file.

A journey walks one person (or a few) across the wings, from the home page on, as they would;
each file is one journey of ``docs/journeys.md``. The browser tests' support module
(``tests/browser/browser_support.py``: Debian's Chromium, the server, screenshots) serves them too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from browser_support import launch_browser, run_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright."""
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``pasur serve`` on a free loopback port with a fresh SQLite file, as ``localhost`` (passkeys
    need a domain, not an IP address, as their relying party)."""
    for base in run_server(tmp_path_factory.mktemp("server")):
        yield base.replace("127.0.0.1", "localhost")
