"""Choice groups for the master's learned value: a group's moves are played on the same cards,
and the fit sees only the differences within a group."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from benchmark_support import benchmark_modules

from pasur.bots.value_features import FEATURES


@pytest.fixture(scope="module")
def choices() -> tuple[ModuleType, ...]:
    return benchmark_modules("master_choices", "master_data", "train_master")


@pytest.fixture(scope="module")
def groups(choices: tuple[ModuleType, ...], tmp_path_factory: pytest.TempPathFactory) -> Path:
    master_choices, master_data, _ = choices
    folder = tmp_path_factory.mktemp("choices")
    generation = master_data.Generation(level="casual", node_budget=None, rounds_per_shard=2)
    made = master_data.generate(
        generation,
        folder,
        range(10),
        minutes=5,
        say=lambda _: None,
        maker=master_choices.make_choice_shard,
    )
    assert made == 0
    return folder


def test_a_groups_moves_lead_to_leaves_on_the_same_cards(
    choices: tuple[ModuleType, ...], groups: Path
) -> None:
    _, master_data, _ = choices
    with np.load(master_data.shard_path(groups, 0)) as data:
        inputs, targets, numbers = data["inputs"], data["targets"], data["groups"]
    assert inputs.shape == (len(targets), len(FEATURES)) and len(numbers) == len(targets)
    # Up to four deals a round are searched to a leaf; a group has two to four moves.
    counts = np.bincount(numbers)
    assert 1 <= len(counts) <= 2 * 4 and counts.min() >= 2 and counts.max() <= 4
    for group in range(len(counts)):
        leaves = inputs[numbers == group]
        # The next deal comes from the same pack whatever was played: the same hand at every
        # leaf of a group, and the same number of cards left in the pack.
        assert (leaves[:, :52] == leaves[0, :52]).all()
        assert (
            leaves[:, FEATURES.index("pack_left")] == leaves[0, FEATURES.index("pack_left")]
        ).all()


def test_the_choice_loss_ignores_a_shift_common_to_a_groups_moves(
    choices: tuple[ModuleType, ...],
) -> None:
    master_choices, _, _ = choices
    rng = np.random.default_rng(5)
    layers = [
        (rng.normal(0, 0.1, (len(FEATURES), 8)), rng.normal(0, 0.1, 8)),
        (rng.normal(0, 0.1, (8, 1)), rng.normal(0, 0.1, 1)),
    ]
    inputs = rng.normal(0, 1, (9, len(FEATURES)))
    numbers = np.array([0, 0, 0, 1, 1, 2, 2, 2, 2])
    targets = rng.normal(0, 5, 9)
    before = master_choices.choice_loss(layers, inputs, targets, numbers)
    shifted = targets + np.array([3.0, 3.0, 3.0, -7.0, -7.0, 1.0, 1.0, 1.0, 1.0])
    assert master_choices.choice_loss(layers, inputs, shifted, numbers) == pytest.approx(before)
    layers[1][1][0] += 4.0  # the output moved for every move alike
    assert master_choices.choice_loss(layers, inputs, targets, numbers) == pytest.approx(before)
    apart = targets + np.array([3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    assert master_choices.choice_loss(layers, inputs, apart, numbers) != pytest.approx(before)


def test_fine_tuning_to_choices_lowers_their_loss_and_ships(
    choices: tuple[ModuleType, ...],
    groups: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, _, train_master = choices
    run = tmp_path / "tuned"
    args = ["fit-choices", "--data", str(groups), "--run", str(run), "--epochs", "3"]
    assert train_master.main([*args, "--learning-rate", "0.003"]) == 0
    lines = (run / "loss.csv").read_text().splitlines()[1:]
    training = [float(line.split(",")[1]) for line in lines]
    assert len(training) == 4 and training[-1] < training[0]
    assert "validation groups" in capsys.readouterr().out
    shipped = tmp_path / "weights.npz"
    assert train_master.main(["ship", "--run", str(run), "--to", str(shipped)]) == 0
    assert shipped.exists()
    assert train_master.main(["fit-choices", "--data", str(tmp_path), "--run", str(run)]) == 2


def test_the_bots_own_chance_is_measured_by_playing_a_position_on_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    (master_noise,) = benchmark_modules("master_noise")
    # One decision in each of the four deals a round that the search judges at a leaf.
    assert master_noise.main(["--rounds", "2", "--level", "random"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["pairs"] == 2 * 4 and first["variance"] > 0 and first["identical"] < 1
    # The chance is seeded: the same command measures the same.
    assert master_noise.main(["--rounds", "2", "--level", "random"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    with pytest.raises(SystemExit):
        master_noise.main(["--rounds", "0"])
