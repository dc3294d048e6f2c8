"""The offline engine is the engine: the Pyodide worker, running the package's pure-Python rules
and bots, plays exactly the moves this process's bots play (the engine compiled with mypyc when
the install compiled it) for the same seed and view, over a few hundred positions of two to four
players (pasur.server.offline.practice.position).

Every level must agree on every position, the search levels included: they search a fixed
budget with no time cap (a cap would cut the slower browser's search short), and nothing in them
depends on hash order (tests/bots/test_bots_hash_order.py) or on the Python version (the browser
runs a 32-bit Python 3.14). This process's moves are worked out in a child process with the
worker's hash seed all the same (engine-worker.js), while the worker works out its own.

The levels that answer at once play 300 positions each; the search levels fewer, as each of their
moves searches its fixed budget (in the worker, a tenth of a second for intermediate, one to two
seconds for advanced and expert): 300 for intermediate, 36 for advanced and expert."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest
from browser_support import watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CASES = (
    (("random", "beginner", "casual"), range(300)),
    (("intermediate",), range(1000, 1300)),
    (("advanced", "expert"), range(1000, 1036)),
)
"""Levels, and the seeds of the positions they play (pasur.server.offline.practice.position)."""

HASH_SEED = "0"
"""The worker's PYTHONHASHSEED (engine-worker.js)."""

HERE = """import json, sys
from pasur.server.offline.practice import bot_move
cases = json.loads(sys.argv[1])
print(json.dumps({level: [bot_move(level, seed) for seed in seeds] for levels, seeds in cases
                  for level in levels}))
"""

MOVES = """async (cases) => {
  const { call } = await import('/static/js/offline/engine.js');
  const moves = {};
  for (const [levels, seeds] of cases) {
    for (const level of levels) {
      moves[level] = [];
      for (const seed of seeds) moves[level].push(await call('bot_move', { level, seed }));
    }
  }
  return moves;
}"""


@pytest.mark.parametrize("case", range(len(CASES)), ids=["at-once", "intermediate", "searching"])
def test_the_worker_plays_the_in_process_bots_moves(
    browser: Browser, server: str, case: int
) -> None:
    """One row of :data:`CASES` a test: each takes minutes, and apart they run side by side."""
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/")
    page.set_default_timeout(900_000)
    cases = CASES[case : case + 1]
    asked = [[list(levels), list(seeds)] for levels, seeds in cases]
    here = subprocess.Popen(  # works while the worker does
        [sys.executable, "-c", HERE, json.dumps(asked)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": HASH_SEED},
    )
    worker = page.evaluate(MOVES, asked)
    out, err = here.communicate(timeout=900)
    assert here.returncode == 0, err
    moves: dict[str, list[str]] = json.loads(out)
    for levels, seeds in cases:
        for level in levels:
            assert worker[level] == moves[level], (level, worker[level], moves[level])
            assert sum(bool(move) for move in moves[level]) > len(seeds) * 0.8  # most are to play
    assert problems == []
    context.close()
