"""Offline practice in headless Chromium: the first deal on a warm cache, the expert's seconds per
move in the browser's worker, and the bytes the service worker caches on a first visit.

It serves the package (``pasur serve`` on a free port, a scratch SQLite file), visits the home
page once (the service worker caches the app shell: the bytes of a first visit), then the practise
page (which has the engine kept: its bytes), then, with the network off:

- opens the browser's own practice table (``/play/t/offline``) once, as a first game would (the
  engine's bytecode is not kept yet: the worker makes it a few seconds in, and the page stays
  until it is kept), then ``--deals`` times more, each time in a new page, and times navigation
  to the first card in the hand (the engine starts each time: a worker per page), with the steps
  of the worker's start (``marks``: Python started, the engine unpacked, imported, the table
  open) as medians since navigation began;
- asks the worker for the expert's move at ``--positions`` positions
  (``pasur.server.offline.practice.position``), at its fixed budget with no time cap (what a
  move costs; in play the cap, 1.5 s, bounds it), timed in the page.

    python benchmarks/offline.py --deals 9 --positions 20
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from served import CHROMIUM, served

SETUP = """sessionStorage.setItem('pasur.offline.setup', JSON.stringify({
  create: { players: 2, bots: { 1: 'casual' }, bot_delay: 0 }, name: 'Bench' }))"""
"""What the practise page leaves for the table page, set in every page before its scripts run."""

CACHED_BYTES = """async () => {
  let total = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      total += (await (await cache.match(request)).blob()).size;
    }
  }
  return total;
}"""

MARKS = """async () => {
  const { call } = await import('/static/js/offline/engine.js');
  const marks = await call('marks');
  const since = (at) => (at - performance.timeOrigin) / 1000;
  return Object.fromEntries(Object.entries(marks).map(([step, at]) => [step, since(at)]));
}"""
"""The worker's steps, in seconds since the page's navigation began."""

BYTECODE_KEPT = (
    """async () => (await (await caches.open('pasur-engine-bytecode')).keys()).length > 0"""
)

EXPERT = """async (seeds) => {
  const { call } = await import('/static/js/offline/engine.js');
  await call('bot_move', { level: 'casual', seed: 0 });  // the engine started
  const seconds = [];
  for (const seed of seeds) {
    const start = performance.now();
    await call('bot_move', { level: 'expert', seed });
    seconds.push((performance.now() - start) / 1000);
  }
  return seconds;
}"""


def _open_table(context: Any, base: str, keep_open: bool = False) -> tuple[float, dict[str, float]]:
    """Seconds from navigation to the first card of the deal in a new page, and the worker's
    steps; with ``keep_open``, the page stays until the worker has kept the engine's bytecode."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"{base}/play/t/offline?anim=0")
    page.locator(".hand-card").first.wait_for(timeout=300_000)
    seconds = time.perf_counter() - start
    marks: dict[str, float] = page.evaluate(MARKS)
    while keep_open and not page.evaluate(BYTECODE_KEPT):
        page.wait_for_timeout(500)
    page.close()
    return seconds, marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pasur-offline-bench-"))
    with served(folder) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{base}/")
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=300_000, polling=200
        )
        cached = page.evaluate(CACHED_BYTES)
        page.goto(f"{base}/practise")  # asks the service worker to keep the engine
        kept = page.locator("html[data-engine-kept='true']")
        kept.wait_for(state="attached", timeout=300_000)
        engine = page.evaluate(CACHED_BYTES) - cached
        context.set_offline(True)
        context.add_init_script(SETUP)
        first, _ = _open_table(context, base, keep_open=True)
        firsts: list[float] = []
        steps: dict[str, list[float]] = {}
        for _ in range(args.deals):
            seconds, marks = _open_table(context, base)
            firsts.append(seconds)
            for step, at in marks.items():
                steps.setdefault(step, []).append(at)
        moves = page.evaluate(EXPERT, list(range(2000, 2000 + args.positions)))
        browser.close()
    print(f"bytes cached on the first visit: {cached:,}; the engine, kept by /practise: {engine:,}")
    print(f"first deal of the first practice (no bytecode kept yet), offline: {first:.2f} s")
    print(
        f"first deal, warm cache, offline: median {statistics.median(firsts):.2f} s, "
        f"worst {max(firsts):.2f} s over {len(firsts)} openings: "
        + ", ".join(f"{s:.2f}" for s in firsts)
    )
    print(
        "  its steps (median seconds since navigation began): "
        + ", ".join(
            f"{step} {statistics.median(ats):.2f}"
            for step, ats in sorted(steps.items(), key=lambda item: statistics.median(item[1]))
        )
    )
    print(
        f"expert in the worker (fixed budget, no cap): median {statistics.median(moves):.2f} s, "
        f"worst {max(moves):.2f} s over {len(moves)} positions"
    )


if __name__ == "__main__":
    main()
