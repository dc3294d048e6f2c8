"""Memory of one ``pasur serve`` over thousands of short games: after warm-up it must stay flat.

Usage::

    python benchmarks/soak.py [--games 2000] [--clients 8] [--rate 8] [--target 1]
                              [--sample 1] [--db URL] [--redis URL] [--limit 5] [--json FILE]

Starts a fresh ``pasur serve`` (:class:`load.Server`, as ``benchmarks/load.py`` does: a new SQLite
file in a temporary folder, or a scratch database beside the PostgreSQL one ``--db`` names; with
``--redis``, as one process of a cluster), then ``--clients`` scripted people play at once, each
one game after another, until ``--games`` games are over. A game: a private table with a
``random`` bot in seat 1 (no bot delay) playing to ``--target`` points (1, the least the house
rules take: the game ends with its first round), made, joined at seat 0 and started over REST;
the table's socket opened with the seat's token; a random legal move played whenever the seat's
turn comes; the socket closed at ``game_over``. Every table is then finished with nobody at it,
which is what a busy server makes all day: the table manager must let it go
(docs/performance.md, "Memory over thousands of games").

Games begin at ``--rate`` a second at most (all clients together; a client that fell behind
catches up a second's worth at most). A server holds the tables of the last half-minute or so of
games, so its memory after warm-up is level only at a steady rate: a machine shared with other
work that plays twice as fast in the second half would show a higher level, not a leak.

Every ``--sample`` seconds the server's RSS (``VmRSS`` in ``/proc/PID/status``) is read, with
the games over so far. Printed: the games, seconds and games per second; the RSS at the start,
at each quarter of the games and at the end, its least and most; and its growth over the last
half of the games: the median of the samples taken in the last tenth of the games against the
median of those taken in the tenth around the half-way mark, with the slope of a straight line
fitted to the last half (MiB per 1,000 games); and the errors in the server's log. The run fails
(exit status 1) when that growth is ``--limit`` % or more, the server logged an error, or a game
went wrong; a failed run's folder (database and server log) is kept and named.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from load import Server, log, post_json, scratch_database
from websockets.asyncio.client import ClientConnection, connect

GAME_SECONDS = 120.0
"""A game that takes longer than this has hung: the run stops and fails."""

ADDRESSES = 16
"""Loopback addresses each client connects from in turn (127.3.client.1 to .16), so that no
address opens more than the server's 60 sockets a minute (``Limits.connects_per_address``)."""


@dataclasses.dataclass
class Sample:
    seconds: float
    games: int
    rss_mb: float


@dataclasses.dataclass
class Progress:
    """What the clients share: the games begun and over, and the plays sent."""

    wanted: int
    rate: float
    """Games begun a second at most (all clients together)."""
    begun: int = 0
    over: int = 0
    plays: int = 0
    stale: int = 0
    next_begin: float = dataclasses.field(default_factory=time.perf_counter)
    """When (``time.perf_counter``) the next game may begin."""

    async def begin(self) -> bool:
        """Wait until the next game may begin (:attr:`rate`); False when enough games have
        begun."""
        while self.begun < self.wanted:
            now = time.perf_counter()
            if now >= self.next_begin:
                self.begun += 1
                self.next_begin = max(self.next_begin, now - 1.0) + 1 / self.rate
                return True
            await asyncio.sleep(self.next_begin - now)
        return False


# One person playing games.


async def play_games(
    client: int, url: str, target: int, progress: Progress, rng: random.Random
) -> None:
    """Play games one after the other until enough are begun (by every client together)."""
    socket_url = url.replace("http", "ws", 1) + "/ws/tables/"
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        await post_json(http, "/api/guest", {"name": f"Soak {client}"})
        played = 0
        while await progress.begin():
            body = {"players": 2, "settings": {"target": str(target)}, "bots": {"1": "random"}}
            table_id = (await post_json(http, "/api/tables", body))["table_id"]
            joined = await post_json(http, f"/api/tables/{table_id}/join", {"seat": 0})
            await post_json(http, f"/api/tables/{table_id}/start", None)
            address = f"127.3.{client % 254}.{played % ADDRESSES + 1}"
            game = play_one(socket_url + table_id, joined["seat_token"], address, progress, rng)
            await asyncio.wait_for(game, GAME_SECONDS)
            progress.over += 1
            played += 1


