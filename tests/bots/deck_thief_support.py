"""An engine that tries to learn the deck from what the arena sends it and its public code.

Given everything the engine protocol sends (the ``settings`` line with its seed, each ``turn``'s
view) and the arena's code (:func:`~pasur.bots.arena.arena_deck`, :func:`~pasur.bots.arena.bot_rng`
are public), it searches small arena seeds and set numbers for (a) the generator its seed came
from and (b) a deck whose first deal holds every card it has seen so far: its hand, the table
and the cards played. Found, the whole deck and every hand would be known. It plays its first
legal move, and writes what it found, one JSON line per game, to the file named on its command
line. Run as ``python deck_thief_support.py LOG``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from pasur.bots.arena import arena_deck, bot_rng
from pasur.rules import STANDARD
from pasur.rules.cards import card_index

SEEDS = range(200)
SETS = range(3)


def recover(seed: int, seat: int, players: int, seen: Iterable[int]) -> dict[str, list[list[int]]]:
    """Every (arena seed, set) the engine's ``seed`` and the ``seen`` cards point to."""
    seen = set(seen)
    first_deal = 4 * players + 4  # the hands and the opening table
    by_seed, by_deck = [], []
    for arena_seed in SEEDS:
        for set_no in SETS:
            if bot_rng(arena_seed, set_no, seat).getrandbits(63) == seed:
                by_seed.append([arena_seed, set_no])
            deck = arena_deck(STANDARD, players, arena_seed, set_no, 0)
            if seen <= set(deck[:first_deal]):
                by_deck.append([arena_seed, set_no])
    return {"by_seed": by_seed, "by_deck": by_deck}


def seen_cards(view: dict[str, Any]) -> set[int]:
    """The cards of the first deal a seat has seen: its hand, the table, and what was played."""
    codes = [*view["hand"], *view["table"]]
    for play in view["plays"]:
        codes += [play["card"], *play["taken"]]
    return {card_index(code) for code in codes}


def main() -> None:
    log = sys.argv[1]
    settings: dict[str, Any] = {}
    tried = False
    for line in sys.stdin:
        word, _, body = line.strip().partition(" ")
        if word == "pasur":
            print("ready thief", flush=True)
        elif word == "settings":
            settings, tried = json.loads(body), False
        elif word == "turn":
            turn = json.loads(body)
            view = turn["view"]
            if not tried and view["round"] == 0:
                tried = True
                seat, players = settings["seat"], settings["players"]
                found = recover(settings["seed"], seat, players, seen_cards(view))
                with open(log, "a", encoding="utf-8") as out:
                    out.write(json.dumps(found) + "\n")
            print(f"move {turn['legal'][0]}", flush=True)
        elif word == "quit":
            return


if __name__ == "__main__":
    main()
