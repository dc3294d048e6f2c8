"""Ratings of the people who play rated tables, with OpenSkill (the Plackett-Luce model).

Each person (by guest id) has a skill estimate ``mu`` and its uncertainty ``sigma``; everyone
starts at OpenSkill's 25 and 25/3. After a rated game every side is ranked (the winner first, the
others by their totals) and the people's estimates move; partners are rated as one team. What
people see is the **ordinal**, ``mu - 3 sigma``, rounded: a cautious figure that starts at 0 and
rises as a player wins and as the system grows sure of them.

:func:`rate_game` runs inside the transaction that stores the game's end (see
:mod:`pasur.server.history.games`), so a rating moves exactly once per game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Literal, NamedTuple

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.db.database import Database
from pasur.server.db.rows import RatingRow

LEADERBOARD = 50
"""How many people the leaderboard lists."""

MODEL = PlackettLuce()


class Person(NamedTuple):
    """Someone in a rated game."""

    id: str
    """Their opaque guest id."""
    name: str
    """The name they played under."""


def ordinal(mu: float, sigma: float) -> int:
    """What people see of a rating: ``mu - 3 sigma``, rounded."""
    return round(mu - 3 * sigma)


def ranks(totals: Sequence[int], winner: int) -> list[int]:
    """Each side's place (0 = first): the winner first, the others by their totals (ties share).

    A drawn game (``winner`` -2, ``target-tie=draw``) has no winner: the sides tied at the top
    share the first place, which OpenSkill rates as a draw between them.
    """
    ahead = 1 if winner >= 0 else 0
    return [
        0
        if side == winner
        else ahead + sum(1 for other, t in enumerate(totals) if t > total and other != winner)
        for side, total in enumerate(totals)
    ]


def abandoners_last(places: Sequence[int], abandoned: Iterable[int]) -> list[int]:
    """``places`` with the sides in ``abandoned`` moved to a shared last place (a loss).

    Leaving a rated game early must not save a rating; if every side abandoned, nobody is
    to blame more than another, so the result stands.
    """
    gone = set(abandoned)
    if not gone or len(gone) == len(places):
        return list(places)
    stayed = sorted({place for side, place in enumerate(places) if side not in gone})
    return [len(stayed) if side in gone else stayed.index(p) for side, p in enumerate(places)]


Outcome = Literal["won", "lost", "drawn"]


def outcome(
    seat: int, totals: Sequence[int], winner: int, abandoned: Iterable[int], *, rated: bool
) -> Outcome:
    """How a finished game ended for ``seat``, as a history and a profile say it.

    The cards decide (``winner``, -2 for a draw), except in a game that moved people's ratings,
    which counted a side whose person left (the ``abandoned`` seats) as a loss: the result shown
    is the one the rating moved by, so nobody reads "won" beside a rating that went down.
    """
    sides = len(totals)
    places = ranks(totals, winner)
    if rated:
        places = abandoners_last(places, {left % sides for left in abandoned})
    if places[seat % sides]:
        return "lost"
    return "drawn" if places.count(0) > 1 else "won"


async def rate_game(
    connection: AsyncConnection, sides: Sequence[Sequence[Person]], places: Sequence[int]
) -> None:
    """Move the ratings of everyone in a finished game, in the caller's transaction.

    ``sides[k]`` holds side ``k``'s people (partners together), ``places[k]`` its place.
    """
    people = [person for side in sides for person in side]
    rows = (
        await connection.execute(
            select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
            .where(RatingRow.player_id.in_([person.id for person in people]))
            .with_for_update()
        )
    ).all()
    known = {row.player_id: row for row in rows}
    teams = [
        [
            MODEL.rating(known[p.id].mu, known[p.id].sigma) if p.id in known else MODEL.rating()
            for p in side
        ]
        for side in sides
    ]
    rated = MODEL.rate(teams, ranks=list(places))
    now = datetime.now(UTC)
    for side, team in zip(sides, rated, strict=True):
        for person, rating in zip(side, team, strict=True):
            values: dict[str, Any] = {
                "name": person.name,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "updated_at": now,
            }
            if person.id in known:
                values["games"] = known[person.id].games + 1
                await connection.execute(
                    update(RatingRow).where(RatingRow.player_id == person.id).values(**values)
                )
            else:
                await connection.execute(
                    insert(RatingRow).values(player_id=person.id, games=1, **values)
                )


class Ratings:
    """Reads the ratings: the leaderboard and the people at lobby tables."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def leaderboard(self, limit: int = LEADERBOARD) -> list[dict[str, Any]]:
        """The best ``limit`` people by ordinal: ``{"rank", "name", "ordinal", "games"}``."""
        order = (RatingRow.mu - 3 * RatingRow.sigma).desc()
        async with self._engine.connect() as connection:
            rows = (
                await connection.execute(
                    select(RatingRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                    .order_by(order, RatingRow.name)
                    .limit(limit)
                )
            ).all()
        return [
            {
                "rank": place,
                "name": row.name,
                "ordinal": ordinal(row.mu, row.sigma),
                "games": row.games,
            }
            for place, row in enumerate(rows, start=1)
        ]

    async def for_seats(self, tables: Sequence[Sequence[str | None]]) -> list[list[int | None]]:
        """For each table's seats (person ids, None for a bot or nobody), their ordinals.

        A person without a rated game yet has None, like a bot: no figure is shown.
        """
        ids = {player for seats in tables for player in seats if player is not None}
        found: dict[str, int] = {}
        if ids:
            async with self._engine.connect() as connection:
                rows = (
                    await connection.execute(
                        select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma).where(
                            RatingRow.player_id.in_(sorted(ids))
                        )
                    )
                ).all()
            found = {row.player_id: ordinal(row.mu, row.sigma) for row in rows}
        return [[found.get(p) if p is not None else None for p in seats] for seats in tables]
