"""The accounts' rows: accounts with their passkeys and signed-in devices, and what accounts
keep between them (follows, blocks, presence, challenges).

They are declared on the one :class:`~pasur.server.db.rows.Base`, apart from the rest of the
schema in :mod:`pasur.server.db.rows` only because accounts are a wing of their own; the
migrations import both modules, so :func:`pasur.server.db.migrations.model_metadata` holds
every table. Like ``rows``, this module imports nothing but SQLAlchemy and that Base, and a
changed row needs the migration that makes the same change.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from pasur.server.db.rows import Base

# Accounts with passkeys (pasur.server.accounts).


class AccountRow(Base):
    """One account: a guest who added a passkey, under the id they played with as a guest."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    """The guest id it adopted: games, ratings and seats keyed by it stay the account's."""
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    """The name as compared (pasur.protocol.names.name_key): one account per key."""
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)
    """The WebAuthn user handle (random, base64url): what a discoverable passkey returns."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name_changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    """One passkey (WebAuthn credential) of an account."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    """The credential id, base64url."""
    account_id: Mapped[str] = mapped_column(
        String(200), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    public_key: Mapped[str] = mapped_column(String(2000))
    """The COSE public key, base64url."""
    sign_count: Mapped[int] = mapped_column(Integer)
    transports: Mapped[list[str]] = mapped_column(JSON)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSessionRow(Base):
    """One signed-in device: its cookie carries the token whose digest is the key."""

    __tablename__ = "account_sessions"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The SHA-256 of the session token (the token itself is only in the cookie)."""
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    """What the account page calls the session, to revoke it."""
    account_id: Mapped[str] = mapped_column(
        String(200), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeviceLinkRow(Base):
    """A one-time code a signed-in device shows, to sign in another device."""

    __tablename__ = "device_links"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(200), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyChallengeRow(Base):
    """A WebAuthn ceremony under way: its challenge is used once, before it expires."""

    __tablename__ = "passkey_challenges"

    challenge: Mapped[str] = mapped_column(String(128), primary_key=True)
    """The challenge, base64url."""
    purpose: Mapped[str] = mapped_column(String(16))
    """``register`` (a new passkey) or ``sign_in``."""
    subject: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The guest or account a new passkey is for; None when signing in."""
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The name a guest's new account will have."""
    user_handle: Mapped[str | None] = mapped_column(String(64), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# Friends, blocks, presence and challenges between accounts (pasur.server.accounts.friends).


class FollowRow(Base):
    """One account follows another (a friend: they see whether the other is online)."""

    __tablename__ = "follows"

    follower_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    followed_id: Mapped[str] = mapped_column(String(200), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BlockRow(Base):
    """One account blocks another: no follow, no challenge between them."""

    __tablename__ = "blocks"

    blocker_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(String(200), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """When an account was last seen by any server process (at most once a minute)."""

    __tablename__ = "presence"

    account_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeRow(Base):
    """A challenge to a table with chosen settings, from one account to another."""

    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    from_id: Mapped[str] = mapped_column(String(200), index=True)
    to_id: Mapped[str] = mapped_column(String(200), index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The table's settings as the challenge's body gave them."""
    status: Mapped[str] = mapped_column(String(16))
    """``pending``, ``accepted`` or ``declined``."""
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table made when the challenge was accepted."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
