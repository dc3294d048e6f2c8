"""The coach's review of a finished game: the turns where a seat lost the most.

:func:`review` walks a game record through the engine and, at each of one seat's turns, ranks the
legal moves with :func:`pasur.bots.hint.hint` on that seat's view as it was then (its own hand,
the table, the captures everyone saw; never the other hands). A turn's loss is the best move's
value minus the value of the move played, in points of the seat's side's expected margin. The
turns that cost the most are the ones worth looking at again.

The whole game shares one time budget: each turn that had a choice gets an even share of what is
left of it, so a review costs about ``seconds`` however long the game was (each turn searches at
least one sampled world, so a long game may take somewhat longer). The budget is the reviewing
thread's processor time, not the wall clock: on a busy server a review arrives later but searches
as deep as on an idle one, so the same game gets the same depth of judgement whatever the load.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pasur.bots.hint import RankedMove, hint
from pasur.rules import GameState, Move, view
from pasur.rules.records import states

LEVEL = "expert"
"""The level whose judgement a review reports: :func:`hint` runs the expert's search."""

DEFAULT_SECONDS = 10.0
"""The default budget for a whole review."""

MAX_MOVE_SECONDS = 0.5
"""The most one turn gets, however few turns there are."""

PROCESSOR_TIME: Callable[[], float] = getattr(time, "thread_time", time.perf_counter)
"""The review's clock: this thread's processor time; the wall clock where Python has no such
clock (WebAssembly, in the browser's offline review)."""

TIE = 0.01
"""Moves closer in value than this (a hundredth of a point) are as good as each other."""


@dataclass(frozen=True, slots=True)
class ReviewedTurn:
    """One of the seat's turns, with what the expert thinks of it."""

    round: int
    """The round, from 0."""
    index: int
    """The position within the round, from 0 (as in :func:`pasur.rules.positions.positions`)."""
    played: Move
    """The move the seat made."""
    best: Move
    """The expert's choice."""
    loss: float
    """The best move's value minus the played move's, in points; at least :data:`TIE`."""
    moves: list[RankedMove]
    """Every legal move with its value, best first."""

    def as_json(self) -> dict[str, Any]:
        """The turn as the review endpoint (and the browser's offline review) sends it."""
        return {
            "round": self.round,
            "index": self.index,
            "played": str(self.played),
            "best": str(self.best),
            "loss": round(self.loss, 2),
            "moves": [{"move": str(m.move), "value": round(m.value, 2)} for m in self.moves],
        }


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    level: str = LEVEL,
    seconds: float = DEFAULT_SECONDS,
    worst: int = 5,
    clock: Callable[[], float] = PROCESSOR_TIME,
) -> list[ReviewedTurn]:
    """The seat's ``worst`` costliest turns of the recorded game, costliest first.

    Turns where the seat played the expert's choice, or a move within :data:`TIE` of it, are
    left out, so a perfect game has an empty review.

    Args:
        record: a game record (``docs/records.md``), checked as ``pasur replay`` checks it.
        seat: the seat reviewed, from 0.
        level: the level that judges; only ``expert`` (the level :func:`hint` runs) exists.
        seconds: the time budget for the whole review.
        worst: how many turns to return at most.
        clock: the clock the budget is read on, the calling thread's processor seconds by
            default (injectable for tests).

    Raises:
        RecordError: the record is malformed or a play is illegal.
        ValueError: no such seat in the record, an unknown level or a budget that is not positive.
    """
    if level != LEVEL:
        raise ValueError(f"a review is judged by the {LEVEL} level, not {level!r}")
    if not seconds > 0:
        raise ValueError("the review's time budget must be a positive number of seconds")
    turns = _turns_with_a_choice(record, seat)
    deadline = clock() + seconds
    reviewed: list[ReviewedTurn] = []
    for number, (index, before, after) in enumerate(turns):
        last = after.plays[-1]
        played = Move(last.card, last.taken)
        left = max(0.0, deadline - clock()) / (len(turns) - number)
        ranked = hint(view(before, seat), seconds=min(MAX_MOVE_SECONDS, left), clock=clock)
        value = next(move.value for move in ranked if tuple(move.move) == tuple(played))
        loss = ranked[0].value - value
        if loss >= TIE:
            reviewed.append(
                ReviewedTurn(before.round_no, index, played, ranked[0].move, loss, ranked)
            )
    reviewed.sort(key=_loss, reverse=True)
    return reviewed[:worst]


def _turns_with_a_choice(
    record: Mapping[str, Any], seat: int
) -> list[tuple[int, GameState, GameState]]:
    """Each of the seat's turns with more than one legal move: (position index, before, after)."""
    if isinstance(seat, bool):
        raise ValueError(f"{seat!r} is not a seat number")
    found: list[tuple[int, GameState, GameState]] = []
    before: GameState | None = None
    for state in states(record):
        if before is None and not 0 <= seat < state.players:
            raise ValueError(f"seats are numbered 0 to {state.players - 1}, not {seat}")
        if (
            before is not None
            and len(state.plays) == len(before.plays) + 1  # a play, not a claim or a new round
            and before.turn == seat
            and len(view(before, seat).legal_moves()) > 1
        ):
            found.append((len(before.plays), before, state))
        before = state
    return found


def _loss(turn: ReviewedTurn) -> float:
    return turn.loss
