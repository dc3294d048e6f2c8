"""The web client's files: ``/static`` and the pages that open with a link.

Every page is static HTML that reads what it needs from its URL and calls the API; the server
only hands out the file. Pages are listed in :data:`PAGES` (path pattern, file, private), so a
link such as an invite (``/play/t/{table_id}``) always opens its page. A page whose file is not
installed answers 404. The folder is :attr:`ServerSettings.web_root <pasur.server.ServerSettings>`,
the package's ``pasur/web`` unless a test points elsewhere.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NamedTuple

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles


class Page(NamedTuple):
    """One page: the path it answers, its HTML file, and whether its link is a private one."""

    path: str
    file: str
    private: bool = False


PAGES: tuple[Page, ...] = (
    Page("/", "index.html"),
    Page("/practise", "practise.html"),
    Page("/lobby", "lobby.html"),
    Page("/play/t/{table_id}", "table.html", private=True),
    Page("/history", "history.html"),
    Page("/replay/{table_id}/{game}", "replay.html", private=True),
    Page("/rules", "rules.html"),
    Page("/settings", "settings.html"),
    Page("/tracker", "tracker.html"),
    Page("/tracker/e/{token}", "tracker.html", private=True),
    Page("/tracker/s/{token}", "tracker.html", private=True),
)
"""Every page of the web client. Private pages are opened by links that carry a table or a
token; they are kept out of search engines."""


def install_pages(app: FastAPI, web_root: Path) -> None:
    """Serve ``web_root`` at ``/static`` and every page of :data:`PAGES`."""
    router = APIRouter(include_in_schema=False)
    for page in PAGES:
        router.add_api_route(page.path, _page_endpoint(web_root / page.file, page.private))
    app.include_router(router)
    if web_root.is_dir():
        app.mount("/static", StaticFiles(directory=web_root), name="static")


def _page_endpoint(file: Path, private: bool) -> Callable[[], Awaitable[Response]]:
    async def page() -> Response:
        if not file.is_file():
            raise HTTPException(404, f"the page {file.name} is not installed")
        headers = {"Cache-Control": "no-cache"}
        if private:
            # A page opened by a private link is nobody's business but its table's.
            headers["X-Robots-Tag"] = "noindex, nofollow"
        return FileResponse(file, media_type="text/html; charset=utf-8", headers=headers)

    return page
