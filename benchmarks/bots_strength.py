"""Duplicate-deal strength of one bot level against another, in one process.

Each deck order is played once with a in each seat and b in all the others, so luck of the cards
cancels; the margin is a's points minus the mean of the other sides' points per round, averaged
over the rotation (a "pair" with two players), with its standard error. Progress goes to stderr
every 20 pairs.

    python benchmarks/bots_strength.py expert casual --pairs 200 --seed 1
    python benchmarks/bots_strength.py expert casual --pairs 60 --players 3
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


def play_pair(
    a: Bot, b: Bot, seed: int, pair: int, timings: list[float], players: int = 2
) -> float:
    """The margin of a over the others on one deck order, played from every seat."""
    deck = shuffle_deck(STANDARD, players, random.Random(f"strength:{seed}:{pair}"))
    seats = range(players)
    total = 0.0
    for a_seat in seats:
        bots = [b] * players
        bots[a_seat] = a
        rngs = [random.Random(f"strength:{seed}:{pair}:{a_seat}:{seat}") for seat in seats]
        state = new_game(STANDARD, players=players, deck=deck)
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
        others = (sum(points) - points[a_seat]) / (players - 1)
        total += points[a_seat] - others
    return total / players


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    a, b = make_bot(args.a), make_bot(args.b)
    margins: list[float] = []
    timings: list[float] = []
    for pair in range(args.pairs):
        margins.append(play_pair(a, b, args.seed, pair, timings, args.players))
        if (pair + 1) % 20 == 0 and pair + 1 < args.pairs:
            print(f"  {pair + 1} pairs: {statistics.mean(margins):+.2f}", file=sys.stderr)
    mean = statistics.mean(margins)
    error = statistics.stdev(margins) / len(margins) ** 0.5
    wins = sum(margin > 0 for margin in margins)
    losses = sum(margin < 0 for margin in margins)
    print(
        f"{args.a} vs {args.b}, {args.players} players: {mean:+.2f} ± {error:.2f} points a round "
        f"over {args.pairs} deck orders "
        f"(won/tied/lost {wins}/{args.pairs - wins - losses}/{losses}); "
        f"{args.a} seconds a move: median {statistics.median(timings):.4f}, max {max(timings):.3f}"
    )


if __name__ == "__main__":
    main()
