"""How long a bot takes over a move: the rhythm of a person across the table, not a metronome.

A bot that answered every move after the same fixed pause felt mechanical and made a game slow:
a forced move took as long as a close call. People play a forced or obvious move at once and
think over a choice; so does a bot here. A table's ``bot_delay`` is the time an ordinary move
takes; :func:`think_time` scales it by what the position asks (one move or several, a Sur on
offer) and by the level's rhythm (the random bot plays briskly, the master deliberates), with a
little variation so that two moves alike do not take exactly the same time.

The time depends only on the game and the level, never on a clock or a generator: a table read
back from its log waits the same, and tests can say how long a move takes.
"""

from __future__ import annotations

import math

from pasur.rules import GameState, legal_moves
from pasur.rules.cards import JACKS

RHYTHM = {
    "random": 0.6,
    "beginner": 0.75,
    "casual": 0.85,
    "intermediate": 1.0,
    "advanced": 1.05,
    "expert": 1.1,
    "master": 1.2,
}
"""Each level's own tempo against an ordinary move (a level not named here keeps 1)."""

FORCED = 0.35
"""The only move there is is played almost at once."""

OBVIOUS = 0.55
"""A Sur on offer is snapped up."""

SPREAD = 0.25
"""How much longer each doubling of the choices makes a move, up to :data:`LONGEST`."""

LONGEST = 1.6

VARIATION = 0.3
"""The width of the variation around the time: ±15 %."""


def think_time(game: GameState, level: str, base: float) -> float:
    """Seconds the bot of ``level`` takes over its move in ``game``, when an ordinary move
    takes ``base`` (the table's ``bot_delay``; 0 plays at once, as tests and benchmarks ask)."""
    if base <= 0:
        return 0.0
    moves = legal_moves(game)
    if len(moves) <= 1:
        factor = FORCED
    elif any(_clears(move.card, move.taken, game.table) for move in moves):
        factor = OBVIOUS
    else:
        factor = min(LONGEST, 0.6 + SPREAD * math.log2(len(moves)))
    return base * factor * RHYTHM.get(level, 1.0) * _variation(game)


def _clears(card: int, taken: int, table: int) -> bool:
    """Whether playing ``card`` for ``taken`` clears the table with a card other than a jack
    (a jack's sweep is no Sur): what a player sees as a Sur on offer."""
    return taken != 0 and taken == table and not (1 << card) & JACKS


def _variation(game: GameState) -> float:
    """A factor in [0.85, 1.15), the same for the same moment of the same game (a multiplicative
    hash of the round and the play's number spreads neighbouring moves apart)."""
    moment = game.round_no * 64 + len(game.plays)
    spread = (moment * 2654435761) % 2**32 / 2**32
    return 1 - VARIATION / 2 + VARIATION * spread
