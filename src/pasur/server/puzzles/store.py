"""Puzzles in the database: people's ratings and streaks, the puzzles' ratings, first attempts.

A person's first attempt at a puzzle is the one that counts: it is stored in the same
transaction as the ratings and the streak it moves (:meth:`PuzzleStore.record`), keyed by
(person, puzzle), so a double click, two tabs or two processes count it once. The person's row
is locked first (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite writes one transaction at a
time), so two attempts of one person, at one puzzle or at two, take turns, and the second sees
what the first stored. A later attempt only notes when the puzzle was last tried
(:meth:`PuzzleStore.touch`), which the choice of the next puzzle reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.db.database import Database
from pasur.server.db.rows import PuzzleAttemptRow, PuzzlePlayerRow, PuzzleRatingRow
from pasur.server.db.upsert import insert_or
from pasur.server.puzzles.catalogue import Puzzle
from pasur.server.puzzles.rating import Skill, display, new_person, new_puzzle, rate

HISTORY = 50
"""How many of a person's attempts the summary lists."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's puzzle rating, counts and streak."""

    skill: Skill
    attempts: int
    solved: int
    streak: int
    best_streak: int


NEW_STANDING = Standing(new_person(), 0, 0, 0, 0)
"""The standing of someone who has tried no puzzle."""


@dataclass(frozen=True, slots=True)
class Tried:
    """A person's first attempt at a puzzle."""

    puzzle_id: str
    theme: str
    play: str
    solved: bool
    at: datetime
    rating_after: int


@dataclass(frozen=True, slots=True)
class Counted:
    """What a counted attempt moved: both displayed ratings, before and after, and the streak."""

    rating_before: int
    rating_after: int
    puzzle_before: int
    puzzle_after: int
    streak: int


class PuzzleStore:
    """Reads and writes the puzzle rows."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def standing(self, player_id: str) -> Standing:
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(
                    select(PuzzlePlayerRow).where(PuzzlePlayerRow.player_id == player_id)
                )
            ).first()
        if row is None:
            return NEW_STANDING
        skill = Skill(row.mu, row.sigma)
        return Standing(skill, row.attempts, row.solved, row.streak, row.best_streak)

    async def history(self, player_id: str, limit: int = HISTORY) -> list[Tried]:
        """The person's counted attempts, newest first."""
        async with self._engine.connect() as connection:
            rows = (
                await connection.execute(
                    select(PuzzleAttemptRow)
                    .where(PuzzleAttemptRow.player_id == player_id)
                    .order_by(PuzzleAttemptRow.at.desc(), PuzzleAttemptRow.puzzle_id)
                    .limit(limit)
                )
            ).all()
            return [_tried(row) for row in rows]

    async def attempt(self, player_id: str, puzzle_id: str) -> Tried | None:
        """The person's first attempt at the puzzle, or None."""
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(
                    select(PuzzleAttemptRow).where(
                        PuzzleAttemptRow.player_id == player_id,
                        PuzzleAttemptRow.puzzle_id == puzzle_id,
                    )
                )
            ).first()
        return None if row is None else _tried(row)

    async def tried(self, player_id: str) -> dict[str, datetime]:
        """Every puzzle the person has tried, with when they last tried it."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(PuzzleAttemptRow.puzzle_id, PuzzleAttemptRow.last_at).where(
                    PuzzleAttemptRow.player_id == player_id
                )
            )
            return {puzzle_id: utc(last) for puzzle_id, last in rows}

    async def puzzle_skills(self) -> dict[str, Skill]:
        """The ratings of the puzzles someone has tried (the others have their difficulty's)."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(PuzzleRatingRow.puzzle_id, PuzzleRatingRow.mu, PuzzleRatingRow.sigma)
            )
            return {puzzle_id: Skill(mu, sigma) for puzzle_id, mu, sigma in rows}

    async def puzzle_skill(self, puzzle: Puzzle) -> Skill:
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(
                    select(PuzzleRatingRow.mu, PuzzleRatingRow.sigma).where(
                        PuzzleRatingRow.puzzle_id == puzzle.id
                    )
                )
            ).first()
        return new_puzzle(puzzle.difficulty) if row is None else Skill(row.mu, row.sigma)

    async def record(
        self, player_id: str, puzzle: Puzzle, play: str, *, solved: bool, now: datetime
    ) -> Counted | None:
        """Count the person's first attempt at ``puzzle``: store it and move both ratings and
        the person's counts and streak, all in one transaction. None, and nothing changed, when
        the person had tried the puzzle already (before, or in a request at the same time)."""
        try:
            return await self._record(player_id, puzzle, play, solved=solved, now=now)
        except IntegrityError:  # the key kept a second first attempt out: the first counted
            return None

    async def _record(
        self, player_id: str, puzzle: Puzzle, play: str, *, solved: bool, now: datetime
    ) -> Counted | None:
        async with self._engine.begin() as connection:
            standing = await _locked_person(connection, player_id, now)
            if await _has_tried(connection, player_id, puzzle.id):
                return None
            before = await _locked_puzzle(connection, puzzle)
            person, rated = rate(standing.skill, before, solved=solved)
            counted = Counted(
                display(standing.skill.mu),
                display(person.mu),
                display(before.mu),
                display(rated.mu),
                standing.streak + 1 if solved else 0,
            )
            await connection.execute(
                insert(PuzzleAttemptRow).values(
                    player_id=player_id,
                    puzzle_id=puzzle.id,
                    theme=puzzle.theme,
                    play=play,
                    solved=solved,
                    at=now,
                    last_at=now,
                    rating_before=counted.rating_before,
                    rating_after=counted.rating_after,
                    puzzle_before=counted.puzzle_before,
                    puzzle_after=counted.puzzle_after,
                )
            )
            await connection.execute(
                update(PuzzlePlayerRow)
                .where(PuzzlePlayerRow.player_id == player_id)
                .values(
                    mu=person.mu,
                    sigma=person.sigma,
                    attempts=standing.attempts + 1,
                    solved=standing.solved + int(solved),
                    streak=counted.streak,
                    best_streak=max(standing.best_streak, counted.streak),
                    updated_at=now,
                )
            )
            await connection.execute(
                update(PuzzleRatingRow)
                .where(PuzzleRatingRow.puzzle_id == puzzle.id)
                .values(
                    mu=rated.mu,
                    sigma=rated.sigma,
                    attempts=PuzzleRatingRow.attempts + 1,
                    solved=PuzzleRatingRow.solved + int(solved),
                )
            )
        return counted

    async def touch(self, player_id: str, puzzle_id: str, now: datetime) -> None:
        """Note that the person tried the puzzle again (it counts for nothing else)."""
        async with self._engine.begin() as connection:
            await connection.execute(
                update(PuzzleAttemptRow)
                .where(
                    PuzzleAttemptRow.player_id == player_id,
                    PuzzleAttemptRow.puzzle_id == puzzle_id,
                )
                .values(last_at=now)
            )


