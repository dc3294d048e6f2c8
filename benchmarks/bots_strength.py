"""Duplicate-deal strength of one bot level against another, two players, one process.

Each deck order is played twice with the seats swapped, so luck of the cards cancels; the margin
is a's points minus b's per round, averaged over each pair of rounds, with its standard error.
Progress goes to stderr every 20 pairs.

    python benchmarks/bots_strength.py expert casual --pairs 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from pasur.bots import Bot, make_bot
from pasur.rules import STANDARD, moves_for, new_game, play_legal, shuffle_deck, view


def play_pair(a: Bot, b: Bot, seed: int, pair: int, timings: list[float]) -> float:
    """The margin of a over b on one deck order, played from both seats."""
    deck = shuffle_deck(STANDARD, 2, random.Random(f"strength:{seed}:{pair}"))
    total = 0.0
    for a_seat in (0, 1):
        bots = [b, b]
        bots[a_seat] = a
        rngs = [random.Random(f"strength:{seed}:{pair}:{a_seat}:{seat}") for seat in (0, 1)]
        state = new_game(STANDARD, players=2, deck=deck)
        while state.turn >= 0:
            seat = state.turn
            seat_view = view(state, seat)
            legal = moves_for(seat_view.hand, seat_view.table, seat_view.rules)
            start = time.perf_counter()
            move = bots[seat].choose(seat_view, legal, rngs[seat])
            if seat == a_seat:
                timings.append(time.perf_counter() - start)
            state = play_legal(state, move)
        assert state.result is not None
        points = state.result.points
        total += points[a_seat] - points[1 - a_seat]
    return total / 2


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    a, b = make_bot(args.a), make_bot(args.b)
    margins: list[float] = []
    timings: list[float] = []
    for pair in range(args.pairs):
        margins.append(play_pair(a, b, args.seed, pair, timings))
        if (pair + 1) % 20 == 0 and pair + 1 < args.pairs:
            print(f"  {pair + 1} pairs: {statistics.mean(margins):+.2f}", file=sys.stderr)
    mean = statistics.mean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5
    wins = sum(margin > 0 for margin in margins)
    losses = sum(margin < 0 for margin in margins)
    print(
        f"{args.a} vs {args.b}: {mean:+.2f} ± {error:.2f} points a round over {args.pairs} pairs "
        f"(pairs won/tied/lost {wins}/{args.pairs - wins - losses}/{losses}); "
        f"{args.a} seconds a move: median {statistics.median(timings):.4f}, max {max(timings):.3f}"
    )


if __name__ == "__main__":
    main()
