"""The schema: the declarative :class:`Base` and every table the server keeps, as SQLAlchemy
rows, but the accounts' (:mod:`pasur.server.db.account_rows`, on the same Base).

Each feature owns some of these rows (its module says which) but declares none itself, so the
migrations (:mod:`pasur.server.db.migrations`) and the tests that compare them with the schema
read the row modules of this wing alone, which import nothing but SQLAlchemy. Changing a row
means writing the migration that makes the same change (``migrations/__init__.py`` says how).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of every table the server keeps."""


# Online tables (pasur.server.tables.store).


class TableRow(Base):
    """One online table."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    creator: Mapped[str] = mapped_column(String(200))
    private: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[dict[str, Any]] = mapped_column(JSON)
    """``{"0": "<sha256 of the seat token>", ...}`` for the seats people hold."""
    turn_started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the turn being played began, in seconds since the epoch: kept for correspondence
    tables, whose clocks must survive a restart or a takeover (None at other tables)."""
    wake_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the table next needs a writer by itself (seconds since the epoch), written with every
    step (:func:`pasur.server.tables.idle.wake_at`): a correspondence table's timer, at once for a
    real-time game being played, far away when nothing is due. A table out of memory stays out
    until then, or until someone asks for it. None: stored before this was written for every
    table (such a table is resumed at start-up, and given one when it leaves memory)."""


class TableEventRow(Base):
    """One event of a table, in its private stored form."""

    __tablename__ = "table_events"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


# Finished games and ratings (pasur.server.history).


class GameRow(Base):
    """One finished game of a table."""

    __tablename__ = "games"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seats: Mapped[list[str]] = mapped_column(JSON)
    """The names as the game started."""
    totals: Mapped[list[int]] = mapped_column(JSON)
    winner: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    """Whether the game moved people's ratings (a game with bots moves the bots' own instead)."""
    abandoned: Mapped[list[int]] = mapped_column(JSON, server_default="[]")
    """The seats whose person left during the game, or whose stand-in bot still played for them
    at its end; a rated game counts their sides as its losers (``history.ratings.outcome``)."""


class GamePlayerRow(Base):
    """A person who played a finished game, and in which seat."""

    __tablename__ = "game_players"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """One person's rating."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    """The name they last played a rated game under."""
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games played."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FormatRating:
    """What a rating in one format holds, for people and bot levels alike: OpenSkill's mean and
    uncertainty, the games it counts and the games won."""

    format: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FormatRatingRow(FormatRating, Base):
    """One person's rating in one format (2, 3 or 4 players, or partnerships); its games are
    the rated games played in the format."""

    __tablename__ = "format_ratings"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)


class RatingPointRow(Base):
    """A person's rating in a format right after one rated game: the profile's chart."""

    __tablename__ = "rating_points"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    format: Mapped[str] = mapped_column(String(16))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameBotRow(Base):
    """A bot that played a finished game, by its level and seat: the bot pool's results and
    each profile's bots beaten."""

    __tablename__ = "game_bots"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    level: Mapped[str] = mapped_column(String(32))


class BotRatingRow(FormatRating, Base):
    """A bot level's rating in one format: the bots' own pool, apart from people's; its games
    are the games with people the level played in the format."""

    __tablename__ = "bot_ratings"

    level: Mapped[str] = mapped_column(String(32), primary_key=True)


# Score sheets (pasur.server.sheets).


class ScoreSheetRow(Base):
    """One score sheet."""

    __tablename__ = "score_sheets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True)
    share_token: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    made_offline: Mapped[str | None] = mapped_column(String(36), unique=True, index=True)
    """The id a browser gave the sheet it made with no connection (a UUID): the same creation
    sent again, after its answer was lost, finds this sheet instead of making another."""


# Quick match (pasur.server.queue).


class QueueSeekerRow(Base):
    """Someone in the quick-match queue, from joining until they read the seat they were given:
    in the database, so that every process of a cluster pairs one queue (docs/quick-match.md)."""

    __tablename__ = "queue_seekers"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    rating: Mapped[float] = mapped_column(Float)
    players: Mapped[int] = mapped_column(Integer)
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    joined_at: Mapped[float] = mapped_column(Float)
    """Seconds since the epoch: the rating window widens with the time waited."""
    seen_at: Mapped[float] = mapped_column(Float)
    """When the person last asked for their status (their waiting page asks every two seconds)."""
    state: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting``; ``seating`` while a process makes the group's table; ``matched``."""
    claimed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the row left ``waiting``."""
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat's token, kept until the person reads it once (the table keeps only its digest)."""


# Tournaments (pasur.server.tournaments).


