"""How often the learned value changes the expert's move, and by how much it moves the values.

The master is the expert plus a correction at each leaf of its search, so on any position the two
search the same worlds (given the same generator) and differ only where the correction ranks the
moves differently. This plays 2-player rounds of the expert against itself on seeds of its own
and, at every decision with a choice in the deals where the correction is used (the exact
endgame's deals have no leaves), asks both for their values: how often the best move differs,
and how far the master's values are from the expert's. A learned value that almost never changes
the move cannot change the margin much, whatever its loss.

    python benchmarks/master_agreement.py --rounds 20 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence

from pasur.bots.expert import ExpertBot
from pasur.bots.master import MasterBot
from pasur.rules import STANDARD, legal_moves, new_game, play_legal, shuffle_deck, view


def compare(rounds: int, seed: int, most: int | None = None) -> dict[str, float]:
    """Play ``rounds`` expert self-play rounds; the master's agreement with the expert on them
    (on their first ``most`` decisions only, if given: a quick look)."""
    expert = ExpertBot(time_cap=None)
    master = MasterBot(time_cap=None)
    decisions = changed = 0
    shifts: list[float] = []
    for number in range(rounds):
        name = f"master-agreement:{seed}:{number}"
        deck = shuffle_deck(STANDARD, 2, random.Random(f"{name}:deck"))
        state = new_game(STANDARD, players=2, deck=deck)
        plays = 0
        while state.turn >= 0:
            seat_view = view(state, state.turn)
            legal = legal_moves(state)
            plays += 1
            searched = len(legal) > 1 and seat_view.deals_left >= ExpertBot.plan.endgame_deals
            if most is not None and decisions >= most:
                break
            if searched:
                rng_seed = f"{name}:{plays}"
                ours = master.values(seat_view, legal, random.Random(rng_seed))
                theirs = expert.values(seat_view, legal, random.Random(rng_seed))
                decisions += 1
                changed += _best(ours) != _best(theirs)
                shifts.append(
                    statistics.fmean(abs(a - b) for a, b in zip(ours, theirs, strict=True))
                )
            move = expert.choose(seat_view, legal, random.Random(f"{name}:{plays}:play"))
            state = play_legal(state, move)
    return {
        "rounds": rounds,
        "decisions": decisions,
        "changed": changed,
        "changed_share": changed / decisions if decisions else 0.0,
        "mean_value_shift": statistics.fmean(shifts) if shifts else 0.0,
    }


def _best(values: Sequence[float]) -> int:
    """The index of the best value (the first of equals, as the bots choose)."""
    return max(range(len(values)), key=values.__getitem__)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(json.dumps(compare(args.rounds, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
