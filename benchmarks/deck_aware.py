"""What the hidden cards cost a search level: the level against a deck-aware copy of itself.

The deck-aware copy runs the level's own search, but the one world it searches is the real
deal: the other hand and the order of the pack. It is not a bot (a bot never receives the game
state) and exists only here, to measure how far the expert is from a player that knows the deck,
which is the kind of player the CFR reference behind issue #3's 12.4 target is (docs/bots.md,
"The 12.4 reference").

Both play 2-player rounds against the same opponent on the deck orders and bot generators of
``pasur arena --players 2 --bots LEVEL,OPPONENT --seed S`` (each set, both seatings), so the
honest level's figures are the arena's, and the two are compared set by set.

    python benchmarks/deck_aware.py --pairs 100 --seed 1
    python benchmarks/deck_aware.py --pairs 60 --seed 1 --opponent casual --json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
from collections.abc import Sequence
from typing import Protocol
from unittest import mock

from pasur.bots import Bot, make_bot
from pasur.bots import worlds as bot_worlds
from pasur.bots.arena import arena_deck, bot_rng
from pasur.bots.pimc import SearchBot
from pasur.bots.ratings import mean_and_se
from pasur.rules import STANDARD, GameState, Move, SeatView, moves_for, new_game, play_legal, view


class Player(Protocol):
    """A player of these rounds: a bot, or a deck-aware search level, which also sees the state."""

    def decide(
        self, state: GameState, seat_view: SeatView, legal: Sequence[Move], rng: random.Random
    ) -> Move: ...


class Honest:
    """A bot as the arena runs it: it sees its seat's view only."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def decide(
        self, state: GameState, seat_view: SeatView, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        return self.bot.choose(seat_view, legal, rng)


class DeckAware:
    """A search level with the real deal as the one world it searches."""

    def __init__(self, level: str = "expert") -> None:
        bot = make_bot(level, time_cap=None)
        if not isinstance(bot, SearchBot):
            raise ValueError(f"{level!r} does not search worlds; the search levels do")
        bot.plan = dataclasses.replace(bot.plan, worlds=1)
        self.bot = bot

    def decide(
        self, state: GameState, seat_view: SeatView, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        def real_deal(_view: SeatView, _rng: random.Random) -> GameState:
            return state

        with mock.patch.object(bot_worlds, "sample_world", real_deal):
            return self.bot.choose(seat_view, legal, rng)


def set_margin(player: Player, opponent: Player, seed: int, set_no: int) -> float:
    """The player's points minus the opponent's in one duplicate set, per round."""
    deck = arena_deck(STANDARD, 2, seed, set_no, 0)
    margins = []
    for player_seat in (0, 1):
        players = [opponent, opponent]
        players[player_seat] = player
        rngs = [bot_rng(seed, set_no, seat) for seat in (0, 1)]
        state = new_game(STANDARD, players=2, deck=deck, dealer=0)
        while state.turn >= 0:
            seat = state.turn
            seat_view = view(state, seat)
            legal = moves_for(seat_view.hand, seat_view.table, seat_view.rules)
            state = play_legal(state, players[seat].decide(state, seat_view, legal, rngs[seat]))
        assert state.result is not None
        points = state.result.points
        margins.append(points[player_seat] - points[1 - player_seat])
    return statistics.mean(margins)


def summary(margins: Sequence[float]) -> dict[str, float]:
    """Mean and standard error of per-set margins, as the arena reports them."""
    margin, margin_se = mean_and_se(margins)
    assert margin_se is not None  # main() asks for two sets at least
    return {"margin": round(margin, 3), "margin_se": round(margin_se, 3)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100, help="duplicate sets (at least 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert", help="the search level measured")
    parser.add_argument("--opponent", default="random", help="the bot both copies play")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.pairs < 2:
        parser.error("--pairs must be at least 2 (a standard error needs two sets)")
    try:
        opponent = Honest(make_bot(args.opponent, time_cap=None))
        honest = Honest(make_bot(args.level, time_cap=None))
        aware = DeckAware(args.level)
    except ValueError as error:
        parser.error(str(error))
    honest_margins: list[float] = []
    aware_margins: list[float] = []
    for set_no in range(args.pairs):
        honest_margins.append(set_margin(honest, opponent, args.seed, set_no))
        aware_margins.append(set_margin(aware, opponent, args.seed, set_no))
        if (set_no + 1) % 10 == 0:
            print(f"  {set_no + 1} sets", file=sys.stderr)
    differences = [a - h for a, h in zip(aware_margins, honest_margins, strict=True)]
    figures = {
        "level": args.level,
        "opponent": args.opponent,
        "pairs": args.pairs,
        "seed": args.seed,
        "honest": summary(honest_margins),
        "deck_aware": summary(aware_margins),
        "deck_aware_minus_honest": summary(differences),
        "honest_set_margins": honest_margins,
    }
    if args.json:
        print(json.dumps(figures))
        return
    for label, key in (
        (args.level, "honest"),
        (f"deck-aware {args.level}", "deck_aware"),
        (f"deck-aware minus {args.level} (paired)", "deck_aware_minus_honest"),
    ):
        row = figures[key]
        assert isinstance(row, dict)
        print(f"{label} vs {args.opponent}: {row['margin']:+.2f} ± {row['margin_se']:.2f}")


if __name__ == "__main__":
    main()
