"""Fitting the master's value network with NumPy: a small MLP, Adam, checkpoints, loss curves.

The network is small enough (tens of thousands of weights) that NumPy fits it on two cores in
minutes, so training needs nothing beyond what play needs. Each epoch ends with a checkpoint
(weights, the optimiser's moments, the epoch) written atomically, so a stopped fit goes on from
its last epoch; the order of the examples in an epoch comes from the seed and the epoch number,
so an interrupted and resumed fit makes the same weights as one that ran straight through.

Every tenth shard (index 9, 19, …) is held out for validation. The *baseline* in the curves is
the validation loss of a network that answers 0: the hand-written evaluation alone.

The training targets are the round's outcome (``td_lambda`` 1) or, given an earlier fit's
weights to *bootstrap* from, λ-returns: each position's target leans, by ``1 - λ``, on that fit's
value of the same seat's position one deal later (hand-written evaluation plus correction)
instead of on the rest of the round's luck. Validation always scores the round's outcome, so
losses of fits with different targets compare like with like.
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from pathlib import Path
from typing import Any

import numpy as np

from pasur.bots import value_net
from pasur.bots.training.curves import loss_svg
from pasur.bots.training.store import save
from pasur.bots.value_features import CARD_INPUTS, CARD_SETS, FEATURES
from pasur.rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES

Array = Any


class TrainingError(RuntimeError):
    """Training cannot start: no data, or data made for other inputs."""


@dataclasses.dataclass(frozen=True)
class FitSettings:
    """The network's shape and the optimiser's settings."""

    hidden: tuple[int, ...] = (64, 32)
    epochs: int = 30
    learning_rate: float = 3e-4
    weight_decay: float = 1.0
    batch: int = 256
    seed: int = 1
    td_lambda: float = 1.0
    """1: targets are the round's outcome; below 1, λ-returns on a bootstrap fit's values."""
    suit_symmetry: bool = False
    """Show each example with its non-club suits relabelled at random (see
    :func:`relabel_suits`)."""


EVALUATION = FEATURES.index("evaluation")
EVALUATION_SCALE = 10.0
"""The hand-written margin is the input ``evaluation``, divided by this."""


def read_shards(folder: Path, names: tuple[str, ...]) -> dict[bool, list[tuple[Array, ...]]]:
    """The arrays ``names`` of every shard on disk, for training (False) and held out (True).

    One made for other inputs than this code reads is refused.
    """
    parts: dict[bool, list[tuple[Array, ...]]] = {True: [], False: []}
    for path in shard_files(folder):
        with np.load(path, allow_pickle=False) as data:
            if tuple(str(name) for name in data["features"]) != FEATURES:
                raise TrainingError(f"{path} was made for other inputs than this code reads")
            held_out = int(path.stem.split("-")[1]) % 10 == 9
            parts[held_out].append(tuple(data[name] for name in names))
    if not parts[False] or not parts[True]:
        raise TrainingError(f"{folder} needs at least 10 shards (every tenth is for validation)")
    return parts


def shard_files(folder: Path) -> list[Path]:
    """The shards on disk in ``folder``, in order; not one still being written
    (``shard-N.partial.npz``)."""
    return sorted(path for path in folder.glob("shard-*.npz") if path.stem[6:].isdigit())


def best_epoch(history: list[tuple[int, float, float, float]]) -> int:
    """The epoch whose weights ``best.npz`` holds: the last with the lowest validation loss."""
    low = min(row[2] for row in history)
    return max(row[0] for row in history if row[2] == low)


def load_data(folder: Path) -> tuple[Array, Array, Array, Array, Array]:
    """Training inputs, targets and *next* (see :func:`next_positions`), then validation
    inputs and targets, from every shard."""
    parts = read_shards(folder, ("inputs", "targets", "places"))
    train = parts[False]
    offsets = np.cumsum([0] + [len(y) for _, y, _ in train[:-1]])
    following = [next_positions(places) for _, _, places in train]
    shifted = zip(following, offsets, strict=True)
    after = np.concatenate([np.where(each >= 0, each + offset, -1) for each, offset in shifted])
    return (
        np.concatenate([x for x, _, _ in train]),
        np.concatenate([y for _, y, _ in train]),
        after,
        np.concatenate([x for x, _, _ in parts[True]]),
        np.concatenate([y for _, y, _ in parts[True]]),
    )


def next_positions(places: Array) -> Array:
    """For each position of a shard, the index of the same seat's position at the next deal
    start of the same round, or -1 at its last; ``places`` rows are (round, cards dealt, seat)."""
    after = np.full(len(places), -1, dtype=np.int64)
    order = np.lexsort((places[:, 1], places[:, 2], places[:, 0]))
    for earlier, later in itertools.pairwise(order):
        same = places[earlier, 0] == places[later, 0] and places[earlier, 2] == places[later, 2]
        if same:
            after[earlier] = later
    return after


def lambda_targets(
    inputs: Array, targets: Array, after: Array, layers: list[tuple[Array, Array]], lam: float
) -> Array:
    """The corrections that λ-returns ask for, valuing later positions with ``layers``.

    A position's return is ``(1 - λ)`` times the value of the seat's next position plus ``λ``
    times that position's return; at the last deal start it is the round's outcome.
    """
    evaluation = inputs[:, EVALUATION].astype(np.float64) * EVALUATION_SCALE
    outcome = targets + evaluation
    value = forward(layers, inputs)[0] + evaluation
    has_next = after >= 0
    nxt = np.where(has_next, after, 0)
    returns = outcome.copy()
    # Chains are a round's deal starts, at most a few long: each pass settles one more link.
    for _ in range(len(targets)):
        updated = np.where(has_next, (1 - lam) * value[nxt] + lam * returns[nxt], outcome)
        if np.array_equal(updated, returns):
            break
        returns = updated
    return (returns - evaluation).astype(np.float32)


SUIT_ORDERS = np.array(list(itertools.permutations((DIAMONDS, HEARTS, SPADES))))
"""Every order of the suits whose cards are worth the same but for the 10♦."""
TEN_SUIT_ORDERS = SUIT_ORDERS[SUIT_ORDERS[:, 0] == DIAMONDS]
"""The orders that keep the 10♦ where it is."""


def relabel_suits(inputs: Array, rng: np.random.Generator) -> Array:
    """``inputs`` with, for each example and each rank, the diamonds, hearts and spades shuffled.

    Captures go by rank alone and the cards worth points are the clubs, the aces, the jacks and
    the 10♦, so a position with, say, the 7♥ and the 7♠ swapped in every card set is the same
    position: the same target. Showing the network such twins teaches it that, which it would
    otherwise have to learn suit by suit from a few tens of thousands of positions.
    """
    count = len(inputs)
    picks = rng.integers(0, len(SUIT_ORDERS), size=(count, 13))
    orders = SUIT_ORDERS[picks]
    tens = TEN_SUIT_ORDERS[rng.integers(0, len(TEN_SUIT_ORDERS), size=count)]
    orders[:, 9] = tens
    base = np.arange(13)[None, :] * 4
    columns = np.empty((count, 52), dtype=np.int64)
    columns[:, 0::4] = base + CLUBS
    for position in range(3):
        columns[:, position + 1 :: 4] = base + orders[:, :, position]
    cards = inputs[:, :CARD_INPUTS].reshape(count, len(CARD_SETS), 52)
    shuffled = np.take_along_axis(cards, columns[:, None, :], axis=2)
    return np.concatenate([shuffled.reshape(count, CARD_INPUTS), inputs[:, CARD_INPUTS:]], axis=1)


def read_layers(path: Path) -> list[tuple[Array, Array]]:
    """The layers of a weights file, checked as the master reads them."""
    arrays = _arrays(path)
    value_net.from_arrays(arrays)
    return _layers(arrays)


def _arrays(path: Path) -> dict[str, Array]:
    with np.load(path, allow_pickle=False) as saved:
        return {name: saved[name] for name in saved.files}


def _layers(arrays: dict[str, Array]) -> list[tuple[Array, Array]]:
    count = sum(1 for name in arrays if name.startswith("w"))
    return [(arrays[f"w{index}"], arrays[f"b{index}"]) for index in range(count)]


def initial_layers(settings: FitSettings) -> list[tuple[Array, Array]]:
    """He-initialised weights; the last layer starts at zero, so training starts at the baseline."""
    rng = np.random.default_rng(settings.seed)
    sizes = (len(FEATURES), *settings.hidden, 1)
    layers = []
    for inputs, outputs in itertools.pairwise(sizes):
        scale = np.sqrt(2.0 / inputs) if outputs != 1 else 0.0
        weights = (rng.standard_normal((inputs, outputs)) * scale).astype(np.float32)
        layers.append((weights, np.zeros(outputs, dtype=np.float32)))
    return layers


def forward(layers: list[tuple[Array, Array]], inputs: Array) -> tuple[Array, list[Array]]:
    """The outputs, and each layer's input (kept for the backward pass)."""
    seen = [inputs]
    hidden = inputs
    for index, (weights, bias) in enumerate(layers):
        hidden = hidden @ weights + bias
        if index < len(layers) - 1:
            hidden = np.maximum(hidden, 0.0)
            seen.append(hidden)
    return hidden[:, 0], seen


