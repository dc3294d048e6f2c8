"""Choice groups for the master's learned value: one decision's moves, played on the same cards.

The position data (:mod:`.data`) pairs each deal start with the rest of its round, and
most of a round's outcome is the luck of the cards still to come, the same whatever was played
before. But the master only ever compares moves: within one searched world every candidate move
leads to a leaf on the same next hands and the same pack, and a correction that is the same for
all of them changes nothing. So a *group* here is one decision of self-play, in the real deal
(every hand and the pack known to the generator, never to a bot): a few of its legal moves, each
played and followed by the bot at every seat to the end of the deal (the leaf the master would
judge) and on to the end of the round, on the same pack. Within a group the luck of the cards
is shared, and what differs between the outcomes is what the moves did.

Decisions are drawn from the deals whose search stops at the next deal start (with two players,
all but the last two, where the expert searches to the round's end): one in each such deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from pasur.bots import Bot, value_net
from pasur.bots.evaluation import Valuation
from pasur.bots.training.data import Generation, leaf_evaluation, shard_rounds
from pasur.bots.training.fit import (
    EVALUATION,
    EVALUATION_SCALE,
    Array,
    FitSettings,
    adam_step,
    best_epoch,
    forward,
    fresh_moments,
    gradients,
    read_layers,
    read_shards,
    shard_files,
    write_curves,
)
from pasur.bots.training.store import save
from pasur.bots.value_features import FEATURES, position_features
from pasur.rules import GameState, Move, legal_moves, play_legal, view
from pasur.rules.deal import HAND_SIZE, PACK_SIZE

CANDIDATES = 4
"""Moves tried at a decision: the bot's own and up to three others drawn at random."""


def searched_to_a_leaf(state: GameState) -> bool:
    """Whether a decision now ends its search at the next deal start (two more deals to come)."""
    return PACK_SIZE - state.dealt >= 2 * HAND_SIZE * state.players


def play_out(
    state: GameState, bot: Bot, rngs: Sequence[random.Random]
) -> tuple[GameState, GameState]:
    """Play on with ``bot`` at every seat: the next deal start (or the end), and the round's end."""
    dealt = state.dealt
    leaf: GameState | None = None
    while state.turn >= 0:
        seat = state.turn
        state = play_legal(state, bot.choose(view(state, seat), legal_moves(state), rngs[seat]))
        if leaf is None and state.dealt != dealt:
            leaf = state
    return leaf or state, state


def decision_group(
    state: GameState, chosen: Move, bot: Bot, name: str, rng: random.Random
) -> tuple[list[list[float]], list[float]]:
    """The inputs and targets of a group: each candidate move's leaf and outcome, for the seat."""
    seat = state.turn
    others = [move for move in legal_moves(state) if move != chosen]
    moves = [chosen, *rng.sample(others, min(len(others), CANDIDATES - 1))]
    inputs, targets = [], []
    for number, move in enumerate(moves):
        rngs = [random.Random(f"{name}:{number}:{each}") for each in range(state.players)]
        leaf, end = play_out(play_legal(state, move), bot, rngs)
        if end.result is None or leaf.turn < 0:
            continue  # the move ended the round at once: no leaf for the master to judge
        evaluation = leaf_evaluation(leaf, seat)
        side = view(leaf, seat).side_of(seat)
        final = Valuation(leaf.rules, leaf.totals, side, game_aware=False)(end.result.points)
        inputs.append(position_features(leaf, seat, evaluation))
        targets.append(final - evaluation)
    return inputs, targets


def sampled_decisions(
    generation: Generation, name: str, bot: Bot
) -> Iterator[tuple[int, int, GameState, Move, random.Random]]:
    """Play the rounds of ``name`` with ``bot`` at every seat, and at one decision drawn in each
    deal whose search stops at a leaf, yield (round, cards dealt, state, the bot's move, the
    round's chance for drawing), before the move is played on."""
    for number, (state, rngs) in enumerate(shard_rounds(generation, name)):
        pick = random.Random(f"{name}:{number}:pick")
        per_deal = HAND_SIZE * state.players
        dealt, played, chosen_at = state.dealt, 0, pick.randrange(per_deal)
        while state.turn >= 0:
            if state.dealt != dealt:
                dealt, played, chosen_at = state.dealt, 0, pick.randrange(per_deal)
            seat = state.turn
            move = bot.choose(view(state, seat), legal_moves(state), rngs[seat])
            if played == chosen_at and searched_to_a_leaf(state):
                yield number, dealt, state, move, pick
            state = play_legal(state, move)
            played += 1


def make_choice_shard(generation: Generation, shard: int, path: Path) -> int:
    """Play one shard's rounds and write its choice groups to ``path``; the number of groups."""
    name = f"master-choices:{generation.seed}:{shard}"
    bot = generation.bot()
    inputs: list[list[float]] = []
    targets: list[float] = []
    groups: list[int] = []
    count = 0
    for number, dealt, state, move, pick in sampled_decisions(generation, name, bot):
        more_inputs, more_targets = decision_group(
            state, move, bot, f"{name}:{number}:{dealt}", pick
        )
        if len(more_targets) > 1:
            inputs.extend(more_inputs)
            targets.extend(more_targets)
            groups.extend([count] * len(more_targets))
            count += 1
    arrays = {
        "inputs": np.asarray(inputs, dtype=np.float32).reshape(-1, len(FEATURES)),
        "targets": np.asarray(targets, dtype=np.float32),
        "groups": np.asarray(groups, dtype=np.int32),
        "features": np.array(FEATURES),
    }
    save(path, arrays, compress=True)
    return count


