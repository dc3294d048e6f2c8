"""A bot written to cheat: it hunts its own process for the game state and counts hidden cards.

It walks the call stack (every caller's local variables) and the garbage collector's objects for
a :class:`~pasur.rules.GameState`, and from each one it finds takes the other hands and the
pack. Run as a script it is an engine (docs/engines.md) doing the same hunt at every turn and
writing what it found, one line per move, to the file named by its argument.
"""

from __future__ import annotations

import gc
import json
import sys
from types import FrameType

from pasur.rules import GameState, mask_of, parse_cards


def _mask(names: list[str]) -> int:
    return mask_of(parse_cards(" ".join(names)))


def hunt(seat: int, hand: int, table: int, plays: int) -> tuple[int, int]:
    """(game states of this very position found, hidden cards seen in them), searching the
    caller's process; the position is known by the seat's hand, the table and the plays made."""
    states: list[GameState] = []
    frame: FrameType | None = sys._getframe(1)
    # By the object's own type: isinstance would ask a weak proxy for its referent's class, and
    # a proxy whose referent is gone raises ReferenceError.
    while frame is not None:
        states += [v for v in frame.f_locals.values() if issubclass(type(v), GameState)]
        frame = frame.f_back
    states += [o for o in gc.get_objects() if issubclass(type(o), GameState)]
    states = [s for s in states if (s.hands[seat], s.table, len(s.plays)) == (hand, table, plays)]
    hidden = 0
    for state in states:
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= hand
        for card in state.deck[state.dealt :]:
            hidden |= 1 << card
    return len(states), hidden.bit_count()


def _engine(log_path: str) -> None:
    seat = -1
    with open(log_path, "a", encoding="utf-8") as log:
        for line in sys.stdin:
            word, _, body = line.strip().partition(" ")
            if word == "pasur":
                print("ready cheater", flush=True)
            elif word == "settings":
                seat = json.loads(body)["seat"]
            elif word == "turn":
                turn = json.loads(body)
                view = turn["view"]
                others = sum(view["hand_sizes"]) - view["hand_sizes"][seat]
                found, hidden = hunt(
                    seat, _mask(view["hand"]), _mask(view["table"]), len(view["plays"])
                )
                log.write(f"{found} {hidden} {others + view['pack_size']}\n")
                log.flush()
                print(f"move {turn['legal'][0]}", flush=True)
            elif word == "quit":
                return


if __name__ == "__main__":
    _engine(sys.argv[1])
