"""A table's chat: the last lines, kept in memory for the people who come in.

Chat is not a table event. It does not raise the table's version (so it never makes a play
stale), it is not stored in the database, and a table reloaded from the database starts with an
empty chat. Each line is the frame that was sent (:class:`~pasur.protocol.frames.ChatLine`),
checked first by :func:`~pasur.protocol.text.clean_chat`; clients show it as text
(``textContent``), never as HTML.
"""

from __future__ import annotations

from collections import deque

from pasur.protocol.frames import ChatLine

KEEP = 50
"""Lines kept per table and sent to each new connection."""


class ChatLog:
    """The last :data:`KEEP` lines of one table."""

    def __init__(self, keep: int = KEEP) -> None:
        self._lines: deque[ChatLine] = deque(maxlen=keep)

    def add(self, line: ChatLine) -> None:
        """Keep a line (its text already checked)."""
        self._lines.append(line)

    def lines(self) -> list[ChatLine]:
        """The kept lines, oldest first."""
        return list(self._lines)
