"""The tournaments' clock: every few seconds, take each started tournament its next step.

Each step is :func:`~pasur.server.tournaments.games.advance`, which decides from the stored rows
alone whether anything is due, so the clock keeps no state of its own: a restarted server, or
every process of a cluster at once, can run it (a pairing made twice is refused by the database).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.server.db.rows import TournamentRow
from pasur.server.tables.manager import TableManager
from pasur.server.tournaments.games import advance

EVERY = 5.0
"""Seconds between two looks: how long a finished game may wait for its next pairing."""

log = logging.getLogger(__name__)


async def tick(engine: AsyncEngine, tables: TableManager, now: datetime) -> list[str]:
    """Advance every tournament that has started; the tables made."""
    async with engine.connect() as connection:
        started = list(
            await connection.scalars(
                select(TournamentRow.id)
                .where(TournamentRow.starts_at <= now)
                .order_by(TournamentRow.starts_at)
            )
        )
    made: list[str] = []
    for tournament_id in started:
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
