"""What every browser test needs: Debian's Chromium, a real ``pasur serve``, and a page watcher.

Debian's ``chromium`` is launched by its path (``/usr/bin/chromium``, or ``$PASUR_CHROMIUM``);
nothing downloads a browser. Without one the browser tests skip, unless
``PASUR_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes a missing browser a failure.
Screenshots go to ``test-artifacts/`` (kept by CI as artifacts).
"""

from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, CDPSession, Locator, Page

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "pasur" / "web"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "en-US",
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US"}
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}
"""A platform authenticator that keeps discoverable passkeys, as a phone's or a laptop's does."""


def _unavailable(reason: str) -> None:
    """Skip, or fail when the environment says the browser tests must run."""
    if os.environ.get("PASUR_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; PASUR_REQUIRE_BROWSER=1 requires the browser tests to run")
    pytest.skip(reason)


def chromium_path() -> str:
    """Where Chromium is; a skip (or a failure, where the browser is required) when it is not."""
    path = os.environ.get("PASUR_CHROMIUM") or "/usr/bin/chromium"
    if not (Path(path).is_file() and os.access(path, os.X_OK)):
        _unavailable(
            f"no Chromium at {path} (install Debian's chromium package, or set PASUR_CHROMIUM)"
        )
    return path


def launch_browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright."""
    executable = chromium_path()
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[dev]')")
    # An assertion waits as long as an action does (watch: 15 s): on a loaded two-core machine a
    # page's answer (a catalog fetched on a language switch) can take more than the default 5 s.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _pasur_command() -> list[str]:
    script = Path(sys.executable).with_name("pasur")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from pasur.cli.main import run; run()"]


def database_url(folder: Path) -> str:
    """The SQLite file of the server :func:`run_server` runs in ``folder``."""
    return f"sqlite+aiosqlite:///{folder / 't.db'}"


def run_server(folder: Path) -> Iterator[str]:
    """``pasur serve`` on a free port with a fresh SQLite file; yields its base URL."""
    port = free_port()
    database = database_url(folder)
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [*_pasur_command(), "serve", "--port", str(port), "--db", database],
            cwd=folder,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(
                    f"pasur serve exited with {process.returncode}:\n{log_path.read_text()}"
                )
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"pasur serve did not answer /healthz in 30 s:\n{log_path.read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def watch(page: Page) -> list[str]:
    """Collect the page's script errors and console errors (a CSP violation is one)."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    page.set_default_timeout(15_000)
    return problems


def api(server: str, method: str, path: str, body: object = None, cookie: str = "") -> Any:
    """Call the server's JSON API as a plain HTTP client would; returns the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", cookie)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read() or b"null")


def screenshot(page: Page, name: str, *, whole: bool = False) -> None:
    """Save a screenshot under ``test-artifacts/``; ``whole`` makes the viewport as tall as the
    page first."""
    ARTIFACTS.mkdir(exist_ok=True)
    viewport = page.viewport_size
    assert viewport is not None
    if whole:
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": viewport["width"], "height": height})
    page.screenshot(path=ARTIFACTS / name)
    if whole:
        page.set_viewport_size(viewport)


_PIECES_DRAWN = """(line, pieces) => {
  // The box each piece of the line's text is drawn in, from a Range over it: the pieces in the
  // order the text has them, each found after the one before (null when it is not there).
  const nodes = [];
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let at = 0; walker.nextNode(); at += walker.currentNode.length) {
    nodes.push([walker.currentNode, at]);
  }
  const place = (offset) => {
    const [node, start] = nodes.find(([node, start]) => offset <= start + node.length);
    return [node, offset - start];
  };
  const text = line.textContent;
  let from = 0;
  return pieces.map((piece) => {
    const start = text.indexOf(piece, from);
    if (start < 0) return null;
    from = start + piece.length;
    const range = document.createRange();
    range.setStart(...place(start));
    range.setEnd(...place(from));
    const drawn = range.getBoundingClientRect();
    return [drawn.left, drawn.right];
  });
}"""


def drawn_in_order(line: Locator, pieces: list[str], *, rtl: bool) -> None:
    """The ``pieces`` of one line of text (names, numbers), in the order the text has them, are
    drawn in the page's reading order: left to right, or right to left when ``rtl``. A line that
    mixes Latin and Persian names reads in order only when each name keeps its own direction."""
    drawn = line.evaluate(_PIECES_DRAWN, pieces)
    assert None not in drawn, (line.inner_text(), pieces)
    if rtl:
        drawn = [(-right, -left) for left, right in drawn]
    ordered = all(after[0] >= before[1] - 1 for before, after in itertools.pairwise(drawn))
    assert ordered, (line.inner_text(), pieces, drawn)


def guest_context(browser: Browser, server: str, name: str, **options: Any) -> BrowserContext:
    """A browser context holding a guest cookie, as a person who has chosen a name."""
    context = browser.new_context(**{**DESKTOP, **options})
    answer = context.request.post(f"{server}/api/guest", data={"name": name})
    assert answer.ok, answer.text()
    return context


def new_table(context: BrowserContext, server: str, **body: Any) -> str:
    """A table created and joined (seat 0) through the REST calls; returns its rejoin path."""
    created = context.request.post(f"{server}/api/tables", data=body).json()
    joined = context.request.post(
        f"{server}/api/tables/{created['table_id']}/join", data={"seat": 0}
    ).json()
    rejoin: str = joined["rejoin_url"]
    return rejoin


def authenticator(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    """A virtual authenticator (DevTools' WebAuthn domain, :data:`AUTHENTICATOR`) attached to
    ``page``; returns the DevTools session and the authenticator's id."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, made["authenticatorId"]
