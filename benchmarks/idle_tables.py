"""Memory of one server process with many idle correspondence tables in its database.

Usage::

    python benchmarks/idle_tables.py [--tables 10000] [--runs 3]

Makes a SQLite database of ``--tables`` correspondence tables (a day a move; two people seated,
the game started, nobody connected, nothing due for a day), written as the server writes them:
a ``tables`` row with its ``wake_at``, and the events of a real table. Then, each in a fresh
process, a table manager starts on that database (as ``pasur serve`` does: the unfinished tables
are resumed) and its RSS (``VmRSS``) is read:

- ``empty``: a database with no table at all;
- ``idle``: the tables in the database; idle correspondence tables stay there;
- ``loaded``: the same, then every table asked for once, with unloading switched off (as the
  server was before idle tables were left out): all of them in memory.

Each is run ``--runs`` times, alternated; the medians are printed side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import insert

from pasur.protocol import Event
from pasur.server.db.database import Database
from pasur.server.db.rows import TableEventRow, TableRow
from pasur.server.tables import idle
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import TableStore
from pasur.server.tables.table import Table

DAY = 86_400


def template() -> tuple[TableConfig, list[Event]]:
    """A correspondence table's events: two people seated, the game started."""
    config = TableConfig(players=2, turn_timer=DAY)
    table = Table(config, rng=random.Random(1))
    events = table.join(Player("p0", "Ava"), 0) + table.join(Player("p1", "Babak"), 1)
    events += table.start(now=0.0)
    return config, events


async def make_database(url: str, count: int) -> None:
    database = Database(url)
    await database.upgrade()
    config, events = template()
    now = datetime.now(UTC)
    started = time.time()
    rows = [
        {
            "id": f"idle{number:06d}",
            "created_at": now,
            "updated_at": now,
            "creator": "p0",
            "private": True,
            "status": "playing",
            "version": events[-1].number,
            "config": config.to_json(),
            "seats": {},
            "turn_started_at": started,
            "wake_at": started + DAY,
        }
        for number in range(count)
    ]
    stored = [event.to_json() for event in events]
    async with database.engine.begin() as connection:
        for first in range(0, count, 1000):
            chunk = rows[first : first + 1000]
            await connection.execute(insert(TableRow), chunk)
            await connection.execute(
                insert(TableEventRow),
                [
                    {"table_id": row["id"], "n": e["n"], "kind": e["kind"], "data": e["data"]}
                    for row in chunk
                    for e in stored
                ],
            )
    await database.close()


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def measure(url: str, mode: str) -> dict[str, int]:
    """Start a manager on ``url`` (``loaded``: then ask for every table) and read the RSS."""
    database = Database(url)
    await database.upgrade()
    manager = TableManager(TableStore(database))
    await manager.start()
    if mode == "loaded":
        idle.IDLE_AFTER = float("inf")  # nothing is unloaded, as before
        for table_id in await manager.store.active_ids():
            await manager.get(table_id)
    await asyncio.sleep(0.1)
    found = {"rss_kib": rss_kib(), "in_memory": len(manager.tables)}
    await manager.stop()
    await database.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--measure", nargs=2, metavar=("URL", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(asyncio.run(measure(*args.measure))))
        return
    with tempfile.TemporaryDirectory() as folder:
        empty = f"sqlite+aiosqlite:///{folder}/empty.db"
        full = f"sqlite+aiosqlite:///{folder}/idle.db"
        asyncio.run(make_database(empty, 0))
        asyncio.run(make_database(full, args.tables))
        runs: dict[str, list[dict[str, int]]] = {"empty": [], "idle": [], "loaded": []}
        for run in range(args.runs):
            for mode, url in (("empty", empty), ("idle", full), ("loaded", full)):
                answer = subprocess.run(
                    [sys.executable, __file__, "--measure", url, mode],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                runs[mode].append(json.loads(answer.stdout.splitlines()[-1]))
                print(f"run {run + 1} {mode}: {runs[mode][-1]}", file=sys.stderr)
    print(f"{'':8} {'tables in memory':>17} {'RSS (MiB, median)':>18}")
    for mode, found in runs.items():
        rss = statistics.median(item["rss_kib"] for item in found) / 1024
        kept = statistics.median(item["in_memory"] for item in found)
        print(f"{mode:8} {kept:>17.0f} {rss:>18.1f}")


if __name__ == "__main__":
    main()
