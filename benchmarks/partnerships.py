"""What playing for the team is worth in 4-player partnerships, on duplicate deals.

The search levels value their side's points: a partner is searched as a second self (it plays to
raise the same side's margin) and the leaves score teams. To see what that is worth, the
*solo* expert is the same bot told that every seat plays for itself: it is given its view with
partnerships turned off and each seat credited its team's game total, so it searches its partner
as one more opponent and scores seats alone. Both matches run through the arena (``abab`` against
``baba``, team points) on the same seed:

- ``expert`` pair against ``casual`` pair;
- ``expert`` pair against ``expert-solo`` pair (partner-aware against individual play).

    nice -n 15 python benchmarks/partnerships.py --sets 40 --seed 7 --jobs 2
    nice -n 15 python benchmarks/partnerships.py --sets 8 --seed 7 --against solo

The JSON on stdout gives each match's margin (the first bot's team points minus the second's per
round), its standard error and its 95 % interval (± 1.96 standard errors over sets), and the
medians and maxima of seconds per move.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Sequence

from pasur.bots import Bot, make_bot
from pasur.bots.arena import ArenaSettings, MatchResult, run_arena
from pasur.bots.arena_games import Player
from pasur.rules import Move, SeatView, make_rules

PARTNERSHIPS = make_rules("standard", {"partnerships": "on"})


class SoloExpert:
    """The expert told that every seat plays for itself (its partner is an opponent)."""

    name = "expert-solo"

    def __init__(self) -> None:
        self._expert = make_bot("expert", time_cap=None)

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        solo = view._replace(
            rules=dataclasses.replace(view.rules, partnerships=False),
            totals=tuple(view.totals[seat % 2] for seat in range(view.players)),
        )
        return self._expert.choose(solo, legal, rng)


@dataclasses.dataclass(frozen=True, slots=True)
class Solo:
    """The solo expert as the arena's player from outside (made afresh for each game)."""

    name: str = "expert-solo"

    def make(self) -> Bot:
        return SoloExpert()


def _shown(match: MatchResult) -> dict[str, object]:
    se = match.margin_se or 0.0
    return {
        "a": match.a,
        "b": match.b,
        "sets": match.sets,
        "rounds": match.rounds,
        "margin": round(match.margin, 3),
        "margin_se": round(se, 3),
        "interval_95": [round(match.margin - 1.96 * se, 3), round(match.margin + 1.96 * se, 3)],
        "a_wins": match.a_wins,
        "ties": match.ties,
        "b_wins": match.b_wins,
        "a_seconds_median": match.a_seconds_median,
        "a_seconds_max": match.a_seconds_max,
        "b_seconds_median": match.b_seconds_median,
        "b_seconds_max": match.b_seconds_max,
        "set_margins": [round(m, 3) for m in match.set_margins],
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--against", default="casual,solo", help="The expert's opponents: casual, solo or both."
    )
    options = parser.parse_args(argv)
    opponents: dict[str, Player] = {"casual": "casual", "solo": Solo()}
    results = []
    for other in (opponents[name.strip()] for name in options.against.split(",")):
        settings = ArenaSettings(
            bots=("expert", other),
            players=4,
            sets=options.sets,
            seed=options.seed,
            rules=PARTNERSHIPS,
            jobs=options.jobs,
            bootstrap=200,
        )
        (match,) = run_arena(settings).matches
        results.append(_shown(match))
        print(f"{match.a} - {match.b}: {match.margin:+.2f}", file=sys.stderr)
    print(json.dumps({"seed": options.seed, "sets": options.sets, "matches": results}, indent=1))


if __name__ == "__main__":
    main()
