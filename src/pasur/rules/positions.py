"""Every position of a recorded game, with every hand shown: what a replay viewer steps through.

:func:`positions` walks a game record through the engine (:func:`pasur.rules.records.states`,
so a record is checked exactly as ``pasur replay`` checks it) and writes down, round by round,
each position before a play and the round's final one, with the move played from it and the
round's score. The result is plain JSON-ready data, the same for the web replay page and any
other reader; it holds every hidden card, so it is meant for games that are over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasur.rules.cards import format_cards
from pasur.rules.moves import Move
from pasur.rules.records import states
from pasur.rules.state import GameState, RoundResult


def positions(record: Mapping[str, Any]) -> dict[str, Any]:
    """The positions of every round of ``record``.

    Returns ``{"players", "seats", "rounds"}``; each round is ``{"round", "dealer", "positions",
    "score"}``. A position is ``{"turn", "hands", "table", "piles", "surs", "open", "played",
    "sur"}``: ``open`` is each seat's face-up card under Pasur Ru Baaz (an empty list without it),
    ``played`` the move made from it (``"7D+4S"``, or null for the round's final position) and
    ``sur`` whether that move scored a Sur. ``score`` is ``{"points", "lines", "totals",
    "claimed_by"}`` once the round is over (``claimed_by``: the seat whose claim ended it, per
    shodam, or -1), else null. A claimed round ends on the position its claim was made in.

    Raises:
        RecordError: the record is malformed or a play is illegal (see ``records.replay``).
    """
    rounds: list[dict[str, Any]] = []
    for state in states(record):
        if not state.plays and state.result is None:
            rounds.append(
                {"round": state.round_no, "dealer": state.dealer, "positions": [], "score": None}
            )
        current = rounds[-1]
        shown = current["positions"]
        if len(state.plays) == len(shown):  # a play led here; a claim only ends the round
            if shown:
                last = state.plays[-1]
                shown[-1]["played"] = str(Move(last.played, last.taken))
                shown[-1]["sur"] = last.sur
            shown.append(_position(state))
        if state.result is not None:
            current["score"] = _score(state.result)
    players = record["players"]
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        seats = [f"Seat {seat + 1}" for seat in range(players)]
    return {"players": players, "seats": [str(name) for name in seats], "rounds": rounds}


def _cards(mask: int) -> list[str]:
    return format_cards(mask).split()


def _position(state: GameState) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "hands": [_cards(hand) for hand in state.hands],
        "table": _cards(state.table),
        "piles": [_cards(pile) for pile in state.piles],
        "surs": list(state.surs),
        "open": [_cards(cards) for cards in state.open_cards],
        "played": None,
        "sur": False,
    }


def _score(result: RoundResult) -> dict[str, Any]:
    return {
        "points": list(result.points),
        "lines": [line._asdict() | {"total": line.total} for line in result.score.lines],
        "totals": list(result.totals),
        "claimed_by": result.claimed_by,
    }
