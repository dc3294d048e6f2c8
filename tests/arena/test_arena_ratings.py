"""The arena's statistics on numbers with known answers: means, SEs, Bradley–Terry, bootstrap."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from pasur.bots.ratings import (
    PairRecord,
    bootstrap_elo,
    bradley_terry,
    elo_from_strengths,
    fit_elo,
    mean_and_se,
    median,
    percentile,
)


def test_mean_and_standard_error_follow_the_textbook_formula() -> None:
    values = [4.0, -2.0, 7.5, 1.0, 3.5]
    mean, se = mean_and_se(values)
    assert mean == pytest.approx(sum(values) / 5)
    deviations = sum((v - mean) ** 2 for v in values)
    assert se == pytest.approx(math.sqrt(deviations / 4) / math.sqrt(5))


def test_one_value_has_no_standard_error_and_none_is_refused() -> None:
    assert mean_and_se([3.0]) == (3.0, None)
    with pytest.raises(ValueError):
        mean_and_se([])


def test_median_and_percentile() -> None:
    assert median([]) is None
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert percentile([1.0, 2.0], 0.25) == pytest.approx(1.25)
    assert percentile([5.0], 0.975) == 5.0


def test_two_players_fit_has_the_closed_form_answer() -> None:
    # With 2 players the MM fit is exact: the odds are the smoothed win ratio.
    strengths = bradley_terry(2, [(0, 1, 30.0, 10.0)], smoothing=0.5)
    assert strengths[0] / strengths[1] == pytest.approx(30.5 / 10.5, rel=1e-9)
    elo = elo_from_strengths(strengths)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(30.5 / 10.5), rel=1e-9)
    assert sum(elo) == pytest.approx(0.0, abs=1e-9)


def test_a_clean_sweep_still_has_a_finite_rating() -> None:
    elo = fit_elo(2, [PairRecord(0, 1, ((2.0, 0.0),) * 5)])
    assert all(math.isfinite(r) for r in elo)
    assert elo[0] > elo[1]


def _synthetic(true_elo: list[float], sets: int, seed: int) -> list[PairRecord]:
    """Every pair plays ``sets`` sets of 4 games drawn from the Elo model."""
    rng = random.Random(seed)
    records = []
    for i in range(len(true_elo)):
        for j in range(i + 1, len(true_elo)):
            p = 1 / (1 + 10 ** ((true_elo[j] - true_elo[i]) / 400))
            played = []
            for _ in range(sets):
                wins = sum(rng.random() < p for _ in range(4))
                played.append((float(wins), float(4 - wins)))
            records.append(PairRecord(i, j, tuple(played)))
    return records


def test_fit_recovers_the_order_and_the_gaps_of_known_strengths() -> None:
    true_elo = [-300.0, -100.0, 0.0, 150.0, 250.0]
    records = _synthetic(true_elo, sets=400, seed=11)
    fitted = fit_elo(len(true_elo), records)
    assert sorted(range(5), key=fitted.__getitem__) == [0, 1, 2, 3, 4]
    centred = [t - statistics.fmean(true_elo) for t in true_elo]
    for got, want in zip(fitted, centred, strict=True):
        assert got == pytest.approx(want, abs=40)


def test_bootstrap_intervals_contain_the_estimate_and_are_reproducible() -> None:
    records = _synthetic([0.0, 100.0, 200.0], sets=30, seed=3)
    point = fit_elo(3, records)
    intervals = bootstrap_elo(3, records, samples=300, rng=random.Random(5))
    again = bootstrap_elo(3, records, samples=300, rng=random.Random(5))
    assert intervals == again
    for rating, (low, high) in zip(point, intervals, strict=True):
        assert low <= rating <= high
        assert high - low > 10  # 30 sets cannot pin a rating down to a few points


def test_more_sets_give_narrower_intervals() -> None:
    few = bootstrap_elo(2, _synthetic([0.0, 100.0], 10, 1), samples=300, rng=random.Random(1))
    many = bootstrap_elo(2, _synthetic([0.0, 100.0], 400, 1), samples=300, rng=random.Random(1))
    assert many[0][1] - many[0][0] < few[0][1] - few[0][0]
