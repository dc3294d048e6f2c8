"""The web client's files: ``/static`` and the pages that open with a link.

The pages are static HTML that read their token from the URL and call the API; the server only
hands out the file. The folder is :attr:`ServerSettings.web_root <pasur.server.ServerSettings>`,
the package's ``pasur/web`` unless a test points elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

TRACKER_PAGE = "tracker.html"


def install_pages(app: FastAPI, web_root: Path) -> None:
    """Serve ``web_root`` at ``/static`` and its tracker page at ``/tracker``, with links."""
    page = web_root / TRACKER_PAGE
    router = APIRouter(include_in_schema=False)

    def tracker_page(*, private: bool = False) -> Response:
        if not page.is_file():
            raise HTTPException(404, "the tracker page is not installed")
        headers = {"Cache-Control": "no-cache"}
        if private:
            # A page opened by a sheet's link is nobody's business but the table's.
            headers["X-Robots-Tag"] = "noindex, nofollow"
        return FileResponse(page, media_type="text/html; charset=utf-8", headers=headers)

    @router.get("/")
    async def home() -> Response:
        return RedirectResponse("/tracker", status_code=307)

    @router.get("/tracker")
    async def tracker() -> Response:
        return tracker_page()

    @router.get("/tracker/e/{token}")
    async def tracker_edit(token: str) -> Response:
        return tracker_page(private=True)

    @router.get("/tracker/s/{token}")
    async def tracker_share(token: str) -> Response:
        return tracker_page(private=True)

    app.include_router(router)
    if web_root.is_dir():
        app.mount("/static", StaticFiles(directory=web_root), name="static")