def gradients(
    layers: list[tuple[Array, Array]], inputs: Array, targets: Array
) -> tuple[float, list[tuple[Array, Array]]]:
    """The mean squared error on a batch and its gradient for every weight and bias."""
    outputs, seen = forward(layers, inputs)
    error = outputs - targets
    loss = float(np.mean(error**2))
    delta = (2.0 / len(targets)) * error[:, None]
    grads: list[tuple[Array, Array]] = []
    for index in range(len(layers) - 1, -1, -1):
        weights, _ = layers[index]
        grads.append((seen[index].T @ delta, delta.sum(axis=0)))
        if index:
            delta = (delta @ weights.T) * (seen[index] > 0)
    grads.reverse()
    return loss, grads


def mean_loss(layers: list[tuple[Array, Array]], inputs: Array, targets: Array) -> float:
    """The mean squared error over a whole set."""
    outputs, _ = forward(layers, inputs)
    return float(np.mean((outputs - targets) ** 2))


def fit(
    data: Path,
    run: Path,
    settings: FitSettings,
    *,
    minutes: float,
    bootstrap: Path | None = None,
) -> dict[str, int]:
    """Train for ``settings.epochs`` epochs in all, from ``run``'s checkpoint if there is one;
    below λ 1 the targets lean on the values of the weights in ``bootstrap``.

    Returns the training set's size (shards, positions fitted and held out) and the epochs done
    and kept, for the run's record (:mod:`.provenance`).
    """
    train_x, train_y, after, valid_x, valid_y = load_data(data)
    if (bootstrap is None) != (settings.td_lambda == 1.0):
        raise TrainingError("a λ below 1 needs --bootstrap weights, and only it")
    if bootstrap is not None:
        train_y = lambda_targets(
            train_x, train_y, after, read_layers(bootstrap), settings.td_lambda
        )
    run.mkdir(parents=True, exist_ok=True)
    layers, moments, epoch = _resume(run, settings)
    stop = time.monotonic() + minutes * 60
    baseline = float(np.mean(valid_y**2))
    history = _history(run, epoch)
    print(f"{len(train_y):,} training and {len(valid_y):,} validation positions")
    while epoch < settings.epochs and time.monotonic() < stop:
        order = np.random.default_rng([settings.seed, epoch]).permutation(len(train_y))
        relabelling = np.random.default_rng([settings.seed, epoch, 1])
        total = 0.0
        for start in range(0, len(order), settings.batch):
            picked = order[start : start + settings.batch]
            batch = train_x[picked]
            if settings.suit_symmetry:
                batch = relabel_suits(batch, relabelling)
            loss, grads = gradients(layers, batch, train_y[picked])
            total += loss * len(picked)
            adam_step(layers, grads, moments, settings)
        epoch += 1
        row = (epoch, total / len(order), mean_loss(layers, valid_x, valid_y), baseline)
        history.append(row)
        if row[2] <= min(entry[2] for entry in history):
            save(run / "best.npz", value_net.to_arrays(layers))
        write_curves(run, history)
        save(run / "checkpoint.npz", _checkpoint(layers, moments, epoch))
        print(f"epoch {epoch}: training {row[1]:.3f}, validation {row[2]:.3f}", end="")
        print(f" (baseline {baseline:.3f})")
    return {
        "shards": len(shard_files(data)),
        "fitted": len(train_y),
        "held_out": len(valid_y),
        "epochs": epoch,
        "best_epoch": best_epoch(history) if history else 0,
    }


