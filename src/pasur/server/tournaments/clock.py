"""The tournaments' clock: every few seconds, take each tournament under way its next step.

Which are under way (running, or with a game still undecided) is read from the stored rows
(:func:`~pasur.server.tournaments.store.underway`), and each step is
:func:`~pasur.server.tournaments.games.advance`, which decides from those rows alone whether
anything is due, so the clock keeps no state of its own: a restarted server, or every process of
a cluster at once, can run it (a pairing made twice is refused by the database). A tournament
finished or cancelled costs a tick nothing.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.server.tables.manager import TableManager
from pasur.server.tournaments.games import advance
from pasur.server.tournaments.store import underway

EVERY = 5.0
"""Seconds between two looks: how long a finished game may wait for its next pairing."""

log = logging.getLogger(__name__)


async def tick(engine: AsyncEngine, tables: TableManager, now: datetime) -> list[str]:
    """Advance every tournament under way; the tables made."""
    async with engine.connect() as connection:
        due = await underway(connection, now)
    made: list[str] = []
    for tournament_id in due:
        made += await advance(engine, tables, tournament_id, now)
    return made


async def run(engine: AsyncEngine, tables: TableManager) -> None:
    """Tick until cancelled; a failed tick is logged and the next one tries again."""
    while True:
        try:
            await tick(engine, tables, datetime.now(UTC))
        except Exception:
            log.exception("the tournaments' clock could not advance them")
        await asyncio.sleep(EVERY)
