"""Servers pushed past what their machine can give them, and back: does the play degrade gently?

Usage::

    python benchmarks/overload.py [--sockets 2000] [--before 10] [--hog 30] [--after 60]
                                  [--hogs N] [--window 10] [--db URL] [--processes 2]
                                  [--redis URL] [--spread table] [--think 1-3]
                                  [--target 62] [--json FILE]

The players of ``benchmarks/load.py`` play on the servers it starts (two processes sharing
PostgreSQL and Redis, with the sockets spread by table, unless told otherwise) for ``--before``
seconds; then ``--hogs`` processes (one a core by default) spin on the CPU beside them for
``--hog`` seconds, at the operating system's normal priority, as a noisy neighbour or a burst of
other work would; then the players go on for ``--after`` seconds. The plays are timed throughout,
and reported per window of ``--window`` seconds (by when they were sent): p50, p99 and how many.

What it checks (issue 31, "Overload degrades gently"): no table dropped (a server's log says
"could not store a step" when it drops one), no lease lost by a running server (lease churn), no
play left unanswered or refused, and the p99 back under ``--recover-ms`` (100 ms) within a
minute of the hog's end, in every window after it. Each is printed, and the exit status is 1 if
one fails, with the run's folder (the servers' logs) kept and named.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from load import Tally, log, parse_args, quantile, raise_open_files, run

HOG = "while True: pass"
"""What each hog process runs."""


async def hog_between(start: float, seconds: float, hogs: int, began: float) -> None:
    """Spin ``hogs`` processes from ``start`` to ``start + seconds`` measured seconds (``began``:
    when the measured seconds began, ``perf_counter``)."""
    await asyncio.sleep(max(0.0, began + start - time.perf_counter()))
    spinning = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(hogs)]
    log(f"  {hogs} hog processes spin for {seconds:.0f} s")
    try:
        await asyncio.sleep(seconds)
    finally:
        for process in spinning:
            process.send_signal(signal.SIGKILL)
            process.wait()
    log("  the hog stopped")


def windows(tally: Tally, began: float, seconds: float, window: float) -> list[dict[str, Any]]:
    """p50, p99 and the number of the plays sent in each ``window`` seconds of the measured time."""
    found = []
    start = 0.0
    # A play sent as the measured seconds end (the hog's end may run past them) is counted too.
    last = max((sent - began for sent, _ in tally.timeline), default=0.0)
    while start < seconds or start <= last:
        within = (took for sent, took in tally.timeline if start <= sent - began < start + window)
        taken = sorted(within)
        found.append(
            {
                "from_s": start,
                "plays": len(taken),
                "p50_ms": round(quantile(taken, 0.5) * 1000, 1),
                "p99_ms": round(quantile(taken, 0.99) * 1000, 1),
            }
        )
        start += window
    return found


def recovery(found: list[dict[str, Any]], hog_end: float, limit_ms: float) -> float | None:
    """Seconds after the hog's end from which every window's p99 is under ``limit_ms`` (None if
    the last window's is not)."""
    after = [window for window in found if window["from_s"] >= hog_end]
    for index, window in enumerate(after):
        if all(later["p99_ms"] < limit_ms for later in after[index:]):
            return float(window["from_s"] - hog_end)
    return None


def log_counts(folder: Path) -> dict[str, int]:
    """What the servers' logs say went wrong: leases lost while running, steps not stored (each
    drops its table), tracebacks."""
    texts = [path.read_text(errors="replace") for path in folder.glob("server*.log")]
    return {
        "leases_lost": sum(text.count("lost the lease of table") for text in texts),
        "tables_dropped": sum(text.count("could not store a step") for text in texts),
        "tracebacks": sum(text.count("Traceback") for text in texts),
    }


def parse(argv: list[str] | None) -> tuple[argparse.Namespace, argparse.Namespace]:
    """This script's options, and ``load.py``'s for the same run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--before", type=float, default=10.0, help="seconds before the hog")
    parser.add_argument("--hog", type=float, default=30.0, help="seconds the hog spins")
    parser.add_argument("--after", type=float, default=60.0, help="seconds after the hog")
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 1, help="hog processes")
    parser.add_argument("--window", type=float, default=10.0, help="seconds in a reported window")
    parser.add_argument("--recover-ms", type=float, default=100.0, help="p99 to come back under")
    parser.add_argument("--think", default="1-3", help="each player's thinking seconds, LOW-HIGH")
    parser.add_argument("--target", default="62", help="the points a game is played to")
    parser.add_argument("--db", help="PostgreSQL for the servers (a scratch database in it)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--redis", help="Redis for several processes")
    parser.add_argument("--spread", choices=("paired", "random", "table"), default="table")
    parser.add_argument("--json", metavar="FILE", help="the report as JSON (- for stdout)")
    args = parser.parse_args(argv)
    if min(args.before, args.hog, args.after) < 0 or args.window <= 0:
        parser.error("the times are not negative, and a window is longer than nothing")
    if args.hogs < 1 or args.sockets < 2:
        parser.error("there is one hog and two sockets at least")
    seconds = args.before + args.hog + args.after
    load = ["--sockets", str(args.sockets + args.sockets % 2), "--seconds", str(seconds)]
    load += ["--processes", str(args.processes), "--spread", args.spread]
    load += ["--think", args.think, "--target", args.target]
    load += ["--db", args.db] if args.db else []
    load += ["--redis", args.redis] if args.redis else []
    return args, parse_args(load)


def main(argv: list[str] | None = None) -> None:
    args, load_args = parse(argv)
    sockets = load_args.sockets[0]
    raise_open_files(sockets)
    folder = Path(tempfile.mkdtemp(prefix="pasur-overload-"))
    seen: dict[str, Any] = {}

    async def hog(tally: Tally, began: float) -> None:
        seen["tally"], seen["began"] = tally, began
        await hog_between(args.before, args.hog, args.hogs, began)

    log(f"{sockets} sockets, {args.processes} processes, spread {load_args.spread}:")
    try:
        result = asyncio.run(run(sockets, load_args, folder, hog))
    except BaseException:
        log(f"  the run failed; its folder, with the servers' logs, is kept: {folder}")
        raise
    tally: Tally = seen["tally"]
    measured = args.before + args.hog + args.after
    report = {
        "sockets": sockets,
        "processes": args.processes,
        "spread": load_args.spread,
        "hogs": args.hogs,
        "before_s": args.before,
        "hog_s": args.hog,
        "after_s": args.after,
        "plays": result.plays,
        "answered": result.answered,
        "stale": result.stale,
        "errors": result.errors,
        "windows": windows(tally, seen["began"], measured, args.window),
        **log_counts(folder),
    }
    hog_end = args.before + args.hog
    recovered = recovery(report["windows"], hog_end, args.recover_ms)
    report["recovered_after_s"] = recovered
    for w in report["windows"]:
        phase = "hog" if args.before <= w["from_s"] < hog_end else "   "
        log(
            f"  {phase} {w['from_s']:5.0f} s  {w['plays']:6,} plays"
            f"  p50 {w['p50_ms']:8.1f} ms  p99 {w['p99_ms']:8.1f} ms"
        )
    checks = {
        "no table dropped": report["tables_dropped"] == 0,
        "no lease lost": report["leases_lost"] == 0,
        "no play unanswered": result.answered == result.plays,
        "no play refused": not result.errors,
        "p99 back under the limit within a minute": recovered is not None
        and recovered <= 60 - args.window,
    }
    report["checks"] = checks
    for name, held in checks.items():
        log(f"  {'ok  ' if held else 'FAIL'} {name}")
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    if all(checks.values()):
        shutil.rmtree(folder)
    else:
        log(f"  the servers' logs are kept in {folder}")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
