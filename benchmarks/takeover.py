"""Takeover after ``kill -9``: two ``pasur serve`` processes on PostgreSQL and Redis, the owner
of the tables killed again and again while people play.

Usage::

    python benchmarks/takeover.py [--kills 10] [--tables 8] [--think 0.2-0.6] [--lease SECONDS]
                                  [--with-keeper] [--db URL] [--redis URL] [--seed 1]
                                  [--json FILE] [--keep]

``--db`` defaults to ``PASUR_TEST_POSTGRES_URL`` and ``--redis`` to ``PASUR_TEST_REDIS_URL`` (as
the tests); a new database is made beside the one named and dropped afterwards. The lease is the
server's default unless ``--lease`` sets ``PASUR_LEASE_TTL``.

The script starts two servers sharing the database and the tables through Redis, makes
``--tables`` two-person tables at the first (which owns them), and seats one person of each at
each server (seat sockets from a loopback address of their own, as in ``benchmarks/load.py``).
Everyone plays: a person whose turn comes thinks (``--think``) and plays a random legal move,
and accepts the rematch when a game ends. A socket that closes reconnects at once, with
``since``, to a server that runs (its own again once that is back).

Then, ``--kills`` times: after 2 to 4 s of play (so that the kill falls anywhere in the lease's
renewal cycle), the process that owns the tables (read from Redis) is sent SIGKILL; its lease
keeper then gives its leases up at once. With ``--with-keeper`` the keeper is killed with it, as
when the server's machine is lost: the leases must run out first. For each of
its tables the **takeover time** is from the kill to the first event any of the table's people
receives that the dead process had not stored (its last stored event is read from the database
once it is gone). When every table has gone on, the killed process is started again and its
people move back to it. At the end every ``played`` event anyone received (every acknowledged
play) must be in its table's log, with the same seat and move: the **plays lost**, which must be
0.

It prints each kill, then the median, p95 and maximum takeover over every (kill, table), the
plays lost, and the leases lost by a process that was running (``lost the lease`` in the logs:
lease churn, which must be 0). A failed run (a table that does not go on within 30 s, a play
lost, a lease lost, a server that does not start) keeps its folder, with the servers' logs, and
says where; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import re
import shutil
import signal
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from load import Server, home_address, log, quantile, scratch_database, set_up_tables, think_range
from redis.asyncio import Redis
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

GIVE_UP = 30.0
"""Seconds a table may take to go on after a kill before the run fails."""

PLAY_BETWEEN = (2.0, 4.0)
"""Seconds of play before each kill (random, seeded)."""


@dataclasses.dataclass
class Table:
    """What the people of one table have received between them."""

    id: str
    arrivals: dict[int, float] = dataclasses.field(default_factory=dict)
    """The time (``time.monotonic``) each event number first reached one of them."""
    played: dict[int, tuple[int, str]] = dataclasses.field(default_factory=dict)
    """Every ``played`` event received: its number, seat and move."""

    def first_after(self, version: int) -> float | None:
        """When the first event after ``version`` arrived, or None if none has."""
        later = [at for n, at in self.arrivals.items() if n > version]
        return min(later) if later else None


@dataclasses.dataclass
class Counts:
    """Refusals and reconnections, over everyone."""

    refused: dict[str, int] = dataclasses.field(default_factory=dict)
    reconnects: int = 0

    def refusal(self, code: str) -> None:
        self.refused[code] = self.refused.get(code, 0) + 1


class Person:
    """A seated person's socket: plays a random legal move after thinking, and reconnects with
    ``since`` whenever the socket closes, to their own server if it runs, else to the other."""

    def __init__(
        self,
        table: Table,
        token: str,
        home: int,
        address: str,
        servers: list[Server],
        counts: Counts,
        rng: random.Random,
        think: tuple[float, float],
    ) -> None:
        self.table = table
        self.token = token
        self.home = home
        self.address = address
        self.servers = servers
        self.counts = counts
        self.rng = rng
        self.think = think
        self.seat = -1
        self.version = 0
        self.legal: list[str] = []
        self.thinking = False
        self.socket: ClientConnection | None = None
        self.stopping = False
        self._sends: set[asyncio.Task[None]] = set()

    def server(self) -> Server:
        """Their own server if it runs, else the other."""
        own = self.servers[self.home]
        return own if _running(own) else self.servers[1 - self.home]

    async def run(self) -> None:
        """Play until :meth:`stop`, reconnecting whenever the socket closes."""
        first = True
        while not self.stopping:
            url = self.server().url.replace("http", "ws", 1) + f"/ws/tables/{self.table.id}"
            try:
                async with connect(
                    url, proxy=None, ping_interval=None, local_addr=(self.address, 0)
                ) as socket:
                    self.socket = socket
                    since = None if first else self.version
                    hello = {"type": "hello", "protocol": 1, "seat_token": self.token}
                    await socket.send(json.dumps(hello | {"since": since}))
                    first = False
                    async for frame in socket:
                        self.receive(json.loads(frame))
            except (ConnectionClosed, OSError):
                pass
            self.socket = None
            if not self.stopping:
                self.counts.reconnects += 1
                await asyncio.sleep(0.1)

    async def move_home(self) -> None:
        """Close the socket, so that it reconnects to the person's own server."""
        if self.socket is not None and self.server() is self.servers[self.home]:
            await self.socket.close()

    async def stop(self) -> None:
        self.stopping = True
        if self.socket is not None:
            await self.socket.close()

    def receive(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "welcome":
            self.seat = frame["you"]
            if frame["version"] == self.version:
                self.take_turn(self.legal)  # back with nothing missed
        elif kind == "snapshot":
            snapshot = frame["snapshot"]
            self.version = snapshot["version"]
            game = snapshot["game"] or {}
            mine = snapshot["status"] == "playing" and game.get("turn") == self.seat
            self.take_turn(game.get("legal", []) if mine else [])
        elif kind == "event":
            self.on_event(frame["event"])
        elif kind == "error":
            code = frame["code"]
            self.counts.refusal(code)
            if code == "stale":  # an event came first (a seat marked gone, say): play again
                self.take_turn(self.legal)
            elif code == "unavailable":  # no server answered for the table: again, later
                asyncio.get_running_loop().call_later(0.3, self.take_turn, self.legal)

    def on_event(self, event: dict[str, Any]) -> None:
        n = event["n"]
        if n <= self.version:
            return
        self.version = n
        self.table.arrivals.setdefault(n, time.monotonic())
        if event["kind"] == "played":
            self.table.played[n] = (event["seat"], event["move"])
        elif event["kind"] == "game_over":
            self.send({"type": "rematch", "accept": True})
        if "turn" in event:
            self.take_turn(event.get("legal", []))

    def take_turn(self, legal: list[str]) -> None:
        """Think, then play one of ``legal`` (nothing if it is empty)."""
        self.legal = legal
        if legal and not self.thinking:
            self.thinking = True
            asyncio.get_running_loop().call_later(self.rng.uniform(*self.think), self._play)

    def _play(self) -> None:
        self.thinking = False
        if self.legal and not self.stopping:
            move = self.rng.choice(self.legal)
            self.send({"type": "play", "move": move, "version": self.version})

    def send(self, frame: dict[str, Any]) -> None:
        socket = self.socket
        if socket is not None:
            task = asyncio.create_task(_send(socket, json.dumps(frame)))
            self._sends.add(task)
            task.add_done_callback(self._sends.discard)


async def _send(socket: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await socket.send(text)


def _running(server: Server) -> bool:
    return server.process is not None and server.process.poll() is None


# One run.


@dataclasses.dataclass
class Kill:
    """One kill: which server, and each of its tables' takeover time in seconds."""

    server: int
    takeovers: list[float]


async def owners(redis: Redis, prefix: str, tables: list[Table]) -> list[str | None]:
    """The process holding each table's lease."""
    held = await redis.mget([f"{prefix}lease:{table.id}" for table in tables])
    return [None if value is None else value.decode() for value in held]


def server_of(process_id: str, servers: list[Server]) -> int:
    """The server whose log says it took a table as ``process_id``."""
    for index, server in enumerate(servers):
        if f"process {process_id} owns table" in server.log_path.read_text(errors="replace"):
            return index
    raise RuntimeError(f"no server's log names process {process_id}")


async def stored_versions(engine: AsyncEngine, tables: list[Table]) -> list[int]:
    async with engine.connect() as connection:
        rows = await connection.execute(
            text("SELECT table_id, max(n) FROM table_events GROUP BY table_id")
        )
        found = {table_id: int(n) for table_id, n in rows}
    return [found[table.id] for table in tables]


async def plays_lost(engine: AsyncEngine, tables: list[Table]) -> int:
    """The ``played`` events received that the tables' logs do not hold (and a log with a gap in
    its numbers counts one more)."""
    lost = 0
    async with engine.connect() as connection:
        for table in tables:
            rows = await connection.execute(
                text("SELECT n, kind, data FROM table_events WHERE table_id = :id ORDER BY n"),
                {"id": table.id},
            )
            stored = {n: (kind, data) for n, kind, data in rows}
            lost += sorted(stored) != list(range(1, len(stored) + 1))
            for n, (seat, move) in table.played.items():
                kind, data = stored.get(n, ("", {}))
                lost += (kind, data.get("seat"), data.get("move")) != ("played", seat, move)
    return lost


async def kill_the_owner(
    servers: list[Server],
    redis: Redis,
    prefix: str,
    engine: AsyncEngine,
    tables: list[Table],
    with_keeper: bool,
) -> Kill:
    """Kill the process owning the tables (``with_keeper``: and its lease keeper, its process
    group); the takeover times of the tables it owned."""
    held = await owners(redis, prefix, tables)
    owner = max(set(held), key=held.count)
    if owner is None:
        raise RuntimeError("nobody holds the tables' leases")
    victim = server_of(owner, servers)
    its = [table for table, holder in zip(tables, held, strict=True) if holder == owner]
    process = servers[victim].process
    assert process is not None
    killed = time.monotonic()
    if with_keeper:
        os.killpg(process.pid, signal.SIGKILL)
    else:
        process.send_signal(signal.SIGKILL)
    process.wait()
    last = await stored_versions(engine, its)
    deadline = killed + GIVE_UP
    while time.monotonic() < deadline:
        went_on = [table.first_after(version) for table, version in zip(its, last, strict=True)]
        if all(at is not None for at in went_on):
            return Kill(victim, [at - killed for at in went_on if at is not None])
        await asyncio.sleep(0.05)
    stuck = sum(
        table.first_after(version) is None for table, version in zip(its, last, strict=True)
    )
    raise RuntimeError(f"{stuck} of {len(its)} tables did not go on within {GIVE_UP:.0f} s")


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    async with scratch_database(args.db, folder) as database:
        prefix = f"pasur-takeover-{os.getpid()}-{random.getrandbits(32):08x}:"
        servers = [
            Server(database, folder / f"server{index}.log", redis=args.redis, redis_prefix=prefix)
            for index in range(2)
        ]
        redis = Redis.from_url(args.redis)
        engine = create_async_engine(database)
        people: list[Person] = []
        loops: list[asyncio.Task[None]] = []
        try:
            for server in servers:
                await server.start()
            seats = await set_up_tables([servers[0].url], args.tables, args.target)
            tables: dict[str, Table] = {}
            rng = random.Random(args.seed)
            counts = Counts()
            for n, (_, table_id, token) in enumerate(seats):
                table = tables.setdefault(table_id, Table(table_id))
                home = sum(p.table is table for p in people)  # one person at each server
                person_rng = random.Random(rng.random())
                address = home_address(n)
                people.append(
                    Person(table, token, home, address, servers, counts, person_rng, args.think)
                )
            loops = [asyncio.create_task(person.run()) for person in people]
            kills: list[Kill] = []
            for number in range(1, args.kills + 1):
                await asyncio.sleep(rng.uniform(*PLAY_BETWEEN))
                kill = await kill_the_owner(
                    servers, redis, prefix, engine, list(tables.values()), args.with_keeper
                )
                kills.append(kill)
                log(
                    f"kill {number}: server {kill.server}, {len(kill.takeovers)} tables went on "
                    f"after {min(kill.takeovers):.2f} to {max(kill.takeovers):.2f} s"
                )
                await servers[kill.server].start()
                for person in people:
                    await person.move_home()
            await asyncio.sleep(1.0)  # the last plays answered
            for person in people:
                await person.stop()
            await asyncio.gather(*loops, return_exceptions=True)
            lost = await plays_lost(engine, list(tables.values()))
        finally:
            for task in loops:
                task.cancel()
            for server in servers:
                server.stop()
            await engine.dispose()
            await redis.aclose()
    churn = sum(
        len(re.findall(r"lost the lease of table", server.log_path.read_text(errors="replace")))
        for server in servers
    )
    samples = sorted(t for kill in kills for t in kill.takeovers)
    return {
        "kills": len(kills),
        "tables": args.tables,
        "lease": args.lease,
        "with_keeper": args.with_keeper,
        "takeover_median_s": statistics.median(samples),
        "takeover_p95_s": quantile(samples, 0.95),
        "takeover_max_s": samples[-1],
        "takeover_min_s": samples[0],
        "per_kill_max_s": [max(kill.takeovers) for kill in kills],
        "plays": sum(len(table.played) for table in tables.values()),
        "plays_lost": lost,
        "leases_lost_while_running": churn,
        "refused": counts.refused,
        "reconnects": counts.reconnects,
    }


# The command.


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=10, help="owners killed (default 10)")
    parser.add_argument("--tables", type=int, default=8, help="tables in play (default 8)")
    parser.add_argument(
        "--think", type=think_range, default=(0.2, 0.6), help="thinking time, LOW-HIGH s (0.2-0.6)"
    )
    parser.add_argument("--target", type=int, default=62, help="points a game is played to")
    parser.add_argument(
        "--lease", type=float, help="PASUR_LEASE_TTL for the servers (default: theirs)"
    )
    parser.add_argument(
        "--with-keeper",
        action="store_true",
        help="kill the owner's lease keeper too (its machine lost): the leases run out",
    )
    parser.add_argument(
        "--db",
        default=os.environ.get("PASUR_TEST_POSTGRES_URL"),
        help="PostgreSQL URL (default $PASUR_TEST_POSTGRES_URL); a new database is made beside it",
    )
    parser.add_argument(
        "--redis",
        default=os.environ.get("PASUR_TEST_REDIS_URL"),
        help="Redis URL (default $PASUR_TEST_REDIS_URL)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves and waits")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--keep", action="store_true", help="keep the run's folder (the servers' logs) anyway"
    )
    args = parser.parse_args(argv)
    if not args.db or not args.redis:
        parser.error("give --db and --redis (or set PASUR_TEST_POSTGRES_URL, PASUR_TEST_REDIS_URL)")
    if args.kills < 1 or args.tables < 1:
        parser.error("--kills and --tables are at least 1")
    return args


