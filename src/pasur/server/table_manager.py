"""Live tables: one writer per table, stored steps, per-connection send queues, and timers.

The :class:`TableManager` holds every live :class:`~pasur.server.table.Table` as a
:class:`LiveTable`. All changes to a table go through :meth:`TableManager.act`, which holds the
table's lock (one writer per table), calls the action, then :meth:`Table.tick`, stores the new
events in the database, and only then sends them to every connection, each rendered for its
recipient. If storing fails the table is dropped from memory and its connections are closed, so
nothing is sent that the database does not hold; the next request reloads it.

Each connection has a bounded send queue drained by its own task: a slow client never stalls the
table, and a client whose queue overflows is disconnected (it reconnects with ``since``). A
background task per table sleeps until :meth:`Table.next_deadline` and ticks the table then, so
bots, turn timers and disconnect grace periods act with nobody sending anything.

The table's chat lives here too, beside the table rather than in it: chat lines are not events
(they must not raise the version, or plays would go stale) and are kept in memory only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from pasur.server import table_commands
from pasur.server.chat import ChatLog, clean_chat
from pasur.server.hints import Hinter
from pasur.server.rate_limit import SocketLimits
from pasur.server.table import Player, SeatKind, Table, TableConfig, TableError
from pasur.server.table_events import JSON, SPECTATOR, Event
from pasur.server.table_store import TableStore, token_digest

log = logging.getLogger("pasur.server.tables")

SEND_QUEUE = 512
"""Frames waiting for one connection before it counts as too slow and is closed."""

SHUTDOWN_CLOSE = 1012
"""The close code of every table socket when the server stops (Ctrl+C, SIGTERM): 1012, "service
restart", as uvicorn closes the sockets it holds then, so the client reconnects a little later
(to this server once it is back, or to another one)."""


class Socket(Protocol):
    """What a connection needs of a WebSocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class StoreFailed(Exception):
    """A table's step could not be stored; the table was dropped from memory."""


def clock() -> float:
    """The time tables run on (seconds, monotonic)."""
    return time.monotonic()


def encode(frame: JSON) -> str:
    """A frame as the text sent for it: compact JSON."""
    return json.dumps(frame, separators=(",", ":"))


class Connection:
    """One socket at a table: a recipient (a seat or a spectator), a bounded send queue, and the
    socket's rate limits (None: unlimited, for tests that drive the handler directly)."""

    def __init__(self, socket: Socket, recipient: int, limits: SocketLimits | None = None) -> None:
        self.socket = socket
        self.recipient = recipient
        self.limits = limits
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False
        self._task: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start draining the queue into the socket."""
        self._task = asyncio.create_task(self._drain())

    def send(self, frame: JSON) -> None:
        """Queue a frame; a full queue closes the connection instead of waiting."""
        if not self.closed:
            self.send_encoded(encode(frame))

    def send_encoded(self, text: str) -> None:
        """Queue a frame already written as JSON (:func:`encode`), as :meth:`send` does."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a connection fell %d frames behind; closing it", SEND_QUEUE)
            self.close(1013, "too slow")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending and close the socket (without waiting)."""
        if self.closed:
            return
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        self._closer = asyncio.create_task(self._close_socket(code, reason))

    async def stop(self) -> None:
        """Send what is queued (briefly), then stop the drain task."""
        if self._task is None or self.closed:
            self.closed = True
            return
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, 1.0)
        self.closed = True

    async def finish(self, code: int, reason: str) -> None:
        """Send what is queued (briefly, as :meth:`stop`), then close the socket: the last frames,
        such as the error that explains the close, arrive first."""
        await self.stop()
        await self._close_socket(code, reason)

    async def _drain(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.closed = True

    async def _close_socket(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code, reason)


class LiveTable:
    """A table in memory, with its lock, its connections and its timer task."""

    def __init__(self, table_id: str, table: Table, creator: str, seats: dict[str, str]) -> None:
        self.id = table_id
        self.table = table
        self.creator = creator
        self.seat_tokens = dict(seats)
        """Seat number (as text) -> SHA-256 of its token."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.wake = asyncio.Event()
        self.timer: asyncio.Task[None] | None = None
        self.dropped = False
        self.chat = ChatLog()
        """The last chat lines, sent to each new connection (memory only)."""
        self.owned = True
        """Whether this server is the table's writer (always, without a cluster); otherwise the
        table is a replica that follows the owner's events (:mod:`pasur.server.cluster`)."""

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = token_digest(token)
        for seat, stored in self.seat_tokens.items():
            if secrets.compare_digest(stored, digest):
                return int(seat)
        return None

    def connected_to(self, seat: int) -> int:
        """How many open connections hold ``seat``."""
        return sum(1 for c in self.connections if c.recipient == seat and not c.closed)


