"""A person's move as sent, read against the legal moves: the move, or why it is refused.

The text is anything the rules read (``7D+2D+2H``, ``7D lay``, or just ``7D`` when that card has
one legal play). An illegal move is refused with the engine's sentence and its parts
(:func:`pasur.rules.illegal_reason`), so a client can say it in its own language.
"""

from __future__ import annotations

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.encode import encode_reason
from pasur.rules import (
    AmbiguousMoveError,
    GameState,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    PasurError,
    illegal_reason,
    legal_moves,
    resolve_move,
)

MAX_MOVE_TEXT = 100
"""Longest move text read; a real move is at most about 30 characters."""


def read_move(game: GameState, text: object) -> Move:
    """The legal move ``text`` means: one of ``legal_moves(game)``.

    Raises:
        Refused: ``malformed`` (not a move), ``ambiguous`` (a card with several legal plays) or
            ``illegal`` (with the engine's ``reason``).
    """
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE_TEXT:
        raise Refused(
            ErrorCode.MALFORMED, f"a move is a short text such as 7D or 7D+2D+2H, not {text!r}"
        )
    try:
        return resolve_move(text, legal_moves(game))
    except AmbiguousMoveError as error:
        raise Refused(ErrorCode.AMBIGUOUS, str(error)) from None
    except IllegalMoveError as error:
        raise _illegal(game, text, error) from None
    except (MoveSyntaxError, PasurError) as error:
        raise Refused(ErrorCode.MALFORMED, str(error)) from None


def _illegal(game: GameState, text: str, error: IllegalMoveError) -> Refused:
    """The refusal of an illegal move: in the engine's own words and parts when it can say why
    (the text names a card and what it takes), else in the words of the move's reader."""
    words = text.split()
    if len(words) == 2 and "lay" in (word.lower() for word in words):
        words = [word for word in words if word.lower() != "lay"]
    try:
        move = Move.parse(" ".join(words))
    except PasurError:
        return Refused(ErrorCode.ILLEGAL, str(error))
    reason = illegal_reason(game, move)
    if reason is None:
        return Refused(ErrorCode.ILLEGAL, str(error))
    return Refused(ErrorCode.ILLEGAL, str(reason), reason=encode_reason(reason))
