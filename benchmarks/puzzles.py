"""How long the puzzle solver takes on each shipped puzzle: the worst, the median, the total.

Usage::

    python benchmarks/puzzles.py [--repeat 5]

Every puzzle of every set in ``pasur.bots.puzzles/sets`` is rebuilt from its JSON and solved
``--repeat`` times (:func:`pasur.bots.puzzles.solve`, the whole tree of its last deal, every
first play's value and the memo built from nothing each time); a puzzle's time is its fastest
solve, so a hiccup of the machine does not count. The generator's own speed is measured by
timing ``pasur puzzles generate`` (``docs/performance.md``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from importlib import resources

from pasur.bots.puzzles import decode, rules_of, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="Solves per puzzle (the fastest).")
    args = parser.parse_args()
    times: list[tuple[float, str, int]] = []
    for entry in sorted(resources.files("pasur.bots.puzzles").joinpath("sets").iterdir()):
        data = json.loads(entry.read_text("utf-8"))
        for puzzle in data["puzzles"]:
            state = decode(puzzle["position"], rules_of(puzzle["rules"]))
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                solve(state)
                best = min(best, time.perf_counter() - start)
            times.append((best, f"{entry.name}:{puzzle['id']}", len(puzzle["solution"])))
    worst, name, plies = max(times)
    median = statistics.median(t for t, _, _ in times)
    total = sum(t for t, _, _ in times)
    print(f"{len(times)} puzzles: median {1000 * median:.1f} ms, total {total:.2f} s")
    print(f"worst {1000 * worst:.1f} ms ({name}, {plies} plays to the round's end)")


if __name__ == "__main__":
    main()