def best_weights(run: Path) -> Path:
    """The weights of the epoch with the lowest validation loss so far."""
    best = run / "best.npz"
    if not best.exists():
        raise TrainingError(f"{run} has no fitted epoch yet; run fit first")
    return best


def adam_step(
    layers: list[tuple[Array, Array]],
    grads: list[tuple[Array, Array]],
    moments: dict[str, Any],
    settings: FitSettings,
) -> None:
    """One AdamW step, in place (decay on the weights, not the biases)."""
    beta1, beta2 = 0.9, 0.999
    moments["step"] += 1
    step = moments["step"]
    rate = settings.learning_rate * np.sqrt(1 - beta2**step) / (1 - beta1**step)
    for index, ((weights, bias), pair) in enumerate(zip(layers, grads, strict=True)):
        for kind, value, grad in (("w", weights, pair[0]), ("b", bias, pair[1])):
            first = moments[f"m{kind}{index}"]
            second = moments[f"v{kind}{index}"]
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad * grad
            if kind == "w":
                value -= settings.learning_rate * settings.weight_decay * value
            value -= (rate * first / (np.sqrt(second) + 1e-8)).astype(np.float32)


def fresh_moments(layers: list[tuple[Array, Array]]) -> dict[str, Any]:
    """The optimiser's state before its first step on ``layers``."""
    moments: dict[str, Any] = {"step": 0}
    for index, (weights, bias) in enumerate(layers):
        for kind, value in (("w", weights), ("b", bias)):
            moments[f"m{kind}{index}"] = np.zeros_like(value)
            moments[f"v{kind}{index}"] = np.zeros_like(value)
    return moments


