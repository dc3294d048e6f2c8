"""``INSERT ... ON CONFLICT`` on SQLite and PostgreSQL alike.

A row that two requests may write at once (a double click, two tabs, two processes) is written
in one statement that either inserts it or meets the row already there, never a read or a delete
followed by an insert: under PostgreSQL's READ COMMITTED two such pairs both find no row and the
second insert fails on the key, and a delete can take a row another request has just claimed.
Both databases spell it the same way (``on_conflict_do_update`` with an optional ``where``, or
``on_conflict_do_nothing``); only the statement's class is the dialect's own.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection


def insert_or(connection: AsyncConnection, table: Any) -> postgresql.Insert | sqlite.Insert:
    """An INSERT into ``table`` (a row class or table) that can say what to do on a conflict, in
    the dialect of ``connection``'s database."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)
