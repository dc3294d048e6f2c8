"""Seconds per move of each bot level: median and worst, on this machine, one process.

Each level plays whole rounds against the casual level (for speed) and every call to its
``choose`` is timed, moves with a single legal choice included, as a player would feel them: in
wall time, with the levels' time cap on as in play, and in processor time (what the move costs
one core, whatever else the machine runs).

    python benchmarks/bots_speed.py --players 2 --rounds 10 --levels intermediate,advanced,expert
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from pasur.bots import make_bot
from pasur.rules import STANDARD, moves_for, new_game, play_legal, shuffle_deck, view


def time_level(name: str, players: int, rounds: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and processor seconds of each move the level made over ``rounds`` rounds, in every
    seat in turn."""
    timings: list[float] = []
    processor: list[float] = []
    casual = make_bot("casual")
    for round_no in range(rounds):
        bot = make_bot(name)
        seat = round_no % players
        deck = shuffle_deck(STANDARD, players, random.Random(f"speed:{seed}:{round_no}"))
        state = new_game(STANDARD, players=players, deck=deck)
        rng = random.Random(f"speed:{seed}:{round_no}:rng")
        while state.turn >= 0:
            seat_view = view(state, state.turn)
            legal = moves_for(seat_view.hand, seat_view.table, seat_view.rules)
            if state.turn == seat:
                start = time.perf_counter()
                used = time.process_time()
                move = bot.choose(seat_view, legal, rng)
                timings.append(time.perf_counter() - start)
                processor.append(time.process_time() - used)
            else:
                move = casual.choose(seat_view, legal, rng)
            state = play_legal(state, move)
    return timings, processor


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="random,beginner,casual,intermediate,advanced,expert")
    args = parser.parse_args(argv)
    for name in args.levels.split(","):
        timings, processor = time_level(name.strip(), args.players, args.rounds, args.seed)
        print(
            f"{name:>12}  {args.players} players  {len(timings):4d} moves  "
            f"wall median {statistics.median(timings):.4f} s  max {max(timings):.4f} s  "
            f"processor median {statistics.median(processor):.4f} s  max {max(processor):.4f} s"
        )


if __name__ == "__main__":
    main()
