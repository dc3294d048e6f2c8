"""Whom a person has blocked, as online play needs it: a blocked person's chat lines and emotes
never reach the blocker's sockets, and the lobby does not list the blocker a table where a person
they blocked sits.

Blocks belong to the accounts wing, which this wing does not import (the wings are independent):
the application hands it the look-up (:class:`BlockLists`) when it wires them together. Without
one (a server or a test with no accounts) nobody has blocked anyone.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import HTTPConnection

from pasur.server.http.guests import COOKIE, Guests
from pasur.server.http.state import shared

Lookup = Callable[[str], Awaitable[frozenset[str]]]
"""The ids of the people that the person with this id has blocked."""


class BlockLists:
    """Reads whom a person has blocked, through the look-up the application gave."""

    def __init__(self, lookup: Lookup | None = None) -> None:
        self._lookup = lookup

    async def blocked_by(self, person: str | None) -> frozenset[str]:
        """The ids ``person`` has blocked; none for nobody, or when blocks are not kept."""
        if person is None or self._lookup is None:
            return frozenset()
        return await self._lookup(person)


def caller(connection: HTTPConnection) -> str | None:
    """The id of whoever calls (a request or a socket) by their cookie, or None without one."""
    guest = shared(connection, "guests", Guests).read(connection.cookies.get(COOKIE))
    return None if guest is None else guest.id


async def blocked_by(connection: HTTPConnection, person: str | None) -> frozenset[str]:
    """Whom ``person`` has blocked, as the application serving ``connection`` reads it."""
    return await shared(connection, "block_lists", BlockLists).blocked_by(person)
