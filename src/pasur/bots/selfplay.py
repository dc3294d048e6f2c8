"""Bots playing rounds against each other, as fast as the engine allows.

The loop gives each bot its seat's view and the legal moves, and nothing else. Deck orders come
from one generator seeded by the caller and are handed to the engine, as the server does, so a
run is reproducible from its seed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import random
import time
from collections.abc import Iterator, Sequence

from pasur.bots.base import Bot
from pasur.rules import (
    ChoiceError,
    GameState,
    Rules,
    new_game,
    next_round,
    play_out_round,
    shuffle_deck,
)


def play_round(state: GameState, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> GameState:
    """Play the current round to its end; ``bots[seat]`` chooses for each seat.

    The loop is the engine's :func:`~pasur.rules.play_out_round` (compiled with the engine): each
    move the bot gets its seat's view and the legal moves, and its choice is checked and played.
    """
    try:
        return play_out_round(state, [bot.choose for bot in bots], rngs)
    except ChoiceError as error:
        raise IllegalBotMoveError(
            f"the {bots[error.seat].name} bot chose {error.move}, which is not legal"
        ) from None


class IllegalBotMoveError(RuntimeError):
    """A bot returned a move that is not among the legal moves it was given: a bug in the bot."""


@dataclasses.dataclass(frozen=True, slots=True)
class SelfplaySummary:
    """What a selfplay run produced."""

    rounds: int
    """Rounds played."""
    games: int
    """Games finished (a game ends when a side reaches the target)."""
    points: tuple[int, ...]
    """Points per side (seat, or team in partnerships) over all rounds."""
    surs: tuple[int, ...]
    """Surs per seat over all rounds."""
    game_wins: tuple[int, ...]
    """Games won per side."""
    seconds: float
    """Wall-clock time of the run."""

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second."""
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")


@contextlib.contextmanager
def _rare_collections() -> Iterator[None]:
    """Run the cycle collector a hundred times less often while rounds are played.

    A round allocates thousands of small tuples (states, views, plays) and makes no reference
    cycles: reference counting frees them all, and a collector pass every 700 allocations only
    walks the live ones again (about 5 % of random self-play). The old threshold comes back after.
    """
    threshold = gc.get_threshold()
    gc.set_threshold(threshold[0] * 100, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def selfplay(
    rules: Rules, players: int, bots: Sequence[Bot], rounds: int, seed: int
) -> SelfplaySummary:
    """Play ``rounds`` rounds with ``bots[seat]`` at each seat, games following one another."""
    deck_rng = random.Random(f"decks:{seed}")
    rngs = [random.Random(f"seat:{seed}:{seat}") for seat in range(players)]
    sides = 2 if rules.partnerships else players
    points = [0] * sides
    surs = [0] * players
    wins = [0] * sides
    games = 0
    dealer = 0
    start = time.perf_counter()
    with _rare_collections():
        state = new_game(rules, players=players, deck=shuffle_deck(rules, players, deck_rng))
        for played in range(rounds):
            state = play_round(state, bots, rngs)
            assert state.result is not None
            for seat in range(players):
                surs[seat] += state.surs[seat]
            for side, side_points in enumerate(state.result.points):
                points[side] += side_points
            if state.is_over:
                if state.winner >= 0:  # else drawn (target-tie=draw)
                    wins[state.winner] += 1
                games += 1
                dealer = (state.dealer + 1) % players
                if played + 1 < rounds:
                    deck = shuffle_deck(rules, players, deck_rng)
                    state = new_game(rules, players=players, deck=deck, dealer=dealer)
            elif played + 1 < rounds:
                state = next_round(state, deck=shuffle_deck(rules, players, deck_rng))
    seconds = time.perf_counter() - start
    return SelfplaySummary(rounds, games, tuple(points), tuple(surs), tuple(wins), seconds)
