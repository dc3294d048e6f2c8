"""How much of a position's outcome is the bots' own chance: the same position played on twice.

Usage::

    python benchmarks/master_noise.py [--rounds 70] [--seed 1] [--level expert] [--budget 1000]

A choice group (:mod:`pasur.bots.training.choices`) plays a decision's moves on the same cards,
so the luck of the cards is shared; what is left to tell its outcomes apart is what the moves did,
and the bots' own chance in the play that follows (the expert draws its worlds at random). This
measures the second part alone: at one decision in each deal that the master's search judges at
a leaf, the move the bot chose is played on twice, to the round's end, with different chance,
and the two outcomes (margins for the deciding seat's side) are compared. Half the mean squared
difference is the variance a leaf value can never explain; a group of k moves carries (k-1)/k of
it in its spread about the group's mean.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from pasur.bots.evaluation import Valuation
from pasur.bots.training.choices import play_out, sampled_decisions
from pasur.bots.training.data import Generation
from pasur.rules import GameState, play_legal, view


def replayed_differences(generation: Generation, name: str) -> list[float]:
    """For one decision a deal in each round, the difference of two play-outs' outcomes."""
    differences = []
    for number, dealt, state, move, _ in sampled_decisions(generation, name, generation.bot()):
        after = play_legal(state, move)
        first, second = (
            _outcome(after, state.turn, generation, f"{name}:{number}:{dealt}:{each}")
            for each in (0, 1)
        )
        differences.append(first - second)
    return differences


def _outcome(state: GameState, seat: int, generation: Generation, chance: str) -> float:
    """The round's margin for ``seat``'s side, played on from ``state`` with chance ``chance``."""
    rngs = [random.Random(f"{chance}:{each}") for each in range(state.players)]
    leaf, end = play_out(state, generation.bot(), rngs)
    assert end.result is not None
    side = view(leaf, seat).side_of(seat)
    return Valuation(leaf.rules, leaf.totals, side, game_aware=False)(end.result.points)


def summary(differences: Sequence[float]) -> dict[str, float]:
    """The pairs, the variance their differences show (half the mean square), and the share of
    pairs played out to the same outcome."""
    count = len(differences)
    return {
        "pairs": count,
        "variance": sum(d * d for d in differences) / (2 * count) if count else 0.0,
        "identical": sum(1 for d in differences if d == 0) / count if count else 0.0,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=70)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert", help="the bot at every seat")
    parser.add_argument("--budget", type=int, default=1_000, help="its positions per move")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    generation = Generation(
        level=args.level, node_budget=args.budget, rounds_per_shard=args.rounds, seed=args.seed
    )
    differences = replayed_differences(generation, f"master-noise:{args.seed}")
    print(json.dumps(summary(differences)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
