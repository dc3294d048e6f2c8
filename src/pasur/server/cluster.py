"""Several server processes on one database: each table owned by one process, followed by others.

:class:`ClusterManager` is the :class:`~pasur.server.table_manager.TableManager` of a process that
shares its tables with other processes through Redis (``pasur serve --redis URL``):

- **Owner.** A process writes a table (runs its actions and timers, stores its events) only while
  it holds the table's lease (:mod:`pasur.server.leases`), renewed every third of its time to
  live. Stores are fenced by the database: ``(table_id, n)`` is unique, so a process that lost its
  lease without noticing fails to store and drops its copy.
- **Followers.** A process with sockets at a table it does not own keeps a replica: rebuilt from
  the database's event log, then advanced with the events the owner publishes after each stored
  step, in number order; a gap is filled from the database, never from pub/sub. Each event is
  rendered here for each local socket's recipient, so hidden cards never cross Redis unrendered
  to a client, and snapshots and hints are read from the replica.
- **Commands.** What a follower's sockets and REST calls ask (plays, rematch votes, connection
  marks, joins, leaves, bots, starts) goes to the owner as a request (:mod:`pasur.server.bus`) and
  waits for its reply, which carries the step's events: the replica is up to date when the call
  returns. Chat lines are not stored: any process publishes them to the table's channel.
- **Takeover.** When the owner dies its lease expires; a process that follows the table (or the
  next command for it) takes the lease, catches its replica up from the database, marks gone the
  people with no socket anywhere (after a roll call), and restarts the timers. Tables nobody
  follows are adopted from the database by whichever process looks first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Mapping

from redis.asyncio import Redis

from pasur.server.bus import Bus, Message, Unreachable
from pasur.server.leases import Leases
from pasur.server.table import Player, TableConfig, TableError
from pasur.server.table_commands import Command, connected
from pasur.server.table_events import JSON, SPECTATOR, Event
from pasur.server.table_manager import (
    Action,
    Connection,
    LiveTable,
    StoreFailed,
    TableManager,
    clock,
)
from pasur.server.table_store import TableStore

log = logging.getLogger("pasur.server.cluster")

REQUEST_TIMEOUT = 5.0
"""Seconds a forwarded command waits for the owner's reply."""

FORGET_AFTER = 30.0
"""Seconds a replica with no socket here is kept (a new socket has 10 s for its hello)."""