class TournamentRow(Base):
    """A Swiss or arena tournament, made by an account."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(8))
    """``swiss`` or ``arena``."""
    players: Mapped[int] = mapped_column(Integer)
    """Seats at each table: 2, or 4 in partnerships (Swiss only)."""
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The house rules: ``{"preset": ..., "settings": {...}}`` as make_rules takes them."""
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """How long an arena lasts."""
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """How many rounds a Swiss has."""
    creator_id: Mapped[str] = mapped_column(String(200), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentEntrantRow(Base):
    """One account in a tournament; ``seed`` is the order of joining (ties in the standings)."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[bool] = mapped_column(Boolean)
    partner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """A 4-player Swiss: the partner's name asked for (:mod:`pasur.server.tournaments.teams`)."""


class TournamentGameRow(Base):
    """One pairing: a game between two entrants (or a bye, ``second`` empty) and its result.
    In a 4-player Swiss each side is a team, written ``first id+second id``."""

    __tablename__ = "tournament_games"
    __table_args__ = (UniqueConstraint("tournament_id", "round", "first"),)
    """A pairing made twice at once (two processes) is refused by the database."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    """The Swiss round (from 1); in an arena, the pairing's number."""
    first: Mapped[str] = mapped_column(String(200))
    second: Mapped[str | None] = mapped_column(String(200), nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the table was made: whoever has not sat down soon after has missed the pairing."""
    outcome: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """First's result in half-points (2 a win, 1 a draw, 0 a loss); empty while playing."""
    finished: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The order in which the tournament's games ended (an arena's streaks follow it)."""


# Web Push subscriptions (pasur.server.alerts.subscriptions).


class PushSubscriptionRow(Base):
    """One browser's Web Push subscription, for the guest who made it."""

    __tablename__ = "push_subscriptions"

    endpoint: Mapped[str] = mapped_column(String(1000), primary_key=True)
    """The push service's URL for this browser: unique, so a browser subscribed again is updated."""
    player_id: Mapped[str] = mapped_column(String(200), index=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    """The browser's public key (base64url), that the payload is encrypted to (RFC 8291)."""
    auth: Mapped[str] = mapped_column(String(100))
    """The browser's authentication secret (base64url)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# The server's own secrets (pasur.server.http.guests, pasur.server.alerts.vapid).


class ServerSecretRow(Base):
    """Secrets the server generates once and keeps: the cookie-signing key, the VAPID key."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


# The daily deal (pasur.server.daily.store).


class DailyDealRow(Base):
    """One day's deal of one format: its deck order and secrets (revealed once the day is over)."""

    __tablename__ = "daily_deals"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seed: Mapped[str] = mapped_column(String(64))
    salt: Mapped[str] = mapped_column(String(64))
    deck: Mapped[list[int]] = mapped_column(JSON)
    commitment: Mapped[str] = mapped_column(String(64))
    expert: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The expert's own game on the deal from the person's seat, once worked out."""


class DailyAttemptRow(Base):
    """One person's attempt at a day's deal: every move of the game, and its score once over."""

    __tablename__ = "daily_attempts"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    device: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(64))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    moves: Mapped[list[str]] = mapped_column(JSON)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The person's round points minus the best bot's, once the round is over."""
    review: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    """The coach's review of the person's turns, once worked out."""


# Puzzles (pasur.server.puzzles.store).


class PuzzlePlayerRow(Base):
    """One person's puzzle rating (OpenSkill's mean and uncertainty), counts and streak."""

    __tablename__ = "puzzle_players"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    """Puzzles tried (first attempts: the ones that count)."""
    solved: Mapped[int] = mapped_column(Integer)
    streak: Mapped[int] = mapped_column(Integer)
    """Counted attempts solved in a row, up to the last one."""
    best_streak: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PuzzleRatingRow(Base):
    """A puzzle's own rating, once someone has tried it (before, its difficulty's)."""

    __tablename__ = "puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    solved: Mapped[int] = mapped_column(Integer)


class PuzzleAttemptRow(Base):
    """A person's first attempt at a puzzle, the one that counted: keyed by (person, puzzle),
    so that two requests at once count once."""

    __tablename__ = "puzzle_attempts"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    theme: Mapped[str] = mapped_column(String(32))
    """The puzzle's theme, kept for the history should a later set no longer hold the puzzle."""
    play: Mapped[str] = mapped_column(String(100))
    solved: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rating_before: Mapped[int] = mapped_column(Integer)
    rating_after: Mapped[int] = mapped_column(Integer)
    """The person's displayed puzzle rating before and after it."""
    puzzle_before: Mapped[int] = mapped_column(Integer)
    puzzle_after: Mapped[int] = mapped_column(Integer)
    """The puzzle's displayed rating before and after it."""
    last_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When the person last tried it (again: later attempts count for nothing but this, which
    the choice of the next puzzle reads once every puzzle has been tried)."""


# Who holds which seat, for "my games" (pasur.server.alerts.seat_index).


class SeatHolderRow(Base):
    """A person holding a seat at a table: kept from the table's seated and left events."""

    __tablename__ = "seat_holders"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
