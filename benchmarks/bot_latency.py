"""What bots thinking costs everyone else: another client's latency beside practice tables.

Usage::

    python benchmarks/bot_latency.py [--tables 6,20] [--levels random,expert] [--runs 3]
                                     [--seconds 40] [--probe-every 0.05] [--think 0.3-0.6]
                                     [--json FILE]

For each number of tables and each run, the script starts a fresh ``pasur serve`` (its own SQLite
file in a temporary folder) once per bot level, alternating the levels (random, expert, random,
expert …, so a drift of the machine's load falls on both alike). At each of the tables a person
plays against one bot of the level with no bot delay: the person answers each turn at once with a
random legal move after ``--think`` seconds (``benchmarks/load.py``'s player; 0.3–0.6 s keeps
under the socket's rate of frames), so an expert is thinking nearly all the time. Beside
them a probe asks ``GET /healthz`` every ``--probe-every`` seconds for ``--seconds`` and times
each answer: the latency of everything else the process serves while the bots think.

It reports, per number of tables and level, the medians over the runs of the probe's p50, p99 and
max, the answers over 100 ms, the people's plays in the measured seconds (each waited for a bot's:
how much thinking was done), and the ratio of each figure to the first level's (``random``: bots
that answer in microseconds). The target (issue 31): an expert's p99 at most twice the random
bots'.

Progress goes to stderr, the table to stdout, and with ``--json FILE`` the figures as JSON (``-``
for stdout). A run's folder (its database and server log) is deleted after it, and kept, and named
on stderr, when the run fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from load import Player, Server, Tally, log, post_json, quantile, think_range

SLOW = 0.1
"""An answer slower than this (seconds) is counted apart: a person notices a tenth of a second."""


async def practice_tables(url: str, tables: int, level: str) -> list[tuple[str, str]]:
    """``tables`` practice tables started with a person in seat 0 and a ``level`` bot in seat 1;
    each table's id and the person's seat token."""
    seats = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as person:
        await post_json(person, "/api/guest", {"name": "Ava"})
        for _ in range(tables):
            body = {"players": 2, "bots": {"1": level}, "bot_delay": 0.0}
            table_id = (await post_json(person, "/api/tables", body))["table_id"]
            joined = await post_json(person, f"/api/tables/{table_id}/join", {"seat": 0})
            await post_json(person, f"/api/tables/{table_id}/start", None)
            seats.append((table_id, joined["seat_token"]))
    return seats


async def probe(url: str, seconds: float, every: float) -> list[float]:
    """Seconds each ``GET /healthz`` took, one sent every ``every`` seconds for ``seconds``."""
    times: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        end = time.perf_counter() + seconds
        while (started := time.perf_counter()) < end:
            response = await client.get("/healthz")
            response.raise_for_status()
            took = time.perf_counter() - started
            times.append(took)
            await asyncio.sleep(max(0.0, every - took))
    return times


async def one_run(
    tables: int, level: str, args: argparse.Namespace, folder: Path
) -> dict[str, Any]:
    """One server, ``tables`` practice tables against ``level``, the probe's figures."""
    server = Server(f"sqlite+aiosqlite:///{folder / 'bots.db'}", folder / "server.log")
    await server.start()
    tally = Tally()
    players: list[Player] = []
    playing: list[asyncio.Task[None]] = []
    try:
        seats = await practice_tables(server.url, tables, level)
        socket_url = server.url.replace("http://", "ws://")
        limit = asyncio.Semaphore(8)
        for n, (table_id, token) in enumerate(seats):
            player = Player(tally, random.Random(args.seed + n), args.think)
            await player.connect(f"{socket_url}/ws/tables/{table_id}", token, "127.0.0.1", limit)
            players.append(player)
            playing.append(asyncio.create_task(player.play()))
        await asyncio.sleep(args.warm_up)
        tally.measuring = True
        times = sorted(await probe(server.url, args.seconds, args.probe_every))
        tally.measuring = False
        if tally.errors:
            raise RuntimeError(f"the server refused plays: {dict(tally.errors)}")
    finally:
        tally.stopping = True
        for player in players:
            if player.socket is not None:
                with contextlib.suppress(Exception):
                    await player.socket.close()
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        server.stop()
    return {
        "p50_ms": quantile(times, 0.50) * 1000,
        "p99_ms": quantile(times, 0.99) * 1000,
        "max_ms": times[-1] * 1000,
        "slow": sum(took > SLOW for took in times),
        "answers": len(times),
        "plays": tally.sent,
    }


FIGURES = ("p50_ms", "p99_ms", "max_ms", "slow", "answers", "plays")


async def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every (tables, level) pair's medians over the runs, the levels alternated run by run."""
    runs: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for tables in args.tables:
        for run in range(args.runs):
            for level in args.levels:
                folder = Path(tempfile.mkdtemp(prefix="pasur-bot-latency-"))
                log(f"{tables} tables against {level}, run {run + 1} of {args.runs} …")
                try:
                    figures = await one_run(tables, level, args, folder)
                except BaseException:
                    log(f"the run failed; its folder is kept: {folder}")
                    raise
                shutil.rmtree(folder, ignore_errors=True)
                log(f"  p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
                runs.setdefault((tables, level), []).append(figures)
    rows = []
    for (tables, level), measured in runs.items():
        row: dict[str, Any] = {"tables": tables, "level": level, "runs": len(measured)}
        for name in FIGURES:
            row[name] = statistics.median(figures[name] for figures in measured)
        base = runs[tables, args.levels[0]]
        for name in ("p50_ms", "p99_ms", "max_ms"):
            row[f"{name}_ratio"] = row[name] / statistics.median(f[name] for f in base)
        rows.append(row)
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'tables':>6} {'level':<8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
        f"{'>100 ms':>8} {'answers':>8} {'plays':>7} {'p99 ×':>6}"
    )
    for row in rows:
        print(
            f"{row['tables']:>6} {row['level']:<8} {row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} "
            f"{row['max_ms']:>8.1f} {row['slow']:>8.0f} {row['answers']:>8.0f} "
            f"{row['plays']:>7.0f} {row['p99_ms_ratio']:>6.2f}"
        )


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="6,20", help="practice tables, comma-separated")
    parser.add_argument("--levels", default="random,expert", help="the first is the baseline")
    parser.add_argument("--runs", type=int, default=3, help="runs of each level, alternated")
    parser.add_argument("--seconds", type=float, default=40.0, help="the probe's measured time")
    parser.add_argument("--probe-every", type=float, default=0.05, help="seconds between probes")
    parser.add_argument("--warm-up", type=float, default=3.0, help="play before the probe")
    parser.add_argument("--think", default="0.3-0.6", help="seconds a person thinks, MIN-MAX")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures as JSON to FILE (- for stdout)")
    args = parser.parse_args(argv)
    try:
        args.tables = [int(part) for part in args.tables.split(",")]
    except ValueError:
        parser.error("--tables: whole numbers, comma-separated (6,20)")
    try:
        args.think = think_range(args.think)
    except argparse.ArgumentTypeError as error:
        parser.error(f"--think: {error}")
    args.levels = [part.strip() for part in args.levels.split(",") if part.strip()]
    if not args.tables or min(args.tables) < 1 or not args.levels:
        parser.error("at least one table and one level")
    if args.runs < 1 or args.seconds <= 0 or args.probe_every <= 0 or args.warm_up < 0:
        parser.error("--runs at least 1; --seconds and --probe-every above 0")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    rows = asyncio.run(measure(args))
    print_table(rows)
    if args.json == "-":
        json.dump(rows, sys.stdout, indent=2)
        print()
    elif args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
