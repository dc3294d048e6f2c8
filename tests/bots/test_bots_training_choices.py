"""Choice groups for the master's learned value: a group's moves are played on the same cards,
and the fit sees only the differences within a group."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pasur.bots.training import choices as master_choices
from pasur.bots.training import cli as train_master
from pasur.bots.training import data as master_data
from pasur.bots.value_features import FEATURES


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Path:
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


def test_a_groups_moves_lead_to_leaves_on_the_same_cards(groups: Path) -> None:
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


def test_the_choice_loss_ignores_a_shift_common_to_a_groups_moves() -> None:
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
    groups: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
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
