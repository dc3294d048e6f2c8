"""Partnerships for a 4-player Swiss: who plays with whom, fixed when the tournament starts.

Whoever joins may name a partner (an account name). At the start, two entrants who named each
other form a team, as two friends who agreed to play together expect; everyone else (nobody
named, not named back, or the partner left before the start) is teamed with the next such
entrant in the order of joining, so nobody who came alone is left out unless they are the odd
one. The odd one out has no partner and does not play. Teams never change after the start.

A team is one entrant of the Swiss pairing (:mod:`~pasur.server.tournaments.swiss` pairs any
opaque string): its key is its members' ids joined by :data:`JOIN`, and teams rank by their
earlier member's order of joining. Pure and deterministic, like the pairing itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

JOIN = "+"
"""Joins a team's two ids in its key; ids are URL-safe tokens, which never hold it."""


@dataclass(frozen=True)
class Entry:
    """One entrant still in at the start: id, name, and the partner named (or None)."""

    id: str
    name: str
    partner: str | None = None


def team_key(first: str, second: str) -> str:
    """The key of the team of ``first`` (the earlier to join) and ``second``."""
    return f"{first}{JOIN}{second}"


def members(key: str) -> tuple[str, str]:
    """The two ids of a team's key."""
    first, _, second = key.partition(JOIN)
    return first, second


def same_name(one: str | None, two: str) -> bool:
    """Whether a named partner is that entrant: account names are unique up to case."""
    return one is not None and one.strip().casefold() == two.strip().casefold()


def form_teams(entries: Sequence[Entry]) -> tuple[list[str], list[str]]:
    """The teams (keys, ranked) of ``entries`` (in the order of joining), and who has no partner.

    >>> form_teams([Entry("a", "Ava", "Dara"), Entry("b", "Babak"), Entry("c", "Cyrus", "Ava"),
    ...             Entry("d", "Dara", "Ava"), Entry("e", "Elham")])
    (['a+d', 'b+c'], ['e'])
    """
    chosen = {
        one.id: two.id
        for one in entries
        for two in entries
        if one.id != two.id and same_name(one.partner, two.name)
    }
    partner_of = {one: two for one, two in chosen.items() if chosen.get(two) == one}
    alone = [entry.id for entry in entries if entry.id not in partner_of]
    for first, second in zip(alone[0::2], alone[1::2], strict=False):
        partner_of[first], partner_of[second] = second, first
    order = {entry.id: seed for seed, entry in enumerate(entries)}
    teams = [
        team_key(entry.id, partner_of[entry.id])
        for entry in entries
        if entry.id in partner_of and order[entry.id] < order[partner_of[entry.id]]
    ]
    return teams, alone[len(alone) - len(alone) % 2 :]
