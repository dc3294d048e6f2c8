"""The bots' own rating pool: one OpenSkill rating per bot level and format, apart from people's.

A game with a bot in it moves no person's rating (a bot's strength is not a person's), so the
bots are rated here instead, from every finished game in which at least one seat was a bot and
at least one a person as the game started, at any table, rated or not (most games against bots
are casual ones). The model is the people's (Plackett-Luce, partners as one team, the same
places: a person who left is ranked last), and the people in the game count at their rating in
the format as it stands (OpenSkill's first rating if they have none), read and never written: so
a level's rating is on people's scale, and people's ratings are computed exactly as before.
Games between bots alone are not rated: they say nothing of how a level fares against people.

A level is one identity per format. When it holds several seats of a game, each seat is rated
from the level's rating before the game and the level takes the mean of its seats' new ratings;
the game counts once in its games, and once in its wins if any of its seats' sides won.

:func:`rate_bots` runs in the transaction that stores the game's end, like the people's ratings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuceRating
from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.db.rows import BotRatingRow, FormatRatingRow, GameBotRow
from pasur.server.history.formats import rating_json
from pasur.server.history.game_log import FinishedGame
from pasur.server.history.ratings import MODEL


def rated_for_bots(game: FinishedGame) -> bool:
    """Whether ``game`` moves the bot pool: a bot and a person in it, every seat one of them."""
    if not any(game.bots) or all(player is None for player in game.players):
        return False
    return all(
        (player is None) != (level is None)
        for player, level in zip(game.players, game.bots, strict=True)
    )


async def write_bots(connection: AsyncConnection, table_id: str, game: FinishedGame) -> None:
    """Keep which level played which seat (for the profiles' bots beaten), in the caller's
    transaction."""
    rows = [
        {"table_id": table_id, "game": game.game, "seat": seat, "level": level}
        for seat, level in enumerate(game.bots)
        if level is not None
    ]
    if rows:
        await connection.execute(insert(GameBotRow), rows)


async def rate_bots(
    connection: AsyncConnection,
    format_name: str,
    game: FinishedGame,
    places: Sequence[int],
    now: datetime,
) -> None:
    """Move the ratings of the bot levels in ``game`` (see :func:`rated_for_bots`), with each
    side's place, in the caller's transaction; nobody else's rating moves."""
    levels = sorted({level for level in game.bots if level is not None})
    bots = await _locked(connection, levels, format_name, now)
    people = {
        row.player_id: MODEL.rating(row.mu, row.sigma)
        for row in await connection.execute(
            select(FormatRatingRow.player_id, FormatRatingRow.mu, FormatRatingRow.sigma).where(
                FormatRatingRow.player_id.in_([p for p in game.players if p is not None]),
                FormatRatingRow.format == format_name,
            )
        )
    }
    sides = len(game.totals)
    seats = [[s for s in range(len(game.players)) if s % sides == side] for side in range(sides)]

    def before(seat: int) -> PlackettLuceRating:
        level, player = game.bots[seat], game.players[seat]
        if level is not None:
            return MODEL.rating(bots[level].mu, bots[level].sigma)
        assert player is not None
        return people[player] if player in people else MODEL.rating()

    rated = MODEL.rate([[before(s) for s in side] for side in seats], ranks=list(places))
    after: dict[str, list[tuple[PlackettLuceRating, bool]]] = defaultdict(list)
    for side, team in enumerate(rated):
        for seat, rating in zip(seats[side], team, strict=True):
            level = game.bots[seat]
            if level is not None:
                after[level].append((rating, places[side] == 0))
    for level in levels:
        row, results = bots[level], after[level]
        await connection.execute(
            update(BotRatingRow)
            .where(BotRatingRow.level == level, BotRatingRow.format == format_name)
            .values(
                mu=fmean(rating.mu for rating, _ in results),
                sigma=fmean(rating.sigma for rating, _ in results),
                games=row.games + 1,
                wins=row.wins + any(won for _, won in results),
                updated_at=now,
            )
        )


async def _locked(
    connection: AsyncConnection, levels: list[str], format_name: str, now: datetime
) -> dict[str, Any]:
    """The rows of ``levels`` in the format, made if new, locked until the transaction ends.

    A level plays many games at once, so two game ends may make its first row together: the
    second one's insert fails inside its own savepoint and it reads the first one's row. Rows
    are made and locked in one order (by level), so two game ends never wait for each other.
    """
    found = await _rows(connection, levels, format_name)
    missing = [level for level in levels if level not in found]
    if not missing:
        return found
    first = MODEL.rating()
    for level in missing:
        try:
            async with connection.begin_nested():
                await connection.execute(
                    insert(BotRatingRow).values(
                        level=level,
                        format=format_name,
                        mu=first.mu,
                        sigma=first.sigma,
                        games=0,
                        wins=0,
                        updated_at=now,
                    )
                )
        except IntegrityError:
            pass  # another game's end has just made it
    return await _rows(connection, levels, format_name)


async def _rows(connection: AsyncConnection, levels: list[str], format_name: str) -> dict[str, Any]:
    rows = await connection.execute(
        select(BotRatingRow)
        .where(BotRatingRow.level.in_(levels), BotRatingRow.format == format_name)
        .order_by(BotRatingRow.level)
        .with_for_update()
    )
    return {row.level: row for row in rows}


async def bot_board(connection: AsyncConnection, format_name: str) -> list[dict[str, Any]]:
    """Every bot level rated in a format, best first by the cautious figure: ``{"rank",
    "level", "ordinal", "mu", "sigma", "games", "wins", "provisional"}``."""
    rows = await connection.execute(
        select(BotRatingRow)
        .where(BotRatingRow.format == format_name, BotRatingRow.games > 0)
        .order_by((BotRatingRow.mu - 3 * BotRatingRow.sigma).desc(), BotRatingRow.level)
    )
    return [
        {"rank": place, "level": row.level, **rating_json(row.mu, row.sigma, row.games, row.wins)}
        for place, row in enumerate(rows, start=1)
    ]
