"""Sheets made offline: ``score_sheets.made_offline``, the id a browser gave a sheet it made with
no connection, unique, so that a creation sent again after its answer was lost finds the sheet
it made (:mod:`pasur.server.sheets.store`). Sheets made before this revision have none.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("score_sheets", sa.Column("made_offline", sa.String(length=36), nullable=True))
    op.create_index("ix_score_sheets_made_offline", "score_sheets", ["made_offline"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_score_sheets_made_offline", table_name="score_sheets")
    op.drop_column("score_sheets", "made_offline")
