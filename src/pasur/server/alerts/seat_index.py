"""Who holds which seat, in the database: the ``seat_holders`` rows (:mod:`pasur.server.db.rows`).

A table's own state says who sits where, but only once the table is loaded, and in a cluster a
table may be loaded by another process. "My games" must find a person's tables without loading
every table, so each stored step's ``seated`` and ``left`` events are mirrored into one row per
(person, table), in the transaction that stores the step (the table store calls
:meth:`SeatIndex.after_append`): the index can never disagree with the events.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import Event, Kind
from pasur.server.db.database import Database
from pasur.server.db.rows import SeatHolderRow, TableRow

MY_TABLES = 50
"""The most tables "my games" lists, the most recently changed first."""


class SeatIndex:
    """Keeps and reads the ``seat_holders`` rows."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def after_append(
        self, connection: AsyncConnection, table_id: str, events: Sequence[Event]
    ) -> None:
        """Mirror the step's seated and left events, in the transaction that stores them."""
        for event in events:
            if event.kind not in (Kind.SEATED, Kind.LEFT):
                continue
            player = str(event.data["player"])
            await connection.execute(
                delete(SeatHolderRow).where(
                    SeatHolderRow.player_id == player, SeatHolderRow.table_id == table_id
                )
            )
            if event.kind is Kind.SEATED:
                await connection.execute(
                    insert(SeatHolderRow).values(
                        player_id=player, table_id=table_id, seat=int(event.data["seat"])
                    )
                )

    async def tables_of(self, player_id: str) -> list[tuple[str, int]]:
        """The tables (with the seat) ``player_id`` holds a seat at, most recently changed first."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(SeatHolderRow.table_id, SeatHolderRow.seat)
                .join(TableRow, TableRow.id == SeatHolderRow.table_id)
                .where(SeatHolderRow.player_id == player_id)
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(MY_TABLES)
            )
            return [(str(table_id), int(seat)) for table_id, seat in rows]
