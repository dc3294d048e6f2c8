"""Finished games in the database: a ``games`` row per game and a ``game_players`` row per person
(:mod:`pasur.server.db.rows`).

When a step stores a ``game_over`` event, :meth:`GamesStore.after_append` runs inside that same
transaction (the table store calls it): it writes the game's row (the seats, the totals, the
winner, when it ended), one row per person who played it (for their history) and per bot, and
on a rated table moves the people's ratings; a game of people and bots moves the bots' own
ratings instead (:mod:`pasur.server.history.bot_pool`). The game's row is keyed by (table,
game) and the step's events by their numbers, so a game can never be counted twice, not even by
a restarted server: the events are written once, and nothing here runs when a table is rebuilt
from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import Event, Kind
from pasur.server.db.database import Database
from pasur.server.db.rows import GamePlayerRow, GameRow, TableEventRow, TableRow
from pasur.server.history.bot_pool import rate_bots, rated_for_bots, write_bots
from pasur.server.history.formats import format_of, rate_format
from pasur.server.history.game_log import WHO_AND_RESULT, FinishedGame, finished_games
from pasur.server.history.ratings import Person, abandoners_last, outcome, ranks, rate_game
from pasur.server.tables.config import TableConfig
from pasur.server.tables.leavers import rates_people

HISTORY = 100
"""How many of a person's games their history lists, newest first."""


class GamesStore:
    """Writes finished games as they end, and reads a person's history."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def after_append(
        self, connection: AsyncConnection, table_id: str, events: Sequence[Event]
    ) -> None:
        """Record the games that ``events`` end, in the transaction that stores them."""
        ended = {event.data["game"] for event in events if event.kind is Kind.GAME_OVER}
        if not ended:
            return
        stored = await connection.scalar(select(TableRow.config).where(TableRow.id == table_id))
        config = TableConfig.from_json(stored or {})
        rows = await connection.execute(
            select(TableEventRow.kind, TableEventRow.data)
            .where(TableEventRow.table_id == table_id, TableEventRow.kind.in_(WHO_AND_RESULT))
            .order_by(TableEventRow.n)
        )
        now = datetime.now(UTC)
        for game in finished_games({"kind": kind, "data": data} for kind, data in rows):
            if game.game in ended:
                await self._write(connection, table_id, game, config, now)

    async def _write(
        self,
        connection: AsyncConnection,
        table_id: str,
        game: FinishedGame,
        config: TableConfig,
        now: datetime,
    ) -> None:
        # Only games where every seat was a person count (the game_over event's `rated` too).
        rated = rates_people(config.rated, game.players)
        await connection.execute(
            insert(GameRow).values(
                table_id=table_id,
                game=game.game,
                finished_at=now,
                seats=list(game.seats),
                totals=list(game.totals),
                winner=game.winner,
                rated=rated,
                abandoned=sorted(game.abandoned),
            )
        )
        people = [
            {"player_id": player, "table_id": table_id, "game": game.game, "seat": seat}
            for seat, player in enumerate(game.players)
            if player is not None
        ]
        if people:
            await connection.execute(insert(GamePlayerRow), people)
        await write_bots(connection, table_id, game)
        sides = len(game.totals)
        abandoned = {seat % sides for seat in game.abandoned}
        places = abandoners_last(ranks(game.totals, game.winner), abandoned)
        if rated:
            teams: list[list[Person]] = [[] for _ in range(sides)]
            for seat, (player, name) in enumerate(zip(game.players, game.seats, strict=True)):
                assert player is not None
                teams[seat % sides].append(Person(player, name))
            await rate_game(connection, teams, places)
            await rate_format(
                connection, format_of(config), teams, places, table_id, game.game, now
            )
        elif rated_for_bots(game):
            # People's ratings stay as they are; the bots are rated in their own pool.
            await rate_bots(connection, format_of(config), game, places, now)

    async def history(self, player_id: str, limit: int = HISTORY) -> list[dict[str, Any]]:
        """A person's finished games, newest first: ``{"table_id", "game", "finished_at",
        "seats", "you", "totals", "winner", "result", "left"}``, ``finished_at`` in ISO 8601
        UTC; ``result`` is how it ended for them (:func:`outcome`: a rated game they left is
        lost), ``left`` whether they left it before its end."""
        async with self._engine.connect() as connection:
            rows = (
                await connection.execute(
                    select(
                        GameRow.table_id,
                        GameRow.game,
                        GameRow.finished_at,
                        GameRow.seats,
                        GameRow.totals,
                        GameRow.winner,
                        GameRow.rated,
                        GameRow.abandoned,
                        GamePlayerRow.seat,
                    )
                    .join(
                        GamePlayerRow,
                        (GamePlayerRow.table_id == GameRow.table_id)
                        & (GamePlayerRow.game == GameRow.game),
                    )
                    .where(GamePlayerRow.player_id == player_id)
                    .order_by(GameRow.finished_at.desc(), GameRow.table_id, GameRow.game.desc())
                    .limit(limit)
                )
            ).all()
        return [
            {
                "table_id": row.table_id,
                "game": row.game,
                "finished_at": iso_utc(row.finished_at),
                "seats": list(row.seats),
                "you": row.seat,
                "totals": list(row.totals),
                "winner": row.winner,
                "result": outcome(row.seat, row.totals, row.winner, row.abandoned, rated=row.rated),
                "left": row.seat in row.abandoned,
            }
            for row in rows
        ]


def iso_utc(moment: datetime) -> str:
    """``2026-11-30T08:22:26Z``: SQLite hands back naive times, which are UTC here."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
