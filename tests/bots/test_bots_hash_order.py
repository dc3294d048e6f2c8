"""The search levels' moves do not depend on Python's hash order.

The promise is that the same seed and view give the same move on any machine, the browser's
32-bit Pyodide included. Hash order is the part of a machine that CPython lets a test change:
each child process below works out the advanced and expert moves of the same positions under its
own ``PYTHONHASHSEED`` (string and enum hashes, hence set and dict-of-set orders, differ), on a
fixed budget with no time cap, so that nothing but hash order could tell the two apart.

Most positions use a small budget (it runs every code path of a decision: weighed worlds, read
styles, modelled replies, the exact endgame) so that a few hundred stay affordable; a few use
the levels' full budgets, as the arena and the offline worker do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

CHILD = """import json, random, sys
from pasur.bots.advanced import AdvancedBot
from pasur.bots.expert import ExpertBot
from pasur.rules import legal_moves, make_rules, new_game, play, view

def position(seed):
    rng = random.Random(f"hash-order:{seed}")
    players = rng.choice((2, 3, 4))
    state = new_game(make_rules(), players=players, seed=seed)
    for _ in range(rng.randrange(0, 48)):
        if state.result is not None:
            break
        state = play(state, rng.choice(legal_moves(state)))
    return state

small, full = json.loads(sys.argv[1])
moves = []
for seeds, budget in ((small, {"worlds": 6, "node_budget": 2_000}), (full, {})):
    for seed in seeds:
        state = position(seed)
        if state.result is not None:
            continue
        seat_view = view(state, state.turn)
        for level in (AdvancedBot, ExpertBot):
            bot = level(time_cap=None, **budget)
            move = bot.choose(seat_view, legal_moves(state), random.Random(seed))
            moves.append([seed, level.name, str(move)])
print(json.dumps(moves))
"""

SMALL_BUDGET_SEEDS = range(300)
FULL_BUDGET_SEEDS = range(1000, 1012)
HASH_SEEDS = ("1", "2")


def _moves(hash_seed: str) -> list[list[object]]:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            json.dumps([list(SMALL_BUDGET_SEEDS), list(FULL_BUDGET_SEEDS)]),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    moves: list[list[object]] = json.loads(done.stdout)
    return moves


def test_hash_seed_does_not_change_search_moves() -> None:
    first, second = (_moves(seed) for seed in HASH_SEEDS)
    # Most positions have a move to choose (a finished round is skipped in both).
    assert len(first) > 1.6 * (len(SMALL_BUDGET_SEEDS) + len(FULL_BUDGET_SEEDS))
    differ = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
    assert differ == []
