"""The app shell: every file the service worker caches, and the build that names its cache.

The service worker keeps one cache per build (``pasur-shell-<build>``) and serves pages and their
files only from it, so a page never mixes files of two releases. The build is a digest of the
package's version and of every byte it caches (web files, pages, the engine's sources): any change
to any of them gives a new build, hence a new ``/sw.js``, which the browser takes for an update.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import pasur
from pasur.server.http.pages import PAGES, SHELL, assemble

ENGINE_URL = "/offline/engine.zip"
"""Where the engine's sources are served (see :mod:`pasur.server.offline.engine`)."""

WORKER_FILE = "js/offline/engine-worker.js"
"""The Pyodide worker's script in the web folder."""

WORKER_URL = "/offline/engine-worker.js"
"""Where the Pyodide worker's script is served, with the policy that lets it compile WebAssembly."""

OWN_PAGES = {"/play/t/offline": "table.html", "/replay/offline/1": "replay.html"}
"""Pages with a parameter that are cached all the same: the browser's own practice table, and
the replay of a game kept in the browser (any game's, the same page)."""

KEPT_API = ("/api/rules",)
"""The API answers offline practice reads before it starts (the house rules' catalogue); they
change only with the engine's sources, which the build covers."""

SKIPPED_SUFFIXES = (".html", ".map", ".ts")
"""Web files not cached under ``/static``: pages are cached at their own paths, and the ``.d.ts``
type declarations are read by the type check only (docs/development.md), never by a page."""

SERVICE_WORKER = "sw.js"
"""The service worker's file in the web folder, served at ``/sw.js`` (never cached by itself)."""


ENGINE_PREFIX = "/static/vendor/"
"""Where the engine's vendored files (Pyodide) are served."""


@dataclass(frozen=True)
class AppShell:
    """What one build of the app caches: its ``build`` digest, the URLs every first visit
    fetches (``urls``: pages, scripts, styles, fonts, a few hundred kilobytes), and those of the
    offline engine (``engine``: Pyodide and the engine's sources, about 14 MB), fetched only when
    the practise page asks for them, so a first visit does not cost the engine's weight."""

    build: str
    urls: tuple[str, ...]
    engine: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {"build": self.build, "urls": list(self.urls), "engine": list(self.engine)}


def app_shell(web_root: Path, engine: bytes) -> AppShell:
    """The shell of the files under ``web_root`` (pages with a fixed path included, assembled as
    they are served) and of the engine's archive."""
    digest = hashlib.sha256(pasur.__version__.encode())
    urls: list[str] = []
    for path, body in sorted(fixed_pages(web_root).items()):
        urls.append(path)
        digest.update(path.encode() + b"\0" + body)
    if web_root.is_dir():
        for file in sorted(web_root.rglob("*")):
            if not file.is_file() or file.suffix in SKIPPED_SUFFIXES:
                continue
            if file == web_root / SERVICE_WORKER:
                continue
            url = f"/static/{file.relative_to(web_root).as_posix()}"
            urls.append(url)
            digest.update(url.encode() + b"\0" + file.read_bytes())
    digest.update(ENGINE_URL.encode() + b"\0" + engine)
    # The worker's script is a web file (hashed above) served at its own path too.
    engine_urls = [url for url in urls if url.startswith(ENGINE_PREFIX)]
    engine_urls.extend((ENGINE_URL, WORKER_URL))
    shell_urls = [url for url in urls if not url.startswith(ENGINE_PREFIX)]
    shell_urls.extend(KEPT_API)
    return AppShell(digest.hexdigest()[:16], tuple(shell_urls), tuple(engine_urls))


def fixed_pages(web_root: Path) -> dict[str, bytes]:
    """Each page whose path has no parameter, and :data:`OWN_PAGES`, assembled in the shell as
    ``install_pages`` serves them; other pages with a parameter (a table, a token) need the
    server and are not kept offline."""
    try:
        shell = (web_root / SHELL).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    files = {page.path: page.file for page in PAGES if "{" not in page.path} | OWN_PAGES
    return {
        path: assemble(shell, (web_root / file).read_text(encoding="utf-8")).encode()
        for path, file in files.items()
        if (web_root / file).is_file()
    }
