"""The overload benchmark (``benchmarks/overload.py``) at toy scale, so that it never rots.

Nothing is timed: two processes sharing four sockets' tables through Redis (spread by table) play
quick games while one hog process spins for a second, in windows of a second; the report has
every window, every check held, and every play sent was answered.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cluster_support import redis_url

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "overload.py"


def test_the_overload_benchmark_hogs_the_cpu_and_reports_each_window(tmp_path: Path) -> None:
    report_path = tmp_path / "overload.json"
    command = [sys.executable, str(SCRIPT), "--sockets", "4", "--before", "1", "--hog", "1"]
    command += ["--after", "2", "--hogs", "1", "--window", "1", "--recover-ms", "60000"]
    command += ["--think", "0.01-0.04", "--target", "1", "--redis", redis_url()]
    command += ["--json", str(report_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert (report["sockets"], report["processes"], report["spread"]) == (4, 2, "table")
    assert [window["from_s"] for window in report["windows"]][:4] == [0.0, 1.0, 2.0, 3.0]
    assert sum(window["plays"] for window in report["windows"]) == report["answered"] > 0
    assert report["answered"] == report["plays"] and report["errors"] == {}
    assert report["checks"] == dict.fromkeys(report["checks"], True)
    assert report["tables_dropped"] == report["leases_lost"] == report["tracebacks"] == 0
    assert "1 hog processes spin for 1 s" in done.stderr


def test_the_overload_benchmark_refuses_a_window_of_nothing() -> None:
    command = [sys.executable, str(SCRIPT), "--window", "0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "a window is longer than nothing" in done.stderr
