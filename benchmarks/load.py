"""Play-to-update latency and memory per socket of one ``pasur serve`` under scripted players.

Usage::

    python benchmarks/load.py [--sockets 500,1000,2000,4000] [--seconds 60] [--think 1-3]
                              [--seed 1] [--db URL] [--processes N --redis URL]
                              [--spread paired|random|table] [--pin] [--json FILE]

For each number of sockets the script starts a fresh ``pasur serve`` on a free loopback port, with
a new SQLite file in a temporary folder (or the database ``--db`` names), seats two people at each
of sockets / 2 tables over REST (``POST /api/guest``, ``/api/tables``, ``/join``, ``/start``),
opens one WebSocket per seated person, and lets everyone play real games. A person whose turn
comes thinks for a random time (``--think``, seeded), then plays a random move from the ``legal``
list of the event that gave them the turn; at the end of a game everyone accepts the rematch.
Like the web client, each socket sends an application ``ping`` every 20 s. Each person connects
from an address of their own (127.1.0.1, 127.1.0.2, … : all of 127.0.0.0/8 is loopback), as
people at home do, so the server runs with its limits per address as shipped.

It reports, per number of sockets:

- **latency**: from sending a ``play`` frame to receiving the ``played`` event for it (p50, p99,
  max), over the plays sent during the measured ``--seconds``; a play that the server refuses as
  ``stale`` is sent again and timed from the first send;
- **memory per socket**: the server's RSS (``VmRSS`` in ``/proc/PID/status``) once every socket
  is connected, minus its RSS before the first socket opened (tables created, games started),
  divided by the sockets;
- the CPU the server and this client used during the measured seconds, in % of one core. The
  clients run in this process, on one asyncio event loop, on the same cores as the server: what
  they use the server does not get, so the latencies are pessimistic.

Progress goes to stderr; the table of results to stdout, and with ``--json FILE`` the same
figures as JSON (``-`` for stdout). A run's folder (its SQLite file and the servers' logs) is
deleted after it, but kept, and named on stderr, when the run fails, a play was refused (stale
included) or left unanswered, or a server lost a table's lease while running (lease churn,
counted on stderr).
With ``--processes N --redis URL`` the tables are shared by N servers, and ``--spread`` says how the
sockets reach them (``paired``: each table's two people at different servers; ``random``: each
socket at a server drawn at random, as a balancer without affinity; ``table``: each table's
sockets at the server a hash of its id picks, as the balancer rule of docs/deploy.md does, so the
table's writer moves there). ``--pin`` runs the load
generator on the first core and the servers on the rest, so the two do not trade cores.
``--profile FILE`` runs the server under cProfile (slower) and writes its statistics to
``FILE.<sockets>.prof``, for ``python -m pstats``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import random
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

PING_SECONDS = 20.0
"""How often each socket sends an application ``ping``, as the web client does."""

WARM_UP_SECONDS = 3.0
"""Play before the measured seconds begin, so every table is under way."""

DRAIN_SECONDS = 10.0
"""How long to wait, after the measured seconds, for the answers to plays already sent."""

SETUP_CONCURRENCY = 4
"""REST calls in flight while the tables are set up."""

CONNECT_CONCURRENCY = 64
"""Socket handshakes in flight while the players connect."""


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# The server process.


class Server:
    """``pasur serve`` in a subprocess on a free loopback port; with a Redis URL, one process of a
    cluster (``--redis``, the keys under ``redis_prefix``)."""

    def __init__(
        self,
        database: str,
        log_path: Path,
        profile: Path | None = None,
        redis: str | None = None,
        redis_prefix: str = "",
        cpus: set[int] | None = None,
    ) -> None:
        self.database = database
        self.cpus = cpus
        """The cores the server (and what it starts) may run on; None: any."""
        self.profile = profile
        self.redis = redis
        self.redis_prefix = redis_prefix
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        """Start the server and wait until ``/healthz`` answers."""
        pasur = shutil.which("pasur", path=str(Path(sys.executable).parent)) or "pasur"
        command = [pasur, "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        if self.profile is not None:
            command = [sys.executable, "-m", "cProfile", "-o", str(self.profile), *command]
        command += ["--db", self.database]
        environment = dict(os.environ)
        if self.redis is not None:
            command += ["--redis", self.redis]
            environment["PASUR_REDIS_PREFIX"] = self.redis_prefix
        with self.log_path.open("ab") as output:  # a restarted server's log goes on
            # A session of its own: its process group is the server and what it starts (its lease
            # keeper), for benchmarks/takeover.py to kill together.
            self.process = subprocess.Popen(
                command,
                stdout=output,
                stderr=subprocess.STDOUT,
                env=environment,
                start_new_session=True,
                preexec_fn=None if self.cpus is None else self._pin,
            )
        deadline = time.monotonic() + 60
        async with httpx.AsyncClient(base_url=self.url) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"pasur serve stopped at start-up:\n{self.tail()}")
                with contextlib.suppress(httpx.TransportError):
                    if (await client.get("/healthz")).status_code == 200:
                        return
                await asyncio.sleep(0.2)
        raise RuntimeError(f"pasur serve did not answer within 60 s:\n{self.tail()}")

    def _pin(self) -> None:
        assert self.cpus is not None
        os.sched_setaffinity(0, self.cpus)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def rss_mb(self) -> float:
        """The server's resident memory now, in MiB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS line in /proc/PID/status")

    def cpu_seconds(self) -> float:
        """User and system CPU the server has used so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def tail(self) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-20:])


class Servers:
    """The ``pasur serve`` processes of one run: one, or several sharing the database and a
    Redis server, each table owned by one of them (``pasur serve --redis``)."""

    def __init__(
        self,
        count: int,
        database: str,
        folder: Path,
        profile: Path | None = None,
        redis: str | None = None,
        cpus: set[int] | None = None,
    ) -> None:
        prefix = f"pasur-load-{secrets.token_hex(4)}:"
        self.members = [
            Server(
                database,
                folder / f"server{index}.log",
                profile.with_suffix(f".{index}{profile.suffix}") if profile and index else profile,
                redis,
                prefix,
                cpus,
            )
            for index in range(count)
        ]

    @property
    def urls(self) -> list[str]:
        return [server.url for server in self.members]

    async def start(self) -> None:
        """Start them one after the other (the first one migrates the database)."""
        for server in self.members:
            await server.start()

    def rss_mb(self) -> float:
        """Their resident memory together, in MiB."""
        return sum(server.rss_mb() for server in self.members)

    def cpu_seconds(self) -> float:
        """The CPU they have used together so far."""
        return sum(server.cpu_seconds() for server in self.members)

    def stop(self) -> None:
        for server in self.members:
            server.stop()


@contextlib.asynccontextmanager
async def scratch_database(url: str | None, folder: Path) -> AsyncIterator[str]:
    """The database of one run, empty: a new SQLite file in ``folder`` by default; for a
    PostgreSQL URL, a new database made beside the one it names and dropped after the run (the
    named one is only connected to, never written); any other URL as it is."""
    if url is None:
        yield f"sqlite+aiosqlite:///{folder / 'load.db'}"
        return
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        yield url
        return
    name = f"{parsed.database or 'postgres'}_load_{secrets.token_hex(4)}"
    # CREATE and DROP DATABASE run outside a transaction.
    engine = create_async_engine(parsed, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield parsed.set(database=name).render_as_string(hide_password=False)
        finally:
            async with engine.connect() as connection:
                await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await engine.dispose()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# Setting the tables up.


async def set_up_tables(urls: list[str], tables: int, target: int) -> list[tuple[int, str, str]]:
    """Start ``tables`` two-person tables playing to ``target`` points, table ``i`` made at server
    ``i`` modulo the servers (which then owns it); returns (table number + seat, table id, seat
    token) per seated person."""
    seats: list[tuple[int, str, str]] = []
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)
    async with contextlib.AsyncExitStack() as stack:
        people: list[tuple[httpx.AsyncClient, httpx.AsyncClient]] = []
        for url in urls:
            ava = await stack.enter_async_context(httpx.AsyncClient(base_url=url, timeout=60))
            babak = await stack.enter_async_context(httpx.AsyncClient(base_url=url, timeout=60))
            await post_json(ava, "/api/guest", {"name": "Ava"})
            await post_json(babak, "/api/guest", {"name": "Babak"})
            people.append((ava, babak))

        async def one_table(number: int) -> None:
            ava, babak = people[number % len(people)]
            async with limit:
                body = {"players": 2, "settings": {"target": str(target)}}
                table_id = (await post_json(ava, "/api/tables", body))["table_id"]
                for person in (ava, babak):
                    joined = await post_json(person, f"/api/tables/{table_id}/join", {})
                    seats.append((number + joined["seat"], table_id, joined["seat_token"]))
                await post_json(ava, f"/api/tables/{table_id}/start", None)

        await asyncio.gather(*(one_table(number) for number in range(tables)))
    return seats


async def post_json(client: httpx.AsyncClient, path: str, body: Any) -> Any:
    """POST ``body`` as JSON; the answer's JSON, or an error naming the call and its answer."""
    response = await client.post(path, json=body)
    if response.status_code != 200:
        raise RuntimeError(f"POST {path}: {response.status_code} {response.text[:300]}")
    return response.json()