async def play_one(
    url: str, token: str, address: str, progress: Progress, rng: random.Random
) -> None:
    """Open the table's socket, play the seat's turns until ``game_over``, then close it."""
    async with connect(url, proxy=None, ping_interval=None, local_addr=(address, 0)) as socket:
        await socket.send(json.dumps({"type": "hello", "protocol": 1, "seat_token": token}))
        seat, version = -1, 0
        legal: list[str] = []
        sent: str | None = None
        """The play sent and not yet seen played: a step that ends a deal gives the seat its
        turn twice (``played``, then ``dealt``), and the turn is taken once."""
        async for text in socket:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "welcome":
                seat, version = frame["you"], frame["version"]
            elif kind == "snapshot":
                shot = frame["snapshot"]
                version = shot["version"]
                if shot["status"] == "playing" and shot["game"]["turn"] == seat:
                    legal = shot["game"]["legal"] or []
            elif kind == "event":
                event = frame["event"]
                version = event["n"]
                if event["kind"] == "game_over":
                    return
                if event["kind"] == "played" and event["seat"] == seat:
                    sent, legal = None, []
                legal = event.get("legal") or legal
            elif kind == "error" and frame["code"] == "stale" and sent is not None:
                progress.stale += 1  # the rest of the step came meanwhile: play on its version
                await _play(socket, sent, version, progress)
                continue
            elif kind == "error":
                raise RuntimeError(f"the server refused: {frame}")
            if legal and sent is None:
                sent = rng.choice(legal)
                await _play(socket, sent, version, progress)
    raise RuntimeError("the socket closed before game_over")


async def _play(socket: ClientConnection, move: str, version: int, progress: Progress) -> None:
    progress.plays += 1
    await socket.send(json.dumps({"type": "play", "move": move, "version": version}))


# The run.


async def sample_rss(server: Server, progress: Progress, every: float, into: list[Sample]) -> None:
    started = time.perf_counter()
    while True:
        into.append(Sample(time.perf_counter() - started, progress.over, server.rss_mb()))
        await asyncio.sleep(every)


