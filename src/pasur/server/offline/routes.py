"""The installable app's routes: ``/sw.js``, the shell's list, the engine and its worker.

All are worked out once, when the application is made (as the pages are), from the web folder
and the installed package, so a running server always describes one build.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.middleware import CONTENT_SECURITY_POLICY
from pasur.server.offline.engine import engine_archive
from pasur.server.offline.shell import (
    ENGINE_URL,
    SERVICE_WORKER,
    WORKER_FILE,
    WORKER_URL,
    AppShell,
    app_shell,
)

BUILD_MARKER = "%PASUR_BUILD%"
"""Written in ``sw.js`` where the build's digest goes."""

SHELL_URL = "/offline/shell.json"

WORKER_POLICY = CONTENT_SECURITY_POLICY + "; script-src 'self' 'wasm-unsafe-eval'"
"""The worker's own policy: the page's, and Pyodide may compile its WebAssembly (nothing else
on the site may)."""

NO_CACHE = {"Cache-Control": "no-cache"}


def install_offline(app: FastAPI, web_root: Path) -> None:
    """Serve the service worker, the shell's list, the engine's archive and the worker's script."""
    engine = engine_archive()
    shell = app_shell(web_root, engine)
    app.state.app_shell = shell
    router = APIRouter(include_in_schema=False)
    sw = _read(web_root / SERVICE_WORKER)
    sw_body = None if sw is None else sw.replace(BUILD_MARKER, shell.build).encode()
    sw_headers = {**NO_CACHE, "Service-Worker-Allowed": "/"}  # its scope is the whole site
    router.add_api_route("/sw.js", _file(SERVICE_WORKER, sw_body, "text/javascript", sw_headers))
    router.add_api_route(SHELL_URL, _shell(shell))
    router.add_api_route(ENGINE_URL, _file("engine.zip", engine, "application/zip", NO_CACHE))
    worker = _read(web_root / WORKER_FILE)
    worker_headers = {**NO_CACHE, "Content-Security-Policy": WORKER_POLICY}
    router.add_api_route(
        WORKER_URL,
        _file(
            WORKER_FILE,
            None if worker is None else worker.encode(),
            "text/javascript",
            worker_headers,
        ),
    )
    app.include_router(router)


def _read(file: Path) -> str | None:
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _file(
    name: str, body: bytes | None, media_type: str, headers: dict[str, str]
) -> Callable[[], Awaitable[Response]]:
    async def endpoint() -> Response:
        if body is None:
            raise Refused(ErrorCode.NOT_FOUND, f"the file {name} is not installed")
        return Response(body, media_type=media_type, headers=headers)

    return endpoint


def _shell(shell: AppShell) -> Callable[[], Awaitable[Response]]:
    async def endpoint() -> Response:
        return JSONResponse(shell.as_json(), headers=NO_CACHE)

    return endpoint
