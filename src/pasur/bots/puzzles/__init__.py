"""Pasur puzzles: last-deal positions where one play is clearly best, proven by exact search.

Why here, in the bots' layer: a puzzle is found by letting bots play (so the positions are ones
real games reach) and proven with the rules engine alone, which is exactly what a bot may import
(the import contracts in ``pyproject.toml``: bots see the rules only). Nothing here needs the
protocol, the server or the terminal, and the command line (``pasur puzzles``) and later the
server's puzzle page sit above it, as they sit above the other bots. A separate top-level package
would have needed a new layer in the contracts for no gain.

- :mod:`.solver`: exact minimax over a 2-player round's last deal.
- :mod:`.themes`: what a solution line is about, read off the line.
- :mod:`.position`: the position as the seat sees it, to JSON and back to a state.
- :mod:`.generator`: bots' games in, a puzzle set out.

``docs/puzzles.md`` describes the puzzle format.
"""

from pasur.bots.puzzles.generator import (
    PuzzleRulesError,
    check_rules,
    dumps,
    generate,
    puzzle_of,
    puzzle_set,
)
from pasur.bots.puzzles.position import decode, encode, rules_of
from pasur.bots.puzzles.solver import NotSolvableError, Solution, solve
from pasur.bots.puzzles.themes import THEMES, themes_of

__all__ = [
    "THEMES",
    "NotSolvableError",
    "PuzzleRulesError",
    "Solution",
    "check_rules",
    "decode",
    "dumps",
    "encode",
    "generate",
    "puzzle_of",
    "puzzle_set",
    "rules_of",
    "solve",
    "themes_of",
]
