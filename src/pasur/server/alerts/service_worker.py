"""``GET /sw.js``: the service worker, served from the site's root so that its scope is the whole
site (a worker under ``/static/`` could only control ``/static/``), never cached stale
(``no-cache``: the browser asks again and updates it), with ``Service-Worker-Allowed: /``.

The file is ``sw.js`` in the web folder; it only ``importScripts`` the workers' parts (Web Push's
is ``js/alerts/sw-push.js``), so several features share one worker.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.state import shared
from pasur.server.settings import ServerSettings

router = APIRouter(include_in_schema=False)


@router.get("/sw.js")
async def service_worker(request: Request) -> Response:
    root = shared(request, "settings", ServerSettings).web_root
    try:
        body = (root / "sw.js").read_bytes()
    except OSError:
        raise Refused(ErrorCode.NOT_FOUND, "no page or call at that address") from None
    headers = {"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}
    return Response(body, media_type="text/javascript; charset=utf-8", headers=headers)
