#!/usr/bin/env python3
"""A small Pasur engine: it speaks the engine protocol of docs/engines.md on stdin and stdout.

It needs nothing but Python's standard library, to show that an engine can be any program. It
plays greedily: the capture that takes the most cards, else a lay of its lowest-ranked card.
Try it with

    pasur arena --bots casual,random --engine greedy="python3 examples/greedy_engine.py" --pairs 5
"""

from __future__ import annotations

import json
import random
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(card: str) -> int:
    """A card's rank, ace low: "10D" gives 9."""
    return RANKS.index(card[:-1])


def choose(legal: list[str], rng: random.Random) -> str:
    """The move to play: most cards taken, then the lowest card played, ties broken at random."""

    def key(move: str) -> tuple[int, int, float]:
        card, *taken = move.replace(" lay", "").split("+")
        return (-len(taken), rank(card), rng.random())

    return min(legal, key=key)


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        word, _, body = line.strip().partition(" ")
        if word == "pasur":
            print("ready greedy example", flush=True)
        elif word == "settings":
            rng = random.Random(json.loads(body)["seed"])
        elif word == "turn":
            turn = json.loads(body)
            print(f"move {choose(turn['legal'], rng)}", flush=True)
        elif word == "quit":
            return


if __name__ == "__main__":
    main()
