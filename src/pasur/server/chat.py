"""A table's chat: checking a line, and the last lines kept in memory for newcomers.

Chat is not a table event. It does not raise the table's version (so it never makes a play
stale), it is not stored in the database, and a table reloaded from the database starts with an
empty chat. The server sends the text exactly as written, as plain text: clients insert it as
text (``textContent``), never as HTML.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from typing import Any

MAX_CHAT = 200
"""The longest line, in characters, after surrounding spaces are stripped."""

KEEP = 50
"""Lines kept per table and sent to each new connection."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embedding, override and isolate controls: they could reverse the text around a line."""


class BadChat(ValueError):
    """A chat line that cannot be sent; the message says why."""


def clean_chat(text: object) -> str:
    """The line to send: ``text`` stripped, 1 to :data:`MAX_CHAT` characters, printable.

    Control characters (new lines, tabs, escape …), unassigned and private characters and the
    direction overrides are refused; the zero-width joiners and direction marks that Persian
    writing needs are kept.

    Raises:
        BadChat: the text is not text, empty, too long or not printable.
    """
    if not isinstance(text, str):
        raise BadChat("a chat line is text")
    line = text.strip()
    if not 1 <= len(line) <= MAX_CHAT:
        raise BadChat(f"a chat line has 1 to {MAX_CHAT} characters")
    for char in line:
        if char in _BIDI_CONTROLS or unicodedata.category(char) in (
            "Cc",
            "Cs",
            "Co",
            "Cn",
            "Zl",
            "Zp",
        ):
            raise BadChat(f"a chat line has printable characters only, not U+{ord(char):04X}")
    return line


class ChatLog:
    """The last :data:`KEEP` lines of one table, each the frame that was sent."""

    def __init__(self, keep: int = KEEP) -> None:
        self._lines: deque[dict[str, Any]] = deque(maxlen=keep)

    def add(self, seat: int, name: str, text: str, at: int) -> dict[str, Any]:
        """Keep a line (already checked by :func:`clean_chat`); returns its frame."""
        frame = {"type": "chat", "seat": seat, "name": name, "text": text, "at": at}
        self._lines.append(frame)
        return dict(frame)

    def lines(self) -> list[dict[str, Any]]:
        """The kept lines, oldest first (copies)."""
        return [dict(line) for line in self._lines]
