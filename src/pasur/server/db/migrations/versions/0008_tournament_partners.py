"""Partnerships in a 4-player Swiss: ``tournament_entrants.partner``, the name of the partner an
entrant asked for when joining (:mod:`pasur.server.tournaments.teams`). Entrants made before
this revision asked for nobody.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("tournament_entrants", sa.Column("partner", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("tournament_entrants", "partner")
