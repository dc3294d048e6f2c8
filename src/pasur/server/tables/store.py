"""Online tables in the database: a ``tables`` row per table and a ``table_events`` row per event
(:mod:`pasur.server.db.rows`).

The ``tables`` row holds the settings (:meth:`TableConfig.to_json`), who created the table, its
status and version, and the seat tokens (as SHA-256 digests: a stolen database opens no seat).
The events are the table's private stored form (:meth:`Event.to_json`), numbered from 1; with the
settings they rebuild the table exactly (:meth:`Table.from_log`). Every step a table takes is
written in one transaction with its new events and the updated row.

Steps are stored by group commit: one writer task takes every step queued since its last write,
across all tables, and stores them in one transaction (one ``INSERT`` of all their events, one
``UPDATE`` per run of steps that change the same columns), then answers each waiting table. A
step is still answered only once it is committed; what the database costs per transaction (the
statements, the round trips, the commit) is shared by every table that played meanwhile, which
is what let one process keep up with thousands of sockets (docs/performance.md, "Server load").
If a batch fails, its steps are written again one transaction each, so one bad step (say, a step
fenced off because another process took the table) cannot sink the others.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import Event
from pasur.server.db.database import Database
from pasur.server.db.rows import TableEventRow, TableRow


def token_digest(token: str) -> str:
    """What is stored of a seat token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class TableExists(Exception):
    """A table of this id is stored already: another request made it first (an id that is a
    digest of what it holds, as an uploaded offline game's, can be sent twice at once)."""


class StaleWriter(Exception):
    """The table's stored version is not the writer's: another process has written it since."""


@dataclasses.dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as read back: enough to rebuild it."""

    id: str
    creator: str
    config: dict[str, Any]
    seats: dict[str, str]
    events: list[dict[str, Any]]
    turn_started_at: float | None = None
    """When the turn being played began (seconds since the epoch): correspondence tables only."""


def _event_rows(table_id: str, events: Sequence[Event]) -> list[dict[str, Any]]:
    rows = []
    for event in events:
        stored = event.to_json()
        rows.append(
            {"table_id": table_id, "n": stored["n"], "kind": stored["kind"], "data": stored["data"]}
        )
    return rows


AppendHook = Callable[[AsyncConnection, str, Sequence[Event]], Awaitable[None]]
"""Called with each stored step's connection, table id and events, inside its transaction."""


@dataclasses.dataclass(slots=True)
class _Step:
    """A step waiting for the writer: its events, the columns of its table's row that change,
    and the future its table awaits."""

    table_id: str
    events: Sequence[Event]
    values: dict[str, Any]
    stored: asyncio.Future[None]
    at: int | None = None
    """A step with no events is stored only where the stored table is at this version."""


_INSERT_EVENTS = insert(TableEventRow)
_UPDATE_ROW = update(TableRow).where(TableRow.id == bindparam("step_table"))
_UPDATE_ROW_AT = _UPDATE_ROW.where(TableRow.version == bindparam("step_at"))
"""The step statements, built once: SQLAlchemy then finds their compiled forms by identity (and
the columns given) instead of building and hashing new statements for every step. The ``UPDATE``
sets the columns its parameters name."""

_STORE_WAKE = (
    update(TableRow)
    .where(TableRow.id == bindparam("woken"), TableRow.version == bindparam("at"))
    .values(wake_at=bindparam("wake"))
)
"""A ``wake_at`` stored as a table leaves memory, where the table is still at that version."""


