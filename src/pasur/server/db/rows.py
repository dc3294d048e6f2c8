"""The whole schema: every table the server keeps, as SQLAlchemy rows, in one file.

Each feature owns some of these rows (its module says which) but declares none itself, so the
migrations (:mod:`pasur.server.db.migrations`) and the tests that compare them with the schema
read one module that imports nothing but SQLAlchemy. Changing a row means writing the migration
that makes the same change (``migrations/__init__.py`` says how).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String
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
    """When a correspondence table next has something to do by itself (seconds since the epoch;
    far away when nothing is due): an idle one stays out of memory until then. None at other
    tables, which are always kept in memory."""


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
    """Whether the game moved ratings."""


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


# Who holds which seat, for "my games" (pasur.server.alerts.seat_index).


class SeatHolderRow(Base):
    """A person holding a seat at a table: kept from the table's seated and left events."""

    __tablename__ = "seat_holders"

    player_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
