"""An accepted challenge's table: made with the challenge's settings, the challenger seated in the
first seat and the one who accepted in the second, each through the table's own ``Join`` (as
``POST /api/tables/{id}/join`` seats a person), or taken down again if any step fails.

The table does not start by itself: a challenge may be accepted hours after it was sent, and a
game started at once would run the clock (and, rated, count a result) against a challenger who
is not there. Both land in the waiting room, where either one presses Start (docs/accounts.md,
"Friends and challenges").

An accept is keyed by its challenge: one copy of it (a double click, two tabs, a retry whose
first answer was lost) claims the challenge and makes the table, and every other copy answers
the same table, seat and token (:func:`made_by_another`). The accepter's token is derived from
the challenge's id with a secret of the server's (:func:`accepter_token`), so any copy at any
process can give it again while the table keeps only its digest, as for every seat.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import secrets
import time
from typing import NamedTuple

from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts import friends
from pasur.server.db.database import Database
from pasur.server.http.guests import stored_secret
from pasur.server.tables.commands import Join, Leave
from pasur.server.tables.config import TableConfig
from pasur.server.tables.live import LiveTable
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest

SEAT_SECRET = "challenge-seats"
"""The name, in ``server_secrets``, of the secret accepters' seat tokens are derived with."""

WAIT_FOR_TABLE = 10.0
"""Seconds a copy of an accept waits for the copy that claimed the challenge to make its table
(it takes a few milliseconds, unless the database is struggling)."""

LOOK_EVERY = 0.05
"""Seconds between two looks at the challenge while another copy makes its table."""


class ChallengeTable(NamedTuple):
    """The table made, and the seat and token of the one who accepted (their answer gives them).

    The challenger's token is made and forgotten (the table keeps only its digest): their own
    device asks for a token of their seat (``POST /api/tables/{id}/seat-token``), as any device
    of an account does for a seat it never kept the token of.
    """

    table_id: str
    seat: int
    seat_token: str


async def accepter_token(database: Database, challenge_id: str) -> str:
    """The token of the accepter's seat at the challenge's table: the same for every copy of the
    accept at every process, and beyond anyone's reckoning without the server's secret. As long
    as :func:`secrets.token_urlsafe` ``(24)``'s."""
    key = await stored_secret(database, SEAT_SECRET, lambda: secrets.token_urlsafe(32))
    digest = hmac.new(key.encode(), challenge_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


async def seat_both(
    tables: TableManager, config: TableConfig, challenger: Player, accepter: Player, token: str
) -> ChallengeTable:
    """A new table for ``config`` with ``challenger`` in seat 0 and ``accepter`` in seat 1, whose
    seat opens with ``token`` (:func:`accepter_token`).

    Raises:
        Refused: what making or seating refused (``unavailable`` when a step could not be
            stored); the table is then taken down (:func:`_take_down`).
    """
    live = await tables.create(config, challenger.id, {})
    seats = ((challenger, secrets.token_urlsafe(24)), (accepter, token))
    try:
        for seat, (person, its_token) in enumerate(seats):
            await tables.act(live, Join(person, seat, token_digest(its_token)))
    except BaseException:
        await _take_down(tables, live)
        raise
    return ChallengeTable(live.id, 1, token)


async def made_by_another(
    engine: AsyncEngine, tables: TableManager, me: str, challenge_id: str, token: str
) -> ChallengeTable:
    """The answer of the copy of this accept that claimed the challenge, once its table is made.

    Raises:
        Refused: ``no_such_challenge`` when the challenge was declined, or the seat no longer
            opens with the token (the accepter left it, or had a new token made); ``unavailable``
            when the claiming copy failed (the challenge is pending again, as its own answer
            says) or takes longer than :data:`WAIT_FOR_TABLE`.
    """
    deadline = time.monotonic() + WAIT_FOR_TABLE
    while True:
        async with engine.connect() as connection:
            row = await friends.to_me(connection, me, challenge_id)
        if row.status == friends.ACCEPTED and row.table_id is not None:
            break
        if row.status == friends.DECLINED:
            raise Refused(ErrorCode.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
        if row.status == friends.PENDING or time.monotonic() > deadline:
            raise Refused(ErrorCode.UNAVAILABLE, "the table could not be made; try again")
        await asyncio.sleep(LOOK_EVERY)
    live = await tables.get(row.table_id)
    if live is None or live.seat_for_token(token) != 1:
        raise Refused(ErrorCode.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
    return ChallengeTable(live.id, 1, token)


async def _take_down(tables: TableManager, live: LiveTable) -> None:
    """Unseat whoever was seated and let the table go from memory, so that neither the lobby nor
    anyone's "my games" lists a half-made table (were it ever loaded again, a public table where
    someone sat and left is not listed: ``seats.abandoned``)."""
    for occupant in live.table.seats:
        if occupant.player is not None and not live.dropped:
            with contextlib.suppress(Refused):  # the store failing: it dropped the table itself
                await tables.act(live, Leave(occupant.player))
    if not live.dropped:
        tables.drop(live, 1000, "the challenge's table could not be made")
