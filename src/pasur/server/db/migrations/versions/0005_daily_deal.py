"""The daily deal: the ``daily_deals`` and ``daily_attempts`` tables (:mod:`pasur.server.daily`).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "daily_deals",
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("players", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("deck", sa.JSON(), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("expert", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("day", "players"),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("players", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("device", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("day", "players", "player_id"),
    )
    op.create_index("ix_daily_attempts_device", "daily_attempts", ["device"])


def downgrade() -> None:
    op.drop_index("ix_daily_attempts_device", table_name="daily_attempts")
    op.drop_table("daily_attempts")
    op.drop_table("daily_deals")
