"""Who a REST call of online play comes from, and what they may do at a table.

A call names its guest by the signed cookie (:mod:`pasur.server.http.guests`). The calls that
manage a table (start, bots, leave) also take a seat's token in the ``Pasur-Seat-Token`` header
instead, so that a rejoin link works for them on any device, whose cookie is another person's.
The token travels in a header, never in the address, so no access log holds it.
"""

from __future__ import annotations

from fastapi import Request

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.frames import MAX_TOKEN
from pasur.server.http.guests import Guest, Guests
from pasur.server.http.state import shared
from pasur.server.tables.live import LiveTable
from pasur.server.tables.manager import TableManager

SEAT_TOKEN_HEADER = "Pasur-Seat-Token"
"""The request header in which a seat's token authorises the calls that manage its table."""


def manager(request: Request) -> TableManager:
    return shared(request, "table_manager", TableManager)


def guest(request: Request) -> Guest:
    """The guest the request's cookie names, or ``no_guest``."""
    return shared(request, "guests", Guests).of(request)


async def live_table(request: Request, table_id: str) -> LiveTable:
    """The table, or ``no_such_table``."""
    live = await manager(request).get(table_id)
    if live is None:
        raise Refused(ErrorCode.NO_SUCH_TABLE, "there is no table with that id")
    return live


def token_seat(request: Request, live: LiveTable) -> int | None:
    """The seat whose token the request carries in :data:`SEAT_TOKEN_HEADER`, or None."""
    token = request.headers.get(SEAT_TOKEN_HEADER)
    if token is None or len(token) > MAX_TOKEN:
        return None
    return live.seat_for_token(token)


def may_manage(request: Request, live: LiveTable) -> None:
    """Allow the table's creator, a seated person, or the holder of a seat's token; else
    ``not_seated`` (or ``no_guest``)."""
    if token_seat(request, live) is not None:
        return
    caller = guest(request)
    if caller.id != live.creator and live.table.seat_of(caller.id) is None:
        raise Refused(
            ErrorCode.NOT_SEATED, "only the table's creator or a seated person may do this"
        )
