"""The load benchmark (``benchmarks/load.py``) at toy scale, so that it never rots.

Nothing is timed here: the test runs the script as a user would, with 4 sockets (two tables),
short thinking times and games to 1 point (so games end and rematches start) for a few seconds,
and checks the report's shape and that every play sent got its ``played`` event back with no
refusal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"

FIELDS = {
    "sockets",
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
    "rss_start_mb",
    "rss_tables_mb",
    "rss_sockets_mb",
    "rss_end_mb",
    "kb_per_socket",
    "setup_seconds",
    "connect_seconds",
}


def test_the_load_benchmark_plays_and_reports_at_toy_scale(tmp_path: Path) -> None:
    report_path = tmp_path / "load.json"
    command = [sys.executable, str(SCRIPT), "--sockets", "4", "--seconds", "3"]
    command += ["--think", "0.01-0.04", "--target", "1", "--seed", "7", "--json", str(report_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]

    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["think_seconds"] == [0.01, 0.04] and report["seed"] == 7
    (run,) = report["runs"]
    assert set(run) == FIELDS
    assert (run["sockets"], run["tables"]) == (4, 2)
    assert run["plays"] >= 48, "two tables playing for 3 s send more than a round of plays"
    assert run["games"] >= 1, "games to 1 point end after a round, and a rematch follows"
    assert run["answered"] == run["plays"], "a play got no played event back"
    assert run["errors"] == {}
    assert 0 < run["p50_ms"] <= run["p99_ms"] <= run["max_ms"]
    assert 0 < run["rss_start_mb"] <= run["rss_end_mb"]
    assert run["kb_per_socket"] == (run["rss_sockets_mb"] - run["rss_tables_mb"]) * 1024 / 4

    header, row = done.stdout.splitlines()
    assert header.split()[:6] == ["sockets", "tables", "plays", "games", "p50_ms", "p99_ms"]
    assert row.split()[:4] == ["4", "2", f"{run['plays']:,}", f"{run['games']:,}"]
