"""ASGI middleware: security headers on every response, a bound on request bodies, the refusal
of state-changing requests sent from another site's page, and ``OPTIONS`` answered with ``Allow``.

All are plain ASGI (no ``BaseHTTPMiddleware``), so they cost one function call per message and
leave WebSocket connections untouched (the socket's handshake has its own Origin check).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.routing import BaseRoute, Match, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.errors import refusal
from pasur.server.http.origin import from_another_site

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""Pages (the API's documentation page too) may load scripts, styles, images and data from this
server only."""

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
"""The methods a route of this server may take (``OPTIONS`` is answered here for every path)."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing on this server, so any page may send them."""

CROSS_SITE = (
    "this request came from another site's page; the server takes changes only from its own pages"
)

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted; a whole sheet's request is a few hundred bytes."""


class SecurityHeaders:
    """Adds the security headers, and ``Cache-Control: no-store`` to API responses."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        private = path.startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                headers.setdefault("Referrer-Policy", "same-origin")
                headers.setdefault("X-Frame-Options", "DENY")
                headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                if private:
                    # Responses carry private links: keep them out of every cache.
                    headers.setdefault("Cache-Control", "no-store")
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuses request bodies over ``max_bytes`` with 413, whether or not they say their size."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.isdigit() or int(value) > self.max_bytes:
                    await self._refuse(scope, receive, send)
                    return
                break
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    # Raised inside the app's body reading, so it becomes an ordinary 413.
                    raise HTTPException(413, self._message())
            return message

        await self.app(scope, counting_receive, send)

    def _message(self) -> str:
        return f"the request body is larger than {self.max_bytes // 1024} KiB"

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = refusal(Refused(ErrorCode.TOO_LARGE, self._message()))
        await response(scope, receive, send)


class CrossSiteGuard:
    """Refuses, with 403 ``cross_site``, a request that changes something (not GET, HEAD or
    OPTIONS) when a browser sent it from another site's page.

    The guest cookie is ``SameSite=Lax``, so a browser already keeps it off such requests, and
    the API reads JSON, which a plain HTML form cannot send. This guard does not depend on either:
    it also covers pages on a sibling domain (the same "site" for SameSite) and browsers that
    ignore SameSite. ``allowed_origins`` are the operator's other origins
    (``PASUR_ALLOWED_ORIGINS``), whose pages may call the API as the server's own do.
    """

    def __init__(self, app: ASGIApp, allowed_origins: Collection[str] = ()) -> None:
        self.app = app
        self.allowed_origins = frozenset(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and from_another_site(Headers(scope=scope), self.allowed_origins)
        ):
            response = refusal(Refused(ErrorCode.CROSS_SITE, CROSS_SITE))
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class AllowedMethods:
    """``OPTIONS`` answers 204 with ``Allow``: every method that some route of the path takes (a
    path such as a round's has one route for ``PUT`` and another for ``DELETE``). A 405 for any
    other method names them all too; the router names only the first route's. A path no route
    matches goes on to its 404.

    ``routes`` is the application's list, read at each request, so routes added after this
    middleware count.
    """

    def __init__(self, app: ASGIApp, routes: Sequence[BaseRoute]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            methods = self.methods(scope)
            if methods:
                await Response(status_code=204, headers={"Allow": methods})(scope, receive, send)
                return

        async def send_with_allow(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 405:
                MutableHeaders(scope=message)["Allow"] = self.methods(scope)
            await send(message)

        await self.app(scope, receive, send_with_allow)

    def methods(self, scope: Scope) -> str:
        """The ``Allow`` header for the request's path, or "" when no route has that path.

        Each method is tried on the routes as the router tries it (a route answers "full" when it
        takes the path and the method), so routers included whole are asked like any route.
        """
        found = set()
        for method in METHODS:
            trial = {**scope, "method": method}
            for route in self.routes:
                match, _ = route.matches(trial)
                if match is not Match.FULL:
                    continue
                # A mount takes every method for its paths; static files answer GET and HEAD only.
                static = isinstance(route, Mount) and isinstance(route.app, StaticFiles)
                if not static or method in ("GET", "HEAD"):
                    found.add(method)
                break
        return ", ".join(sorted(found | {"OPTIONS"})) if found else ""
