"""Alembic's entry point: run the migrations on the connection :mod:`pasur.server.db.migrations`
hands over. There is no offline (SQL script) mode and no URL of its own: the server's engine,
SQLite or PostgreSQL, always provides the connection.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from pasur.server.db.migrations import model_metadata


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if context.is_offline_mode() or not isinstance(connection, Connection):
        raise RuntimeError("the Pasur migrations run through pasur.server.db.migrations.upgrade")
    context.configure(
        connection=connection,
        target_metadata=model_metadata(),
        # SQLite alters most things by copying the table: batch mode does that for us.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