def _resume(
    run: Path, settings: FitSettings
) -> tuple[list[tuple[Array, Array]], dict[str, Any], int]:
    """The layers, optimiser moments and epochs done: from the checkpoint, or fresh."""
    path = run / "checkpoint.npz"
    if not path.exists():
        layers = initial_layers(settings)
        return layers, fresh_moments(layers), 0
    arrays = _arrays(path)
    layers = _layers(arrays)
    moments = {name: arrays[name] for name in arrays if name[0] in "mv"}
    moments["step"] = int(arrays["step"])
    return layers, moments, int(arrays["epoch"])


def _checkpoint(
    layers: list[tuple[Array, Array]], moments: dict[str, Any], epoch: int
) -> dict[str, Any]:
    arrays = value_net.to_arrays(layers)
    arrays.update({name: value for name, value in moments.items() if name != "step"})
    arrays["step"] = np.array(moments["step"])
    arrays["epoch"] = np.array(epoch)
    return arrays


def _history(run: Path, epochs: int) -> list[tuple[int, float, float, float]]:
    """The curves' rows of the epochs the checkpoint holds (a stop may fall between the two)."""
    path = run / "loss.csv"
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines()[1:]:
        epoch, training, validation, baseline = line.split(",")
        if int(epoch) <= epochs:
            rows.append((int(epoch), float(training), float(validation), float(baseline)))
    return rows


def write_curves(run: Path, history: list[tuple[int, float, float, float]]) -> None:
    lines = ["epoch,training,validation,baseline"]
    lines += [f"{e},{t:.5f},{v:.5f},{b:.5f}" for e, t, v, b in history]
    (run / "loss.csv").write_text("\n".join(lines) + "\n")
    (run / "loss.svg").write_text(loss_svg(history))
