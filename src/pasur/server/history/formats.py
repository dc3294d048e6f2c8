"""Ratings per format: 2, 3 and 4 players each, and partnerships, with their history.

The overall rating (:mod:`pasur.server.history.ratings`) mixes every format; a player strong at
two-handed Pasur is not thereby strong at partnerships, so each format also has its own OpenSkill
rating (``format_ratings``), moved by the same game in the same transaction, and a point per
game (``rating_points``) for the profile's chart. A rating is *provisional* until
:data:`ESTABLISHED_GAMES` rated games in its format; leaderboards list established ratings only,
ordered by the conservative figure ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.db.rows import FormatRatingRow, RatingPointRow
from pasur.server.history.ratings import MODEL, Person, ordinal
from pasur.server.tables.config import TableConfig

FORMATS = ("2", "3", "4", "partnerships")
"""The formats, as profiles, leaderboards and the API name them."""

ESTABLISHED_GAMES = 10
"""Rated games in a format before its rating stops being provisional."""


def format_of(config: TableConfig) -> str:
    """The format a table's games are rated in."""
    return "partnerships" if config.rules.partnerships else str(config.players)


def rating_json(mu: float, sigma: float, games: int, wins: int) -> dict[str, Any]:
    """A rating as profiles and leaderboards show it: the cautious figure first."""
    return {
        "ordinal": ordinal(mu, sigma),
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "games": games,
        "wins": wins,
        "provisional": games < ESTABLISHED_GAMES,
    }


async def rate_format(
    connection: AsyncConnection,
    format_name: str,
    sides: Sequence[Sequence[Person]],
    places: Sequence[int],
    table_id: str,
    game: int,
    now: datetime,
) -> None:
    """Move everyone's rating in ``format_name`` after a rated game, in the caller's
    transaction, and keep each new rating as a point of their history."""
    people = [person for side in sides for person in side]
    rows = (
        await connection.execute(
            select(FormatRatingRow)
            .where(
                FormatRatingRow.player_id.in_([person.id for person in people]),
                FormatRatingRow.format == format_name,
            )
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
    for side, team, place in zip(sides, rated, places, strict=True):
        for person, rating in zip(side, team, strict=True):
            values: dict[str, Any] = {"mu": rating.mu, "sigma": rating.sigma, "updated_at": now}
            won = int(place == 0)
            if person.id in known:
                row = known[person.id]
                await connection.execute(
                    update(FormatRatingRow)
                    .where(
                        FormatRatingRow.player_id == person.id,
                        FormatRatingRow.format == format_name,
                    )
                    .values(games=row.games + 1, wins=row.wins + won, **values)
                )
            else:
                await connection.execute(
                    insert(FormatRatingRow).values(
                        player_id=person.id, format=format_name, games=1, wins=won, **values
                    )
                )
            await connection.execute(
                insert(RatingPointRow).values(
                    player_id=person.id,
                    table_id=table_id,
                    game=game,
                    format=format_name,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    at=now,
                )
            )


async def game_rating(
    connection: AsyncConnection, player_id: str, table_id: str, game: int
) -> dict[str, Any] | None:
    """How one rated game moved a person's rating in its format: ``{"format", "ordinal",
    "change", "games", "provisional"}``, ``change`` the shown figure's move (against the point
    before it, or the first rating, 0); None when the game did not rate them (a bot was in it,
    the table is unrated, or they did not play it).

    The points are the only per-game trace of a rating, so the move is read from them: the
    table page says it at the game's end without the server having to remember it.
    """
    point = (
        await connection.execute(
            select(
                RatingPointRow.format, RatingPointRow.mu, RatingPointRow.sigma, RatingPointRow.at
            ).where(
                RatingPointRow.player_id == player_id,
                RatingPointRow.table_id == table_id,
                RatingPointRow.game == game,
            )
        )
    ).first()
    if point is None:
        return None
    earlier = (
        select(RatingPointRow.mu, RatingPointRow.sigma)
        .where(
            RatingPointRow.player_id == player_id,
            RatingPointRow.format == point.format,
            RatingPointRow.at < point.at,
        )
        .order_by(RatingPointRow.at.desc(), RatingPointRow.game.desc())
        .limit(1)
    )
    before = (await connection.execute(earlier)).first()
    first = MODEL.rating()
    was = ordinal(before.mu, before.sigma) if before else ordinal(first.mu, first.sigma)
    games = await connection.scalar(
        select(func.count())
        .select_from(RatingPointRow)
        .where(
            RatingPointRow.player_id == player_id,
            RatingPointRow.format == point.format,
            RatingPointRow.at <= point.at,
        )
    )
    now = ordinal(point.mu, point.sigma)
    return {
        "format": point.format,
        "ordinal": now,
        "change": now - was,
        "games": games,
        "provisional": (games or 0) < ESTABLISHED_GAMES,
    }
