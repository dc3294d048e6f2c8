"""Puzzle ratings: a person against a puzzle is a two-player match in OpenSkill (Plackett-Luce).

Solving is winning, failing is losing, and both ratings move, so a puzzle that beats many people
climbs and one everybody solves sinks. People start at OpenSkill's 25 and 25/3, like the game
ratings (:mod:`pasur.server.history.ratings`); a puzzle starts from its difficulty, 3 at 25 and
each step 25/6 (half a starting sigma) up or down, with the starting sigma.

What people see is a figure on lichess's puzzle scale: ``1500 + 42 (mu - 25)``, rounded. The
factor makes a starting sigma (25/3) 350 points, the deviation Glicko starts a lichess player at,
so a new person reads 1500 and the puzzles of difficulty 1 to 5 read 1150 to 1850. It is ``mu``,
not the cautious ``mu - 3 sigma`` the game ratings show: a puzzle is chosen by it, and a person
who starts at 1500 is offered puzzles of about 1500.
"""

from __future__ import annotations

from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce()

START = 1500
"""The figure shown for OpenSkill's starting ``mu``."""

POINTS_PER_MU = 42.0
"""Shown points per unit of ``mu``: a starting sigma (25/3) is 350 points."""

DIFFICULTY_STEP = MODEL.mu / 6
"""How far apart in ``mu`` the difficulties start."""


class Skill(NamedTuple):
    """An OpenSkill estimate: the mean and its uncertainty."""

    mu: float
    sigma: float


def display(mu: float) -> int:
    """The rating people see for ``mu``."""
    return round(START + POINTS_PER_MU * (mu - MODEL.mu))


def new_person() -> Skill:
    """A person's rating before their first puzzle."""
    return Skill(MODEL.mu, MODEL.sigma)


def new_puzzle(difficulty: int) -> Skill:
    """A puzzle's rating before anyone has tried it: harder is higher."""
    return Skill(MODEL.mu + (difficulty - 3) * DIFFICULTY_STEP, MODEL.sigma)


def rate(person: Skill, puzzle: Skill, *, solved: bool) -> tuple[Skill, Skill]:
    """Both ratings after the person solved (won) or failed (lost) the puzzle."""
    teams = [[MODEL.rating(*person)], [MODEL.rating(*puzzle)]]
    [[after_person], [after_puzzle]] = MODEL.rate(teams, ranks=[0, 1] if solved else [1, 0])
    return (
        Skill(after_person.mu, after_person.sigma),
        Skill(after_puzzle.mu, after_puzzle.sigma),
    )