async def soak(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Start the server, play the games, and sum up its RSS samples."""
    async with scratch_database(args.db, folder) as database:
        prefix = f"pasur-soak-{secrets.token_hex(4)}:"
        server = Server(database, folder / "server.log", redis=args.redis, redis_prefix=prefix)
        await server.start()
        samples: list[Sample] = []
        progress = Progress(args.games, args.rate)
        sampler = asyncio.create_task(sample_rss(server, progress, args.sample, samples))
        started = time.perf_counter()
        try:
            rng = random.Random(args.seed)
            clients = [
                play_games(n, server.url, args.target, progress, random.Random(rng.random()))
                for n in range(args.clients)
            ]
            watch = asyncio.create_task(report_progress(progress, samples))
            try:
                await asyncio.gather(*clients)
            finally:
                watch.cancel()
            seconds = time.perf_counter() - started
            samples.append(Sample(seconds, progress.over, server.rss_mb()))
        finally:
            sampler.cancel()
            server.stop()
    found = summary(progress, seconds, samples) | {"server_errors": logged_errors(server)}
    return found | {"samples": [dataclasses.astuple(sample) for sample in samples]}


def logged_errors(server: Server) -> int:
    """The errors the server logged (``ERROR:`` lines and tracebacks): a sound run has none."""
    lines = server.log_path.read_text(errors="replace").splitlines()
    return sum(line.startswith(("ERROR", "CRITICAL", "Traceback")) for line in lines)


async def report_progress(progress: Progress, samples: list[Sample]) -> None:
    while True:
        await asyncio.sleep(15)
        rss = samples[-1].rss_mb if samples else 0.0
        log(f"  {progress.over} games over, RSS {rss:.1f} MiB")


def summary(progress: Progress, seconds: float, samples: list[Sample]) -> dict[str, Any]:
    """The figures of one run (:func:`growth` over the last half of the games)."""
    games = progress.over

    def at(share: float) -> float:
        """The RSS of the first sample taken once ``share`` of the games were over."""
        return next(s.rss_mb for s in samples if s.games >= share * games)

    middle = [s.rss_mb for s in samples if 0.45 * games <= s.games <= 0.55 * games] or [at(0.5)]
    end = [s.rss_mb for s in samples if s.games >= 0.9 * games]
    last_half = [s for s in samples if s.games >= games / 2]
    slope = _slope([s.games for s in last_half], [s.rss_mb for s in last_half])
    growth = (statistics.median(end) / statistics.median(middle) - 1) * 100
    return {
        "games": games,
        "plays": progress.plays,
        "stale": progress.stale,
        "seconds": round(seconds, 1),
        "games_per_second": round(games / seconds, 2),
        "sample_count": len(samples),
        "rss_mb": {
            "start": round(samples[0].rss_mb, 1),
            **{f"at_{q}_percent": round(at(q / 100), 1) for q in (25, 50, 75)},
            "end": round(samples[-1].rss_mb, 1),
            "least": round(min(s.rss_mb for s in samples), 1),
            "most": round(max(s.rss_mb for s in samples), 1),
        },
        "growth_last_half_percent": round(growth, 2),
        "slope_last_half_mb_per_1000_games": round(slope * 1000, 2),
    }


def _slope(xs: list[int], ys: list[float]) -> float:
    """The least-squares slope of ``ys`` over ``xs`` (0 for fewer than two distinct xs)."""
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if not spread:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


def show(result: dict[str, Any]) -> str:
    rss = result["rss_mb"]
    return "\n".join(
        [
            f"games {result['games']} in {result['seconds']} s: "
            f"{result['games_per_second']} games/s ({result['plays']} plays, "
            f"{result['stale']} stale)",
            f"RSS (MiB) over {result['sample_count']} samples: start {rss['start']}, "
            f"25 % {rss['at_25_percent']}, 50 % {rss['at_50_percent']}, "
            f"75 % {rss['at_75_percent']}, end {rss['end']} "
            f"(least {rss['least']}, most {rss['most']})",
            f"growth over the last half: {result['growth_last_half_percent']} % "
            f"(fitted slope {result['slope_last_half_mb_per_1000_games']} MiB per 1,000 games)",
            f"errors in the server's log: {result['server_errors']}",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--clients", type=int, default=8, help="people playing at once")
    parser.add_argument("--target", type=int, default=1, help="points a game is played to")
    parser.add_argument("--rate", type=float, default=8.0, help="games begun a second at most")
    parser.add_argument("--sample", type=float, default=1.0, help="seconds between RSS reads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="a PostgreSQL URL to make the scratch database beside")
    parser.add_argument("--redis", help="run the server as one process of a cluster")
    parser.add_argument("--limit", type=float, default=5.0, help="growth (%%) that fails the run")
    parser.add_argument("--json", help="also write the figures as JSON to this file (- stdout)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pasur-soak-"))
    try:
        result = asyncio.run(soak(args, folder))
    except BaseException:
        log(f"the run failed; its folder (database, server.log) is kept: {folder}")
        raise
    print(show(result))
    if args.json:
        text = json.dumps(result, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    if result["growth_last_half_percent"] >= args.limit or result["server_errors"]:
        log(f"the run failed; its folder (database, server.log) is kept: {folder}")
        sys.exit(1)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
