"""Random 2-player rounds per second through the self-play loop that ``pasur selfplay`` runs.

Usage: ``python benchmarks/selfplay.py [--rounds 20000] [--repeats 5] [--players 2]``

Each repeat starts a fresh process-local run with its own seed (so the engine's memo of capture
options starts cold once, then warms up as it would in a long ``pasur selfplay``); the median of
the repeats is printed, with the minimum and maximum, because this machine is shared and noisy.
The line names the engine that ran: ``compiled`` (the install's mypyc build) or ``python`` (no
current build, or ``PASUR_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import statistics

from pasur.bots import make_bot, selfplay
from pasur.rules import IMPLEMENTATION, make_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rules = make_rules()
    bots = [make_bot("random") for _ in range(args.players)]
    rates = [
        selfplay(rules, args.players, bots, args.rounds, seed).rounds_per_second
        for seed in range(1, args.repeats + 1)
    ]
    print(
        f"{args.players} players, random bots, {args.rounds} rounds x {args.repeats}, "
        f"{IMPLEMENTATION} engine: "
        f"median {statistics.median(rates):,.0f} rounds/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
    )


if __name__ == "__main__":
    main()
