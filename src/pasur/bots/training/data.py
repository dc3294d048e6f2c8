"""Training positions for the master's learned value, from self-play of a search level.

Each round is played out by one bot at every seat (the expert on a smaller budget, by default:
the same search, ten times cheaper). At the start of every deal after the first (where the
expert's search stops and judges, with two players) each seat's inputs are recorded
(:func:`pasur.bots.value_features.position_features`, with the leaf evaluation's margin for that
seat), and once the round is over, the target: the round's final margin for the seat's side minus
that evaluation. Each position also keeps its place (round in the shard, cards dealt, seat), so
a fit can find the same seat's position one deal later (:func:`.fit.lambda_targets`). Rounds
come in *shards* of a fixed number, each from its own seed, written one file each, so
generation is resumable: a shard already on disk is skipped.

Training seeds are strings (``master-train:SEED:SHARD``) that no arena deck seed can equal.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np

from pasur.bots import Bot, make_bot
from pasur.bots.evaluation import Valuation
from pasur.bots.master import MasterBot
from pasur.bots.pimc import SearchBot
from pasur.bots.search import WorldSearch
from pasur.bots.training.store import save
from pasur.bots.value_features import FEATURES, position_features
from pasur.rules import (
    STANDARD,
    GameState,
    Rules,
    legal_moves,
    new_game,
    play_legal,
    shuffle_deck,
    view,
)


@dataclasses.dataclass(frozen=True)
class Generation:
    """What one run of generation plays."""

    level: str = "expert"
    node_budget: int | None = 3_000
    players: int = 2
    rounds_per_shard: int = 20
    seed: int = 1
    rules: Rules = STANDARD

    def bot(self) -> Bot:
        """The bot at every seat, on the fixed budget (no time cap: the same seed, same play)."""
        bot = make_bot(self.level, time_cap=None)
        if self.node_budget is not None and isinstance(bot, SearchBot):
            bot = type(bot)(node_budget=self.node_budget, time_cap=None)
        return bot


def leaf_evaluation(state: GameState, seat: int) -> float:
    """The master's leaf evaluation of ``state`` for ``seat``'s side, without the network."""
    seat_view = view(state, seat)
    side = seat_view.side_of(seat)
    valuation = Valuation(seat_view.rules, seat_view.totals, side, game_aware=False)
    plan = MasterBot.plan
    search = WorldSearch(seat_view, valuation, deals=1, first_pick=plan.first_pick)
    return search.leaf_value(state)


def round_samples(
    state: GameState, bot: Bot, rngs: Sequence[random.Random]
) -> tuple[list[list[float]], list[float], list[tuple[int, int]]]:
    """Play one round from ``state``; the inputs, targets and (deal, seat) of its deal starts."""
    recorded: list[tuple[GameState, int, float]] = []
    dealt = state.dealt
    while state.turn >= 0:
        seat = state.turn
        seat_view = view(state, seat)
        legal = legal_moves(state)
        state = play_legal(state, bot.choose(seat_view, legal, rngs[seat]))
        if state.turn >= 0 and state.dealt != dealt:
            dealt = state.dealt
            recorded.extend(
                (state, each, leaf_evaluation(state, each)) for each in range(state.players)
            )
    result = state.result
    assert result is not None
    inputs = []
    targets = []
    places = []
    for position, seat, evaluation in recorded:
        seat_view = view(position, seat)
        side = seat_view.side_of(seat)
        final = Valuation(position.rules, position.totals, side, game_aware=False)(result.points)
        inputs.append(position_features(position, seat, evaluation))
        targets.append(final - evaluation)
        places.append((position.dealt, seat))
    return inputs, targets, places


def shard_rounds(
    generation: Generation, name: str
) -> Iterator[tuple[GameState, list[random.Random]]]:
    """A shard's rounds, each from its own deck and with a chance source for each seat, all
    from the shard's ``name``: the same name plays the same rounds."""
    deck_rng = random.Random(f"{name}:decks")
    for number in range(generation.rounds_per_shard):
        rngs = [random.Random(f"{name}:{number}:{seat}") for seat in range(generation.players)]
        deck = shuffle_deck(generation.rules, generation.players, deck_rng)
        yield new_game(generation.rules, players=generation.players, deck=deck), rngs


def make_shard(generation: Generation, shard: int, path: Path) -> int:
    """Play one shard's rounds and write its positions to ``path``; the number written."""
    name = f"master-train:{generation.seed}:{shard}"
    bot = generation.bot()
    inputs: list[list[float]] = []
    targets: list[float] = []
    places: list[tuple[int, int, int]] = []
    for number, (state, rngs) in enumerate(shard_rounds(generation, name)):
        more_inputs, more_targets, more_places = round_samples(state, bot, rngs)
        inputs.extend(more_inputs)
        targets.extend(more_targets)
        places.extend((number, deal, seat) for deal, seat in more_places)
    arrays = {
        "inputs": np.asarray(inputs, dtype=np.float32),
        "targets": np.asarray(targets, dtype=np.float32),
        "places": np.asarray(places, dtype=np.int32).reshape(-1, 3),
        "features": np.array(FEATURES),
    }
    save(path, arrays, compress=True)
    return len(targets)


def generate(
    generation: Generation,
    folder: Path,
    shards: Sequence[int],
    *,
    minutes: float,
    say: Callable[[str], None] = print,
    maker: Callable[[Generation, int, Path], int] | None = None,
) -> int:
    """Write the shards numbered in ``shards`` not yet in ``folder``, stopping after ``minutes``;
    each is made by ``maker`` (:func:`make_shard`, positions, unless told otherwise).

    Returns the number of them still missing (0 when they are all on disk).
    """
    folder.mkdir(parents=True, exist_ok=True)
    stop = time.monotonic() + minutes * 60
    missing = [shard for shard in shards if not shard_path(folder, shard).exists()]
    for shard in missing:
        if time.monotonic() >= stop:
            break
        started = time.monotonic()
        count = (maker or make_shard)(generation, shard, shard_path(folder, shard))
        say(f"shard {shard}: {count} made in {time.monotonic() - started:.0f} s")
    return sum(1 for shard in shards if not shard_path(folder, shard).exists())


def shard_path(folder: Path, shard: int) -> Path:
    """Where shard ``shard`` is kept."""
    return folder / f"shard-{shard:05d}.npz"
