"""The web client's files: ``/static`` and the pages that open with a link.

Every page is static HTML that reads what it needs from its URL and calls the API; the server
only hands out the page. Pages are listed in :data:`PAGES` (path pattern, file, private), so a
link such as an invite (``/play/t/{table_id}``) always opens its page. The folder is
:attr:`ServerSettings.web_root <pasur.server.settings.ServerSettings>`, the package's ``pasur/web``
unless a test points elsewhere.

What every page has in common (the ``<head>``, the app bar with its language switch, the skip
link, the toast, the ``<noscript>`` note) is written once, in :data:`SHELL`. A page's file
holds only its own parts, each between ``<!-- slot NAME -->`` and ``<!-- end NAME -->``; the
shell marks where each part goes in the same way, and what the shell writes there is the
default a page may leave alone. :func:`assemble` puts the two together once, when the
application is made, so there is no build step and nothing to run in the browser. A page whose
file (or the shell) is not installed answers 404.

An address the site does not have is answered 404 too: with the site's own page
(:data:`NOT_FOUND_PAGE`, in the shell like any page) when a browser asks for a page there, and
with the JSON refusal every call gets (``pasur.server.http.errors``) otherwise: under
:data:`NOT_PAGES`, or when the request does not accept HTML.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NamedTuple

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.errors import http_refusal


class Page(NamedTuple):
    """One page: the path it answers, its HTML file, and whether its link is a private one."""

    path: str
    file: str
    private: bool = False


PAGES: tuple[Page, ...] = (
    Page("/", "index.html"),
    Page("/practise", "practise.html"),
    Page("/lobby", "lobby.html"),
    Page("/daily", "daily.html"),
    Page("/puzzles", "puzzles.html"),
    Page("/tournaments", "tournaments.html"),
    Page("/play/t/{table_id}", "table.html", private=True),
    Page("/history", "history.html"),
    Page("/replay/{table_id}/{game}", "replay.html", private=True),
    Page("/rules", "rules.html"),
    Page("/settings", "settings.html"),
    Page("/account", "account.html"),
    Page("/@/{name}", "profile.html"),
    Page("/leaderboard", "leaderboard.html"),
    Page("/friends", "friends.html"),
    Page("/tracker", "tracker.html"),
    Page("/tracker/e/{token}", "tracker.html", private=True),
    Page("/tracker/s/{token}", "tracker.html", private=True),
)
"""Every page of the web client. Private pages are opened by links that carry a table or a
token; they are kept out of search engines."""

SHELL = "shell.html"
"""The file, in the web folder, that every page is put in."""

NOT_FOUND_PAGE = "not-found.html"
"""The page, in the web folder, that a browser is shown (with status 404) for an address the
site does not have."""

NOT_PAGES = ("/api/", "/ws/", "/static/", "/offline/")
"""Where the calls, sockets and files are: no page is ever there, so a miss there is answered
with the JSON refusal even to a browser."""

PAGE_HEADERS = {"Cache-Control": "no-cache"}
"""Every page is read again from the server when it may have changed (a new release)."""

_SLOT = re.compile(r"<!-- slot ([a-z]+) -->(.*?)<!-- end \1 -->", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


class PageError(ValueError):
    """A page's file does not fit the shell: a part outside any slot, a slot filled twice, or a
    slot the shell does not have."""


def assemble(shell: str, page: str) -> str:
    """The whole document: ``shell`` with each of its slots filled by ``page``'s part of that
    name, or left as the shell writes it where the page has no such part.

    Raises :class:`PageError` when ``page`` has text outside its parts (comments aside), fills a
    slot twice, or fills one the shell lacks, so a typo fails at start-up rather than leaving a
    part silently out of the page.
    """
    parts: dict[str, str] = {}
    for match in _SLOT.finditer(page):
        name, text = match[1], match[2].strip()
        if name in parts:
            raise PageError(f"the slot {name!r} is filled twice")
        parts[name] = text
    stray = _COMMENT.sub("", _SLOT.sub("", page)).strip()
    if stray:
        raise PageError(f"text outside any slot: {stray[:60]!r}")
    unknown = parts.keys() - {match[1] for match in _SLOT.finditer(shell)}
    if unknown:
        raise PageError(f"the shell has no slot {', '.join(sorted(unknown))}")
    return _SLOT.sub(lambda match: parts.get(match[1], match[2].strip()), shell)


def install_pages(app: FastAPI, web_root: Path) -> None:
    """Serve ``web_root`` at ``/static`` and every page of :data:`PAGES`, each assembled now."""
    shell = _read(web_root / SHELL)
    # Several paths open the same file (the tracker's three): each file is assembled once.
    assembled: dict[str, str | None] = {}
    router = APIRouter(include_in_schema=False)
    for page in PAGES:
        if page.file not in assembled:
            assembled[page.file] = _assembled(shell, web_root / page.file)
        html = assembled[page.file]
        router.add_api_route(page.path, _page_endpoint(page.file, html, page.private))
    app.include_router(router)
    if web_root.is_dir():
        app.mount("/static", StaticFiles(directory=web_root), name="static")
    app.add_exception_handler(404, _not_found(_assembled(shell, web_root / NOT_FOUND_PAGE)))


def _assembled(shell: str | None, file: Path) -> str | None:
    """The page of ``file`` in the shell, or ``None`` when either is not installed."""
    text = _read(file)
    if shell is None or text is None:
        return None
    try:
        return assemble(shell, text)
    except PageError as error:
        raise PageError(f"{file}: {error}") from None


def _read(file: Path) -> str | None:
    """The file's text, or ``None`` when it is not installed."""
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _page_endpoint(name: str, html: str | None, private: bool) -> Callable[[], Awaitable[Response]]:
    body = None if html is None else html.encode()
    headers = dict(PAGE_HEADERS)
    if private:
        # A page opened by a private link is nobody's business but its table's.
        headers["X-Robots-Tag"] = "noindex, nofollow"

    async def page() -> Response:
        if body is None:
            raise Refused(ErrorCode.NOT_FOUND, f"the page {name} is not installed")
        return Response(body, media_type="text/html; charset=utf-8", headers=headers)

    return page


def wants_page(request: Request) -> bool:
    """Whether ``request`` is a browser asking for a page: a ``GET`` (or ``HEAD``) outside
    :data:`NOT_PAGES` that accepts HTML (a program's call asks for JSON, or for anything)."""
    if request.method not in ("GET", "HEAD") or request.url.path.startswith(NOT_PAGES):
        return False
    accepted = request.headers.get("accept", "").split(",")
    return any(media.split(";")[0].strip().lower() == "text/html" for media in accepted)


def _not_found(html: str | None) -> Callable[[Request, Exception], Awaitable[Response]]:
    """The answer to an address no route has: the site's page for a browser asking for a page
    (when the page is installed), else the JSON refusal."""
    body = None if html is None else html.encode()

    async def not_found(request: Request, exc: Exception) -> Response:
        if body is not None and wants_page(request):
            return Response(
                body, status_code=404, media_type="text/html; charset=utf-8", headers=PAGE_HEADERS
            )
        return await http_refusal(request, exc)

    return not_found
