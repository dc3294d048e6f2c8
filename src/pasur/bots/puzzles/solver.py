"""The exact solver: minimax over every play left in a 2-player round's last deal.

In the last deal of a 2-player round the pack is used up and every card the seat to play has not
seen is in the other hand, so the position is one of perfect information: at most four cards a
hand, eight plays, a few thousand lines. The solver plays them all through the rules engine
(:func:`pasur.rules.legal_moves`, :func:`pasur.rules.play_legal`) and scores each line by the
engine's own count at the round's end (the clubs award, Surs and the Sur rules, the last
capturer's leftovers), so nothing about scoring is written twice.

Why not the search bots' engine (:class:`pasur.bots.search.WorldSearch`)? It answers a different
question: alpha-beta with bounds, opponents partly modelled, points turned into a chance of
winning the game. A puzzle needs every first play's *exact* value in round points against the
best replies, and the best line itself; with a memo of positions that costs milliseconds here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from pasur.rules import GameState, Move, legal_moves, play_legal
from pasur.rules.deal import PACK_SIZE


class NotSolvableError(ValueError):
    """The position is not one of perfect information the solver can finish."""


@dataclasses.dataclass(frozen=True, slots=True)
class Solution:
    """Every first play's exact value, with the line that proves it.

    Values are the round's final point margin of the seat to play: its points for the round less
    the other seat's, both playing their best from here.
    """

    state: GameState
    """The position solved."""
    values: tuple[tuple[Move, int], ...]
    """Each legal play and its value, in the engine's order of legal moves."""
    best_reply: Callable[[GameState], Move]
    """The best play from any position below this one (the first such in the engine's order)."""

    def ranked(self) -> list[tuple[Move, int]]:
        """The plays best first (ties keep the engine's order)."""
        return sorted(self.values, key=lambda entry: -entry[1])

    def line(self, first: Move) -> tuple[Move, ...]:
        """``first`` followed by the best replies of both seats to the round's end."""
        moves = [first]
        state = play_legal(self.state, first)
        while state.turn >= 0:
            move = self.best_reply(state)
            moves.append(move)
            state = play_legal(state, move)
        return tuple(moves)


def margin(state: GameState, seat: int) -> int:
    """The round's points of ``seat`` less those of the other seat, once the round is over."""
    assert state.result is not None
    points = state.result.points
    return points[seat] - points[1 - seat]


def solve(state: GameState) -> Solution:
    """Solve a 2-player position in the round's last deal exactly.

    Raises:
        NotSolvableError: not two players, cards still in the pack, or the round is over.
    """
    if state.players != 2:
        raise NotSolvableError("puzzles are solved for 2 players only")
    if state.dealt != PACK_SIZE:
        raise NotSolvableError("the position is not in the round's last deal")
    if state.turn < 0:
        raise NotSolvableError("the round is over")
    seat = state.turn
    memo: dict[tuple[object, ...], tuple[int, Move | None]] = {}

    def value(node: GameState) -> tuple[int, Move | None]:
        """The node's value for ``seat`` and the best play from it (None at the round's end)."""
        if node.turn < 0:
            return margin(node, seat), None
        key = (node.hands, node.table, node.piles, node.surs, node.last_capturer, node.open_cards)
        known = memo.get(key)
        if known is not None:
            return known
        sign = 1 if node.turn == seat else -1
        best: tuple[int, Move | None] | None = None
        for move in legal_moves(node):
            found = value(play_legal(node, move))[0]
            if best is None or sign * found > sign * best[0]:
                best = (found, move)
        assert best is not None  # a seat to play always has a legal play
        memo[key] = best
        return best

    def best_reply(node: GameState) -> Move:
        move = value(node)[1]
        assert move is not None
        return move

    values = tuple((move, value(play_legal(state, move))[0]) for move in legal_moves(state))
    return Solution(state, values, best_reply)