class ClusterManager(TableManager):
    """The tables of one process among several sharing a database and a Redis server."""

    def __init__(
        self,
        store: TableStore,
        redis: Redis,
        *,
        prefix: str = "pasur:",
        lease_ttl: float = 10.0,
        process_id: str | None = None,
    ) -> None:
        super().__init__(store)
        self.process_id = process_id or secrets.token_hex(8)
        self._redis = redis
        self.leases = Leases(redis, prefix=prefix, owner=self.process_id, ttl=lease_ttl)
        self.bus = Bus(redis, prefix=prefix, process_id=self.process_id, handler=self._on_message)
        self._keeper: asyncio.Task[None] | None = None
        self._used: dict[str, float] = {}
        """When each table was last asked for (replicas nobody asks for are let go)."""
        self._holders: dict[str, tuple[str, float]] = {}
        """The other process each followed table's commands go to, and until when (this clock)
        its lease is sure to hold without a renewal: read from Redis once per lease, not before
        every command."""

    # Starting and stopping.

    async def start(self) -> None:
        """Listen, keep leases, and own the unfinished tables that no live process owns."""
        await self.bus.start()
        self._running = True
        await self.adopt_orphans()
        self._keeper = asyncio.create_task(self._keep_leases())

    async def adopt_orphans(self) -> None:
        """Own the unfinished tables whose lease nobody holds (their process died with nobody
        watching, or stopped): their bots and timers go on here."""
        unknown = [
            table_id for table_id in await self.store.active_ids() if table_id not in self.tables
        ]
        for table_id in await self.leases.free(unknown):
            try:
                await self.get(table_id)
            except Exception:
                log.exception("could not resume table %s", table_id)

    async def stop(self) -> None:
        """Stop like a single server, then give up this process's leases at once."""
        owned = [live.id for live in self.tables.values() if live.owned]
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        await super().stop()
        for table_id in owned:
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)
        await self.bus.stop()
        await self._redis.aclose()

    # Tables in memory: owned, or replicas.

    async def create(self, config: TableConfig, creator: str, bots: dict[int, str]) -> LiveTable:
        live = await super().create(config, creator, bots)
        await self.bus.watch(live.id)
        if not await self.leases.acquire(live.id):  # pragma: no cover - a fresh random id
            raise StoreFailed("a new table's lease is held by another process")
        return live

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, owned if no other process owns it, else as a replica."""
        live = self.tables.get(table_id)
        if live is None and len(table_id) <= 32:
            live = await self._open(table_id)
        if live is not None:
            self._used[live.id] = clock()
        return live

    async def _open(self, table_id: str) -> LiveTable | None:
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            # Subscribe before reading the log, so no step stored after the read is missed.
            await self.bus.watch(table_id)
            owned = await self.leases.acquire(table_id)
            try:
                live = await self.load(table_id)
            finally:
                if live is None:  # no such table, or its log cannot be read
                    await self._let_go(table_id, owned)
            if live is None:
                return None
            live.owned = owned
            self.tables[table_id] = live
        if owned:
            await self._take_over(live)
        return live

    async def _take_over(self, live: LiveTable) -> None:
        """Start writing a table whose lease this process has just taken; the other processes
        answer the roll call by marking their sockets' seats connected again."""
        await self.resume(live)
        self.bus.tell_table(live.id, {"kind": "roll_call"})

    async def _forget(self, live: LiveTable) -> None:
        """Stop following a table nobody here watches."""
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        self._used.pop(live.id, None)
        self._holders.pop(live.id, None)
        live.dropped = True
        await self.bus.unwatch(live.id)

    def _drop(self, live: LiveTable, code: int, reason: str) -> None:
        owned = live.owned
        super()._drop(live, code, reason)
        self._used.pop(live.id, None)
        self._holders.pop(live.id, None)
        if self._running:
            self.in_background(self._let_go(live.id, owned))

    async def _let_go(self, table_id: str, owned: bool) -> None:
        with contextlib.suppress(Exception):
            await self.bus.unwatch(table_id)
            if owned:
                await self.leases.release(table_id)

    # Writing: here if owned, else through the owner.

    async def act_locked(
        self, live: LiveTable, action: Action, *, seats: dict[str, str] | None = None
    ) -> list[Event]:
        if live.owned:
            return await super().act_locked(live, action, seats=seats)
        if not isinstance(action, Command) or seats is not None:
            raise TableError("unavailable", "another server owns this table; try again")
        reply = await self._route(live, {"op": "act", "command": action.to_json()})
        if reply is None:
            return await super().act_locked(live, action, seats=seats)
        return reply

    async def join(self, live: LiveTable, player: Player, seat: int | None, digest: str) -> int:
        async with live.lock:
            if not live.owned:
                op = {"op": "join", "player": list(player), "seat": seat, "digest": digest}
                if await self._route(live, op) is not None:
                    taken = live.table.seat_of(player.id)
                    assert taken is not None
                    return taken
        return await super().join(live, player, seat, digest)

    async def leave(self, live: LiveTable, player_id: str) -> int | None:
        async with live.lock:
            if not live.owned:
                seat = live.table.seat_of(player_id)
                if await self._route(live, {"op": "leave", "player": player_id}) is not None:
                    return seat
        return await super().leave(live, player_id)

    async def _route(self, live: LiveTable, op: Message) -> list[Event] | None:
        """Have the owner run ``op`` (the table's lock is held) and bring the replica up to date
        with its reply; None if there was no owner and this process took the table instead.

        Raises:
            TableError: the owner refused the command, or ``unavailable`` (no owner answered).
        """
        deadline = clock() + self.leases.ttl + REQUEST_TIMEOUT
        while True:
            holder = await self._holder(live.id)
            if holder is None:
                if await self.leases.acquire(live.id):
                    await self._promote_locked(live)
                    return None
                continue
            try:
                reply = await self.bus.request(
                    holder, op | {"table": live.id}, timeout=REQUEST_TIMEOUT
                )
            except Unreachable as error:
                reply = {"ok": False, "code": "not_owner", "message": str(error)}
            if reply.get("ok"):
                return await self._advance_locked(live, reply.get("events"), reply.get("seats"))
            code, message = str(reply.get("code")), str(reply.get("message"))
            if code == "not_owner":  # it died, stopped or lost the lease: ask Redis again
                self._holders.pop(live.id, None)
            else:
                if code == "store_failed":
                    raise StoreFailed(message)
                raise TableError(code, message)
            if clock() > deadline:
                raise TableError("unavailable", "the table's server does not answer; try again")
            await asyncio.sleep(0.2)

    async def _holder(self, table_id: str) -> str | None:
        """The other process that owns the table, or None when nobody else does.

        Cached until the lease read would run out unrenewed, or a command sent there fails
        (:meth:`_route` forgets it): a lease never passes to another process before it runs out
        or its holder lets it go, and a holder that let go answers ``not_owner`` or nothing.
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
        database first (the log is the truth), then restart its timers (after the lock)."""
        await self._catch_up_locked(live)
        live.owned = True
        self._holders.pop(live.id, None)
        self.in_background(self._after_promotion(live))

    async def _after_promotion(self, live: LiveTable) -> None:
        with contextlib.suppress(TableError, StoreFailed):
            await self._take_over(live)

    def stored(self, live: LiveTable, events: list[Event], seats: dict[str, str] | None) -> None:
        if events or seats is not None:
            message: Message = {"kind": "events", "events": [e.to_json() for e in events]}
            self.bus.tell_table(live.id, message | {"seats": seats})

    # Chat.

    def say(self, live: LiveTable, seat: int, text: object) -> JSON:
        frame = super().say(live, seat, text)
        self.bus.tell_table(live.id, {"kind": "chat", "frame": frame})
        return frame

    # Messages from other processes.

    def _on_message(self, table_id: str | None, message: Message) -> None:
        kind = message.get("kind")
        if table_id is None:
            if kind == "request":
                self.in_background(self._serve(message))
            return
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "events":
            self.in_background(self._follow(live, message))
        elif kind == "chat" and isinstance(message.get("frame"), dict):
            frame = message["frame"]
            with contextlib.suppress(KeyError, TypeError):
                live.chat.add(frame["seat"], frame["name"], frame["text"], frame["at"])
                for connection in list(live.connections):
                    connection.send(frame)
        elif kind == "roll_call":
            for seat in {c.recipient for c in live.connections if not c.closed} - {SPECTATOR}:
                self.in_background(self._mark_here(live, seat))

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        """As on a single server, then a roll call: a seat marked gone here because its last
        socket here closed is marked connected again by a process where it has another."""
        await super().disconnect(live, connection)
        if connection.recipient != SPECTATOR and self._running and not live.dropped:
            self.bus.tell_table(live.id, {"kind": "roll_call"})

    async def _mark_here(self, live: LiveTable, seat: int) -> None:
        with contextlib.suppress(TableError, StoreFailed):
            await self.act(live, connected(seat, True))

    async def _follow(self, live: LiveTable, message: Message) -> None:
        async with live.lock:
            if not live.owned and not live.dropped:
                await self._advance_locked(live, message.get("events"), message.get("seats"))

    async def _serve(self, request: Message) -> None:
        """Run a command another process forwarded, if this process owns the table."""
        try:
            answer = await self._run_request(request)
        except TableError as error:
            answer = {"ok": False, "code": error.code, "message": error.message}
        except StoreFailed as error:
            answer = {"ok": False, "code": "store_failed", "message": str(error)}
        except Exception as error:
            log.exception("a forwarded command failed")
            answer = {"ok": False, "code": "unavailable", "message": str(error)}
        self.bus.reply(request, answer)

    async def _run_request(self, request: Message) -> Message:
        table_id = request.get("table")
        live = await self.get(table_id) if isinstance(table_id, str) else None
        if live is None or not live.owned:
            return {"ok": False, "code": "not_owner", "message": "this process does not own it"}
        before = live.table.version
        op = request.get("op")
        if op == "act":
            await self.act(live, Command.from_json(request.get("command") or {}))
        elif op == "join":
            player_id, name = request["player"]
            await self.join(live, Player(player_id, name), request["seat"], request["digest"])
        elif op == "leave":
            await self.leave(live, request["player"])
        else:
            raise TableError("bad_frame", f"unknown operation {op!r}")
        events = [e.to_json() for e in live.table.history if e.number > before]
        return {"ok": True, "events": events, "seats": live.seat_tokens}

    # Replicas.

    async def _advance_locked(self, live: LiveTable, stored: object, seats: object) -> list[Event]:
        """Apply published events that follow the replica's version, and send them to the
        sockets here; a gap (or anything unreadable) is filled from the database instead."""
        events = [e for e in stored if isinstance(e, dict)] if isinstance(stored, list) else []
        fresh = [e for e in events if isinstance(e.get("n"), int) and e["n"] > live.table.version]
        if fresh and fresh[0]["n"] != live.table.version + 1:
            return await self._catch_up_locked(live)
        try:
            new = live.table.follow(fresh, now=clock())
        except TableError:
            log.warning("table %s: a published step did not apply; reading the log", live.id)
            return await self._catch_up_locked(live)
        if isinstance(seats, dict):
            self._new_seats(live, {str(k): str(v) for k, v in seats.items()})
        self.broadcast(live, new)
        return new

    async def _catch_up_locked(self, live: LiveTable) -> list[Event]:
        """Read the table's log from the database and apply what the replica lacks."""
        stored = await self.store.load(live.id)
        if stored is None:  # pragma: no cover - tables are never deleted
            return []
        new = live.table.follow(stored.events, now=clock())
        self._new_seats(live, stored.seats)
        self.broadcast(live, new)
        return new

    def _new_seats(self, live: LiveTable, seats: Mapping[str, str]) -> None:
        """Take the owner's seat tokens; a socket whose token no longer opens its seat closes."""
        changed = {int(k) for k, v in live.seat_tokens.items() if seats.get(k) != v}
        live.seat_tokens = dict(seats)
        for connection in list(live.connections):
            if connection.recipient in changed:
                connection.close(1000, "you left your seat")

    # Leases.

    async def _keep_leases(self) -> None:
        """Every third of the lease time: renew the leases held, take the tables followed here
        whose owner is gone, let go of replicas nobody uses, adopt orphaned tables, and follow
        the lobby's tables."""
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            for live in list(self.tables.values()):
                try:
                    await self._keep(live)
                except Exception as error:
                    log.warning("table %s: lease upkeep failed: %s", live.id, error)
            try:
                await self.adopt_orphans()
                await self.follow_lobby()
            except Exception as error:
                log.warning("could not read the tables to adopt or list: %s", error)

    async def follow_lobby(self) -> None:
        """Hold every public table waiting for players (owned, or as a replica), so that this
        process's lobby lists the tables made at the others too (no sticky sessions)."""
        for table_id in await self.store.lobby_ids():
            await self.get(table_id)

    async def _keep(self, live: LiveTable) -> None:
        if live.owned:
            if not await self.leases.renew(live.id):
                log.warning("process %s lost the lease of table %s", self.process_id, live.id)
                await self._demote(live)
            return
        if await self.leases.holder(live.id) is None and await self.leases.acquire(live.id):
            async with live.lock:
                await self._promote_locked(live)
            return
        idle = clock() - self._used.get(live.id, 0.0) > FORGET_AFTER
        if idle and not any(not c.closed for c in live.connections):
            await self._forget(live)

    async def _demote(self, live: LiveTable) -> None:
        """Another process took the table: stop writing it and follow it instead."""
        async with live.lock:
            live.owned = False
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
            await self._catch_up_locked(live)
