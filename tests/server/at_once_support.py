"""Requests sent at the same moment: what the tests of "twice at once" share.

The requests go through the application's own ASGI stack on its own event loop (the test client's
portal), gathered, so none waits for another's answer: as a double click, two tabs or a retry
racing its original arrive at one server process.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, overload

import httpx
from fastapi.testclient import TestClient

Sent = dict[str, Any]
"""A request: ``httpx.AsyncClient.request``'s arguments (``method``, ``url``, and ``json``,
``content`` or ``headers``)."""


def copies(method: str, url: str, headers: dict[str, str], bodies: Sequence[Any]) -> list[Sent]:
    """One request to ``url`` with each of ``bodies`` (``[body] * 6``: six copies of one), all
    with the same ``headers`` (the cookie): what one person's double click or tabs send."""
    return [{"method": method, "url": url, "headers": headers, "json": body} for body in bodies]


@overload
def at_once(
    client: TestClient, requests: list[Sent], *, apart: float = 0.0
) -> list[httpx.Response]: ...
@overload
def at_once(
    client: TestClient, requests: list[Sent], then: Sent, *, apart: float = 0.0
) -> list[tuple[httpx.Response, httpx.Response]]: ...
def at_once(
    client: TestClient, requests: list[Sent], then: Sent | None = None, *, apart: float = 0.0
) -> list[httpx.Response] | list[tuple[httpx.Response, httpx.Response]]:
    """Send every request at the same moment, or each ``apart`` seconds after the one before (a
    double click's second request comes while the first is being answered); the answers in the
    same order. With ``then``, each request is followed by that one as soon as its own answer
    arrives (what its sender reads next), and each answer comes paired with the answer to
    ``then``."""

    async def send() -> list[Any]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:

            async def one(number: int, sent: Sent) -> Any:
                await asyncio.sleep(number * apart)
                answer = await http.request(**sent)
                if then is None:
                    return answer
                headers = {**sent.get("headers", {}), **then.get("headers", {})}
                return answer, await http.request(**{**then, "headers": headers})

            return list(await asyncio.gather(*(one(n, sent) for n, sent in enumerate(requests))))

    portal = client.portal
    assert portal is not None, "the test client must be started"
    return portal.call(send)
