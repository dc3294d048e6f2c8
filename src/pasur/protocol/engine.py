"""The engine protocol's lines: what a host writes to an outside program, and what it answers.

An engine is a program that plays Pasur over its standard input and output, one line per
message (``docs/engines.md``), as a chess engine speaks UCI. A line is a word, then, for most
words, one JSON object. The host says ``pasur 1`` and waits for ``ready``; it sends
``settings`` when a game begins and ``turn`` (the seat's view, the legal moves, the seconds
allowed) at each of the engine's turns, and the engine answers ``move …``; ``quit`` ends it.

This module only writes and reads those lines; running the program is the caller's business
(``pasur arena --engine`` and ``pasur connect``), so both hosts speak exactly the same words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pasur.protocol.values import JSONObject

ENGINE_PROTOCOL = 1
"""The version named in the first line, ``pasur 1``; it changes only on incompatible changes."""

READY, MOVE, INFO = "ready", "move", "info"
"""The words an engine writes: ``ready [name]``, ``move TEXT``, and ``info …`` (ignored)."""


class EngineLineError(ValueError):
    """A line from an engine that the protocol does not allow; the message says what it was."""


def hello_line() -> str:
    """The first line to an engine: the protocol version."""
    return f"pasur {ENGINE_PROTOCOL}"


def settings_line(
    *, seat: int, players: int, rules: dict[str, str], seconds: float, seed: int
) -> str:
    """A game begins: the engine's seat, the table's size and house rules, its time per move.

    ``seed`` lets a randomised engine play the same moves on the same deals, as the arena's
    built-in bots do.
    """
    body: JSONObject = {
        "seat": seat,
        "players": players,
        "rules": dict(rules),
        "move_seconds": seconds,
        "seed": seed,
    }
    return "settings " + json.dumps(body, separators=(",", ":"))


def turn_line(view: JSONObject, legal: Sequence[str], seconds: float) -> str:
    """The engine's turn: its seat's view, the moves it may answer, the seconds it has."""
    body: JSONObject = {"view": view, "legal": list(legal), "seconds": seconds}
    return "turn " + json.dumps(body, separators=(",", ":"))


def quit_line() -> str:
    """The last line to an engine: it should exit."""
    return "quit"


def read_ready(line: str) -> str:
    """The engine's answer to ``pasur 1``: ``ready`` with an optional name (returned, or "")."""
    word, _, rest = line.strip().partition(" ")
    if word != READY:
        raise EngineLineError(f"expected 'ready', got {_shown(line)}")
    return rest.strip()


def read_move(line: str) -> str | None:
    """The move text of a ``move`` line; None for an ``info`` line (the engine thinks aloud).

    Raises:
        EngineLineError: any other line, or ``move`` without a move.
    """
    word, _, rest = line.strip().partition(" ")
    if word == INFO:
        return None
    if word != MOVE or not rest.strip():
        raise EngineLineError(f"expected 'move TEXT', got {_shown(line)}")
    return rest.strip()


def _shown(line: str) -> str:
    """A line as an error message quotes it: stripped, and cut short if long."""
    text = line.strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")
