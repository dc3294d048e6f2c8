"""The pace benchmark (``benchmarks/pace.py``) at toy scale, so that it never rots: one round
against the practise page's bot at the fast animation speed. Nothing is timed but what the
benchmark reports of the animations themselves: each capture's cards stay outlined and still
for the speed's share of 0.8 s, the round's leftovers included (they have no card flying in),
and a round's end, which brings several frames at once, does not hurry them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from browser_support import chromium_path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "pace.py"

FAST = 0.45
"""The fast speed's scale of every animation (play/prefs.js)."""


def test_the_pace_benchmark_plays_a_round_and_times_each_capture(tmp_path: Path) -> None:
    chromium_path()  # skips (or fails, where the browser is required) with no Chromium
    report_path = tmp_path / "pace.json"
    command = [sys.executable, str(SCRIPT), "--target", "1", "--speed", "fast"]
    command += ["--json", str(report_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert (report["games"], report["speed"], report["median_rounds"]) == (1, "fast", 1)
    assert 40 <= report["median_plays"] <= 48, "a 2-player round is 48 plays"
    assert report["captures_shown"] >= 2
    assert report["still_ms"]["min"] >= 800 * FAST - 5, report["still_ms"]
    assert report["outlined_ms"]["min"] > report["still_ms"]["min"], "then they gather"
    waits = report["median_wait_ms"]
    assert waits["bot"] > 0 and waits["person"] > 0, "where the time went, by who played next"


def test_the_pace_benchmark_refuses_no_games() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "0"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "--games must be at least 1" in done.stderr
