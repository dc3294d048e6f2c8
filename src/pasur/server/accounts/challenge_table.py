"""An accepted challenge's table: made with the challenge's settings, the challenger seated in the
first seat and the one who accepted in the second, each through the table's own ``Join`` (as
``POST /api/tables/{id}/join`` seats a person), or taken down again if any step fails.

The table does not start by itself: a challenge may be accepted hours after it was sent, and a
game started at once would run the clock (and, rated, count a result) against a challenger who
is not there. Both land in the waiting room, where either one presses Start (docs/accounts.md,
"Friends and challenges").
"""

from __future__ import annotations

import contextlib
import secrets
from typing import NamedTuple

from pasur.protocol import Refused
from pasur.server.tables.commands import Join, Leave
from pasur.server.tables.config import TableConfig
from pasur.server.tables.live import LiveTable
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest


class ChallengeTable(NamedTuple):
    """The table made, and the seat and token of the one who accepted (their answer gives them).

    The challenger's token is made and forgotten (the table keeps only its digest): their own
    device asks for a token of their seat (``POST /api/tables/{id}/seat-token``), as any device
    of an account does for a seat it never kept the token of.
    """

    table_id: str
    seat: int
    seat_token: str


async def seat_both(
    tables: TableManager, config: TableConfig, challenger: Player, accepter: Player
) -> ChallengeTable:
    """A new table for ``config`` with ``challenger`` in seat 0 and ``accepter`` in seat 1.

    Raises:
        Refused: what making or seating refused (``unavailable`` when a step could not be
            stored); the table is then taken down (:func:`_take_down`).
    """
    live = await tables.create(config, challenger.id, {})
    token = ""
    try:
        for seat, person in enumerate((challenger, accepter)):
            token = secrets.token_urlsafe(24)
            await tables.act(live, Join(person, seat, token_digest(token)))
    except BaseException:
        await _take_down(tables, live)
        raise
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
