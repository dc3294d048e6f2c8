"""The HTTP session every push goes out through: public addresses only, and no redirect followed.

Checking an endpoint's URL before sending is not enough. pywebpush posts through aiohttp, which
would follow a push service's redirect to any address, and resolves the host name again when it
connects, so a name that resolved to a public address at the check may resolve to a private one
a moment later (DNS rebinding). The rule is therefore kept by the connection itself:

- names are resolved once, by :class:`PublicResolver`, which refuses a name with any address
  that is not public (:func:`~pasur.server.alerts.endpoints.public`), and the connector connects
  to exactly the addresses it returned;
- an address written in the URL (which aiohttp does not resolve) and the scheme are checked for
  every request by the session's middleware, :func:`guard`;
- a redirect (any 3xx) is never followed: :func:`guard` raises :class:`Redirected`.

The operator's allowed hosts (``PASUR_PUSH_HOSTS``) pass by name, as at subscribing.
"""

from __future__ import annotations

import socket

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

from pasur.server.alerts.endpoints import check_scheme, host_allowed, is_address, public, refuse


class Redirected(Exception):
    """A push service answered with a redirect, which pushes never follow."""

    def __init__(self, status: int) -> None:
        super().__init__(f"the push service answered {status} (a redirect, not followed)")
        self.status = status


class PublicResolver(AbstractResolver):
    """Resolves a host name once, and refuses it (``bad_subscription``) when any of its
    addresses is not public, unless the operator allowed the name."""

    def __init__(self, allowed_hosts: frozenset[str]) -> None:
        self._allowed = allowed_hosts
        self._inner = aiohttp.ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._inner.resolve(host, port, family)
        if host_allowed(host, self._allowed):
            return found
        if not found or not all(public(result["host"]) for result in found):
            raise refuse(f"host {host!r} resolves to a private or loopback address")
        return found

    async def close(self) -> None:
        await self._inner.close()


def guard(allowed_hosts: frozenset[str]) -> aiohttp.ClientMiddlewareType:
    """The middleware that checks each request's scheme and written-out address, and refuses to
    follow a redirect (the connection is released, then :class:`Redirected` raised)."""

    async def checked(
        request: aiohttp.ClientRequest, send: aiohttp.ClientHandlerType
    ) -> aiohttp.ClientResponse:
        host = request.url.raw_host or ""
        check_scheme(request.url.scheme, host, allowed_hosts)
        allowed = host_allowed(host, allowed_hosts)
        if not allowed and is_address(host) and not public(host):
            raise refuse("is on a private or loopback address")
        response = await send(request)
        if 300 <= response.status < 400:
            response.release()
            raise Redirected(response.status)
        return response

    return checked


def push_session(allowed_hosts: frozenset[str], timeout: float) -> aiohttp.ClientSession:
    """A session for sending pushes: every request ``timeout`` seconds at most, no proxy from the
    environment, and the rules of this module."""
    connector = aiohttp.TCPConnector(resolver=PublicResolver(allowed_hosts))
    return aiohttp.ClientSession(
        connector=connector,
        timeout=aiohttp.ClientTimeout(total=timeout),
        middlewares=(guard(allowed_hosts),),
        trust_env=False,
    )