# The players.


@dataclasses.dataclass
class Tally:
    """What every player of one run counts together."""

    measuring: bool = False
    """Plays sent while this is true are timed."""
    stopping: bool = False
    """No new play is sent once this is true."""
    sent: int = 0
    """Plays sent while measuring."""
    latencies: list[float] = dataclasses.field(default_factory=list)
    """Seconds from sending each timed play to its ``played`` event."""
    timeline: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    """Each timed play's answer as (when it was sent, ``perf_counter``; seconds it took)."""
    stale: int = 0
    """Plays refused as stale and sent again."""
    errors: Counter[str] = dataclasses.field(default_factory=Counter)
    """Other refusals, by code (a correct client gets none)."""
    outstanding: int = 0
    """Timed plays still waiting for their ``played`` event."""
    games: int = 0
    """Games finished (each followed by a rematch)."""


class Player:
    """One seated person: a socket that plays a random legal move after thinking."""

    def __init__(self, tally: Tally, rng: random.Random, think: tuple[float, float]) -> None:
        self.tally = tally
        self.rng = rng
        self.think = think
        self.socket: ClientConnection | None = None
        self.seat = -1
        self.version = 0
        self.legal: list[str] = []
        """The moves of this seat's turn, from the event that gave it."""
        self.thinking = False
        """Whether a play is due after the thinking time."""
        self.move: str | None = None
        """The play sent and not yet answered."""
        self.sent_at = 0.0
        self.timed = False
        self.ready = asyncio.Event()
        self._sends: set[asyncio.Task[None]] = set()

    async def connect(self, url: str, token: str, address: str, limit: asyncio.Semaphore) -> None:
        """Open the socket from ``address`` and say hello; :attr:`ready` is set once the
        snapshot is in."""
        async with limit:
            self.socket = await connect(
                url,
                compression="deflate",
                proxy=None,
                open_timeout=120,
                ping_interval=None,
                local_addr=(address, 0),
            )
            await self.socket.send(
                json.dumps({"type": "hello", "protocol": 1, "seat_token": token})
            )
            while not self.ready.is_set():
                self.receive(json.loads(await self.socket.recv()))

    async def play(self) -> None:
        """Answer every frame until the socket closes, pinging now and then."""
        assert self.socket is not None
        pinger = asyncio.create_task(self._ping())
        try:
            async for text in self.socket:
                self.receive(json.loads(text))
        except ConnectionClosed:
            pass
        finally:
            pinger.cancel()

    def receive(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "event":
            self.on_event(frame["event"])
        elif kind == "welcome":
            self.seat, self.version = frame["you"], frame["version"]
        elif kind == "snapshot":
            shot = frame["snapshot"]
            self.version = shot["version"]
            game = shot["game"]
            if shot["status"] == "playing" and game["turn"] == self.seat and game["legal"]:
                self.take_turn(game["legal"])
            self.ready.set()
        elif kind == "error":
            self.on_error(frame["code"])

    def on_event(self, event: dict[str, Any]) -> None:
        self.version = event["n"]
        kind = event["kind"]
        if kind == "played" and event["seat"] == self.seat and self.move is not None:
            if self.timed:
                took = time.perf_counter() - self.sent_at
                self.tally.latencies.append(took)
                self.tally.timeline.append((self.sent_at, took))
                self.tally.outstanding -= 1
            self.move = None
        elif kind == "game_over":
            if self.seat == 0:  # one count per table
                self.tally.games += 1
            self.send({"type": "rematch", "accept": True})
        if "legal" in event:
            self.take_turn(event["legal"])

    def on_error(self, code: str) -> None:
        if code == "stale" and self.move is not None:
            self.tally.stale += 1
            self.send({"type": "play", "move": self.move, "version": self.version})
        else:
            self.tally.errors[code] += 1

    def take_turn(self, legal: list[str]) -> None:
        """Think, then play one of ``legal``.

        A play that ends a deal gives the next seat its turn twice (in ``played`` and in
        ``dealt``, with the same list): the turn is taken once.
        """
        self.legal = legal
        if not self.thinking:
            self.thinking = True
            asyncio.get_running_loop().call_later(self.rng.uniform(*self.think), self._play)

    def _play(self) -> None:
        self.thinking = False
        if self.tally.stopping or self.socket is None:
            return
        move = self.rng.choice(self.legal)
        self.move, self.sent_at, self.timed = move, time.perf_counter(), self.tally.measuring
        if self.timed:
            self.tally.sent += 1
            self.tally.outstanding += 1
        self.send({"type": "play", "move": move, "version": self.version})

    def send(self, frame: dict[str, Any]) -> None:
        assert self.socket is not None
        task = asyncio.create_task(self._send(json.dumps(frame)))
        self._sends.add(task)
        task.add_done_callback(self._sends.discard)

    async def _send(self, text: str) -> None:
        assert self.socket is not None
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(text)

    async def _ping(self) -> None:
        await asyncio.sleep(self.rng.uniform(0, PING_SECONDS))
        while True:
            self.send({"type": "ping", "t": time.time()})
            await asyncio.sleep(PING_SECONDS)


# One run.


@dataclasses.dataclass
class Result:
    """The figures for one number of sockets."""

    sockets: int
    processes: int
    spread: str
    """How the sockets were spread over the processes: ``paired``, ``random`` or ``one``."""
    tables: int
    seconds: float
    plays: int
    games: int
    answered: int
    stale: int
    errors: dict[str, int]
    p50_ms: float
    p99_ms: float
    max_ms: float
    server_cpu_percent: float
    """The CPU of every server process together, in % of one core."""
    client_cpu_percent: float
    cpu_ms_per_play: float
    """The server's CPU over the measured seconds divided by the plays sent in them: the cost of a
    play, which (unlike the latencies) hardly depends on what else the machine runs."""
    rss_start_mb: float
    """Each RSS figure is every server process's together."""
    rss_tables_mb: float
    rss_sockets_mb: float
    rss_end_mb: float
    kb_per_socket: float
    setup_seconds: float
    connect_seconds: float


During = Callable[[Tally, float], Awaitable[None]]
"""Something done while the plays are measured (``benchmarks/overload.py`` starts a CPU hog), given
the tally and when the measured seconds began (``perf_counter``); it is awaited with them."""


async def run(
    sockets: int, args: argparse.Namespace, folder: Path, during: During | None = None
) -> Result:
    """Start the servers, seat ``sockets`` people, let them play, and measure."""
    async with scratch_database(args.db, folder) as database:
        return await run_on(database, sockets, args, folder, during)


async def run_on(
    database: str,
    sockets: int,
    args: argparse.Namespace,
    folder: Path,
    during: During | None = None,
) -> Result:
    """:func:`run` on an empty database.

    With several servers, ``--spread`` says which server each socket connects to: ``paired``,
    the two people of a table to different ones (seat ``s`` of table ``i`` to server ``i + s``
    modulo the servers), so every play of one of them goes through Redis to the table's owner
    and back; ``random``, each socket to a server drawn at random (seeded), as a balancer without
    affinity spreads them; ``table``, every socket of a table to the server a hash of the table's
    id picks (CRC-32, as a balancer hashing the path does), where its writer moves.
    """
    profile = args.profile.with_suffix(f".{sockets}.prof") if args.profile else None
    servers = Servers(args.processes, database, folder, profile, args.redis, args.server_cpus)
    loops: list[asyncio.Task[None]] = []
    await servers.start()
    try:
        rss_start = servers.rss_mb()
        started = time.perf_counter()
        seats = await set_up_tables(servers.urls, sockets // 2, args.target)
        setup_seconds = time.perf_counter() - started
        rss_tables = servers.rss_mb()
        log(f"  {sockets // 2} tables started in {setup_seconds:.1f} s; connecting")

        tally = Tally()
        rng = random.Random(args.seed)
        players = [Player(tally, random.Random(rng.random()), args.think) for _ in seats]
        limit = asyncio.Semaphore(CONNECT_CONCURRENCY)
        started = time.perf_counter()
        ws_urls = [url.replace("http", "ws", 1) + "/ws/tables/" for url in servers.urls]
        spread = random.Random(args.seed)
        if args.spread == "random":
            seats = [(spread.randrange(len(ws_urls)), table, token) for _, table, token in seats]
        elif args.spread == "table":
            seats = [(zlib.crc32(table.encode()), table, token) for _, table, token in seats]
        await asyncio.gather(
            *(
                player.connect(
                    ws_urls[server % len(ws_urls)] + table_id, token, home_address(n), limit
                )
                for n, (player, (server, table_id, token)) in enumerate(
                    zip(players, seats, strict=True)
                )
            )
        )
        connect_seconds = time.perf_counter() - started
        rss_sockets = servers.rss_mb()
        log(f"  {sockets} sockets connected in {connect_seconds:.1f} s; playing")

        loops = [asyncio.create_task(p.play()) for p in players]
        await asyncio.sleep(WARM_UP_SECONDS)
        cpu_server, cpu_client, clock = (
            servers.cpu_seconds(),
            time.process_time(),
            time.perf_counter(),
        )
        tally.measuring = True
        measured = [asyncio.sleep(args.seconds)] + ([during(tally, clock)] if during else [])
        await asyncio.gather(*measured)
        tally.measuring = False
        elapsed = time.perf_counter() - clock
        server_seconds = servers.cpu_seconds() - cpu_server
        server_cpu = server_seconds / elapsed * 100
        client_cpu = (time.process_time() - cpu_client) / elapsed * 100
        tally.stopping = True
        deadline = time.monotonic() + DRAIN_SECONDS
        while tally.outstanding and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        rss_end = servers.rss_mb()
    finally:
        servers.stop()
    for loop in loops:
        loop.cancel()
    await asyncio.gather(*loops, return_exceptions=True)

    latencies = sorted(tally.latencies)
    return Result(
        sockets=sockets,
        processes=args.processes,
        spread=args.spread if args.processes > 1 else "one",
        tables=sockets // 2,
        seconds=args.seconds,
        plays=tally.sent,
        games=tally.games,
        answered=len(latencies),
        stale=tally.stale,
        errors=dict(tally.errors),
        p50_ms=quantile(latencies, 0.50) * 1000,
        p99_ms=quantile(latencies, 0.99) * 1000,
        max_ms=(latencies[-1] if latencies else 0.0) * 1000,
        server_cpu_percent=server_cpu,
        client_cpu_percent=client_cpu,
        cpu_ms_per_play=server_seconds * 1000 / max(tally.sent, 1),
        rss_start_mb=rss_start,
        rss_tables_mb=rss_tables,
        rss_sockets_mb=rss_sockets,
        rss_end_mb=rss_end,
        kb_per_socket=(rss_sockets - rss_tables) * 1024 / sockets,
        setup_seconds=setup_seconds,
        connect_seconds=connect_seconds,
    )


def home_address(n: int) -> str:
    """The loopback address person ``n`` connects from: 127.1.0.1, 127.1.0.2, …"""
    return f"127.{1 + n // 64_516}.{n // 254 % 254}.{n % 254 + 1}"


def quantile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values (nearest rank), 0 for none."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# The command.


def raise_open_files(sockets: int) -> None:
    """Raise the soft limit of open files for this process and the server it starts.

    Each socket is one file here and one in the server, plus the server's database and logs.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = sockets + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            raise SystemExit(
                f"{sockets} sockets need {wanted} open files, but the hard limit is {hard}: "
                "raise it (ulimit -Hn) or measure fewer sockets"
            )
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def print_table(results: list[Result]) -> None:
    """The figures as a table, one row per number of sockets, columns aligned."""
    rows = [
        [
            f"{r.sockets:,}",
            str(r.processes),
            r.spread,
            f"{r.tables:,}",
            f"{r.plays:,}",
            f"{r.games:,}",
            f"{r.p50_ms:.1f}",
            f"{r.p99_ms:.1f}",
            f"{r.max_ms:.0f}",
            f"{r.server_cpu_percent:.0f}%",
            f"{r.client_cpu_percent:.0f}%",
            f"{r.cpu_ms_per_play:.2f}",
            f"{r.rss_start_mb:.0f}/{r.rss_tables_mb:.0f}/{r.rss_sockets_mb:.0f}/{r.rss_end_mb:.0f}",
            f"{r.kb_per_socket:.1f}",
            f"{r.stale:,}",
            ",".join(f"{code}:{n}" for code, n in sorted(r.errors.items())) or "0",
        ]
        for r in results
    ]
    header = [
        "sockets",
        "processes",
        "spread",
        "tables",
        "plays",
        "games",
        "p50_ms",
        "p99_ms",
        "max_ms",
        "server_cpu",
        "client_cpu",
        "cpu_ms_per_play",
        "rss_mib(start/tables/sockets/end)",
        "kib_per_socket",
        "stale",
        "errors",
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sockets",
        type=_counts,
        default=[500, 1000, 2000, 4000],
        help="numbers of sockets, comma-separated, each even (default 500,1000,2000,4000)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per run")
    parser.add_argument(
        "--think",
        type=think_range,
        default=(1.0, 3.0),
        help="thinking time, LOW-HIGH seconds (1-3)",
    )
    parser.add_argument(
        "--target", type=int, default=62, help="points a game is played to (62, as in standard)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves and thinking times")
    parser.add_argument(
        "--db",
        help="database URL for the servers (default: a new SQLite file per run); for a PostgreSQL "
        "URL each run makes a new database beside the one named, and drops it afterwards",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="pasur serve processes sharing the tables through --redis (default 1)",
    )
    parser.add_argument(
        "--redis", metavar="URL", help="Redis for several processes (redis://127.0.0.1:6379/0)"
    )
    parser.add_argument(
        "--spread",
        choices=("paired", "random", "table"),
        default="paired",
        help="with several processes, which one each socket connects to: paired (a table's two "
        "people to different ones), random (as a balancer without affinity) or table (by a hash "
        "of the table's id, as the balancer rule of docs/deploy.md)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="run this load generator on the first core and the servers on the others, so "
        "neither takes the other's core (needs two cores or more)",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="run the server under cProfile and write its statistics to FILE.<sockets>.prof",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures as JSON (- for stdout)"
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes is at least 1")
    if args.processes > 1 and args.redis is None:
        parser.error("several processes share their tables through Redis: give --redis URL")
    args.server_cpus = None
    if args.pin:
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) < 2:
            parser.error("--pin needs two cores or more: one for the load, the rest for servers")
        args.client_cpus, args.server_cpus = {cores[0]}, set(cores[1:])
    return args


def _counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of numbers") from None
    if not counts or any(n < 2 or n % 2 for n in counts):
        raise argparse.ArgumentTypeError("each number of sockets is even and at least 2")
    return counts


def think_range(text: str) -> tuple[float, float]:
    try:
        low, high = (float(part) for part in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH, as in 1-3") from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError("thinking time is LOW-HIGH with 0 <= LOW <= HIGH")
    return low, high


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.pin:
        os.sched_setaffinity(0, args.client_cpus)
    raise_open_files(max(args.sockets))
    results = []
    for sockets in args.sockets:
        log(f"{sockets} sockets:")
        folder = Path(tempfile.mkdtemp(prefix="pasur-load-"))
        try:
            result = asyncio.run(run(sockets, args, folder))
        except BaseException:
            log(f"  the run failed; its folder, with the servers' logs, is kept: {folder}")
            raise
        log(f"  p50 {result.p50_ms:.1f} ms, p99 {result.p99_ms:.1f} ms over {result.plays} plays")
        churn = sum(
            path.read_text(errors="replace").count("lost the lease of table")
            for path in folder.glob("server*.log")
        )
        if churn:
            log(f"  {churn} leases lost by running servers (lease churn)")
        if churn or result.errors or result.stale or result.answered < result.plays:
            log(f"  the servers' logs are kept in {folder}")
        else:
            shutil.rmtree(folder)
        results.append(result)
    print_table(results)
    if args.json:
        report = {
            "think_seconds": list(args.think),
            "seed": args.seed,
            "database": args.db or "sqlite (a new file per run)",
            "processes": args.processes,
            "spread": args.spread,
            "pinned": args.pin,
            "cpus": os.cpu_count(),
            "runs": [dataclasses.asdict(r) for r in results],
        }
        text = json.dumps(report, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
