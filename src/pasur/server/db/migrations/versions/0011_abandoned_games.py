"""Who left each finished game: ``games.abandoned``, the seats whose person left during it (or
whose stand-in bot still played for them at its end), so that a person's history and profile
say a rated game left early was lost, as its ratings counted it
(:func:`pasur.server.history.ratings.outcome`). Games finished before this revision have none.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("abandoned", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
    )


def downgrade() -> None:
    op.drop_column("games", "abandoned")
