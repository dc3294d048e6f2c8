"""Quick match in the database: ``queue_seekers``, one row a person from joining the queue
until they read their seat (:mod:`pasur.server.queue.store`). Before this revision the queue
lived in each process's memory, so there is nothing to carry over.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "queue_seekers",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("turn_timer", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("claimed_at", sa.Float(), nullable=True),
        sa.Column("table_id", sa.String(length=32), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("seat_token", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("player_id"),
    )
    op.create_index("ix_queue_seekers_state", "queue_seekers", ["state"])


def downgrade() -> None:
    op.drop_index("ix_queue_seekers_state", table_name="queue_seekers")
    op.drop_table("queue_seekers")