def load_groups(folder: Path) -> tuple[Array, Array, Array, Array, Array, Array]:
    """Training inputs, targets and group numbers, then the same for validation (every tenth
    shard), with group numbers unique across shards."""
    parts = read_shards(folder, ("inputs", "targets", "groups"))
    joined = []
    for part in (parts[False], parts[True]):
        offsets = np.cumsum([0] + [int(g.max()) + 1 if len(g) else 0 for _, _, g in part[:-1]])
        joined += [
            np.concatenate([x for x, _, _ in part]),
            np.concatenate([y for _, y, _ in part]),
            np.concatenate([g + offset for (_, _, g), offset in zip(part, offsets, strict=True)]),
        ]
    return tuple(joined)  # type: ignore[return-value]


def centred(values: Array, groups: Array) -> Array:
    """``values`` less their group's mean: what differs between a decision's moves."""
    counts = np.bincount(groups)
    means = np.bincount(groups, weights=values) / np.maximum(counts, 1)
    return values - means[groups]


def choice_loss(
    layers: list[tuple[Array, Array]] | None, inputs: Array, targets: Array, groups: Array
) -> float:
    """The mean squared error of the corrections' differences within groups (``layers`` None:
    no correction, the hand-written evaluation alone)."""
    outputs = np.zeros(len(targets)) if layers is None else forward(layers, inputs)[0]
    return float(np.mean(centred(targets - outputs, groups) ** 2))


def spreads(
    layers: list[tuple[Array, Array]], inputs: Array, targets: Array, groups: Array
) -> tuple[float, float, float]:
    """Within groups, the mean squared spread of the outcomes, of what the hand-written
    evaluation leaves of them, and of what ``layers``' correction leaves."""
    evaluation = inputs[:, EVALUATION].astype(np.float64) * EVALUATION_SCALE
    outcomes = float(np.mean(centred(targets + evaluation, groups) ** 2))
    return (
        outcomes,
        choice_loss(None, inputs, targets, groups),
        choice_loss(layers, inputs, targets, groups),
    )


def fit_choices(
    data: Path, run: Path, settings: FitSettings, start: Path, *, epochs: int
) -> dict[str, int]:
    """Fine-tune the weights in ``start`` to the choice groups in ``data``: each batch of groups
    is fitted on the differences within each group only (a shift common to a decision's moves
    changes no choice), keeping the epoch with the lowest validation loss as ``run/best.npz``.

    Returns the training set's size (shards, groups fitted and held out) and the epochs done and
    kept (0: the start's weights), for the run's record (:mod:`.provenance`).
    """
    train_x, train_y, train_g, valid_x, valid_y, valid_g = load_groups(data)
    layers = read_layers(start)
    moments = fresh_moments(layers)
    run.mkdir(parents=True, exist_ok=True)
    baseline = choice_loss(None, valid_x, valid_y, valid_g)
    history = [
        (
            0,
            choice_loss(layers, train_x, train_y, train_g),
            choice_loss(layers, valid_x, valid_y, valid_g),
            baseline,
        )
    ]
    counted = f"{train_g.max() + 1:,} training and {valid_g.max() + 1:,} validation groups"
    print(f"{counted}; at the start {history[0][2]:.3f} (no correction {baseline:.3f})")
    every = (
        np.concatenate([train_x, valid_x]),
        np.concatenate([train_y, valid_y]),
        np.concatenate([train_g, valid_g + train_g.max() + 1]),
    )
    outcomes, evaluated, corrected = spreads(layers, *every)
    print(f"spread within a decision's moves (points²), all groups: the outcomes {outcomes:.2f},")
    print(f"less the hand-written evaluation {evaluated:.2f}, less the correction {corrected:.2f}")
    save(run / "best.npz", value_net.to_arrays(layers))
    rows_of = [np.flatnonzero(train_g == group) for group in range(int(train_g.max()) + 1)]
    for epoch in range(1, epochs + 1):
        order = np.random.default_rng([settings.seed, epoch]).permutation(len(rows_of))
        for begin in range(0, len(order), settings.batch // CANDIDATES):
            rows = np.concatenate(
                [rows_of[group] for group in order[begin : begin + settings.batch // CANDIDATES]]
            )
            batch, groups = train_x[rows], np.unique(train_g[rows], return_inverse=True)[1]
            outputs = forward(layers, batch)[0]
            # The centred loss's gradient is the squared error's for these stand-in targets.
            pseudo = outputs + centred(train_y[rows] - outputs, groups)
            _, grads = gradients(layers, batch, pseudo)
            adam_step(layers, grads, moments, settings)
        row = (
            epoch,
            choice_loss(layers, train_x, train_y, train_g),
            choice_loss(layers, valid_x, valid_y, valid_g),
            baseline,
        )
        history.append(row)
        if row[2] <= min(entry[2] for entry in history):
            save(run / "best.npz", value_net.to_arrays(layers))
        write_curves(run, history)
        print(f"epoch {epoch}: training {row[1]:.3f}, validation {row[2]:.3f}")
    return {
        "shards": len(shard_files(data)),
        "fitted": int(train_g.max()) + 1,
        "held_out": int(valid_g.max()) + 1,
        "epochs": epochs,
        "best_epoch": best_epoch(history),
    }
