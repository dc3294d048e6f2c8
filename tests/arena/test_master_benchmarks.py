"""The master's measurement scripts under ``benchmarks/``: how often the learned value changes the
expert's move, and how much of an outcome is the bots' own chance (seeded: the same command
measures the same)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from benchmark_support import benchmark_modules

from pasur.bots.value_features import FEATURES
from pasur.bots.value_net import ValueNet


def test_agreement_counts_the_moves_the_learned_value_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (master_agreement,) = benchmark_modules("master_agreement")
    # A round's first dozen decisions: the whole round took a minute of the test run.
    shipped = master_agreement.compare(rounds=1, seed=3, most=12)
    assert shipped["decisions"] > 0 and shipped["mean_value_shift"] > 0
    assert 0 <= shipped["changed"] <= shipped["decisions"]
    # A network that answers 0 everywhere leaves the expert as it is: no move changes.
    silent = ValueNet([(np.zeros((len(FEATURES), 1), np.float32), np.zeros(1, np.float32))])
    monkeypatch.setattr("pasur.bots.pimc.shipped_value_net", lambda: silent)
    assert master_agreement.compare(rounds=1, seed=3, most=12) == {
        **shipped,
        "changed": 0,
        "changed_share": 0.0,
        "mean_value_shift": 0.0,
    }


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
