"""Live tables: one writer per table, stored steps, per-connection send queues, and timers.

The :class:`TableManager` holds every live :class:`~pasur.server.tables.table.Table` as a
:class:`LiveTable`. All changes to a table go through :meth:`TableManager.act`, which holds the
table's lock (one writer per table), runs a :class:`~pasur.server.tables.commands.Command`, then
:meth:`Table.tick`, stores the new events in the database, and only then sends them to every
connection, each rendered for its recipient. If storing fails the table is dropped from memory
and its connections are closed, so nothing is sent that the database does not hold; the next
request reloads it. A background task per table sleeps until :meth:`Table.next_deadline` and
ticks the table then, so bots, turn timers and disconnect grace periods act with nobody sending
anything. A table where nothing can happen without someone asking (finished, left, or waiting for
a clock far away) leaves memory, and is loaded again when asked for (:mod:`.idle`).

Which process writes a table is the manager's :class:`Ownership` to say: this one alone
(:class:`~pasur.server.tables.owners.LocalOwnership`, the default), or one of several sharing a
database (:class:`pasur.server.cluster.ownership.RedisOwnership`), in which case a command for a
table written elsewhere is forwarded there and the table here follows. The interface is defined
here, by the manager that uses it, so the arrows point one way: the cluster knows the manager,
not the reverse.

The table's chat lives here too, beside the table rather than in it: chat lines are not events
(they must not raise the version, or plays would go stale) and are kept in memory only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from pasur.protocol import SPECTATOR, ErrorCode, Event, Refused
from pasur.protocol.frames import ChatLine, EmoteShown, EventFrame, SnapshotFrame, Welcome
from pasur.server.tables.chat import chat_line, deliver
from pasur.server.tables.commands import Command, PutBot, SeatTokens, SetConnected
from pasur.server.tables.config import TableConfig
from pasur.server.tables.connections import Connection
from pasur.server.tables.idle import IDLE_SWEEP, WAKE_AHEAD, idle_tables, wake_at
from pasur.server.tables.live import LiveTable, clock, from_wall, to_wall
from pasur.server.tables.owners import LocalOwnership
from pasur.server.tables.store import TableStore
from pasur.server.tables.table import Table
from pasur.server.tables.ticker import tick_at_deadlines
from pasur.server.thinking import Thinkers

log = logging.getLogger("pasur.server.tables")

SHUTDOWN_CLOSE = 1012
"""The close code of every table socket when the server stops (Ctrl+C, SIGTERM): 1012, "service
restart", as uvicorn closes the sockets it holds then, so the client reconnects a little later
(to this server once it is back, or to another one)."""

STORE_FAILED = "the table could not be stored; try again (it is read again from the database)"


class Ownership(Protocol):
    """What a table manager asks about who writes its tables, at the few moments that differ:

    - before loading a table, whether this process is to write it (:meth:`claim`);
    - for a command at a table written elsewhere, to run it there (:meth:`forward`);
    - after a table is resumed here, after each stored step, after a chat line, when a seat's
      last socket here closes, when a table is let go, and when the manager starts and stops.
    """

    async def start(self, tables: TableManager) -> None:
        """The manager is starting: take and resume the tables that are this process's to run."""

    async def pause(self) -> None:
        """The manager is stopping: take no more tables (the tables are stopped next)."""

    async def stop(self, written: Sequence[str]) -> None:
        """The manager has stopped; ``written`` are the ids of the tables this process wrote."""

    async def claim(self, table_id: str) -> bool:
        """A table is about to be loaded: whether this process writes it (taking it if free)."""

    async def created(self, live: LiveTable) -> None:
        """A table made here, stored and written by this process."""

    def resumed(self, live: LiveTable) -> None:
        """This process has just started writing ``live`` (loaded it, or taken it over) and
        marked gone the people with no socket here."""

    async def forward(self, live: LiveTable, command: Command) -> list[Event] | None:
        """Run ``command`` where ``live`` (a table this process does not write) is written, and
        bring ``live`` up to date; None when no process wrote it and this one took it instead.

        Raises:
            Refused: the writer refused the command, or ``unavailable``.
        """

    def stored(self, live: LiveTable, events: list[Event], seats: SeatTokens | None) -> None:
        """A step of a table written here was stored and sent to its sockets here."""

    def said(self, live: LiveTable, line: ChatLine | EmoteShown) -> None:
        """A chat line was said (or an emote shown) at a table here."""

    def left(self, live: LiveTable, seat: int) -> None:
        """The last socket here of a seated person closed, and they were marked gone."""

    def forget(self, table_id: str, written: bool) -> None:
        """This process holds the table no more (there is no such table, its step could not be
        stored, or nobody here follows it); ``written``: it was the table's writer."""


