"""The offline engine is the engine: the Pyodide worker, running the package's pure-Python rules
and bots, plays exactly the moves this process's bots play (the engine compiled with mypyc when
the install compiled it) for the same seed and view, over a few hundred positions of two to four
players (pasur.server.offline.practice.position).

Every level must agree on every position, the search levels included: they search a fixed
budget with no time cap (a cap would cut the slower browser's search short), and nothing in them
depends on hash order (tests/bots/test_bots_hash_order.py) or on the Python version (the browser
runs a 32-bit Python 3.14). This process's moves are worked out in a child process with the
worker's hash seed all the same (engine-worker.js)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import TYPE_CHECKING, Any

from browser_support import watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser

FAST_SEEDS = range(300)
"""Positions for the levels that answer at once."""

SEARCH_SEEDS = range(1000, 1024)
"""Positions for the search levels (each move searches its fixed budget, seconds in the worker)."""

HASH_SEED = "0"
"""The worker's PYTHONHASHSEED (engine-worker.js)."""

HERE = """import json, sys
from pasur.server.offline.practice import bot_move
levels, seeds = json.loads(sys.argv[1])
print(json.dumps({level: [bot_move(level, seed) for seed in seeds] for level in levels}))
"""

MOVES = """async ([levels, seeds]) => {
  const { call } = await import('/static/js/offline/engine.js');
  const moves = {};
  for (const level of levels) {
    moves[level] = [];
    for (const seed of seeds) moves[level].push(await call('bot_move', { level, seed }));
  }
  return moves;
}"""


def test_the_worker_plays_the_in_process_bots_moves(browser: Browser, server: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/")
    page.set_default_timeout(600_000)
    for levels, seeds in (
        (("random", "beginner", "casual"), FAST_SEEDS),
        (("intermediate", "advanced", "expert"), SEARCH_SEEDS),
    ):
        asked = [list(levels), list(seeds)]
        worker = page.evaluate(MOVES, asked)
        here = _here(asked)
        for level in levels:
            assert worker[level] == here[level], (level, worker[level], here[level])
            assert sum(bool(move) for move in here[level]) > len(seeds) * 0.8  # most are to play
    assert problems == []
    context.close()


def _here(asked: list[list[Any]]) -> dict[str, list[str]]:
    """The moves this machine's engine plays, in a child process with the worker's hash seed."""
    done = subprocess.run(
        [sys.executable, "-c", HERE, json.dumps(asked)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": HASH_SEED},
    )
    moves: dict[str, list[str]] = json.loads(done.stdout)
    return moves
