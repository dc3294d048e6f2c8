"""Several server processes on one database: each table written by one process, followed by others.

:class:`RedisOwnership` is the :class:`~pasur.server.tables.manager.Ownership` a table manager
is given when it shares its tables with other processes through Redis (``pasur serve --redis``):

- **Writer.** A process writes a table (runs its commands and timers, stores its events) only
  while it holds the table's lease (:mod:`~pasur.server.cluster.leases`), renewed every quarter
  of its time to live by a small process of its own (:mod:`~pasur.server.cluster.keeper`), so
  that no load on the server delays it, and given up by that process the moment the server dies.
  Stores are fenced by the database: an event's ``(table_id, n)`` is unique, and a step without
  events is stored only at the writer's version, so a process that lost its lease without
  noticing fails to store and drops its copy.
- **Followers.** A process with sockets at a table it does not write keeps a replica
  (:mod:`~pasur.server.cluster.replicas`).
- **Commands.** What a follower's sockets and REST calls ask goes to the writer
  (:class:`~pasur.server.cluster.messages.Forward`, over :mod:`~pasur.server.cluster.bus`) and
  waits for its reply, which carries the step's events: the replica is up to date when the call
  returns. Chat lines are not stored: any process publishes them to the table's channel.
- **Takeover.** When the writer dies its lease expires; a process that follows the table (it
  looks every quarter of the lease time), or the next command for it, takes the lease, catches
  its replica up from the database, marks gone the people with no socket anywhere (after a roll
  call), and restarts the timers. A command that was waiting for the dead writer's answer stops
  waiting then and takes the table itself. Tables nobody follows are adopted from the database
  by whichever process looks first (every half lease time).
- **Hand-over.** A writer that holds no seated person's socket at a table, asked by a process
  that does, hands the table's lease to that process with its reply (in one step, so the lease
  is never free in between): the table's plays then run where its players' sockets are, with no
  hop through Redis, and a load balancer that sends a table's sockets to one process
  (``docs/deploy.md``) makes every table's writer the process its players are at. The writer
  stops writing first (under the table's lock) and follows the table from then; the new writer
  keeps everyone's connected marks (the old one knew them) and asks for a roll call.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Sequence

from redis.asyncio import Redis

from pasur.protocol import ErrorCode, Event, Refused
from pasur.protocol.frames import ChatLine, EmoteShown
from pasur.server.cluster.bus import Bus, Message, Unreachable
from pasur.server.cluster.leases import Leases
from pasur.server.cluster.messages import (
    ChatSaid,
    Done,
    Failed,
    Forward,
    NotWriter,
    Reply,
    RollCall,
    StepStored,
    reply_from_json,
    table_message,
)
from pasur.server.cluster.renewal import Renewer
from pasur.server.cluster.replicas import Replicas
from pasur.server.cluster.stopping import halt
from pasur.server.tables.commands import Command, SeatTokens, SetConnected
from pasur.server.tables.idle import WAKE_AHEAD
from pasur.server.tables.live import LiveTable, clock, to_wall
from pasur.server.tables.manager import TableManager

log = logging.getLogger("pasur.server.cluster")

REQUEST_TIMEOUT = 5.0
"""Seconds a forwarded command waits for the writer's reply."""

FORGET_AFTER = 30.0
"""Seconds a replica with no socket here is kept (a new socket has 10 s for its hello)."""

ADOPT_EVERY = 2
"""The upkeep looks for free leases of the tables followed here every quarter of the lease time,
and for orphaned tables in the database (a heavier query) every ``ADOPT_EVERY`` quarters: a table
nobody follows goes on at most half a lease time after its lease is free."""