def failures(report: dict[str, Any]) -> list[str]:
    """What makes the run a failure."""
    found = []
    if report["plays_lost"]:
        found.append(f"{report['plays_lost']} acknowledged plays are not in the logs")
    if report["leases_lost_while_running"]:
        found.append(f"{report['leases_lost_while_running']} leases lost by a running process")
    return found


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.lease is None:
        os.environ.pop("PASUR_LEASE_TTL", None)
    else:
        os.environ["PASUR_LEASE_TTL"] = str(args.lease)
    folder = Path(tempfile.mkdtemp(prefix="pasur-takeover-"))
    try:
        report = asyncio.run(run(args, folder))
    except Exception as error:
        log(f"the run failed: {error}\nits folder, with the servers' logs, is kept: {folder}")
        raise SystemExit(1) from None
    print(
        f"{report['kills']} kills, {report['tables']} tables: takeover median "
        f"{report['takeover_median_s']:.2f} s, p95 {report['takeover_p95_s']:.2f} s, "
        f"max {report['takeover_max_s']:.2f} s; {report['plays']} plays acknowledged, "
        f"{report['plays_lost']} lost; {report['leases_lost_while_running']} leases lost by a "
        f"running process; refusals {report['refused'] or 0}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    problems = failures(report)
    if problems:
        log("; ".join(problems) + f"\nthe run's folder, with the servers' logs, is kept: {folder}")
        raise SystemExit(1)
    if args.keep:
        log(f"the run's folder, with the servers' logs: {folder}")
    else:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
