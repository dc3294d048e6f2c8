"""The load benchmark (``benchmarks/load.py``) at toy scale, so that it never rots.

Nothing is timed here: the test runs the script as a user would, with 4 sockets (two tables),
short thinking times and games to 1 point (so games end and rematches start) for a few seconds,
and checks the report's shape and that every play sent got its ``played`` event back with no
refusal; then the same with two processes sharing the tables through Redis, each table's two
people connected to different processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cluster_support import redis_url

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"

FIELDS = {
    "sockets",
    "processes",
    "spread",
    "tables",
    "seconds",
    "plays",
    "games",
    "answered",
    "stale",
    "errors",
    "p50_ms",
    "p99_ms",
    "max_ms",
    "server_cpu_percent",
    "client_cpu_percent",
    "cpu_ms_per_play",
    "rss_start_mb",
    "rss_tables_mb",
    "rss_sockets_mb",
    "rss_end_mb",
    "kb_per_socket",
    "setup_seconds",
    "connect_seconds",
}


def run_script(tmp_path: Path, *options: str) -> tuple[dict[str, Any], str]:
    """The script's JSON report and its table, for 4 sockets playing quick games for 3 s."""
    report_path = tmp_path / "load.json"
    command = [sys.executable, str(SCRIPT), "--sockets", "4", "--seconds", "3", *options]
    command += ["--think", "0.01-0.04", "--target", "1", "--seed", "7", "--json", str(report_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(report_path.read_text(encoding="utf-8")), done.stdout


def check_run(run: dict[str, Any]) -> None:
    """Every play sent was answered, games ended, and the figures hang together."""
    assert set(run) == FIELDS
    assert run["plays"] >= 48, "two tables playing for 3 s send more than a round of plays"
    assert run["games"] >= 1, "games to 1 point end after a round, and a rematch follows"
    assert run["answered"] == run["plays"], "a play got no played event back"
    assert run["errors"] == {}
    assert 0 < run["p50_ms"] <= run["p99_ms"] <= run["max_ms"]
    assert run["cpu_ms_per_play"] > 0
    assert 0 < run["rss_start_mb"] <= run["rss_end_mb"]
    assert run["kb_per_socket"] == (run["rss_sockets_mb"] - run["rss_tables_mb"]) * 1024 / 4


def test_the_load_benchmark_plays_and_reports_at_toy_scale(tmp_path: Path) -> None:
    report, table = run_script(tmp_path)
    assert report["think_seconds"] == [0.01, 0.04] and report["seed"] == 7
    (run,) = report["runs"]
    assert (run["sockets"], run["processes"], run["spread"], run["tables"]) == (4, 1, "one", 2)
    check_run(run)

    header, row = table.splitlines()
    assert header.split()[:8] == [
        "sockets",
        "processes",
        "spread",
        "tables",
        "plays",
        "games",
        "p50_ms",
        "p99_ms",
    ]
    assert row.split()[:6] == ["4", "1", "one", "2", f"{run['plays']:,}", f"{run['games']:,}"]


def test_the_load_benchmark_runs_two_processes_sharing_tables_through_redis(
    tmp_path: Path,
) -> None:
    """Spread at random, as a balancer without affinity would, and pinned: the load on one core,
    the servers on the other."""
    options = ["--processes", "2", "--redis", redis_url(), "--spread", "random", "--pin"]
    report, _table = run_script(tmp_path, *options)
    assert (report["spread"], report["pinned"]) == ("random", True)
    (run,) = report["runs"]
    assert (run["sockets"], run["processes"], run["spread"], run["tables"]) == (4, 2, "random", 2)
    check_run(run)


def test_several_processes_need_redis() -> None:
    command = [sys.executable, str(SCRIPT), "--processes", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "several processes share their tables through Redis: give --redis URL" in done.stderr
