"""The bots' rating pool: ``game_bots`` (which bot level played which seat of a finished game)
and ``bot_ratings`` (each level's rating per format), :mod:`pasur.server.history.bot_pool`.

Games finished before this revision have no ``game_bots`` rows: they neither rated the bots
nor count as bots beaten.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "game_bots",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("level", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "game", "seat"),
    )
    op.create_table(
        "bot_ratings",
        sa.Column("level", sa.String(length=32), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("level", "format"),
    )


def downgrade() -> None:
    op.drop_table("bot_ratings")
    op.drop_table("game_bots")
