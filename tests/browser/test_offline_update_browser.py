"""A new release (docs/offline.md): the service worker of the new build installs beside the old
one and waits; a page opened before it is told, and keeps working on the old build's cache; on
"Reload" the new worker takes over, the page reloads on the new build and the old cache is gone.

Two builds are two servers, one after the other on one port, serving copies of the web folder
that differ by one file."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import uvicorn
from browser_support import WEB, free_port, watch

from pasur.server.app import create_app
from pasur.server.settings import ServerSettings

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CACHES = "async () => (await caches.keys()).filter((name) => name.startsWith('pasur-shell-'))"
CSS = "async () => (await fetch('/static/css/base.css')).text()"
NEXT = "/* the next release */"


@contextmanager
def _serving(web_root: Path, database: Path, port: int) -> Iterator[str]:
    """A server on ``port`` over ``web_root``, in a thread, until the block ends."""
    settings = ServerSettings(database_url=f"sqlite+aiosqlite:///{database}", web_root=web_root)
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_a_new_release_replaces_the_old_cache_after_the_reload(
    browser: Browser, tmp_path: Path
) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("vendor"))
    port = free_port()
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page)
    with _serving(web, tmp_path / "t.db", port) as server:
        page.goto(f"{server}/rules")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", polling=200)
        (old,) = page.evaluate(CACHES)
    css = web / "css" / "base.css"
    css.write_text(css.read_text(encoding="utf-8") + f"\n{NEXT}\n", "utf-8")
    with _serving(web, tmp_path / "t.db", port) as server:
        page.evaluate("async () => (await navigator.serviceWorker.ready).update()")
        page.locator("html[data-update-ready='true']").wait_for(state="attached", timeout=60_000)
        names = page.evaluate(CACHES)
        assert len(names) == 2 and old in names  # the new build's, beside the old one
        # A page opened before the update keeps working on the old build: it opens another page,
        # from the old cache, and is told again.
        page.locator("a.brand").click()
        page.wait_for_url(f"{server}/")
        assert NEXT not in page.evaluate(CSS)
        # The toast's button hands over to the new build, which reloads the page: wait for that
        # reload before reading anything (reading during it fails: the page's context is gone).
        with page.expect_navigation(timeout=60_000):
            page.locator("#toast button").click(timeout=60_000)
        page.wait_for_load_state()
        deadline = time.monotonic() + 60
        while page.evaluate(CACHES) == names or len(page.evaluate(CACHES)) != 1:
            assert time.monotonic() < deadline, page.evaluate(CACHES)
            page.wait_for_timeout(200)
        assert page.evaluate(CACHES) != [old]
        assert NEXT in page.evaluate(CSS)
    assert problems == []
    context.close()
