"""Playing a round out: each seat's chooser picks from its legal moves, seeing only its view.

This is the loop that self-play and the bots' arenas run millions of times. It lives here, among
the compiled modules, so that the loop itself costs no interpreter work: per move only the
chooser (a bot's ``choose``) runs as Python. Every move still goes the whole way: the seat's view
and legal moves are built, the chooser picks, the pick is checked against the legal moves, and
the move is played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pasur.rules.claims import claim_if_right
from pasur.rules.engine import legal_moves, play_legal
from pasur.rules.errors import ChoiceError
from pasur.rules.moves import Move
from pasur.rules.state import GameState
from pasur.rules.views import SeatView, view

Chooser = Callable[[SeatView, tuple[Move, ...], random.Random], Move]
"""Picks a move for a seat from its view and its legal moves, with the seat's own generator."""


def play_out_round(
    state: GameState, choosers: Sequence[Chooser], rngs: Sequence[random.Random]
) -> GameState:
    """Play the current round to its end; ``choosers[seat]`` picks for each seat.

    Under ``claims=on`` a seat claims the game as soon as its claim is right (see
    :mod:`pasur.rules.claims`), which ends the round there.

    Raises:
        ChoiceError: a chooser picked a move that is not legal.
    """
    claims = state.rules.claims
    seat = state.turn
    while seat >= 0:
        legal = legal_moves(state)
        move = choosers[seat](view(state, seat), legal, rngs[seat])
        if move not in legal:
            raise ChoiceError(seat, move)
        state = play_legal(state, move)
        if claims:
            state = claim_if_right(state, seat)
        seat = state.turn
    return state
