"""Finished games, who played them, and ratings: the ``games``, ``game_players`` and ``ratings``
tables (:mod:`pasur.server.history.games`, :mod:`pasur.server.history.ratings`).

Games that ended before this revision have no ``games`` row: their records are still served from
the stored events, but they are not in anyone's history.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "game"),
    )
    op.create_table(
        "game_players",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "table_id", "game"),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("player_id"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_table("game_players")
    op.drop_table("games")