class TableStore:
    """Writes and reads online tables.

    ``after_append`` runs in the transaction of every step stored, so what it writes (finished
    games, ratings) is stored with the step or not at all.
    """

    def __init__(self, database: Database, *, after_append: AppendHook | None = None) -> None:
        self._engine = database.engine
        self._after_append = after_append
        self._queued: list[_Step] = []
        self._writer: asyncio.Task[None] | None = None

    async def create(
        self,
        table_id: str,
        *,
        creator: str,
        config: dict[str, Any],
        private: bool,
        status: str,
        events: Sequence[Event],
        wake_at: float | None = None,
    ) -> None:
        """Store a new table with its first events (and when it first acts by itself), as one
        step: ``after_append`` runs in the same transaction, so a table stored whole at once (an
        uploaded offline game, finished) has its finished games written with it, or nothing is.

        Raises:
            TableExists: a table of this id is stored already; nothing was written.
        """
        now = datetime.now(UTC)
        row = insert(TableRow).values(
            id=table_id,
            created_at=now,
            updated_at=now,
            creator=creator,
            private=private,
            status=status,
            version=events[-1].number if events else 0,
            config=config,
            seats={},
            wake_at=wake_at,
        )
        try:
            async with self._engine.begin() as connection:
                await connection.execute(row)
                if events:
                    await connection.execute(insert(TableEventRow), _event_rows(table_id, events))
                    if self._after_append is not None:
                        await self._after_append(connection, table_id, events)
        except IntegrityError:
            raise TableExists(table_id) from None

    async def append(
        self,
        table_id: str,
        events: Sequence[Event],
        *,
        status: str,
        seats: dict[str, str] | None = None,
        turn_started_at: float | None = None,
        wake_at: float | None = None,
        version: int | None = None,
    ) -> None:
        """Store a step: its events, the table's new status, its seat tokens if they changed, when
        it next needs a writer by itself (``wake_at``), and at a correspondence table when its
        turn began (seconds since the epoch).

        A step is fenced against a writer that lost the table without knowing (a process paused
        past its lease, ``docs/deploy.md``): its events' numbers are unique in the table's log,
        and a step with none (new seat tokens) is stored only where the stored table is still at
        ``version``, the writer's version; else :class:`StaleWriter` is raised.

        Returns once the step is committed (with the other steps queued meanwhile); raises what
        storing it alone raised if it could not be stored.
        """
        if not events and seats is None:
            return
        values: dict[str, Any] = {"updated_at": datetime.now(UTC), "status": status}
        if events:
            values["version"] = events[-1].number
        if seats is not None:
            values["seats"] = dict(seats)
        if turn_started_at is not None:
            values["turn_started_at"] = turn_started_at
        if wake_at is not None:
            values["wake_at"] = wake_at
        stored = asyncio.get_running_loop().create_future()
        step = _Step(table_id, events, values, stored, None if events else version)
        self._queued.append(step)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued())
        # Shielded: a caller cancelled meanwhile leaves the step to be stored all the same, and
        # its outcome is still read (no "exception never retrieved").
        await asyncio.shield(step.stored)

    async def flush(self) -> None:
        """Wait until every step queued so far is stored (or has failed)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)

    async def _write_queued(self) -> None:
        """The writer: store what is queued, one transaction per batch, until nothing is left."""
        while self._queued:
            batch, self._queued = self._queued, []
            try:
                await self._write(batch)
            except Exception as error:
                if len(batch) == 1:
                    _settle(batch[0], error)
                    continue
                for step in batch:
                    try:
                        await self._write([step])
                    except Exception as alone:
                        _settle(step, alone)
                    else:
                        _settle(step, None)
            else:
                for step in batch:
                    _settle(step, None)

    async def _write(self, steps: list[_Step]) -> None:
        """Store ``steps`` in one transaction: all their events, then each table's row (in the
        steps' order, one ``UPDATE`` per run of steps that change the same columns, and one of
        its own, fenced by the version, for a step with no events), then the ``after_append``
        hook per step."""
        rows = [row for step in steps for row in _event_rows(step.table_id, step.events)]
        async with self._engine.begin() as connection:
            if rows:
                await connection.execute(_INSERT_EVENTS, rows)
            run: list[dict[str, Any]] = []
            columns: tuple[str, ...] = ()
            for step in steps:
                changed = tuple(step.values)
                if run and (changed != columns or step.at is not None):
                    await connection.execute(_UPDATE_ROW, run)
                    run = []
                columns = changed
                if step.at is not None:
                    await _write_at(connection, step)
                else:
                    run.append({"step_table": step.table_id, **step.values})
            if run:
                await connection.execute(_UPDATE_ROW, run)
            if self._after_append is not None:
                for step in steps:
                    if step.events:
                        await self._after_append(connection, step.table_id, step.events)

    async def store_wakes(self, wakes: Sequence[tuple[str, int, float]]) -> None:
        """Store the ``wake_at`` of tables about to leave memory: (table id, version, wake_at)
        each, in one statement. A table that has moved on since (a step stored meanwhile, with
        its own ``wake_at``) keeps what it has."""
        if not wakes:
            return
        rows = [
            {"woken": table_id, "at": version, "wake": wake} for table_id, version, wake in wakes
        ]
        async with self._engine.begin() as connection:
            await connection.execute(_STORE_WAKE, rows)

    async def load(self, table_id: str) -> StoredTable | None:
        """The table with that id and all its events, or None."""
        async with self._engine.connect() as connection:
            row = (
                await connection.execute(select(TableRow).where(TableRow.id == table_id))
            ).first()
            if row is None:
                return None
            events = (
                await connection.execute(
                    select(TableEventRow.n, TableEventRow.kind, TableEventRow.data)
                    .where(TableEventRow.table_id == table_id)
                    .order_by(TableEventRow.n)
                )
            ).all()
        return StoredTable(
            id=row.id,
            creator=row.creator,
            config=dict(row.config),
            seats={str(k): str(v) for k, v in dict(row.seats).items()},
            events=[{"n": n, "kind": kind, "data": data} for n, kind, data in events],
            turn_started_at=row.turn_started_at,
        )

    async def turn_started_at(self, table_id: str) -> float | None:
        """When the table's turn began, as last stored (correspondence tables only)."""
        async with self._engine.connect() as connection:
            found = await connection.scalar(
                select(TableRow.turn_started_at).where(TableRow.id == table_id)
            )
        return None if found is None else float(found)

    async def lobby_ids(self, limit: int = 500) -> list[str]:
        """The public tables waiting for players, newest first: what every process's lobby
        lists when several share the database."""
        async with self._engine.connect() as connection:
            result = await connection.execute(
                select(TableRow.id)
                .where(TableRow.status == "waiting", TableRow.private.is_(False))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
            return [str(value) for value in result.scalars()]

    async def active_ids(self, *, awake_before: float | None = None) -> list[str]:
        """The tables whose game has not finished (waiting or playing): resumed at start-up.

        With ``awake_before`` (seconds since the epoch), a correspondence table only if it has
        something to do before then: the others stay out of memory until they do.
        """
        query = select(TableRow.id).where(TableRow.status != "finished")
        if awake_before is not None:
            query = query.where((TableRow.wake_at.is_(None)) | (TableRow.wake_at < awake_before))
        async with self._engine.connect() as connection:
            result = await connection.execute(query.order_by(TableRow.id))
            return [str(value) for value in result.scalars()]


async def _write_at(connection: AsyncConnection, step: _Step) -> None:
    """Store a step with no events where its table is still at the writer's version.

    Raises:
        StaleWriter: it is not (the transaction is then rolled back).
    """
    values = {"step_table": step.table_id, "step_at": step.at, **step.values}
    if (await connection.execute(_UPDATE_ROW_AT, values)).rowcount != 1:
        raise StaleWriter(f"table {step.table_id} is no longer at version {step.at}")


def _settle(step: _Step, error: Exception | None) -> None:
    """Answer the table waiting for ``step``."""
    if step.stored.done():  # pragma: no cover - the shield keeps callers from cancelling it
        return
    if error is None:
        step.stored.set_result(None)
    else:
        step.stored.set_exception(error)
