"""Helpers shared by the bot tests: small-budget bots and duplicate-deal matches."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from pasur.bots import Bot
from pasur.bots.advanced import AdvancedBot
from pasur.bots.beginner import BeginnerBot
from pasur.bots.casual import CasualBot
from pasur.bots.expert import ExpertBot
from pasur.bots.intermediate import IntermediateBot
from pasur.bots.random_bot import RandomBot
from pasur.bots.selfplay import play_round
from pasur.rules import STANDARD, Rules, new_game, shuffle_deck


def quick_bots() -> list[Bot]:
    """One bot of every level, the search levels on tiny budgets so tests stay fast.

    No time cap: on a loaded machine it could cut a search short, and these bots must make the
    same moves on every run (the cap has its own tests).
    """
    return [
        RandomBot(),
        BeginnerBot(),
        CasualBot(),
        IntermediateBot(worlds=2, time_cap=None),
        AdvancedBot(worlds=2, node_budget=1_500, time_cap=None),
        ExpertBot(worlds=2, node_budget=1_500, time_cap=None),
    ]


def duplicate_margins(
    a: Bot, b: Bot, pairs: int, *, seed: int = 0, rules: Rules = STANDARD
) -> list[float]:
    """Two-player duplicate deals: each deck played twice with seats swapped.

    Returns a's points minus b's per round, averaged over each pair of rounds.
    """
    margins = []
    for pair in range(pairs):
        deck = shuffle_deck(rules, 2, random.Random(f"deck:{seed}:{pair}"))
        total = 0.0
        for a_seat in (0, 1):
            bots = [b, b]
            bots[a_seat] = a
            rngs = [random.Random(f"bot:{seed}:{pair}:{a_seat}:{s}") for s in (0, 1)]
            state = play_round(new_game(rules, players=2, deck=deck), bots, rngs)
            assert state.result is not None
            points = state.result.points
            total += points[a_seat] - points[1 - a_seat]
        margins.append(total / 2)
    return margins


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    return statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5
