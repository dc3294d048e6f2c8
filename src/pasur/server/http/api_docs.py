"""The API's documentation page, ``/docs``: Swagger UI served from files shipped in the package.

Swagger UI is vendored from the ``swagger-ui-dist`` npm package (``swagger_ui/``, with its
licence and version; ``scripts/vendor-swagger-ui`` says how), so the page works offline and loads
nothing from another site. It runs under the same ``Content-Security-Policy`` as every page
(``default-src 'self'``): the page has no inline script (``docs.js`` starts Swagger UI), and the
icons the vendored stylesheet holds as ``data:`` URLs come from files beside it (``docs.css``).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

SWAGGER_UI = Path(__file__).resolve().parent / "swagger_ui"
"""The vendored Swagger UI and the two files of ours that start and restyle it."""

ASSETS = "/docs/assets"

PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pasur API</title>
<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="{ASSETS}/docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="{ASSETS}/docs.js"></script>
</body>
</html>
"""


def install_docs(app: FastAPI) -> None:
    """Serve the documentation page at ``/docs`` and its files at ``/docs/assets``."""
    router = APIRouter(include_in_schema=False)

    @router.get("/docs")
    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE, headers={"Cache-Control": "no-cache"})

    app.include_router(router)
    app.mount(ASSETS, StaticFiles(directory=SWAGGER_UI), name="docs")
