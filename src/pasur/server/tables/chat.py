"""A table's chat: the last lines, kept in memory for the people who come in.

Chat is not a table event. It does not raise the table's version (so it never makes a play
stale), it is not stored in the database, and a table reloaded from the database starts with an
empty chat. A line is kept with the id of the person who said it, so that it never reaches the
sockets of someone who has blocked them (``Connection.hidden``), now or when they come in later.
Each line is the frame that was sent (:class:`~pasur.protocol.frames.ChatLine`), checked first by
:func:`~pasur.protocol.text.clean_chat`; clients show it as text (``textContent``), never as
HTML.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Sequence

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.frames import ChatLine, EmoteShown
from pasur.protocol.text import clean_chat
from pasur.server.tables.connections import Connection
from pasur.server.tables.seats import SeatKind, SeatState

KEEP = 50
"""Lines kept per table and sent to each new connection."""


class ChatLog:
    """The last :data:`KEEP` lines of one table, each with the id of the person who said it."""

    def __init__(self, keep: int = KEEP) -> None:
        self._lines: deque[tuple[ChatLine, str | None]] = deque(maxlen=keep)

    def add(self, line: ChatLine, speaker: str | None) -> None:
        """Keep a line (its text already checked) and who said it."""
        self._lines.append((line, speaker))

    def lines(self, hidden: frozenset[str] = frozenset()) -> list[ChatLine]:
        """The kept lines, oldest first, but those said by the ``hidden`` people."""
        return [line for line, speaker in self._lines if speaker is None or speaker not in hidden]


def speaker(seats: Sequence[SeatState], line: ChatLine | EmoteShown) -> str | None:
    """The id of the person in the seat a line (or an emote) comes from, if a person is there."""
    return seats[line.seat].player if 0 <= line.seat < len(seats) else None


def deliver(
    chat: ChatLog,
    seats: Sequence[SeatState],
    connections: Iterable[Connection],
    line: ChatLine | EmoteShown,
) -> None:
    """Keep a chat line (not an emote) with who said it, and send it (rendered once) to every
    connection but those of people who have blocked that person."""
    said_by = speaker(seats, line)
    if isinstance(line, ChatLine):
        chat.add(line, said_by)
    text = line.to_text()
    for connection in connections:
        if said_by is None or said_by not in connection.hidden:
            connection.send_text(text)


def hide_speaker(
    connections: Iterable[Connection], person: str, other: str, *, hidden: bool
) -> None:
    """``person`` has blocked ``other`` (or unblocked, ``hidden`` False): their sockets here stop
    (or start again) receiving the other's chat lines and emotes."""
    for connection in connections:
        if connection.person == person:
            change = connection.hidden.union if hidden else connection.hidden.difference
            connection.hidden = frozenset(change({other}))


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