class RedisOwnership:
    """The tables of one process among several sharing a database and a Redis server."""

    def __init__(
        self,
        redis: Redis,
        *,
        url: str,
        lease_ttl: float,
        prefix: str = "pasur:",
        process_id: str | None = None,
    ) -> None:
        """``redis`` is the client of the event loop; ``url`` names the same Redis, for the
        lease keeper's own connection."""
        self.process_id = process_id or secrets.token_hex(8)
        self._redis = redis
        self.leases = Leases(redis, prefix=prefix, owner=self.process_id, ttl=lease_ttl)
        self.renewer = Renewer(url, self.leases, self._lost)
        """The lease keeper's handle: leases are renewed by a process of their own."""
        self.bus = Bus(redis, prefix=prefix, process_id=self.process_id, handler=self._on_message)
        self.upkeep: asyncio.Task[None] | None = None
        """The task that takes the tables whose writer is gone, adopts orphaned tables and
        follows the lobby."""
        self._asking: dict[str, asyncio.Event] = {}
        """The followed tables with a command waiting for their writer's answer, each with the
        event the upkeep sets when it finds the table's lease free (the writer died)."""
        self._holders: dict[str, tuple[str, float]] = {}
        """The other process each followed table's commands go to, and until when (this clock)
        its lease is sure to hold without a renewal: read from Redis once per lease, not before
        every command."""
        self._manager: TableManager | None = None
        self._replicas: Replicas | None = None

    @property
    def tables(self) -> TableManager:
        assert self._manager is not None, "the manager starts its ownership first"
        return self._manager

    @property
    def replicas(self) -> Replicas:
        assert self._replicas is not None, "the manager starts its ownership first"
        return self._replicas

    # Starting and stopping.

    async def start(self, tables: TableManager) -> None:
        """Listen, keep leases, and write the unfinished tables that no live process writes."""
        self._manager = tables
        self._replicas = Replicas(tables)
        await self.bus.start()
        await self.renewer.start()
        await self.adopt_orphans()
        self.upkeep = asyncio.create_task(self._upkeep())

    async def pause(self) -> None:
        if self.upkeep is not None:
            await halt(self.upkeep)

    async def stop(self, written: Sequence[str]) -> None:
        """Give this process's leases up at once (the keeper does, as it exits), and stop
        listening."""
        await self.renewer.stop()
        await self.bus.stop()
        await self._redis.aclose()

    async def adopt_orphans(self) -> None:
        """Write the unfinished tables whose lease nobody holds (their process died with nobody
        watching, or stopped): their bots and timers go on here."""
        tables = self.tables
        soon = to_wall(clock()) + WAKE_AHEAD  # an idle correspondence table waits its turn
        unknown = [
            table_id
            for table_id in await tables.store.active_ids(awake_before=soon)
            if table_id not in tables.tables
        ]
        for table_id in await self.leases.free(unknown):
            try:
                await tables.get(table_id)
            except Exception:
                log.exception("could not resume table %s", table_id)

    async def follow_lobby(self) -> None:
        """Hold every public table waiting for players that some process holds (written here, or
        as a replica), so that this process's lobby lists the tables made at the others too (no
        sticky sessions). A table nobody holds has nobody at it (its writer let it go), and a
        table written here is not asked for by this: it leaves memory once nobody is at it."""
        listed = await self.tables.store.lobby_ids()
        free = set(await self.leases.free(listed))
        for table_id in listed:
            live = self.tables.tables.get(table_id)
            if live is None and table_id not in free:
                await self.tables.get(table_id)
            elif live is not None and not live.owned:
                live.used_at = clock()  # a replica followed for the lobby

    # Tables coming and going.

    async def claim(self, table_id: str) -> bool:
        # Subscribe before the log is read, so no step stored after the read is missed.
        await self.bus.watch(table_id)
        return await self.leases.acquire(table_id)

    async def created(self, live: LiveTable) -> None:
        await self.bus.watch(live.id)
        if not await self.leases.acquire(live.id):  # pragma: no cover - a fresh random id
            raise Refused(ErrorCode.UNAVAILABLE, "a new table's lease is held by another process")

    def resumed(self, live: LiveTable) -> None:
        """Ask the other processes which seats they hold sockets for: they mark them again."""
        self.bus.tell_table(live.id, RollCall().to_json())

    def forget(self, table_id: str, written: bool) -> None:
        self._holders.pop(table_id, None)
        if self.tables.running:
            self.tables.in_background(self._let_go(table_id, written))

    async def _let_go(self, table_id: str, written: bool) -> None:
        if table_id in self.tables.tables:
            return  # loaded here again meanwhile: still followed, and written if it was
        with contextlib.suppress(Exception):
            await self.bus.unwatch(table_id)
            if written:
                await self.leases.release(table_id)

    # Writing: here if written here, else through the writer.

    async def forward(self, live: LiveTable, command: Command) -> list[Event] | None:
        """Have the writer run ``command`` (the table's lock is held) and bring the replica up to
        date with its reply; None if there was no writer and this process took the table."""
        deadline = clock() + self.leases.ttl + REQUEST_TIMEOUT
        while True:
            holder = await self._holder(live.id)
            if holder is None:
                if await self.leases.acquire(live.id):
                    await self._promote_locked(live)
                    return None
                continue
            seated = bool(live.seats_here()) or (
                isinstance(command, SetConnected) and command.connected  # a socket here opens
            )
            forward = Forward(live.id, command, self.process_id if seated else None)
            reply = await self._ask(live.id, holder, forward)
            if isinstance(reply, Done):
                new = await self.replicas.advance_locked(live, reply.events, reply.seats)
                if reply.handed:
                    await self._take_handed_locked(live)
                return new
            if isinstance(reply, Failed):
                raise reply.refused
            self._holders.pop(live.id, None)  # it died, stopped or lost the lease: ask Redis
            if reply is None:
                continue  # its lease ran out while it was asked: take the table now
            if clock() > deadline:
                raise Refused(
                    ErrorCode.UNAVAILABLE, "the table's server does not answer; try again"
                )
            await asyncio.sleep(0.2)

    async def _ask(self, table_id: str, holder: str, forward: Forward) -> Reply | None:
        """The writer's reply; None if the upkeep found the table's lease free meanwhile.

        A writer that dies after receiving the command never answers: waiting for the request's
        timeout would hold the table's lock, and so its takeover, for seconds after its lease ran
        out.
        """
        gone = self._asking[table_id] = asyncio.Event()  # the table's lock is held: one at a time
        request = asyncio.create_task(
            self.bus.request(holder, forward.to_json(), timeout=REQUEST_TIMEOUT)
        )
        given_up = asyncio.create_task(gone.wait())
        try:
            await asyncio.wait({request, given_up}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._asking.pop(table_id, None)
            given_up.cancel()
            if not request.done():
                request.cancel()
        if not request.done():
            return None  # the lease is free: no answer is coming
        try:
            answer = request.result()
        except Unreachable as error:
            return NotWriter(str(error))
        return reply_from_json(answer)

    async def _holder(self, table_id: str) -> str | None:
        """The other process that writes the table, or None when nobody else does.

        Cached until the lease read would run out unrenewed, or a command sent there fails
        (:meth:`forward` forgets it): a lease never passes to another process before it runs out
        or its holder lets it go, and a holder that let go answers "not the writer" or nothing.
        """
        known = self._holders.get(table_id)
        now = clock()
        if known is not None and now < known[1]:
            return known[0]
        holder, left = await self.leases.holder_for(table_id)
        if holder is None or holder == self.process_id:
            self._holders.pop(table_id, None)
            return None
        self._holders[table_id] = (holder, now + left)
        return holder

    async def _promote_locked(self, live: LiveTable) -> None:
        """Become the writer of a replica whose lease this process took: catch up from the
        database first (the log is the truth), then resume it (the people with no socket here
        marked gone, its timers restarted) before anything else runs on it."""
        await self.replicas.catch_up_locked(live)
        live.owned = True
        self._holders.pop(live.id, None)
        await self.tables.resume_locked(live)

    async def _take_handed_locked(self, live: LiveTable) -> None:
        """Write a table whose writer handed its lease here with its reply (the replica is up to
        date with it). Its people's connected marks stand: the old writer knew them."""
        self._holders.pop(live.id, None)
        try:
            took = await self.leases.took(live.id)
        except Exception as error:  # Redis: the lease runs out, and the upkeep takes the table
            log.warning("could not take table %s handed over: %s", live.id, error)
            return
        if took:
            live.owned = True
            live.elsewhere = set()  # the roll call of resume_locked tells who is at the others
            await self.tables.resume_locked(live, handed=True)

    def stored(self, live: LiveTable, events: list[Event], seats: SeatTokens | None) -> None:
        if events or seats is not None:
            step = StepStored([event.to_json() for event in events], seats)
            self.bus.tell_table(live.id, step.to_json())

    def said(self, live: LiveTable, line: ChatLine | EmoteShown) -> None:
        self.bus.tell_table(live.id, ChatSaid(line).to_json())

    def left(self, live: LiveTable, seat: int) -> None:
        """A seat marked gone here because its last socket here closed is marked connected again
        by a process where it has another."""
        self.bus.tell_table(live.id, RollCall().to_json())

    # Messages from other processes.

    def _on_message(self, table_id: str | None, message: Message) -> None:
        if table_id is None:
            if message.get("kind") == "request":
                self.tables.in_background(self._serve(message))
            return
        live = self.tables.tables.get(table_id)
        said = table_message(message)
        if live is None or said is None:
            return
        if isinstance(said, StepStored):
            self.tables.in_background(self._follow(live, said))
        elif isinstance(said, ChatSaid):
            self.tables.hear(live, said.line)
        else:
            for seat in live.seats_here():
                self.tables.in_background(self._mark_here(live, seat))

    async def _mark_here(self, live: LiveTable, seat: int) -> None:
        with contextlib.suppress(Refused):
            await self.tables.act(live, SetConnected((seat,), True))

    async def _follow(self, live: LiveTable, step: StepStored) -> None:
        async with live.lock:
            if not live.owned and not live.dropped:
                await self.replicas.advance_locked(live, step.events, step.seats)

    async def _serve(self, request: Message) -> None:
        """Run a command another process forwarded, if this process writes the table."""
        try:
            answer: Reply = await self._run(Forward.from_json(request))
        except Refused as error:
            answer = Failed(error)
        except Exception as error:
            log.exception("a forwarded command failed")
            answer = Failed(Refused(ErrorCode.UNAVAILABLE, str(error)))
        self.bus.reply(request, answer.to_json())

    async def _run(self, forward: Forward) -> Reply:
        live = await self.tables.get(forward.table)
        if live is None or not live.owned:
            return NotWriter("this process does not write the table")
        before = live.table.version
        if isinstance(forward.command, SetConnected):  # a socket there opened, or the last closed
            live.heard_elsewhere(forward.command.seats, forward.command.connected)
        await self.tables.act(live, forward.command)
        handed = forward.seated_at is not None and await self._hand_over(live, forward.seated_at)
        events = [e.to_json() for e in live.table.history if e.number > before]
        return Done(events, dict(live.seat_tokens), handed)

    async def _hand_over(self, live: LiveTable, to: str) -> bool:
        """Hand the table to the process ``to`` (whose seated sockets are there) if this process
        holds no seated socket at it: stop writing it, then give ``to`` the lease."""
        async with live.lock:
            if not live.owned or live.dropped or live.seats_here() or not self.tables.running:
                return False
            live.owned = False
            self.tables.stop_timer(live)
            try:
                handed = await self.leases.hand(live.id, to)
            except Exception as error:  # Redis: the lease runs out, and ``to`` takes it then
                log.warning("could not hand table %s to process %s: %s", live.id, to, error)
                return False
            if not handed:
                return False  # the lease was lost meanwhile: its new holder writes the table
            # Followed here no longer than the next upkeep unless someone here asks for it: a
            # replica nobody here uses would replay every step of the table for nothing.
            live.used_at = clock() - FORGET_AFTER
            log.info("process %s hands table %s to process %s", self.process_id, live.id, to)
            return True

    # Leases.

    def _lost(self, table_ids: list[str]) -> None:
        """The keeper found these leases held by another process, or by none."""
        for table_id in table_ids:
            live = self.tables.tables.get(table_id)
            if live is not None and live.owned and self.tables.running:
                self.tables.in_background(self._check_lease(live))

    async def _check_lease(self, live: LiveTable) -> None:
        """Stop writing the table unless this process holds its lease after all (it may have let
        it go and taken it again since the renewal that reported it lost)."""
        if live.owned and not await self.leases.renew(live.id):
            log.warning("process %s lost the lease of table %s", self.process_id, live.id)
            await self._demote(live)

    async def _upkeep(self) -> None:
        """Every quarter of the lease time, take the tables followed here whose writer is gone;
        every :data:`ADOPT_EVERY` quarters also let go of the replicas nobody uses, adopt the
        orphaned tables and follow the lobby's tables."""
        for quarter in itertools.count(1):
            await asyncio.sleep(self.leases.ttl / 4)
            try:
                await self._take_free()
            except Exception as error:
                log.warning("could not read the leases of the tables followed here: %s", error)
            if quarter % ADOPT_EVERY:
                continue
            self._forget_unused()
            try:
                await self.adopt_orphans()
                await self.follow_lobby()
            except Exception as error:
                log.warning("could not read the tables to adopt or list: %s", error)

    async def _take_free(self) -> None:
        """Take the followed tables whose lease nobody holds (one read for all of them) and that
        need a writer: a socket here, a command waiting, or something due."""
        followed = {live.id: live for live in self.tables.tables.values() if not live.owned}
        for table_id in await self.leases.free(list(followed)):
            waiting = self._asking.get(table_id)
            live = followed[table_id]
            watched = any(not c.closed for c in live.connections)
            if waiting is not None:
                waiting.set()  # the command that waits for the dead writer takes the table
            elif watched or live.table.next_deadline() is not None:
                self.tables.in_background(self._take(live))
            # Else nothing here needs a writer (its writer may have let it go, tables.idle): it
            # is left to whoever asks for it next, or the adoption of orphans if it comes due.

    async def _take(self, live: LiveTable) -> None:
        async with live.lock:
            if not live.owned and not live.dropped and await self.leases.acquire(live.id):
                await self._promote_locked(live)

    def _forget_unused(self) -> None:
        """Drop the replicas with no socket here that nothing has asked for in a while."""
        now = clock()
        for live in list(self.tables.tables.values()):
            idle = not live.owned and now - live.used_at > FORGET_AFTER
            if idle and not any(not c.closed for c in live.connections):
                self.tables.drop(live, 1000, "nobody here follows the table")

    async def _demote(self, live: LiveTable) -> None:
        """Another process took the table: stop writing it and follow it instead."""
        async with live.lock:
            live.owned = False
            self.tables.stop_timer(live)
            await self.replicas.catch_up_locked(live)