Action = Callable[[Table, float], list[Event]]


class TableManager:
    """Every live table of one server, and the store behind them."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._running = False
        self._background: set[asyncio.Task[None]] = set()
        self.hinter = Hinter()
        """Ranks moves for hint requests at practice tables, off the event loop."""

    async def start(self) -> None:
        """Resume every table whose game has not finished (after a restart)."""
        self._running = True
        for table_id in await self.store.active_ids():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("could not resume table %s", table_id)

    async def stop(self) -> None:
        """Stop every timer and close every connection."""
        self._running = False
        timers = [live.timer for live in self.tables.values() if live.timer is not None]
        for live in list(self.tables.values()):
            self._drop(live, SHUTDOWN_CLOSE, "server shutting down")
        self.tables.clear()
        # Wait for the timers (and clean-ups, hints) to end before the database closes under them.
        pending = [task for task in [*timers, *self._background] if not task.done()]
        if pending:
            await asyncio.wait(pending, timeout=5.0)
        await self.store.flush()

    async def create(self, config: TableConfig, creator: str, bots: dict[int, str]) -> LiveTable:
        """A new table with bots in the given seats, stored before it is returned."""
        table = Table(config)
        events: list[Event] = []
        for seat, level in sorted(bots.items()):
            events += table.put_bot(seat, level)
        table_id = secrets.token_urlsafe(9)
        await self.store.create(
            table_id,
            creator=creator,
            config=config.to_json(),
            private=config.private,
            status=table.status.value,
            events=events,
        )
        live = LiveTable(table_id, table, creator, {})
        self.tables[table_id] = live
        self._start_timer(live)
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table with that id, loaded from the database if need be, or None."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if len(table_id) > 32:
            return None
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            live = await self.load(table_id)
            if live is None:
                return None
            self.tables[table_id] = live
        await self.resume(live)
        return live

    async def load(self, table_id: str) -> LiveTable | None:
        """The table rebuilt from the database (not yet kept or started), or None."""
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        config = TableConfig.from_json(stored.config)
        table = Table.from_log(config, stored.events, now=clock())
        return LiveTable(table_id, table, stored.creator, stored.seats)

    async def resume(self, live: LiveTable) -> None:
        """Start writing a table this server has just loaded or taken over: the people the log
        shows connected but with no connection here are marked gone, and its timer starts."""
        people = [
            seat
            for seat, state in enumerate(live.table.seats)
            if state.connected and live.connected_to(seat) == 0
        ]

        def disconnect_all(table: Table, now: float) -> list[Event]:
            events: list[Event] = []
            for seat in people:
                events += table.set_connected(seat, False, now=now)
            return events

        await self.act(live, disconnect_all)
        self._start_timer(live)

    def public_tables(self) -> list[LiveTable]:
        """Public tables still waiting for players, for the lobby."""
        return [
            live
            for live in self.tables.values()
            if not live.table.config.private and live.table.status.value == "waiting"
        ]

    async def act(
        self, live: LiveTable, action: Action, *, seats: dict[str, str] | None = None
    ) -> list[Event]:
        """Run ``action`` on the table under its lock, tick, store, then broadcast.

        ``seats`` replaces the table's seat tokens in the same stored step.

        Raises:
            TableError: the action was refused (nothing changed, nothing stored).
            StoreFailed: the step could not be stored; the table was dropped from memory.
        """
        async with live.lock:
            return await self.act_locked(live, action, seats=seats)

    async def act_locked(
        self, live: LiveTable, action: Action, *, seats: dict[str, str] | None = None
    ) -> list[Event]:
        if live.dropped:
            raise TableError("bad_log", "the table is being reloaded; try again")
        table = live.table
        now = clock()
        events = action(table, now)
        events += table.tick(now)
        try:
            await self.store.append(live.id, events, status=table.status.value, seats=seats)
        except Exception as error:
            log.exception("could not store a step of table %s; dropping it from memory", live.id)
            self._drop(live, 1011, "server error")
            raise StoreFailed(str(error)) from None
        if seats is not None:
            live.seat_tokens = dict(seats)
        self.broadcast(live, events)
        self.stored(live, events, seats)
        live.wake.set()
        return events

    def stored(self, live: LiveTable, events: list[Event], seats: dict[str, str] | None) -> None:
        """Called after each step is stored and sent here: a cluster tells the other servers."""

    def broadcast(self, live: LiveTable, events: list[Event]) -> None:
        """Send each connection the events as its recipient may see them.

        Each event is rendered and written as JSON once per recipient (a seat, or the
        spectators), however many sockets that recipient has open.
        """
        texts: dict[int, list[str]] = {}
        for connection in list(live.connections):
            if connection.closed:
                live.connections.discard(connection)
                continue
            recipient = connection.recipient
            frames = texts.get(recipient)
            if frames is None:
                frames = texts[recipient] = [
                    encode({"type": "event", "event": event.for_recipient(recipient)})
                    for event in events
                ]
            for text in frames:
                connection.send_encoded(text)

    async def connect(self, live: LiveTable, connection: Connection, since: int | None) -> None:
        """Seat ``connection`` at the table: mark its seat connected, then catch it up.

        The welcome and the catch-up are queued under the table's lock, before any later event.

        Raises:
            TableError: ``no_spectators``, or StoreFailed.
        """
        async with live.lock:
            recipient = connection.recipient
            if recipient == SPECTATOR and not live.table.config.spectators:
                raise TableError("no_spectators", "this table does not allow spectators")
            if recipient != SPECTATOR:
                await self.act_locked(live, table_commands.connected(recipient, True))
            table = live.table
            connection.send(
                {
                    "type": "welcome",
                    "protocol": 1,
                    "table": live.id,
                    "you": recipient,
                    "version": table.version,
                }
            )
            if since is None:
                caught: JSON = {"snapshot": table.snapshot_for(recipient, now=clock())}
            else:
                caught = table.catch_up(recipient, since, now=clock())
            if "snapshot" in caught:
                connection.send({"type": "snapshot", "snapshot": caught["snapshot"]})
            else:
                for event in caught["events"]:
                    connection.send({"type": "event", "event": event})
            for line in live.chat.lines():
                connection.send(line)
            live.connections.add(connection)
            connection.start()

    def say(self, live: LiveTable, seat: int, text: object) -> JSON:
        """Send a chat line from the person in ``seat`` to every connection at the table.

        The table's version does not change; the line is kept in :attr:`LiveTable.chat`.

        Raises:
            BadChat: the text is empty, longer than 200 characters or not printable.
            TableError: ``not_seated`` (the seat holds no person now).
        """
        line = clean_chat(text)
        state = live.table.seats[seat]
        if state.kind is not SeatKind.HUMAN:
            raise TableError("not_seated", "only the people seated at the table write in its chat")
        frame = live.chat.add(seat, state.name, line, int(time.time()))
        text = encode(frame)
        for connection in list(live.connections):
            connection.send_encoded(text)
        return frame

    async def join(self, live: LiveTable, player: Player, seat: int | None, digest: str) -> int:
        """Seat ``player`` (in ``seat`` or the first empty one) with the seat token whose SHA-256
        is ``digest``, stored in the same step as the join; returns the seat.

        Raises:
            TableError: the join was refused, or StoreFailed.
        """
        async with live.lock:
            seats = dict(live.seat_tokens)
            for empty, state in enumerate(live.table.seats):
                if state.kind is SeatKind.EMPTY:
                    seats.pop(str(empty), None)
            target = seat if seat is not None else _first_empty(live.table)
            if target is not None:
                seats[str(target)] = digest
            await self.act_locked(live, lambda table, now: table.join(player, seat), seats=seats)
            taken = live.table.seat_of(player.id)
            assert taken is not None
            return taken

    async def leave(self, live: LiveTable, player_id: str) -> int | None:
        """Take ``player_id`` out of their seat, and that seat's token with it; returns the seat.

        Raises:
            TableError: ``not_seated``, or StoreFailed.
        """
        async with live.lock:
            seat = live.table.seat_of(player_id)
            seats = dict(live.seat_tokens)
            if seat is not None:
                seats.pop(str(seat), None)
            await self.act_locked(live, table_commands.leave(player_id), seats=seats)
            return seat

    async def close_seat(self, live: LiveTable, seat: int) -> None:
        """Close the sockets of a seat its person left: they opened it with a token that no longer
        works, and must not go on playing or chatting for whoever sits there next."""
        for connection in list(live.connections):
            if connection.recipient == seat:
                await connection.finish(1000, "you left your seat")

    def in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task of its own, which shutting down waits for (a few seconds)."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def release(self, live: LiveTable, connection: Connection) -> None:
        """Run :meth:`disconnect` in a task of its own, so a cancelled socket still finishes it."""
        self.in_background(self.disconnect(live, connection))

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        """Forget a connection; the seat is marked gone when its last connection closes."""
        await connection.stop()
        live.connections.discard(connection)
        seat = connection.recipient
        if seat == SPECTATOR or live.dropped or not self._running:
            return
        if live.connected_to(seat) == 0 and live.table.seats[seat].player is not None:
            with contextlib.suppress(TableError, StoreFailed):
                await self.act(live, table_commands.connected(seat, False))

    def _drop(self, live: LiveTable, code: int, reason: str) -> None:
        live.dropped = True
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        if live.timer is not None:
            live.timer.cancel()
        for connection in list(live.connections):
            connection.close(code, reason)
        live.connections.clear()

    def _start_timer(self, live: LiveTable) -> None:
        if live.timer is None and self._running and live.owned:
            live.timer = asyncio.create_task(self._run_timer(live))

    async def _run_timer(self, live: LiveTable) -> None:
        """Tick the table whenever its next deadline comes (while this server owns it)."""
        while not live.dropped and live.owned:
            deadline = live.table.next_deadline()
            live.wake.clear()
            if deadline is None:
                await live.wake.wait()
                continue
            delay = deadline - clock()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.wake.wait(), delay)
                continue
            try:
                await self.act(live, table_commands.TICK)
            except StoreFailed:
                return
            except Exception:  # pragma: no cover - the table itself guards against bot failures
                log.exception("table %s could not tick", live.id)
                await asyncio.sleep(1.0)


def _first_empty(table: Table) -> int | None:
    for seat, state in enumerate(table.seats):
        if state.kind is SeatKind.EMPTY:
            return seat
    return None


def describe(live: LiveTable) -> dict[str, Any]:
    """A table as the lobby lists it."""
    table = live.table
    return {
        "table_id": live.id,
        "players": table.config.players,
        "turn_timer": table.config.turn_timer,
        "status": table.status.value,
        "seats": [state.to_json(seat) for seat, state in enumerate(table.seats)],
        "invite_url": f"/play/t/{live.id}",
    }
