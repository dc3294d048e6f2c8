"""What every accounts call needs: the database, the site the passkeys are for, who is calling.

The relying party is this server as players reach it: the public URL when one is set
(``--public-url``, behind a proxy), else the address the request reached. The browser's own
claims (the answer's origin) are checked against it, never taken from it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts.ceremonies import Site
from pasur.server.accounts.limits import SignInLimits
from pasur.server.accounts.sessions import SessionCheck
from pasur.server.db.database import Database
from pasur.server.http.guests import COOKIE, Guest, Guests
from pasur.server.http.state import shared
from pasur.server.settings import ServerSettings

_BROWSERS = (
    ("Edg/", "Edge"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Mac OS X", "macOS"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def engine(request: Request) -> AsyncEngine:
    return shared(request, "database", Database).engine


def guests(request: Request) -> Guests:
    return shared(request, "guests", Guests)


def check(request: Request) -> SessionCheck:
    return shared(request, "session_check", SessionCheck)


def sign_in_attempt(request: Request) -> None:
    """Count a sign-in attempt from the caller's address (``rate_limited`` when over)."""
    address = request.client.host if request.client is not None else "unknown"
    shared(request, "sign_in_limits", SignInLimits).attempt(address)


def site(request: Request) -> Site:
    """This server as the passkeys know it."""
    public = shared(request, "settings", ServerSettings).public_url
    if public is not None:
        return Site(origin=public, rp_id=urlsplit(public).hostname or "localhost")
    url = request.url
    origin = f"{url.scheme}://{url.netloc}"
    return Site(origin=origin, rp_id=url.hostname or "localhost")


def signed_in(request: Request) -> Guest:
    """The caller, who must be signed in to an account (``not_signed_in`` otherwise).

    The session guard has already dropped a revoked session's cookie, so a session here is live.
    """
    guest = guests(request).read(request.cookies.get(COOKIE))
    if guest is None or guest.session is None:
        raise Refused(ErrorCode.NOT_SIGNED_IN, "sign in to an account first")
    return guest


def device_label(request: Request) -> str:
    """``Chrome on Android``: enough for a person to tell their devices apart."""
    agent = request.headers.get("user-agent", "")
    browser = next((name for mark, name in _BROWSERS if mark in agent), "A browser")
    system = next((name for mark, name in _SYSTEMS if mark in agent), None)
    return f"{browser} on {system}" if system else browser


def sign_in_as(
    request: Request, response: Response, account_id: str, name: str, token: str
) -> None:
    """Give ``response`` the cookie of a new session of the account."""
    guests(request).set_cookie(response, request, Guest(account_id, name, token))
    check(request).forget()


def forget_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
