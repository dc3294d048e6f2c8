"""What a profile and a leaderboard show, read from the finished games and the format ratings.

A profile is an account's: guests have no public name. It shows each format's rating (the
conservative ``mu - 3 sigma``, its uncertainty, provisional or not, and its history), the games
played and won, the bot levels they beat most often, and the recent games *at public tables*
with their replays; a private table's games stay between the people who played them. A
tournament's tables are private only to stay out of the lobby: their games are public (the
standings name them, anyone may watch), so they are listed too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.bots.registry import BOT_NAMES
from pasur.server.accounts.store import Account
from pasur.server.db.account_rows import AccountRow
from pasur.server.db.rows import (
    FormatRatingRow,
    GameBotRow,
    GamePlayerRow,
    GameRow,
    RatingPointRow,
    RatingRow,
    TableRow,
    TournamentGameRow,
)
from pasur.server.history.formats import ESTABLISHED_GAMES, FORMATS, rating_json
from pasur.server.history.games import iso_utc
from pasur.server.history.ratings import LEADERBOARD, ordinal, outcome

RECENT = 10
"""Games a profile lists."""

POINTS = 100
"""The latest ratings a profile's chart draws, per format."""


async def profile(connection: AsyncConnection, account: Account) -> dict[str, Any]:
    """The profile of ``account``: ``{"name", "since", "ratings", "played", "won", "recent",
    "bots_beaten"}``."""
    ratings: dict[str, Any] = {}
    rows = await connection.execute(
        select(FormatRatingRow).where(FormatRatingRow.player_id == account.id)
    )
    for row in rows:
        ratings[row.format] = rating_json(row.mu, row.sigma, row.games, row.wins)
        points = await connection.execute(
            select(RatingPointRow.mu, RatingPointRow.sigma, RatingPointRow.at)
            .where(RatingPointRow.player_id == account.id, RatingPointRow.format == row.format)
            .order_by(RatingPointRow.at.desc(), RatingPointRow.game.desc())
            .limit(POINTS)
        )
        ratings[row.format]["history"] = [
            {"mu": round(p.mu, 3), "ordinal": ordinal(p.mu, p.sigma), "at": iso_utc(p.at)}
            for p in reversed(points.all())
        ]
    games = (
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
                TableRow.private,
                select(TournamentGameRow.id)
                .where(TournamentGameRow.table_id == GameRow.table_id)
                .exists()
                .label("tournament"),
            )
            .join(
                GamePlayerRow,
                (GamePlayerRow.table_id == GameRow.table_id) & (GamePlayerRow.game == GameRow.game),
            )
            .join(TableRow, TableRow.id == GameRow.table_id)
            .where(GamePlayerRow.player_id == account.id)
            .order_by(GameRow.finished_at.desc(), GameRow.table_id, GameRow.game.desc())
        )
    ).all()
    # As the ratings count it: a rated game the person left is lost, whatever the cards said.
    won = [
        outcome(row.seat, row.totals, row.winner, row.abandoned, rated=row.rated) == "won"
        for row in games
    ]
    recent = [
        {
            "table_id": row.table_id,
            "game": row.game,
            "finished_at": iso_utc(row.finished_at),
            "seats": list(row.seats),
            "you": row.seat,
            "totals": list(row.totals),
            "winner": row.winner,
            "won": win,
            "replay_url": f"/replay/{row.table_id}/{row.game}?seat={row.seat}",
        }
        for row, win in zip(games, won, strict=True)
        if not row.private or row.tournament
    ][:RECENT]
    return {
        "name": account.name,
        "since": iso_utc(account.created_at),
        "ratings": {name: ratings[name] for name in FORMATS if name in ratings},
        "played": len(games),
        "won": sum(won),
        "recent": recent,
        "bots_beaten": await bots_beaten(connection, account.id, games),
    }


async def bots_beaten(
    connection: AsyncConnection, player_id: str, games: Sequence[Any]
) -> list[dict[str, Any]]:
    """The bot levels the person has beaten, most often first (the stronger first on a tie):
    ``[{"level", "wins"}]``, ``wins`` counting the games they won with that level on another
    side (a bot partner is not beaten)."""
    sides = {(g.table_id, g.game): (g.seat % len(g.totals), len(g.totals), g.winner) for g in games}
    bots = await connection.execute(
        select(GameBotRow.table_id, GameBotRow.game, GameBotRow.seat, GameBotRow.level)
        .join(
            GamePlayerRow,
            (GamePlayerRow.table_id == GameBotRow.table_id)
            & (GamePlayerRow.game == GameBotRow.game),
        )
        .where(GamePlayerRow.player_id == player_id)
    )
    beaten: set[tuple[str, int, str]] = set()
    for bot in bots:
        side, count, winner = sides[(bot.table_id, bot.game)]
        if side == winner and bot.seat % count != winner:
            beaten.add((bot.table_id, bot.game, bot.level))
    wins = Counter(level for _, _, level in beaten)
    strength = {level: rank for rank, level in enumerate(BOT_NAMES)}
    order = sorted(wins, key=lambda level: (-wins[level], -strength.get(level, -1), level))
    return [{"level": level, "wins": wins[level]} for level in order]


async def leaderboard(
    connection: AsyncConnection, format_name: str, limit: int = LEADERBOARD
) -> list[dict[str, Any]]:
    """The best established ratings of a format: ``{"rank", "name", "profile_url", ...}``.

    An account is listed by its name, with its profile; a rated guest by the name they last
    played under, without one.
    """
    rows = await connection.execute(
        select(FormatRatingRow, AccountRow.name.label("account"), RatingRow.name.label("played"))
        .outerjoin(AccountRow, AccountRow.id == FormatRatingRow.player_id)
        .outerjoin(RatingRow, RatingRow.player_id == FormatRatingRow.player_id)
        .where(FormatRatingRow.format == format_name, FormatRatingRow.games >= ESTABLISHED_GAMES)
        .order_by(
            (FormatRatingRow.mu - 3 * FormatRatingRow.sigma).desc(), FormatRatingRow.mu.desc()
        )
        .limit(limit)
    )
    return [
        {
            "rank": place,
            "name": row.account or row.played or "?",
            "profile_url": None if row.account is None else f"/@/{row.account}",
            **rating_json(row.mu, row.sigma, row.games, row.wins),
        }
        for place, row in enumerate(rows, start=1)
    ]
