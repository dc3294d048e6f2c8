"""``python -m pasur.bots.training``: shards are made once and skipped after, the network's
gradients are the loss's, a stopped fit resumes to the very weights of one that ran through, and
play reads a network as the fit made it (what ``ship`` writes: test_bots_training_provenance.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from pasur.bots.evaluation import card_points
from pasur.bots.training import cli as train_master
from pasur.bots.training import data as master_data
from pasur.bots.training import fit as master_fit
from pasur.bots.value_features import CARD_INPUTS, CARD_SETS, FEATURES, position_features
from pasur.bots.value_net import ValueNet
from pasur.rules import STANDARD, legal_moves, new_game, play_legal
from pasur.rules.cards import CLUB_CARDS, TEN_OF_DIAMONDS, rank_mask


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("shards")
    generation = master_data.Generation(level="casual", node_budget=None, rounds_per_shard=2)
    assert master_data.generate(generation, folder, range(10), minutes=5, say=lambda _: None) == 0
    return folder


def test_shards_hold_each_seats_inputs_at_every_deal_start(shards: Path) -> None:
    with np.load(master_data.shard_path(shards, 0)) as data:
        inputs, targets = data["inputs"], data["targets"]
    # Two rounds of two players: deals 2 to 6 start five times, each read from both seats.
    assert inputs.shape == (2 * 5 * 2, len(FEATURES))
    assert targets.shape == (20,)
    # With two sides a seat's margin is the other's negated: so are the evaluation and target.
    assert np.allclose(targets[0::2], -targets[1::2])
    assert np.allclose(inputs[0::2, -1], -inputs[1::2, -1])


def test_generation_skips_the_shards_on_disk(shards: Path) -> None:
    before = {path: path.stat().st_mtime_ns for path in shards.glob("shard-*.npz")}
    said: list[str] = []
    generation = master_data.Generation(level="casual", node_budget=None, rounds_per_shard=2)
    assert master_data.generate(generation, shards, range(11), minutes=5, say=said.append) == 0
    assert len(said) == 1 and said[0].startswith("shard 10:")
    assert all(path.stat().st_mtime_ns == stamp for path, stamp in before.items())
    master_data.shard_path(shards, 10).unlink()


def test_gradients_are_the_derivatives_of_the_loss() -> None:
    rng = np.random.default_rng(3)
    layers = [
        (rng.normal(0, 0.3, (5, 4)), rng.normal(0, 0.1, 4)),
        (rng.normal(0, 0.3, (4, 1)), rng.normal(0, 0.1, 1)),
    ]
    inputs = rng.normal(0, 1, (7, 5))
    targets = rng.normal(0, 1, 7)
    _, grads = master_fit.gradients(layers, inputs, targets)
    step = 1e-6
    for layer, (weights, _) in enumerate(layers):
        for row, column in ((0, 0), (2, 1), (3, 3)):
            spot = (row, column % weights.shape[1])
            weights[spot] += step
            higher = master_fit.mean_loss(layers, inputs, targets)
            weights[spot] -= 2 * step
            lower = master_fit.mean_loss(layers, inputs, targets)
            weights[spot] += step
            assert grads[layer][0][spot] == pytest.approx((higher - lower) / (2 * step), rel=1e-4)


def test_play_reads_a_network_as_training_fitted_it() -> None:
    # The master's one-position inference and the fit's batch forward pass are two codes for one
    # network: on the same inputs they must agree, or the shipped weights mean something else.
    layers = master_fit.initial_layers(master_fit.FitSettings(hidden=(16, 8), seed=4))
    rng = np.random.default_rng(5)
    layers[-1] = (rng.normal(0, 0.3, layers[-1][0].shape).astype(np.float32), layers[-1][1])
    net = ValueNet(layers)
    rules = STANDARD
    checked = 0
    for seed in range(12):
        state = new_game(rules, players=2, seed=seed)
        for _ in range(seed * 3):
            if state.turn < 0:
                break
            state = play_legal(state, legal_moves(state)[0])
        if state.turn < 0:
            continue
        inputs = np.array([position_features(state, state.turn, 0.7)], dtype=np.float32)
        fitted, _ = master_fit.forward(layers, inputs)
        assert fitted[0] != 0
        assert net.correction(state, state.turn, 0.7) == pytest.approx(float(fitted[0]), abs=1e-4)
        checked += 1
    assert checked >= 8


def test_each_position_knows_the_same_seats_position_one_deal_later(shards: Path) -> None:
    with np.load(master_data.shard_path(shards, 0)) as data:
        places = data["places"]
    assert [tuple(row) for row in places[:4]] == [(0, 20, 0), (0, 20, 1), (0, 28, 0), (0, 28, 1)]
    shuffled = np.random.default_rng(2).permutation(len(places))
    after = master_fit.next_positions(places[shuffled])
    for index, later in enumerate(after):
        round_, dealt, seat = places[shuffled][index]
        if dealt == 52:
            assert later == -1
        else:
            assert tuple(places[shuffled][later]) == (round_, dealt + 8, seat)


def test_lambda_targets_lean_on_the_next_deal_starts_value(shards: Path) -> None:
    inputs, targets, after, _, _ = master_fit.load_data(shards)
    evaluation = inputs[:, master_fit.EVALUATION] * master_fit.EVALUATION_SCALE
    silent = master_fit.initial_layers(master_fit.FitSettings(hidden=(4,)))
    # λ 1: the round's outcome, whatever the network says.
    one = master_fit.lambda_targets(inputs, targets, after, silent, 1.0)
    assert np.allclose(one, targets, atol=1e-4)
    # λ 0 with a network that answers 0: the next deal start's hand-written margin, and at the
    # last deal start the outcome.
    zero = master_fit.lambda_targets(inputs, targets, after, silent, 0.0)
    last = after < 0
    assert last.sum() == len(targets) // 5
    assert np.allclose(zero[last], targets[last])
    nxt = after[~last]
    assert np.allclose(zero[~last], evaluation[nxt] - evaluation[~last], atol=1e-4)
    # Half way: half the next value and half the next return, from the last deal start back.
    biased = [(weights, bias + 1.5) for weights, bias in silent]
    half = master_fit.lambda_targets(inputs, targets, after, biased, 0.5)
    outcome = targets + evaluation
    chain = [int(np.flatnonzero(~last)[0])]
    while after[chain[-1]] >= 0:
        chain.append(int(after[chain[-1]]))
    expected = outcome[chain[-1]]
    for earlier, later in zip(chain[-2::-1], chain[:0:-1], strict=True):
        expected = 0.5 * (evaluation[later] + 1.5) + 0.5 * expected
        assert half[earlier] == pytest.approx(expected - evaluation[earlier], abs=1e-4)


def test_a_bootstrapped_fit_needs_weights_to_lean_on(shards: Path, tmp_path: Path) -> None:
    base = ["fit", "--data", str(shards), "--epochs", "1", "--hidden", "8"]
    assert train_master.main([*base, "--run", str(tmp_path / "a"), "--td-lambda", "0.5"]) == 2
    first = tmp_path / "first"
    assert train_master.main([*base, "--run", str(first)]) == 0
    lean = ["--td-lambda", "0.5", "--bootstrap", str(first / "best.npz")]
    assert train_master.main([*base, "--run", str(tmp_path / "b"), *lean]) == 0
    # Validation still scores the round's outcome: the baseline is the same for both fits.
    baselines = {
        (folder / "loss.csv").read_text().splitlines()[1].split(",")[3]
        for folder in (first, tmp_path / "b")
    }
    assert len(baselines) == 1
    assert (tmp_path / "b" / "best.npz").read_bytes() != (first / "best.npz").read_bytes()


def test_relabelled_suits_keep_every_rank_club_and_point_of_a_position() -> None:
    rows = []
    for seed in range(6):
        state = new_game(STANDARD, players=2, seed=seed)
        for _ in range(seed * 4):
            state = play_legal(state, legal_moves(state)[-1])
        rows.append(position_features(state, state.turn, 1.5))
    inputs = np.array(rows * 20, dtype=np.float32)
    twins = master_fit.relabel_suits(inputs, np.random.default_rng(7))
    assert np.array_equal(twins[:, CARD_INPUTS:], inputs[:, CARD_INPUTS:])
    moved = 0
    for before, after in zip(inputs, twins, strict=True):
        for part in range(len(CARD_SETS)):
            old = _cards(before[part * 52 : part * 52 + 52])
            new = _cards(after[part * 52 : part * 52 + 52])
            assert card_points(new) == card_points(old)
            assert new & CLUB_CARDS == old & CLUB_CARDS and bool(new & TEN_OF_DIAMONDS) == bool(
                old & TEN_OF_DIAMONDS
            )
            assert [(new & rank_mask(r)).bit_count() for r in range(1, 14)] == [
                (old & rank_mask(r)).bit_count() for r in range(1, 14)
            ]
            moved += new != old
    assert moved > len(inputs)  # most positions do change
    # One relabelling for the whole position: the hand, the table and the unseen cards stay
    # apart, as they were (a relabelling of each set on its own would make them overlap).
    for after in twins:
        hand, table, unseen = (_cards(after[part * 52 : part * 52 + 52]) for part in range(3))
        assert not (hand & table or hand & unseen or table & unseen)


def _cards(bits: np.ndarray) -> int:
    return sum(1 << index for index, bit in enumerate(bits) if bit)


def test_a_shard_cut_off_mid_write_is_not_read(shards: Path, tmp_path: Path) -> None:
    for path in shards.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    complete = master_fit.load_data(tmp_path)
    (tmp_path / "shard-00010.partial.npz").write_bytes(b"PK\x03\x04 cut off")
    for whole, read in zip(complete, master_fit.load_data(tmp_path), strict=True):
        assert np.array_equal(whole, read)


def test_a_resumed_fit_makes_the_weights_of_one_run_through(shards: Path, tmp_path: Path) -> None:
    settings = master_fit.FitSettings(hidden=(8,), epochs=3, batch=16, suit_symmetry=True)
    master_fit.fit(shards, tmp_path / "through", settings, minutes=5)
    stopped = dataclasses.replace(settings, epochs=2)
    master_fit.fit(shards, tmp_path / "resumed", stopped, minutes=5)
    master_fit.fit(shards, tmp_path / "resumed", settings, minutes=5)
    for name in ("checkpoint.npz", "loss.csv"):
        through = (tmp_path / "through" / name).read_bytes()
        assert (tmp_path / "resumed" / name).read_bytes() == through
    rows = (tmp_path / "resumed" / "loss.csv").read_text().splitlines()
    assert rows[0] == "epoch,training,validation,baseline" and len(rows) == 4
    svg = (tmp_path / "resumed" / "loss.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<polyline") == 3


def test_bad_commands_are_refused_with_a_message(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        train_master.main(
            ["fit", "--data", str(tmp_path), "--run", str(tmp_path), "--minutes", "91"]
        )
    assert "at most 90" in capsys.readouterr().err
    assert train_master.main(["fit", "--data", str(tmp_path), "--run", str(tmp_path / "r")]) == 2
    assert "at least 10 shards" in capsys.readouterr().err
    assert train_master.main(["ship", "--run", str(tmp_path / "none")]) == 2
    assert "no fitted epoch" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train_master.main(["fit", "--data", ".", "--run", ".", "--td-lambda", "1.5"])
    assert "from 0 to 1" in capsys.readouterr().err
