"""Deleting an account: its personal data goes, the finished games it played stay, anonymised.

In one transaction: the account's row, its passkeys, sessions and link codes, its ratings
(overall, per format and at puzzles), its puzzle attempts, its history rows, follows, blocks,
challenges and presence are deleted; in every finished game it played, its name becomes
:data:`DELETED_NAME` (the game's row and the table's stored events, so records and replays show
no name) and its id in the stored events becomes a new random one that nothing else holds. The
other players' games, results and ratings are unchanged, and so are the puzzles' ratings.

A table still being played keeps what it holds in memory until it ends; its later games are
recorded under the id that no account holds any longer.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import Kind
from pasur.server.db.account_rows import (
    AccountRow,
    AccountSessionRow,
    BlockRow,
    ChallengeRow,
    DeviceLinkRow,
    FollowRow,
    PasskeyRow,
    PresenceRow,
)
from pasur.server.db.rows import (
    FormatRatingRow,
    GamePlayerRow,
    GameRow,
    PuzzleAttemptRow,
    PuzzlePlayerRow,
    RatingPointRow,
    RatingRow,
    TableEventRow,
    TableRow,
)

DELETED_NAME = "—"
"""The name a deleted account's seat has in the games it played."""

_NAMED = (Kind.SEATED.value, Kind.LEFT.value, Kind.STARTED.value)
"""The stored events that hold a person's name (and ``seated`` their id)."""


async def erase(connection: AsyncConnection, account_id: str) -> None:
    """Delete the account and anonymise its finished games, in the caller's transaction."""
    played = (
        await connection.execute(
            select(GamePlayerRow.table_id, GamePlayerRow.game, GamePlayerRow.seat).where(
                GamePlayerRow.player_id == account_id
            )
        )
    ).all()
    seats_by_table: dict[str, set[int]] = defaultdict(set)
    for row in played:
        seats_by_table[row.table_id].add(row.seat)
        names = await connection.scalar(
            select(GameRow.seats).where(GameRow.table_id == row.table_id, GameRow.game == row.game)
        )
        if names is not None:
            names = list(names)
            names[row.seat] = DELETED_NAME
            await connection.execute(
                update(GameRow)
                .where(GameRow.table_id == row.table_id, GameRow.game == row.game)
                .values(seats=names)
            )
    stranger = "deleted-" + secrets.token_urlsafe(12)
    for table_id, seats in seats_by_table.items():
        await _anonymise_events(connection, table_id, account_id, seats, stranger)
    await connection.execute(
        update(TableRow).where(TableRow.creator == account_id).values(creator=stranger)
    )
    await connection.execute(delete(GamePlayerRow).where(GamePlayerRow.player_id == account_id))
    for rated in (RatingRow, FormatRatingRow, RatingPointRow, PuzzlePlayerRow, PuzzleAttemptRow):
        await connection.execute(delete(rated).where(rated.player_id == account_id))
    for one, other in (
        (FollowRow.follower_id, FollowRow.followed_id),
        (BlockRow.blocker_id, BlockRow.blocked_id),
        (ChallengeRow.from_id, ChallengeRow.to_id),
    ):
        await connection.execute(
            delete(one.class_).where((one == account_id) | (other == account_id))
        )
    await connection.execute(delete(PresenceRow).where(PresenceRow.account_id == account_id))
    # Each row by name: SQLite does not enforce the foreign keys' cascades.
    for kind in (PasskeyRow, AccountSessionRow, DeviceLinkRow):
        await connection.execute(delete(kind).where(kind.account_id == account_id))
    await connection.execute(delete(AccountRow).where(AccountRow.id == account_id))


async def _anonymise_events(
    connection: AsyncConnection, table_id: str, account_id: str, seats: set[int], stranger: str
) -> None:
    """Rewrite a table's stored events so that the person is nameless and unknown in them."""
    rows = (
        await connection.execute(
            select(TableEventRow.n, TableEventRow.kind, TableEventRow.data).where(
                TableEventRow.table_id == table_id, TableEventRow.kind.in_(_NAMED)
            )
        )
    ).all()
    held: set[int] = set()  # the seats the person holds at this point of the table's events
    for row in sorted(rows, key=lambda r: r.n):
        data: dict[str, Any] = dict(row.data)
        if row.kind == Kind.SEATED.value:
            if data.get("player") != account_id:
                held.discard(data.get("seat", -1))
                continue
            held.add(data["seat"])
            data |= {"player": stranger, "name": DELETED_NAME}
        elif row.kind == Kind.LEFT.value:
            if data.get("seat") not in held:
                continue
            held.discard(data["seat"])
            data["name"] = DELETED_NAME
        else:
            names = list(data.get("seats", []))
            mine = held & seats
            if not mine:
                continue
            for seat in mine:
                if 0 <= seat < len(names):
                    names[seat] = DELETED_NAME
            data["seats"] = names
        await connection.execute(
            update(TableEventRow)
            .where(TableEventRow.table_id == table_id, TableEventRow.n == row.n)
            .values(data=data)
        )
