"""The session guard: a revoked account cookie never reaches a route or a table socket.

Plain ASGI, in front of every route: when a request's guest cookie fails the
:class:`~pasur.server.accounts.sessions.SessionCheck` (its session was revoked, or it is a guest
cookie of an id that has since become an account), the cookie is taken out of the request, so
every wing sees a stranger (``no_guest``), and the answer tells the browser to forget it. The
wings below read the cookie as they always did and know nothing of accounts. A live session is
reported to :class:`~pasur.server.accounts.presence.Presence`: its account is online.
"""

from __future__ import annotations

import logging
from http.cookies import SimpleCookie

from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pasur.server.accounts.presence import Presence
from pasur.server.accounts.sessions import SessionCheck
from pasur.server.http.errors import outage
from pasur.server.http.guests import COOKIE, Guests

log = logging.getLogger("pasur.server")


class SessionGuard:
    """Drops the guest cookie of a revoked session before the routes see it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        headers = MutableHeaders(scope=scope)
        value = cookie_parser(headers.get("cookie", "")).get(COOKIE)
        state = scope["app"].state
        guests = getattr(state, "guests", None)
        guest = None if value is None or guests is None else guests.read(value)
        if guest is None or not isinstance(guests, Guests):
            await self.app(scope, receive, send)
            return
        check: SessionCheck = state.session_check
        try:
            allowed = await check.allows(guest)
            if allowed and guest.session is not None:
                presence: Presence = state.presence
                await presence.seen(guest.id)
        except Exception as error:
            if outage(error) is None:
                raise
            # The database is unreachable: the call goes on as it came, and whatever it needs the
            # database for answers 503 there; what needs none (a guest's name) still works.
            log.warning("sessions not checked in %s: the database is unreachable", scope["path"])
            allowed = True
        if allowed:
            await self.app(scope, receive, send)
            return
        kept = cookie_parser(headers["cookie"])
        del kept[COOKIE]
        headers["cookie"] = "; ".join(f"{name}={text}" for name, text in kept.items())
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def forget(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                sets = answer.getlist("set-cookie")
                if any(line.startswith(f"{COOKIE}=") for line in sets):
                    await send(message)  # the route set a new cookie (a new guest, a sign-in)
                    return
                gone: SimpleCookie = SimpleCookie()
                gone[COOKIE] = ""
                gone[COOKIE]["path"] = "/"
                gone[COOKIE]["max-age"] = 0
                answer.append("set-cookie", gone.output(header="").strip())
            await send(message)

        await self.app(scope, receive, forget)
