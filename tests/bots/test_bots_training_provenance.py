"""The training is reproducible from its seed and its weights carry where they came from: the same
commands make the same bytes (in one process or two), another seed makes others, and ``ship``
writes the weights' sidecar from the steps' records (the shipped one: test_bots_master.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pasur.bots.training import cli as train_master
from pasur.bots.training import fit as master_fit
from pasur.bots.training import provenance
from pasur.bots.value_net import ValueNet, read_weights


def _train(folder: Path, seed: int, jobs: int) -> dict[str, bytes]:
    """Generate a toy data set, fit and ship it with ``seed``; every file made but the records
    (which name the folders and the date), by its path under ``folder``."""
    data, run, weights = folder / "data", folder / "run", folder / "weights.npz"
    play = ["--shards", "10", "--rounds", "1", "--level", "casual", "--seed", str(seed)]
    assert train_master.main(["generate", "--data", str(data), *play, "--jobs", str(jobs)]) == 0
    fit = ["--hidden", "8", "--epochs", "2", "--seed", str(seed), "--suit-symmetry"]
    assert train_master.main(["fit", "--data", str(data), "--run", str(run), *fit]) == 0
    assert train_master.main(["ship", "--run", str(run), "--to", str(weights)]) == 0
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix != ".json"
    }


def test_the_same_seed_makes_the_same_bytes_and_another_seed_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two processes, one shard in two to each, against one process making them all.
    first = _train(tmp_path / "a", seed=5, jobs=2)
    again = _train(tmp_path / "b", seed=5, jobs=1)
    other = _train(tmp_path / "c", seed=6, jobs=1)
    shards = [name for name in first if name.startswith("data/shard-")]
    assert len(shards) == 10
    assert {"run/best.npz", "run/checkpoint.npz", "run/loss.csv", "weights.npz"} <= set(first)
    assert again == first
    assert set(other) == set(first)
    assert all(other[name] != first[name] for name in [*shards, "run/best.npz", "weights.npz"])
    assert isinstance(read_weights(first["weights.npz"]), ValueNet)

    sidecars = [json.loads((tmp_path / x / "weights.json").read_text()) for x in "abc"]
    for sidecar, folder, seed in zip(sidecars, "abc", (5, 5, 6), strict=True):
        assert (
            sidecar["sha256"]
            == hashlib.sha256((tmp_path / folder / "weights.npz").read_bytes()).hexdigest()
        )
        assert sidecar["data_seed"] == seed and sidecar["licence"] == provenance.LICENCE
        assert sidecar["training_set"] == {
            "unit": "positions",
            "shards": 10,
            "fitted": 9 * 5 * 2,
            "held_out": 5 * 2,
            "rounds": 10,
        }
        generate, fit, ship = sidecar["commands"]
        assert generate.startswith("python -m pasur.bots.training generate --data ")
        assert f"--seed {seed}" in generate and f"--seed {seed}" in fit
        assert ship.endswith(f"--to {tmp_path / folder / 'weights.npz'}")
    assert sidecars[0]["sha256"] == sidecars[1]["sha256"] != sidecars[2]["sha256"]

    # A folder holds one data set: more of it with other play is refused.
    data = str(tmp_path / "a" / "data")
    capsys.readouterr()
    assert train_master.main(["generate", "--data", data, "--shards", "11", "--seed", "7"]) == 2
    assert "use another --data" in capsys.readouterr().err


def test_a_fit_from_earlier_weights_names_their_commands_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, base, run = tmp_path / "data", tmp_path / "base", tmp_path / "lean"
    play = ["--shards", "10", "--rounds", "1", "--level", "random", "--seed", "2"]
    assert train_master.main(["generate", "--data", str(data), *play]) == 0
    fit = ["fit", "--data", str(data), "--hidden", "8", "--epochs", "1"]
    assert train_master.main([*fit, "--run", str(base)]) == 0
    lean = ["--td-lambda", "0.5", "--bootstrap", str(base / "best.npz")]
    assert train_master.main([*fit, "--run", str(run), *lean]) == 0
    assert train_master.main(["ship", "--run", str(run), "--to", str(tmp_path / "w.npz")]) == 0
    sidecar = json.loads((tmp_path / "w.json").read_text())
    generate, first, second, ship = sidecar["commands"]
    assert " generate " in generate and first.endswith(f"--run {base}") and "--bootstrap" in second
    assert " ship " in ship
    assert sidecar["start"]["sha256"] == provenance.sha256(base / "best.npz")
    # Weights fitted without a record (the library called directly) are not shipped.
    settings = master_fit.FitSettings(hidden=(4,), epochs=1)
    master_fit.fit(data, tmp_path / "bare", settings, minutes=1)
    capsys.readouterr()
    assert train_master.main(["ship", "--run", str(tmp_path / "bare")]) == 2
    assert "no provenance.json" in capsys.readouterr().err
