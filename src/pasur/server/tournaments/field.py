"""What a tournament pairs and ranks, read from its stored rows.

The pure modules (:mod:`~pasur.server.tournaments.swiss`, :mod:`~pasur.server.tournaments.arena`)
know nothing of the database: they take entrants, results and byes. These functions turn the
rows :mod:`~pasur.server.tournaments.store` reads (the entrants in seed order, the games in the
order they were paired) into those, in one place for the pairing and for the standings shown,
so that the two never disagree; in a 4-player Swiss that has started, the entrants are its teams
(:mod:`~pasur.server.tournaments.teams`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pasur.server.tournaments import arena, swiss, teams


@dataclass(frozen=True)
class Field:
    """What a tournament pairs and ranks: its entrants (ids; in a 4-player Swiss, once it has
    started, its teams' keys) in seed order, their names, and those out (withdrawn)."""

    entrants: list[str]
    names: dict[str, str]
    out: set[str]


def field_of(found: Any, entrants: list[Any], games: list[Any]) -> Field:
    """The field of the tournament ``found``, from its entrants (in seed order) and its games."""
    names = {e.account_id: e.name for e in entrants}
    withdrawn = {e.account_id for e in entrants if e.withdrawn}
    if found.players != 4 or not games:
        return Field([e.account_id for e in entrants], names, withdrawn)
    seed = {e.account_id: e.seed for e in entrants}
    keys = [key for g in games if g.round == 1 for key in (g.first, g.second) if key is not None]
    keys.sort(key=lambda key: seed[teams.members(key)[0]])
    return Field(
        keys,
        {key: " & ".join(names[who] for who in teams.members(key)) for key in keys},
        {key for key in keys if withdrawn & set(teams.members(key))},
    )


def sides(game: Any) -> set[str]:
    """Every account playing in a pairing (a team stands for its two members)."""
    keys = [game.first] if game.second is None else [game.first, game.second]
    return {who for key in keys for who in teams.members(key) if who}


def is_bye(game: Any) -> bool:
    """Whether a pairing is a bye (one side, no opponent)."""
    return game.second is None


def results(games: list[Any]) -> list[swiss.Result]:
    """The games played to a result, as the Swiss standings count them (byes apart)."""
    return [
        swiss.Result(g.first, g.second, g.outcome)
        for g in games
        if g.second is not None and g.outcome is not None
    ]


def arena_of(entrants: list[Any], games: list[Any]) -> arena.Arena:
    """The arena rebuilt from its stored games, the ended ones in the order they ended."""
    ended = sorted((g for g in games if g.outcome is not None), key=lambda g: g.finished)
    return arena.restore(
        [(e.account_id, e.withdrawn) for e in entrants],
        [(g.first, g.second, g.outcome) for g in ended],
        [(g.first, g.second) for g in games if g.outcome is None],
    )
