"""Per shodam ("I'm out"): a side that reaches the target during a round claims the game at once.

With ``claims=on`` any seat may stop the round and claim the game for its side (:func:`claim`).
The round is then scored as it stands: the cards each side has taken, its standing Surs, and the
clubs award if no club still out could change it. The claim is right when the claimant's side,
counted so, has reached the target and stands alone at the top; it then wins. A wrong claim
costs the claimant's side the game: the best placed of the other sides wins (on a tie, the one
whose seat comes first after the claimant's). ``docs/rules.md`` says where the rule comes from.

Bots never claim wrongly, and a right claim always wins, so the self-play loop claims for them
as soon as it is right (:func:`claim_if_right`).
"""

from __future__ import annotations

from pasur.rules.errors import GameOverError, IllegalMoveError
from pasur.rules.scoring import RoundScore, score_round, side_counts
from pasur.rules.state import GameState, RoundResult
from pasur.rules.views import SeatView

CLAIM_WORD = "claim"
"""How a claim is written among a record's plays: ``claim 2`` is a claim by seat 2."""


def points_so_far(table: GameState | SeatView) -> RoundScore:
    """The round's points for each side if it ended now, as a claim counts them."""
    counts = side_counts(table.rules, table.piles, table.surs)
    return score_round(table.rules, counts, table.totals, settled_clubs_only=True)


def claim_is_right(table: GameState | SeatView, side: int) -> bool:
    """Whether a claim by ``side`` would be right now (see the module's docstring)."""
    points = points_so_far(table).points
    standing = [total + more for total, more in zip(table.totals, points, strict=True)]
    others = standing[:side] + standing[side + 1 :]
    return standing[side] >= table.rules.target and standing[side] > max(others)


def claim(state: GameState, seat: int) -> GameState:
    """``seat`` claims the game for its side: the round ends here and the game with it.

    Raises:
        IllegalMoveError: claims are off under these rules, or ``seat`` does not exist.
        GameOverError: the round is not being played.
    """
    if not state.rules.claims:
        raise IllegalMoveError("claims are off under these rules (claims=off)")
    if not 0 <= seat < state.players:
        raise IllegalMoveError(f"seat {seat + 1} does not exist")
    if state.turn < 0:
        raise GameOverError("the round is over: there is nothing to claim")
    side = state.side_of(seat)
    right = claim_is_right(state, side)
    score = points_so_far(state)
    totals = tuple(total + more for total, more in zip(state.totals, score.points, strict=True))
    if right:
        winner = side
    else:
        order = [(seat + step) % state.players for step in range(1, state.players)]
        others = [state.side_of(other) for other in order if state.side_of(other) != side]
        winner = max(others, key=lambda other: (totals[other], -others.index(other)))
    result = RoundResult(score, state.table, -1, totals, seat)
    return state._replace(turn=-1, totals=totals, result=result, winner=winner)


def claim_if_right(state: GameState, seat: int) -> GameState:
    """``state`` after ``seat`` claims, if its claim would be right; else ``state`` itself."""
    if state.turn >= 0 and claim_is_right(state, state.side_of(seat)):
        return claim(state, seat)
    return state