async def _locked_person(connection: AsyncConnection, player_id: str, now: datetime) -> Standing:
    """The person's standing, their row made if new and locked until the transaction ends."""
    start = new_person()
    await connection.execute(
        insert_or(connection, PuzzlePlayerRow)
        .values(
            player_id=player_id,
            mu=start.mu,
            sigma=start.sigma,
            attempts=0,
            solved=0,
            streak=0,
            best_streak=0,
            updated_at=now,
        )
        .on_conflict_do_nothing()
    )
    row = (
        await connection.execute(
            select(PuzzlePlayerRow).where(PuzzlePlayerRow.player_id == player_id).with_for_update()
        )
    ).one()
    return Standing(Skill(row.mu, row.sigma), row.attempts, row.solved, row.streak, row.best_streak)


async def _locked_puzzle(connection: AsyncConnection, puzzle: Puzzle) -> Skill:
    """The puzzle's rating, its row made if nobody had tried it, locked until the end."""
    start = new_puzzle(puzzle.difficulty)
    await connection.execute(
        insert_or(connection, PuzzleRatingRow)
        .values(puzzle_id=puzzle.id, mu=start.mu, sigma=start.sigma, attempts=0, solved=0)
        .on_conflict_do_nothing()
    )
    row = (
        await connection.execute(
            select(PuzzleRatingRow.mu, PuzzleRatingRow.sigma)
            .where(PuzzleRatingRow.puzzle_id == puzzle.id)
            .with_for_update()
        )
    ).one()
    return Skill(row.mu, row.sigma)


async def _has_tried(connection: AsyncConnection, player_id: str, puzzle_id: str) -> bool:
    found = await connection.scalar(
        select(PuzzleAttemptRow.puzzle_id).where(
            PuzzleAttemptRow.player_id == player_id, PuzzleAttemptRow.puzzle_id == puzzle_id
        )
    )
    return found is not None


def _tried(row: Row[Any]) -> Tried:
    return Tried(row.puzzle_id, row.theme, row.play, row.solved, utc(row.at), row.rating_after)


def utc(moment: datetime) -> datetime:
    """A stored moment in UTC (SQLite gives it back without its zone, PostgreSQL in the
    session's)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
