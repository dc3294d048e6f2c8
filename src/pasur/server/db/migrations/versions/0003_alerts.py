"""Who holds which seat: the ``seat_holders`` table (:mod:`pasur.server.alerts.seat_index`), filled
from the seated and left events of the tables already stored, so "my games" lists them too; and
``tables.turn_started_at`` and ``tables.wake_at``, the stored turn clock of correspondence tables
and when one next has something to do; and
``push_subscriptions``, the browsers' Web Push subscriptions (:mod:`pasur.server.alerts`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

_events = sa.table(
    "table_events",
    sa.column("table_id", sa.String()),
    sa.column("n", sa.Integer()),
    sa.column("kind", sa.String()),
    sa.column("data", sa.JSON()),
)


def upgrade() -> None:
    op.add_column("tables", sa.Column("turn_started_at", sa.Float(), nullable=True))
    op.add_column("tables", sa.Column("wake_at", sa.Float(), nullable=True))
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("endpoint"),
    )
    op.create_index(
        "ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"], unique=False
    )
    holders = op.create_table(
        "seat_holders",
        sa.Column("player_id", sa.String(length=200), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "table_id"),
    )
    assert holders is not None
    rows = op.get_bind().execute(
        sa.select(_events.c.table_id, _events.c.kind, _events.c.data)
        .where(_events.c.kind.in_(("seated", "left")))
        .order_by(_events.c.table_id, _events.c.n)
    )
    held: dict[tuple[str, str], int] = {}
    for table_id, kind, data in rows:
        key = (str(data["player"]), str(table_id))
        if kind == "seated":
            held[key] = int(data["seat"])
        else:
            held.pop(key, None)
    if held:
        op.bulk_insert(
            holders,
            [{"player_id": p, "table_id": t, "seat": seat} for (p, t), seat in held.items()],
        )


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("seat_holders")
    with op.batch_alter_table("tables") as tables:  # SQLite drops a column by copying the table
        tables.drop_column("turn_started_at")
        tables.drop_column("wake_at")
