"""What processes say to each other about tables, as typed values with one JSON form each.

On a table's channel the writer publishes each stored step (:class:`StepStored`), anyone
publishes chat lines (:class:`ChatSaid`), and a process that has just taken a table or lost a
socket asks who holds sockets where (:class:`RollCall`). On a process's own channel arrive
commands forwarded to it (:class:`Forward`, a :class:`~pasur.server.tables.commands.Command`
in the same JSON form as everywhere) and the replies to its own: :class:`Done`,
:class:`NotWriter` or :class:`Failed`. Every reader here checks what it reads: a message that is
not one of these is None (and ignored), never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.protocol.frames import ChatLine, EmoteShown
from pasur.protocol.values import FieldError, Fields
from pasur.server.tables.commands import Command, SeatTokens, command_from_json


@dataclass(frozen=True, slots=True)
class StepStored:
    """A step the writer stored: its events in their stored form, and the seats' new tokens."""

    events: list[JSONObject]
    seats: SeatTokens | None

    def to_json(self) -> JSONObject:
        return {"kind": "events", "events": self.events, "seats": self.seats}


@dataclass(frozen=True, slots=True)
class ChatSaid:
    """A chat line said (or an emote shown) at a process with sockets at the table."""

    line: ChatLine | EmoteShown

    def to_json(self) -> JSONObject:
        return {"kind": "chat", "frame": self.line.to_json()}


@dataclass(frozen=True, slots=True)
class RollCall:
    """Every process marks the seats it holds sockets for connected again (a seat marked gone
    by one process may have a socket at another)."""

    def to_json(self) -> JSONObject:
        return {"kind": "roll_call"}


TableMessage: TypeAlias = StepStored | ChatSaid | RollCall


def table_message(data: JSONObject) -> TableMessage | None:
    """The message published on a table's channel, or None when it is none of them."""
    fields = Fields(data)
    try:
        kind = fields.text("kind")
        if kind == "events":
            seats = fields.texts("seats") if data.get("seats") is not None else None
            return StepStored(fields.mappings("events"), seats)
        if kind == "chat":
            frame = fields.mapping("frame")
            if frame.get("type") == "emote":
                return ChatSaid(EmoteShown.from_json(frame))
            return ChatSaid(ChatLine.from_json(frame))
        if kind == "roll_call":
            return RollCall()
    except FieldError:
        return None
    return None


@dataclass(frozen=True, slots=True)
class Forward:
    """A command for a table, sent to the process that writes it. ``seated_at`` names the
    process asking when it holds a seated person's socket at the table: a writer that holds none
    hands the table over to it (:mod:`~pasur.server.cluster.ownership`, Hand-over)."""

    table: str
    command: Command
    seated_at: str | None = None

    def to_json(self) -> JSONObject:
        data: JSONObject = {"table": self.table, "command": self.command.to_json()}
        if self.seated_at is not None:
            data["seated_at"] = self.seated_at
        return data

    @classmethod
    def from_json(cls, data: JSONObject) -> Forward:
        """Raises: Refused (``bad_frame``): not a forwarded command."""
        fields = Fields(data)
        try:
            seated_at = fields.optional_text("seated_at")
            command = command_from_json(fields.mapping("command"))
            return cls(fields.text("table"), command, seated_at)
        except FieldError as error:
            raise Refused(ErrorCode.BAD_FRAME, f"not a forwarded command: {error}") from None


@dataclass(frozen=True, slots=True)
class Done:
    """The writer ran the command: the step's events (stored form) and the seats' tokens; and
    whether it handed the table's lease to the process that asked (which writes it from now)."""

    events: list[JSONObject]
    seats: SeatTokens
    handed: bool = False

    def to_json(self) -> JSONObject:
        return {
            "outcome": "done",
            "events": self.events,
            "seats": self.seats,
            "handed": self.handed,
        }


@dataclass(frozen=True, slots=True)
class NotWriter:
    """The process asked does not write the table (it stopped, died, or lost the lease)."""

    message: str

    def to_json(self) -> JSONObject:
        return {"outcome": "not_writer", "message": self.message}


@dataclass(frozen=True, slots=True)
class Failed:
    """The writer refused the command (or could not store it): the refusal to raise here."""

    refused: Refused

    def to_json(self) -> JSONObject:
        return {"outcome": "refused", **self.refused.to_json()}


Reply: TypeAlias = Done | NotWriter | Failed


def reply_from_json(data: JSONObject) -> Reply:
    """The reply a writer sent; what cannot be read is a failure (``unavailable``)."""
    fields = Fields(data)
    try:
        outcome = fields.text("outcome")
        if outcome == "done":
            handed = fields.optional_boolean("handed") is True
            return Done(fields.mappings("events"), fields.texts("seats"), handed)
        if outcome == "not_writer":
            return NotWriter(fields.text("message"))
        if outcome == "refused":
            reason = fields.mapping("reason") if data.get("reason") is not None else None
            code = ErrorCode.named(fields.text("code"))
            return Failed(Refused(code, fields.text("message"), reason=reason))
    except ValueError as error:  # a FieldError, or a code this server does not know
        return Failed(Refused(ErrorCode.UNAVAILABLE, f"the table's server answered badly: {error}"))
    return Failed(Refused(ErrorCode.UNAVAILABLE, "the table's server answered badly"))
