"""A table's chat: the last lines, kept in memory for the people who come in.

Chat is not a table event. It does not raise the table's version (so it never makes a play
stale), it is not stored in the database, and a table reloaded from the database starts with an
empty chat. Each line is the frame that was sent (:class:`~pasur.protocol.frames.ChatLine`),
checked first by :func:`~pasur.protocol.text.clean_chat`; clients show it as text
(``textContent``), never as HTML.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.frames import ChatLine
from pasur.protocol.text import clean_chat
from pasur.server.tables.seats import SeatKind, SeatState

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


def chat_line(seats: Sequence[SeatState], seat: int, text: object) -> ChatLine:
    """The line the person in ``seat`` writes, checked, with their name and the time.

    Raises:
        Refused: ``bad_chat`` (empty, longer than 200 characters or not printable), or
            ``not_seated`` (the seat holds no person now).
    """
    line = clean_chat(text)
    state = seats[seat]
    if state.kind is not SeatKind.HUMAN:
        raise Refused(ErrorCode.NOT_SEATED, "only the people seated at the table write in its chat")
    return ChatLine(seat, state.name, line, int(time.time()))
