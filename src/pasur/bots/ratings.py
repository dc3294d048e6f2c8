"""Statistics for the arena: means with standard errors, Bradley–Terry Elo, bootstrap intervals.

Standard library only. The arena (:mod:`pasur.bots.arena`) hands these functions plain numbers:
per-set margins, and per-set win counts between pairs of bots.

The Elo ladder is a Bradley–Terry fit. Each bot ``i`` has a strength ``γ_i`` and beats ``j``
with probability ``γ_i / (γ_i + γ_j)``; the strengths are found with Hunter's MM algorithm
(Hunter 2004, "MM algorithms for generalized Bradley–Terry models") and reported as
``400 · log10 γ`` centred on a mean of 0, so a 400-point gap means 10-to-1 odds.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Sequence

ELO_SCALE = 400.0
"""Elo points for a tenfold ratio of strengths."""

SMOOTHING = 0.5
"""Virtual wins given each way in every pair that played, so a clean sweep has a finite rating."""


def mean_and_se(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``values`` and its standard error ``s / √n`` (None with fewer than 2 values).

    ``s`` is the sample standard deviation (divisor ``n - 1``).
    """
    if not values:
        raise ValueError("no values to average")
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, None
    return mean, statistics.stdev(values) / math.sqrt(len(values))


def median(values: Sequence[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def mean(values: Sequence[float]) -> float | None:
    """The mean, or None for no values."""
    return statistics.fmean(values) if values else None


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values``, interpolating linearly between order statistics."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclasses.dataclass(frozen=True, slots=True)
class PairRecord:
    """What two players scored against each other, one entry per duplicate set."""

    i: int
    """The first player's index."""
    j: int
    """The second player's index."""
    sets: tuple[tuple[float, float], ...]
    """Per duplicate set: the first player's wins and the second's (a tie counts half to each)."""


def bradley_terry(
    players: int,
    wins: Sequence[tuple[int, int, float, float]],
    *,
    smoothing: float = SMOOTHING,
    tolerance: float = 1e-10,
    max_iterations: int = 10_000,
    start: Sequence[float] | None = None,
) -> list[float]:
    """Bradley–Terry strengths by Hunter's MM algorithm, scaled to a geometric mean of 1.

    Args:
        players: how many players there are, numbered from 0.
        wins: ``(i, j, w_ij, w_ji)``: ``i`` beat ``j`` ``w_ij`` times and lost ``w_ji`` times
            (ties counted half each way). A pair may appear more than once.
        smoothing: virtual wins added each way to every pair that appears in ``wins``.
        tolerance: stop when no log-strength moves by more than this.
        max_iterations: stop after this many sweeps in any case.
        start: strengths to start from (a previous fit), or all ones.

    Returns:
        One strength per player. A player in no pair keeps strength 1.
    """
    won = [0.0] * players
    games: dict[tuple[int, int], float] = {}
    for i, j, w_ij, w_ji in wins:
        if i == j:
            raise ValueError("a player cannot play itself in a Bradley–Terry fit")
        won[i] += w_ij
        won[j] += w_ji
        key = (i, j) if i < j else (j, i)
        games[key] = games.get(key, 0.0) + w_ij + w_ji
    for key in games:
        won[key[0]] += smoothing
        won[key[1]] += smoothing
        games[key] += 2 * smoothing
    opponents: list[list[tuple[int, float]]] = [[] for _ in range(players)]
    for (i, j), n in games.items():
        if n > 0:
            opponents[i].append((j, n))
            opponents[j].append((i, n))
    gamma = list(start) if start is not None else [1.0] * players
    for _ in range(max_iterations):
        updated = list(gamma)
        for i in range(players):
            if not opponents[i]:
                continue
            denominator = math.fsum(n / (gamma[i] + gamma[j]) for j, n in opponents[i])
            # A player with no wins at all (possible only without smoothing) tends to zero.
            updated[i] = max(won[i] / denominator, 1e-300)
        scale = math.exp(math.fsum(math.log(g) for g in updated) / players)
        updated = [g / scale for g in updated]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(updated, gamma, strict=True))
        gamma = updated
        if change < tolerance:
            break
    return gamma


def elo_from_strengths(strengths: Sequence[float], *, scale: float = ELO_SCALE) -> list[float]:
    """Elo ratings ``scale · log10 γ``, shifted so that they average 0."""
    ratings = [scale * math.log10(g) for g in strengths]
    centre = math.fsum(ratings) / len(ratings)
    return [r - centre for r in ratings]


def _totals(records: Sequence[PairRecord]) -> list[tuple[int, int, float, float]]:
    return [
        (r.i, r.j, math.fsum(s[0] for s in r.sets), math.fsum(s[1] for s in r.sets))
        for r in records
    ]


def fit_elo(
    players: int,
    records: Sequence[PairRecord],
    *,
    smoothing: float = SMOOTHING,
    scale: float = ELO_SCALE,
) -> list[float]:
    """Elo ratings (mean 0) from a Bradley–Terry fit of every pair's wins."""
    strengths = bradley_terry(players, _totals(records), smoothing=smoothing)
    return elo_from_strengths(strengths, scale=scale)


def bootstrap_elo(
    players: int,
    records: Sequence[PairRecord],
    *,
    samples: int,
    rng: random.Random,
    smoothing: float = SMOOTHING,
    scale: float = ELO_SCALE,
    level: float = 0.95,
) -> list[tuple[float, float]]:
    """Percentile bootstrap intervals for :func:`fit_elo`, resampling duplicate sets.

    Each sample redraws, for every pair independently, as many duplicate sets as it played, with
    replacement, and refits. A duplicate set is the unit because its games share one deck order
    and are not independent of each other.

    Returns:
        ``(low, high)`` per player: the ``(1 - level) / 2`` and ``(1 + level) / 2`` quantiles.
    """
    if samples < 1:
        raise ValueError("take at least one bootstrap sample")
    point = bradley_terry(players, _totals(records), smoothing=smoothing)
    draws: list[list[float]] = [[] for _ in range(players)]
    for _ in range(samples):
        resampled = []
        for record in records:
            count = len(record.sets)
            picked = [record.sets[int(rng.random() * count)] for _ in range(count)]
            resampled.append(
                (
                    record.i,
                    record.j,
                    math.fsum(s[0] for s in picked),
                    math.fsum(s[1] for s in picked),
                )
            )
        strengths = bradley_terry(players, resampled, smoothing=smoothing, start=point)
        for player, rating in enumerate(elo_from_strengths(strengths, scale=scale)):
            draws[player].append(rating)
    tail = (1 - level) / 2
    return [(percentile(d, tail), percentile(d, 1 - tail)) for d in draws]