class TableManager:
    """Every live table of one process, the store behind them, and who writes each."""

    def __init__(
        self,
        store: TableStore,
        *,
        ownership: Ownership | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.store = store
        self.thinkers = thinkers
        """Where the tables' searching bots think (:mod:`.ticker`); None: in the tables' ticks
        (a manager on its own, in a test)."""
        self.ownership: Ownership = ownership if ownership is not None else LocalOwnership()
        self.tables: dict[str, LiveTable] = {}
        self.running = False
        self._loading = asyncio.Lock()
        self._background: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.after_step: list[Callable[[LiveTable, list[Event]], None]] = []
        """Called with every step stored and sent here (a push to queue, say); they must not
        block, and what they raise is logged, never the step's failure."""

    # Starting and stopping.

    async def start(self) -> None:
        """Start writing the tables that are this process's (after a restart, the unfinished)."""
        self.running = True
        await self.ownership.start(self)
        self._sweeper = asyncio.create_task(self._sweep())

    async def resume_unfinished(self) -> None:
        """Load every table whose game has not finished and that has something to do by itself
        soon, by its stored ``wake_at`` (:func:`wake_at`): its timers go on. The others stay in
        the database until someone asks for them."""
        soon = to_wall(clock()) + WAKE_AHEAD
        for table_id in await self.store.active_ids(awake_before=soon):
            if table_id in self.tables:
                continue
            try:
                await self.get(table_id)
            except Exception:
                log.exception("could not resume table %s", table_id)

    async def stop(self) -> None:
        """Stop every timer and close every connection, then let the tables written here go."""
        written = [live.id for live in self.tables.values() if live.owned]
        await self.ownership.pause()
        self.running = False
        if self._sweeper is not None:
            self._sweeper.cancel()
        timers = [live.timer for live in self.tables.values() if live.timer is not None]
        for live in list(self.tables.values()):
            self.drop(live, SHUTDOWN_CLOSE, "server shutting down")
        self.tables.clear()
        # Wait for the timers (and clean-ups, hints) to end before the database closes under them.
        pending = [task for task in [*timers, *self._background] if not task.done()]
        if pending:
            await asyncio.wait(pending, timeout=5.0)
        await self.store.flush()
        await self.ownership.stop(written)

    # Tables in memory.

    async def create(self, config: TableConfig, creator: str, bots: dict[int, str]) -> LiveTable:
        """A new table with bots in the given seats, stored before it is returned."""
        table = Table(config, search_inline=self.thinkers is None)
        events: list[Event] = []
        for seat, level in sorted(bots.items()):
            events += PutBot(seat, level).run(table, 0.0)
        table_id = secrets.token_urlsafe(9)
        await self.store.create(
            table_id,
            creator=creator,
            config=config.stored_json(),
            private=config.private,
            status=table.status.value,
            events=events,
            wake_at=wake_at(table, clock()),
        )
        live = LiveTable(table_id, table, creator, {})
        self.tables[table_id] = live
        await self.ownership.created(live)
        self.start_timer(live)
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table with that id (written here, or followed), loaded if need be, or None."""
        live = self.tables.get(table_id)
        if live is None and len(table_id) <= 32:
            live = await self._open(table_id)
        if live is not None:
            live.used_at = clock()
        return live

    async def _open(self, table_id: str) -> LiveTable | None:
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            owned = await self.ownership.claim(table_id)
            try:
                live = await self.load(table_id)
            finally:
                if live is None:  # no such table, or its log cannot be read
                    self.ownership.forget(table_id, owned)
            if live is None:
                return None
            live.owned = owned
            self.tables[table_id] = live
        if owned:
            await self.resume(live)
        return live

    async def load(self, table_id: str) -> LiveTable | None:
        """The table rebuilt from the database (not yet kept or started), or None."""
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        config = TableConfig.from_json(stored.config)
        table = Table.from_log(
            config, stored.events, now=clock(), search_inline=self.thinkers is None
        )
        if config.correspondence and stored.turn_started_at is not None:
            table.resume_turn(from_wall(stored.turn_started_at))
        return LiveTable(table_id, table, stored.creator, stored.seats)

    async def resume(self, live: LiveTable) -> None:
        """Start writing a table this process has just loaded or taken over: the people the log
        shows connected but with no connection here are marked gone, and its timer starts."""
        async with live.lock:
            await self.resume_locked(live)

    async def resume_locked(self, live: LiveTable, *, handed: bool = False) -> None:
        """:meth:`resume` with the table's lock already held (a takeover, before the command
        that found the table's writer gone runs). A correspondence table's turn clock is read
        back as its last writer stored it, so a takeover neither resets nor loses it. A table
        ``handed`` over by its live writer keeps its people's connected marks: that writer knew
        them, and marking gone those at other processes would only flicker until the roll call."""
        if live.table.config.correspondence:
            started = await self.store.turn_started_at(live.id)
            if started is not None:
                live.table.resume_turn(from_wall(started))
        gone = tuple(
            seat
            for seat, state in enumerate(live.table.seats)
            if state.connected and live.connected_to(seat) == 0 and not handed
        )
        await self.act_locked(live, SetConnected(gone, False))
        self.start_timer(live)
        self.ownership.resumed(live)

    def public_tables(self) -> list[LiveTable]:
        """Public waiting tables for the lobby, but those nobody is at (``unattended``)."""
        now = clock()
        return [
            live
            for live in self.tables.values()
            if not live.table.config.private
            and live.table.status.value == "waiting"
            and not live.unattended(now)
        ]

    # Steps.

    async def act(self, live: LiveTable, command: Command) -> list[Event]:
        """Run ``command`` on the table under its lock, tick, store, then broadcast.

        Raises:
            Refused: the command was refused (nothing changed, nothing stored), or
                ``unavailable``: the step could not be stored, and the table was dropped.
        """
        async with live.lock:
            return await self.act_locked(live, command)

    async def act_locked(self, live: LiveTable, command: Command) -> list[Event]:
        """:meth:`act` with the table's lock already held."""
        if live.dropped:  # its step could not be stored a moment ago: the next request reloads it
            raise Refused(ErrorCode.UNAVAILABLE, "the table is being reloaded; try again")
        if not live.owned:
            forwarded = await self.ownership.forward(live, command)
            if forwarded is not None:
                return forwarded
        table = live.table
        seats = command.tokens(table, live.seat_tokens)
        now = clock()
        events = command.run(table, now)
        events += table.tick(now)
        try:
            await self.store.append(
                live.id,
                events,
                status=table.status.value,
                seats=seats,
                turn_started_at=to_wall(table.turn_started)
                if table.config.correspondence
                else None,
                wake_at=wake_at(table, now),
                version=table.version,
            )
        except Exception:
            log.exception("could not store a step of table %s; dropping it from memory", live.id)
            self.drop(live, 1011, "server error")
            raise Refused(ErrorCode.UNAVAILABLE, STORE_FAILED) from None
        if seats is not None:
            live.seat_tokens = dict(seats)
        self.broadcast(live, events)
        self.ownership.stored(live, events, seats)
        live.wake.set()
        for listener in self.after_step:
            try:
                listener(live, events)
            except Exception:
                log.exception("a listener failed after a step of table %s", live.id)
        return events

    async def unload_idle(self) -> list[str]:
        """Take out of memory the tables nothing happens at (:func:`idle_tables`), their
        ``wake_at`` stored first (a table stored before it was written with every step may have
        none): their next frame or REST call, or their clock coming near, loads them again from
        the database. Returns their ids."""
        now = clock()
        idle = idle_tables(self.tables.values(), now)
        if not idle:
            return []
        wakes = [(live.id, live.table.version, wake_at(live.table, now)) for live in idle]
        await self.store.store_wakes(wakes)
        idle = idle_tables(idle, clock())  # one asked for meanwhile stays
        for live in idle:
            self.drop(live, 1000, "idle")
        return [live.id for live in idle]

    async def _sweep(self) -> None:
        """Every :data:`IDLE_SWEEP` seconds: unload the tables nothing happens at, and (with one
        process) load those whose clock comes near; with Redis, adopting orphaned tables does
        that (:meth:`RedisOwnership.adopt_orphans`)."""
        while self.running:
            await asyncio.sleep(IDLE_SWEEP)
            try:
                await self.unload_idle()
                if isinstance(self.ownership, LocalOwnership):
                    await self.resume_unfinished()
            except Exception:
                log.exception("could not unload idle tables or wake due ones")

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
                    EventFrame(event.for_recipient(recipient)).to_text() for event in events
                ]
            for text in frames:
                connection.send_text(text)

    # Connections.

    async def connect(self, live: LiveTable, connection: Connection, since: int | None) -> None:
        """Seat ``connection`` at the table: mark its seat connected, then catch it up.

        The welcome and the catch-up are queued under the table's lock, before any later event.

        Raises:
            Refused: ``no_spectators``, or ``unavailable``.
        """
        async with live.lock:
            recipient = connection.recipient
            if recipient == SPECTATOR and not live.table.config.spectators:
                raise Refused(ErrorCode.NO_SPECTATORS, "this table does not allow spectators")
            if recipient != SPECTATOR:
                await self.act_locked(live, SetConnected((recipient,), True))
            table = live.table
            connection.send(Welcome(live.id, recipient, table.version))
            if since is None:
                connection.send(SnapshotFrame(table.snapshot_for(recipient, now=clock())))
            else:
                caught = table.catch_up(recipient, since, now=clock())
                snapshot, events = caught.get("snapshot"), caught.get("events")
                if isinstance(snapshot, dict):
                    connection.send(SnapshotFrame(snapshot))
                elif isinstance(events, list):
                    for event in events:
                        assert isinstance(event, dict)
                        connection.send(EventFrame(event))
            for line in live.chat.lines(connection.hidden):
                connection.send(line)
            live.connections.add(connection)
            connection.start()

    def say(self, live: LiveTable, seat: int, text: object) -> ChatLine:
        """Send a chat line from the person in ``seat`` to every connection at the table.

        The table's version does not change; the line is kept in :attr:`LiveTable.chat`.

        Raises:
            Refused: ``bad_chat`` or ``not_seated``, as :func:`chat_line` checks.
        """
        said = chat_line(live.table.seats, seat, text)
        self.hear(live, said)
        self.ownership.said(live, said)
        return said

    def show_emote(self, live: LiveTable, emote: EmoteShown) -> None:
        """Send an emote (checked by :func:`~pasur.server.tables.emotes.emote_from`) to every
        connection at the table, here and at the other processes; it is not kept."""
        self.hear(live, emote)
        self.ownership.said(live, emote)

    def hear(self, live: LiveTable, line: ChatLine | EmoteShown) -> None:
        """Keep a chat line (not an emote) and send it to the connections here (:func:`deliver`)."""
        deliver(live.chat, live.table.seats, list(live.connections), line)

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
        live.used_at = clock()  # kept a while after its last socket closes: a reconnect finds it
        seat = connection.recipient
        if seat == SPECTATOR or live.dropped or not self.running:
            return
        if live.connected_to(seat) == 0 and live.table.seats[seat].player is not None:
            with contextlib.suppress(Refused):
                await self.act(live, SetConnected((seat,), False))
            if not live.dropped:
                self.ownership.left(live, seat)

    # Dropping and timers.

    def drop(self, live: LiveTable, code: int, reason: str) -> None:
        """Take a table out of memory and close its sockets (the database keeps it)."""
        live.dropped = True
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        # The timer is forgotten, not only cancelled: its task's traceback refers back to the
        # table, a cycle that the paced collector (pasur.server.collector) frees only every
        # ten minutes; without it, reference counting frees the table at once.
        self.stop_timer(live)
        for connection in list(live.connections):
            connection.close(code, reason)
        live.connections.clear()
        self.ownership.forget(live.id, live.owned)

    def start_timer(self, live: LiveTable) -> None:
        """Tick the table at its deadlines from now on, if this process writes it."""
        if live.timer is None and self.running and live.owned and not live.dropped:
            live.timer = asyncio.create_task(tick_at_deadlines(live, self.act, self.thinkers))

    def stop_timer(self, live: LiveTable) -> None:
        """No more ticks here: another process writes the table now."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
