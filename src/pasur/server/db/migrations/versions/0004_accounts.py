"""Accounts with passkeys: the ``accounts``, ``passkeys``, ``account_sessions``,
``device_links`` and ``passkey_challenges`` tables (:mod:`pasur.server.accounts`); ratings per
format and their history, for profiles and leaderboards: ``format_ratings`` and
``rating_points`` (:mod:`pasur.server.history.formats`); friends: ``follows``, ``blocks``,
``presence`` and ``challenges`` (:mod:`pasur.server.accounts.friends`).

Rated games that ended before this revision moved only the overall rating: they are in no
format's rating.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(length=200), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("user_handle", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("name_changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
        sa.UniqueConstraint("user_handle"),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(length=1400), nullable=False),
        sa.Column("account_id", sa.String(length=200), nullable=False),
        sa.Column("public_key", sa.String(length=2000), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("transports", sa.JSON(), nullable=False),
        sa.Column("label", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_passkeys_account_id", "passkeys", ["account_id"])
    op.create_table(
        "account_sessions",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.String(length=200), nullable=False),
        sa.Column("label", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("digest"),
        sa.UniqueConstraint("public_id"),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "device_links",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("digest"),
    )
    op.create_index("ix_device_links_account_id", "device_links", ["account_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("challenge", sa.String(length=128), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=True),
        sa.Column("name", sa.String(length=64), nullable=True),
        sa.Column("user_handle", sa.String(length=64), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("challenge"),
    )

    op.create_table(
        "format_ratings",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "format"),
    )
    op.create_table(
        "rating_points",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "table_id", "game"),
    )

    for name, one, other in (
        ("follows", "follower_id", "followed_id"),
        ("blocks", "blocker_id", "blocked_id"),
    ):
        op.create_table(
            name,
            sa.Column(one, sa.String(length=200), nullable=False),
            sa.Column(other, sa.String(length=200), nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.PrimaryKeyConstraint(one, other),
        )
        op.create_index(f"ix_{name}_{other}", name, [other])
    op.create_table(
        "presence",
        sa.Column("account_id", sa.String(length=200), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("account_id"),
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("from_id", sa.String(length=200), nullable=False),
        sa.Column("to_id", sa.String(length=200), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_challenges_from_id", "challenges", ["from_id"])
    op.create_index("ix_challenges_to_id", "challenges", ["to_id"])


def downgrade() -> None:
    for name in ("challenges", "presence", "blocks", "follows"):
        op.drop_table(name)
    op.drop_table("rating_points")
    op.drop_table("format_ratings")
    op.drop_table("passkey_challenges")
    op.drop_index("ix_device_links_account_id", table_name="device_links")
    op.drop_table("device_links")
    op.drop_index("ix_account_sessions_account_id", table_name="account_sessions")
    op.drop_table("account_sessions")
    op.drop_index("ix_passkeys_account_id", table_name="passkeys")
    op.drop_table("passkeys")
    op.drop_table("accounts")
