"""The daily deal in the database: the ``daily_deals`` and ``daily_attempts`` rows.

A day's deal is made by the first request that needs it and kept, so every process and every
restart deals the same cards and publishes the same commitment. An attempt is keyed by (day,
format, person), which makes a second attempt by the same person impossible even when two
requests race; the device cookie is checked beside it. A move is stored by compare-and-set on
the number of moves the attempt had when it was read (:meth:`DailyStore.save`), so of two
requests (or processes) that read the same game only one stores its move.

An attempt is **ranked** when its person is an account (an ``accounts`` row of that id): the
leaderboard and the ranks count those alone, under the account's name (``docs/daily.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from pasur.server.daily.deal import Deal, new_deal
from pasur.server.db.account_rows import AccountRow
from pasur.server.db.database import Database
from pasur.server.db.rows import DailyAttemptRow, DailyDealRow

LEADERBOARD = 50
"""How many of a day's best scores the leaderboard lists."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """One person's game on a day's deal."""

    player_id: str
    name: str
    moves: list[str]
    score: int | None
    review: list[Any] | None
    ranked: bool
    """Whether the person is an account, so that the attempt is on the leaderboard."""


class DailyStore:
    """Reads and writes the day's deals and the people's attempts."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def deal(self, day: str, players: int) -> Deal:
        """The deal of ``day`` for ``players``, made and stored by the first call that asks.

        Only today's deal is made so (:class:`~pasur.server.daily.games.DailyGames` asks for no
        other); a past day's is read with :meth:`stored_deal`.
        """
        found = await self.stored_deal(day, players)
        if found is not None:
            return found
        made = new_deal(day, players)
        try:
            async with self._engine.begin() as connection:
                await connection.execute(
                    insert(DailyDealRow).values(
                        day=day,
                        players=players,
                        seed=made.seed,
                        salt=made.salt.hex(),
                        deck=list(made.deck),
                        commitment=made.commitment,
                    )
                )
        except IntegrityError:  # another request stored the day's deal first: that one counts
            stored = await self.stored_deal(day, players)
            assert stored is not None
            return stored
        return made

    async def stored_deal(self, day: str, players: int) -> Deal | None:
        """The deal of ``day`` for ``players`` if one was made, else None."""
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(
                    select(DailyDealRow.seed, DailyDealRow.salt, DailyDealRow.deck).where(
                        DailyDealRow.day == day, DailyDealRow.players == players
                    )
                )
            ).first()
        if row is None:
            return None
        return Deal(day, players, row.seed, bytes.fromhex(row.salt), tuple(row.deck))

    async def expert(self, day: str, players: int) -> dict[str, Any] | None:
        """The expert's game on the deal, once stored."""
        async with self._engine.connect() as connection:
            found: dict[str, Any] | None = await connection.scalar(
                select(DailyDealRow.expert).where(
                    DailyDealRow.day == day, DailyDealRow.players == players
                )
            )
        return found

    async def set_expert(self, day: str, players: int, expert: dict[str, Any]) -> None:
        async with self._engine.begin() as connection:
            await connection.execute(
                update(DailyDealRow)
                .where(DailyDealRow.day == day, DailyDealRow.players == players)
                .values(expert=expert)
            )

    async def attempt(self, day: str, players: int, player_id: str) -> Attempt | None:
        """The person's attempt at the deal, or None."""
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(
                    select(
                        DailyAttemptRow.name,
                        DailyAttemptRow.moves,
                        DailyAttemptRow.score,
                        DailyAttemptRow.review,
                        AccountRow.id.is_not(None).label("ranked"),
                    )
                    .outerjoin(AccountRow, AccountRow.id == DailyAttemptRow.player_id)
                    .where(*_attempt_is(day, players, player_id))
                )
            ).first()
        if row is None:
            return None
        ranked = bool(row.ranked)
        return Attempt(player_id, row.name, list(row.moves), row.score, row.review, ranked)

    async def ranked(self, player_id: str) -> bool:
        """Whether the person's attempts are ranked: whether they are an account."""
        async with self._engine.connect() as connection:
            found = await connection.scalar(select(AccountRow.id).where(AccountRow.id == player_id))
        return found is not None

    async def played(self, day: str, players: int, player_id: str, device: str) -> bool:
        """Whether the person, or anyone on the same device, has an attempt at the deal."""
        async with self._engine.connect() as connection:
            found = await connection.scalar(
                select(DailyAttemptRow.player_id)
                .where(DailyAttemptRow.day == day, DailyAttemptRow.players == players)
                .where(
                    or_(DailyAttemptRow.player_id == player_id, DailyAttemptRow.device == device)
                )
                .limit(1)
            )
        return found is not None

    async def start(
        self, day: str, players: int, player_id: str, name: str, device: str, moves: list[str]
    ) -> bool:
        """Store a new attempt; False when the person already has one (a race lost)."""
        try:
            async with self._engine.begin() as connection:
                await connection.execute(
                    insert(DailyAttemptRow).values(
                        day=day,
                        players=players,
                        player_id=player_id,
                        device=device,
                        name=name,
                        started_at=datetime.now(UTC),
                        moves=moves,
                    )
                )
        except IntegrityError:
            return False
        return True

    async def save(
        self,
        day: str,
        players: int,
        player_id: str,
        seen: int,
        moves: list[str],
        score: int | None,
    ) -> bool:
        """The attempt's moves so far, and its score once the round is over, stored only if the
        attempt still has the ``seen`` moves it was read with; False when another request (in
        this process or another) stored a move first, and nothing was written.

        The comparison is in the ``UPDATE``'s own condition, so the database decides: under
        PostgreSQL's row lock the second writer finds the row changed and matches nothing, and
        SQLite writes one transaction at a time.
        """
        async with self._engine.begin() as connection:
            stored = await connection.execute(
                update(DailyAttemptRow)
                .where(*_attempt_is(day, players, player_id))
                .where(func.json_array_length(DailyAttemptRow.moves) == seen)
                .values(moves=moves, score=score)
            )
        return stored.rowcount == 1

    async def set_review(self, day: str, players: int, player_id: str, review: list[Any]) -> None:
        async with self._engine.begin() as connection:
            await connection.execute(
                update(DailyAttemptRow)
                .where(*_attempt_is(day, players, player_id))
                .values(review=review)
            )

    async def leaderboard(self, day: str, players: int) -> list[tuple[str, int]]:
        """The day's finished ranked attempts under their accounts' names, best score first
        (earlier starters first on a tie)."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(AccountRow.name, DailyAttemptRow.score)
                .join(AccountRow, AccountRow.id == DailyAttemptRow.player_id)
                .where(DailyAttemptRow.day == day, DailyAttemptRow.players == players)
                .where(DailyAttemptRow.score.is_not(None))
                .order_by(DailyAttemptRow.score.desc(), DailyAttemptRow.started_at)
                .limit(LEADERBOARD)
            )
            return [(name, score) for name, score in rows if score is not None]

    async def rank(self, day: str, players: int, score: int) -> int:
        """The place of ``score`` among the day's finished ranked attempts: 1 + how many of them
        scored more."""
        async with self._engine.connect() as connection:
            better = await connection.scalar(
                select(func.count())
                .select_from(DailyAttemptRow)
                .join(AccountRow, AccountRow.id == DailyAttemptRow.player_id)
                .where(DailyAttemptRow.day == day, DailyAttemptRow.players == players)
                .where(DailyAttemptRow.score > score)
            )
        return 1 + int(better or 0)

    async def days_finished(self, player_id: str) -> set[str]:
        """Every day on which the person finished a daily deal (of either format)."""
        async with self._engine.connect() as connection:
            rows = await connection.scalars(
                select(DailyAttemptRow.day)
                .where(DailyAttemptRow.player_id == player_id)
                .where(DailyAttemptRow.score.is_not(None))
            )
            return set(rows)


def _attempt_is(day: str, players: int, player_id: str) -> tuple[Any, ...]:
    return (
        DailyAttemptRow.day == day,
        DailyAttemptRow.players == players,
        DailyAttemptRow.player_id == player_id,
    )
