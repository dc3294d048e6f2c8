"""The line after a person's play: the solver's best replies of both seats to the round's end.

This runs in the server's worker processes (:mod:`pasur.server.thinking`), never on the event
loop: an exact search holds a core for tens of milliseconds, which on the loop would stall every
socket of the process (issue 31). So it takes and gives plain values that cross a pipe: the
puzzle's position and rules as the set writes them, the play's text, and the line as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasur.bots.puzzles import decode, rules_of, solve
from pasur.rules import Move
from pasur.server.puzzles.catalogue import LinePlay, line_plays


def line_after(position: Mapping[str, Any], rules: Mapping[str, str], play: str) -> list[LinePlay]:
    """``play`` (a legal play of the position) then both seats' best replies, solved exactly;
    among equal replies, the first in the engine's order (as the sets' solutions are)."""
    state = decode(position, rules_of(rules))
    return line_plays(state, solve(state).line(Move.parse(play)))
