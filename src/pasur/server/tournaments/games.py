"""A tournament's pairings at real tables, and their results recorded as the games end.

:func:`open_tables` makes a private table (through the table manager, as ``POST /api/tables``
does) for every stored pairing that has none, with the tournament's house rules; the pairing's
first player is its creator (who starts it) and sits in seat 0, the second in seat 1 (in a
4-player Swiss, :func:`seating`: the first team in seats 0 and 2). Those seats are reserved
(:attr:`TableConfig.reserved`): nobody else, and no bot, may take them, so a stranger who reads
the table's id in the standings can watch but not take a player's place.
:func:`after_append` runs in the transaction that stores a table's step (beside the history's
hook): when the step ends the game of a tournament table, the result is written with it, once.
:func:`advance` takes a tournament its next step when its time has come.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from pasur.protocol import Event, Kind
from pasur.rules import DRAW as DRAWN_GAME
from pasur.rules import make_rules
from pasur.server.db.rows import TableEventRow, TournamentGameRow
from pasur.server.history.game_log import WHO_AND_RESULT, finished_games
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Status
from pasur.server.tournaments import store, teams
from pasur.server.tournaments.swiss import DRAW, LOSS, WIN

MISS = timedelta(minutes=2)
"""How long a table waits for its players; whoever has not sat down by then is withdrawn."""


async def advance(
    engine: AsyncEngine, tables: TableManager, tournament_id: str, now: datetime
) -> list[str]:
    """Pair what is due and make its tables; the new tables' ids (none when nothing is due).

    A Swiss pairs round one at its start and each next round when every game of the last has
    ended, until its rounds are played; an arena pairs whoever waits until its window closes.
    Nothing is paired unless :func:`store.stage` says the tournament is running (never in a
    cancelled Swiss).
    Safe to call often and from several processes: a pairing made twice at once breaks the
    games' unique (tournament, round, first player) and the second attempt changes nothing.
    """
    await forfeit_missed(engine, tables, tournament_id, now)
    try:
        async with engine.begin() as connection:
            found = await store.tallied(connection, tournament_id)
            if store.stage(found, now) != store.RUNNING:
                return []
            if found.kind == store.SWISS:
                if found.undecided:
                    return []
                await store.pair_swiss_round(connection, tournament_id)
            else:
                await store.pair_arena(connection, tournament_id)
    except IntegrityError:  # another process paired the same games a moment ago
        return []
    return await open_tables(engine, tables, tournament_id, now)


async def forfeit_missed(
    engine: AsyncEngine, tables: TableManager, tournament_id: str, now: datetime
) -> None:
    """Withdraw whoever has not sat down at their table within :data:`MISS` of its opening.

    The side that came wins the pairing; when neither came in full it is a draw. Whoever was
    absent is withdrawn (in a 4-player Swiss, with them their team).
    A table whose game has begun is never forfeited.
    """
    async with engine.connect() as connection:
        late = list(
            await connection.execute(
                select(TournamentGameRow).where(
                    TournamentGameRow.tournament_id == tournament_id,
                    TournamentGameRow.outcome.is_(None),
                    TournamentGameRow.opened_at <= now - MISS,
                )
            )
        )
    for game in late:
        live = await tables.get(game.table_id)
        if live is None or live.table.status is not Status.WAITING:
            continue
        expected = live.table.config.reserved or (game.first, game.second)
        empty = [seat for seat, who in enumerate(expected) if live.table.seats[seat].player != who]
        if not empty:
            continue
        absent = [who for seat in empty if (who := expected[seat]) is not None]
        sides = {seat % 2 for seat in empty}  # seats 0 and 2 are the first's; 1 and 3 the second's
        outcome = DRAW if len(sides) == 2 else LOSS if sides == {0} else WIN
        async with engine.begin() as connection:
            for who in absent:
                await store.withdraw(connection, tournament_id, who)
            await store.record(connection, game.id, outcome)


async def open_tables(
    engine: AsyncEngine, tables: TableManager, tournament_id: str, now: datetime
) -> list[str]:
    """Make the tables of the undecided pairings that have none yet; their ids, in pairing
    order (a game already decided, as one recorded straight into the store, needs none).
    A pairing takes the first table stored for it, so two steps at once never give it two."""
    async with engine.connect() as connection:
        found = await store.tournament(connection, tournament_id)
        waiting = list(
            await connection.execute(
                select(TournamentGameRow.id, TournamentGameRow.first, TournamentGameRow.second)
                .where(
                    TournamentGameRow.tournament_id == tournament_id,
                    TournamentGameRow.second.is_not(None),
                    TournamentGameRow.table_id.is_(None),
                    TournamentGameRow.outcome.is_(None),
                )
                .order_by(TournamentGameRow.id)
            )
        )
    rules = make_rules(found.rules["preset"], found.rules["settings"])
    made = []
    for game_id, first, second in waiting:  # byes (no second) have no table
        seats = seating(first, second or "")
        config = TableConfig(players=found.players, rules=rules, private=True, reserved=seats)
        live = await tables.create(config, seats[0], {})
        async with engine.begin() as connection:
            claimed = await connection.execute(
                update(TournamentGameRow)
                .where(TournamentGameRow.id == game_id, TournamentGameRow.table_id.is_(None))
                .values(table_id=live.id, opened_at=now)
            )
        # Another step (a start, or a clock of this process or another) may have opened this
        # pairing's table a moment ago: its table stays the pairing's, and this one, empty and
        # named nowhere, is never called to.
        if claimed.rowcount:
            made.append(live.id)
    return made


def seating(first: str, second: str) -> tuple[str, ...]:
    """Who sits where: the first in seat 0 and the second in seat 1; in a 4-player Swiss, the
    first team in seats 0 and 2 (side 0) and the second in seats 1 and 3 (side 1)."""
    if teams.JOIN not in first:
        return first, second
    (one, two), (three, four) = teams.members(first), teams.members(second)
    return one, three, two, four


async def after_append(connection: AsyncConnection, table_id: str, events: Sequence[Event]) -> None:
    """Record the result of a tournament table's game that ``events`` end."""
    if not any(event.kind is Kind.GAME_OVER for event in events):
        return
    pairing = (
        await connection.execute(
            select(TournamentGameRow.id).where(
                TournamentGameRow.table_id == table_id, TournamentGameRow.outcome.is_(None)
            )
        )
    ).first()
    if pairing is None:
        return
    rows = await connection.execute(
        select(TableEventRow.kind, TableEventRow.data)
        .where(TableEventRow.table_id == table_id, TableEventRow.kind.in_(WHO_AND_RESULT))
        .order_by(TableEventRow.n)
    )
    ended = finished_games({"kind": kind, "data": data} for kind, data in rows)
    if ended:
        # The pairing's first player (or team) sits in seat 0, which is side 0; a game drawn
        # (target-tie=draw) is a draw in the tournament too.
        winner = ended[0].winner
        outcome = WIN if winner == 0 else DRAW if winner == DRAWN_GAME else LOSS
        await store.record(connection, pairing.id, outcome)
