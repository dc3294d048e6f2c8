"""The bots' latency benchmark (``benchmarks/bot_latency.py``) at toy scale, so that it never
rots: one practice table against each level for two seconds; nothing is timed, the report's
shape and its figures' coherence are checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_latency.py"


def test_the_probe_is_timed_beside_each_level_and_compared_with_the_first(tmp_path: Path) -> None:
    report = tmp_path / "bots.json"
    command = [sys.executable, str(SCRIPT), "--tables", "1", "--levels", "random,intermediate"]
    command += ["--runs", "1", "--seconds", "2", "--warm-up", "0.5", "--think", "0.2-0.3"]
    command += ["--json", str(report)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = json.loads(report.read_text(encoding="utf-8"))
    assert [(row["tables"], row["level"]) for row in rows] == [(1, "random"), (1, "intermediate")]
    for row in rows:
        assert row["answers"] > 10, "the probe asked every 50 ms for 2 s"
        assert row["plays"] > 0, "the person played against the bot while the probe asked"
        assert 0 < row["p50_ms"] <= row["p99_ms"] <= row["max_ms"]
        assert 0 <= row["slow"] <= row["answers"]
    assert rows[0]["p99_ms_ratio"] == 1.0, "the first level is the baseline"
    assert "intermediate" in done.stdout and "p99 ×" in done.stdout


def test_a_malformed_option_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "six"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--tables: whole numbers" in done.stderr
    assert "Traceback" not in done.stderr
