"""Swiss pairings: every round, entrants with equal scores meet, and nobody meets anyone twice.

Why our own code: the Swiss pairing libraries on PyPI (caissify-pairings, cardarena-tournament-core,
both first released in 2025-26) implement the FIDE chess systems, whose heart is colour allocation
(white and black); Pasur has no colours, and what is left is small enough to keep here, readable
and deterministic.

The method, in the spirit of the FIDE Dutch system without colours:

* Entrants are ranked by score, then by seed (their order of joining, the earlier first).
* With an odd number of entrants, the bye goes to the lowest-ranked entrant who has not had one
  and whose absence still lets everyone else be paired without a repeat.
* The highest-ranked unpaired entrant is paired first. Inside a score group the top half meets
  the bottom half (1st with the (n/2+1)th, ...); when that would repeat a pairing, the next
  candidates are tried, and an entrant with nobody left in their group "floats" down to the next.
* The search backtracks, so a repeat is made only when no pairing at all avoids one (then the
  pairing with the fewest repeats in the same preference order is taken).

An entrant is any opaque string: a player for 2-player Pasur, or a partnership of two for
the 4-player format (the two partners always share a seat pair, so they are paired as one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

WIN = 2
"""Points are counted in half-points so that they stay whole numbers: a win is one point."""
DRAW = 1
LOSS = 0
BYE = WIN
"""A bye scores as a win, as in most Swiss rules."""


@dataclass(frozen=True)
class Round:
    """One round's pairings, each ``(higher-ranked, lower-ranked)``, and who sits it out."""

    pairings: tuple[tuple[str, str], ...]
    bye: str | None


def rank(entrants: Sequence[str], scores: Mapping[str, int]) -> list[str]:
    """Entrants by score (highest first), ties by seed (the order of ``entrants``)."""
    seed = {entrant: index for index, entrant in enumerate(entrants)}
    return sorted(entrants, key=lambda entrant: (-scores.get(entrant, 0), seed[entrant]))


def pair_round(
    entrants: Sequence[str],
    scores: Mapping[str, int],
    met: Iterable[frozenset[str]],
    byes: Iterable[str],
) -> Round:
    """Pair the next round of ``entrants`` (in seed order), given who has ``met`` whom.

    ``scores`` are in half-points; ``byes`` are the entrants who have already had a bye.
    """
    ranked = rank(entrants, scores)
    met_pairs = frozenset(met)
    had_bye = frozenset(byes)
    score_of = {entrant: scores.get(entrant, 0) for entrant in ranked}
    for allow_repeats in (False, True):
        for bye in _bye_candidates(ranked, had_bye, allow_repeats):
            rest = tuple(entrant for entrant in ranked if entrant != bye)
            pairings = _pair(rest, score_of, met_pairs, allow_repeats)
            if pairings is not None:
                return Round(pairings, bye)
    raise AssertionError("a pairing with repeats allowed always exists")  # pragma: no cover


def _bye_candidates(
    ranked: Sequence[str], had_bye: frozenset[str], allow_repeats: bool
) -> list[str | None]:
    """Who may sit out, the lowest-ranked first; nobody when the number is even."""
    if len(ranked) % 2 == 0:
        return [None]
    fresh: list[str | None] = [entrant for entrant in reversed(ranked) if entrant not in had_bye]
    if allow_repeats or not fresh:
        # A second bye only when everyone has had one (more rounds than entrants).
        return fresh[:1] or [ranked[-1]]
    return fresh


def _pair(
    ranked: tuple[str, ...],
    score_of: Mapping[str, int],
    met: frozenset[frozenset[str]],
    allow_repeats: bool,
) -> tuple[tuple[str, str], ...] | None:
    """Pair ``ranked`` entirely, without repeats unless allowed; None when impossible."""

    @cache
    def search(left: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
        if not left:
            return ()
        first, others = left[0], left[1:]
        candidates = _candidates(first, others, score_of)
        if allow_repeats:
            # Fewest repeats first: fresh opponents in preference order, then the rest.
            candidates = [c for c in candidates if frozenset((first, c)) not in met] + [
                c for c in candidates if frozenset((first, c)) in met
            ]
        for opponent in candidates:
            if not allow_repeats and frozenset((first, opponent)) in met:
                continue
            rest = search(tuple(entrant for entrant in others if entrant != opponent))
            if rest is not None:
                return ((first, opponent), *rest)
        return None

    return search(ranked)


def _candidates(first: str, others: tuple[str, ...], score_of: Mapping[str, int]) -> list[str]:
    """``first``'s opponents in order of preference: top half against bottom half, then floats."""
    group = [first, *(entrant for entrant in others if score_of[entrant] == score_of[first])]
    half = len(group) // 2
    in_group = group[half:] + group[half - 1 : 0 : -1] if half else group[1:]
    below = [entrant for entrant in others if score_of[entrant] != score_of[first]]
    return in_group + below


@dataclass(frozen=True)
class Result:
    """A game's result: ``first`` scored ``points`` (WIN, DRAW or LOSS), ``second`` the rest."""

    first: str
    second: str
    points: int


@dataclass(frozen=True)
class Standing:
    """One line of the table: score and Buchholz (the opponents' scores summed), in half-points."""

    entrant: str
    score: int
    buchholz: int


@dataclass(frozen=True)
class Progress:
    """What the next pairing needs to know, rebuilt from the stored results and byes."""

    scores: dict[str, int]
    met: frozenset[frozenset[str]]
    byes: frozenset[str]
    opponents: dict[str, list[str]]


def progress(entrants: Sequence[str], results: Iterable[Result], byes: Iterable[str]) -> Progress:
    """Fold the results so far (and the byes given) into scores and who has met whom."""
    scores = dict.fromkeys(entrants, 0)
    opponents: dict[str, list[str]] = {entrant: [] for entrant in entrants}
    for result in results:
        scores[result.first] += result.points
        scores[result.second] += WIN - result.points
        opponents[result.first].append(result.second)
        opponents[result.second].append(result.first)
    given = list(byes)
    for entrant in given:
        scores[entrant] += BYE
    met = frozenset(frozenset((a, b)) for a, seen in opponents.items() for b in seen)
    return Progress(scores, met, frozenset(given), opponents)


def standings(
    entrants: Sequence[str], results: Iterable[Result], byes: Iterable[str]
) -> list[Standing]:
    """The table: by score, then Buchholz, then seed. A bye adds nothing to Buchholz."""
    done = progress(entrants, results, byes)
    lines = [
        Standing(
            entrant, done.scores[entrant], sum(done.scores[o] for o in done.opponents[entrant])
        )
        for entrant in entrants
    ]
    seed = {entrant: index for index, entrant in enumerate(entrants)}
    return sorted(lines, key=lambda line: (-line.score, -line.buchholz, seed[line.entrant]))
