"""The table socket's frames (``docs/protocol.md``, sections 2 and 3), both ways, as typed values.

Every text a client sends is read once, by :func:`parse_client`, into exactly one client frame;
what cannot be read is a frame too, :class:`Unreadable`, which carries the error to answer. So
the socket never looks inside a dict: it matches on the frame's class. Every frame the server
sends is a frozen dataclass whose ``to_json`` is its JSON shape and ``to_text`` the compact text
that goes on the wire.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import isfinite
from typing import TypeAlias

from pasur.protocol.errors import ErrorCode, Refused
from pasur.protocol.values import FieldError, Fields, JSONObject, JSONValue, dumps, loads

VERSION = 1
"""The protocol version a ``hello`` names; it changes only when a shape changes incompatibly."""

MAX_FRAME = 4096
"""The largest frame a client may send, in bytes (a real frame is under 200)."""

MAX_TOKEN = 100
"""The longest seat token read (a real one is 16 characters)."""

Ref: TypeAlias = str | int
"""A client's name for a frame, echoed in the answer: short text or a whole number."""


def ref_of(value: JSONValue) -> Ref | None:
    """``value`` as a frame's ``ref`` when it may be echoed (text of at most 64 characters, or a
    whole number of at most 64 digits), else None."""
    if isinstance(value, str | int) and not isinstance(value, bool) and len(str(value)) <= 64:
        return value
    return None


# What a client sends.


@dataclass(frozen=True, slots=True)
class Hello:
    """The first frame: who the socket is (a seat's token, or a spectator) and what it holds."""

    seat_token: str | None
    since: int | None
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class PlayFrame:
    """A move, at the version the client last saw."""

    move: str
    version: int
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class ClaimFrame:
    """A claim of the game for the seat's side (per shodam, ``claims=on``), at the version the
    client last saw."""

    version: int
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class RematchFrame:
    """A vote for (or against) the next game."""

    accept: bool
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class TakeBackFrame:
    """A request to take back the seat's own last play (``take-backs=ask``), at the version the
    client last saw when it says one (then judged on the table it saw, as a claim is)."""

    version: int | None = None
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class TakeBackAnswer:
    """Another person's answer to the take-back request open at the table, at the version the
    client last saw when it says one (so that it answers the request it saw, and no later one)."""

    accept: bool
    version: int | None = None
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class Ping:
    """A heartbeat; ``t`` (a finite number) is echoed."""

    t: int | float | None = None
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class HintRequest:
    """The expert's ranking of the seat's moves (practice tables)."""

    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class ChatFrame:
    """A chat line, as sent: the table checks who may say it, then :func:`clean_chat` its text."""

    text: JSONValue
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class EmoteFrame:
    """An emote, as sent: the table checks who may show it, then
    :func:`~pasur.protocol.emotes.clean_emote` its name."""

    emote: JSONValue
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A frame that could not be read: the error to answer it with."""

    code: ErrorCode
    message: str
    ref: Ref | None = None


ClientFrame: TypeAlias = (
    Hello
    | PlayFrame
    | ClaimFrame
    | RematchFrame
    | TakeBackFrame
    | TakeBackAnswer
    | Ping
    | HintRequest
    | ChatFrame
    | EmoteFrame
    | Unreadable
)


def parse_client(data: str | bytes | None) -> ClientFrame:
    """The frame a client's message holds (``data``: its text, or its bytes if binary).

    Never raises: binary data, more than :data:`MAX_FRAME` bytes, text that is not a JSON object,
    an unknown ``type`` and fields of the wrong type are each an :class:`Unreadable` saying so
    (``bad_frame``, or ``unsupported_protocol`` for a hello of another version), with the frame's
    ``ref`` once the frame was an object.
    """
    if not isinstance(data, str):
        return Unreadable(ErrorCode.BAD_FRAME, "frames are JSON text, not binary")
    if len(data) > MAX_FRAME or len(data.encode("utf-8", "replace")) > MAX_FRAME:
        return Unreadable(ErrorCode.BAD_FRAME, f"a frame is at most {MAX_FRAME} bytes")
    try:
        value = loads(data)
    except ValueError:
        return Unreadable(ErrorCode.BAD_FRAME, "a frame is a JSON object")
    if not isinstance(value, dict):
        return Unreadable(ErrorCode.BAD_FRAME, 'a frame is a JSON object with a "type"')
    ref = ref_of(value.get("ref"))
    kind = value.get("type")
    if not isinstance(kind, str):
        return Unreadable(ErrorCode.BAD_FRAME, 'a frame is a JSON object with a "type"', ref)
    reader = _READERS.get(kind)
    if reader is None:
        return Unreadable(ErrorCode.BAD_FRAME, "unknown frame type", ref)
    try:
        return reader(Fields(value), ref)
    except FieldError as error:
        return Unreadable(ErrorCode.BAD_FRAME, _WRONG_FIELDS.get(kind, str(error)), ref)
    except Refused as refused:
        return Unreadable(refused.code, refused.message, ref)


_WRONG_FIELDS = {
    "play": "a play is {move: text, version: number}",
    "rematch": "a rematch is {accept: true or false}",
    "claim": "a claim is {version: number}",
    "take_back": "a take-back is {version: number}",
    "take_back_answer": "a take-back answer is {accept: true or false, version: number}",
}
"""The words for a frame with a field of the wrong type (a hello says which)."""


def _hello(fields: Fields, ref: Ref | None) -> Hello:
    protocol = fields.data.get("protocol", VERSION)
    if protocol != VERSION or isinstance(protocol, bool):
        raise Refused(ErrorCode.UNSUPPORTED_PROTOCOL, f"this server speaks protocol {VERSION}")
    try:
        since = fields.optional_integer("since")
    except FieldError:
        raise FieldError("since is an event number or null") from None
    token = fields.data.get("seat_token")
    if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
        raise FieldError("seat_token is text or null")
    return Hello(token, since, ref)


def _play(fields: Fields, ref: Ref | None) -> PlayFrame:
    return PlayFrame(fields.text("move"), fields.integer("version"), ref)


def _claim(fields: Fields, ref: Ref | None) -> ClaimFrame:
    return ClaimFrame(fields.integer("version"), ref)


def _rematch(fields: Fields, ref: Ref | None) -> RematchFrame:
    return RematchFrame(fields.boolean("accept"), ref)


def _take_back(fields: Fields, ref: Ref | None) -> TakeBackFrame:
    return TakeBackFrame(fields.optional_integer("version"), ref)


def _take_back_answer(fields: Fields, ref: Ref | None) -> TakeBackAnswer:
    return TakeBackAnswer(fields.boolean("accept"), fields.optional_integer("version"), ref)


def _ping(fields: Fields, ref: Ref | None) -> Ping:
    t = fields.data.get("t")
    # 1e999 reads as infinity, which JSON cannot write back: such a t is not echoed.
    if isinstance(t, bool) or not isinstance(t, int | float) or not isfinite(t):
        return Ping(None, ref)
    return Ping(t, ref)


def _hint(fields: Fields, ref: Ref | None) -> HintRequest:
    return HintRequest(ref)


def _chat(fields: Fields, ref: Ref | None) -> ChatFrame:
    return ChatFrame(fields.data.get("text"), ref)


def _emote(fields: Fields, ref: Ref | None) -> EmoteFrame:
    return EmoteFrame(fields.data.get("emote"), ref)


_READERS: dict[str, Callable[[Fields, Ref | None], ClientFrame]] = {
    "hello": _hello,
    "play": _play,
    "claim": _claim,
    "rematch": _rematch,
    "take_back": _take_back,
    "take_back_answer": _take_back_answer,
    "ping": _ping,
    "hint": _hint,
    "chat": _chat,
    "emote": _emote,
}


# What the server sends.


class ServerFrame:
    """A frame the server sends: ``to_json`` is its shape, ``to_text`` what goes on the wire."""

    __slots__ = ()

    def to_json(self) -> JSONObject:
        raise NotImplementedError

    def to_text(self) -> str:
        return dumps(self.to_json())


@dataclass(frozen=True, slots=True)
class Welcome(ServerFrame):
    """The answer to a hello: the table, who the socket is (``you``: a seat or -1), its version."""

    table: str
    you: int
    version: int

    def to_json(self) -> JSONObject:
        return {
            "type": "welcome",
            "protocol": VERSION,
            "table": self.table,
            "you": self.you,
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class EventFrame(ServerFrame):
    """One event as this socket's recipient may see it (section 4)."""

    event: JSONObject

    def to_json(self) -> JSONObject:
        return {"type": "event", "event": self.event}


@dataclass(frozen=True, slots=True)
class SnapshotFrame(ServerFrame):
    """The whole table as this socket's recipient may see it (section 5)."""

    snapshot: JSONObject

    def to_json(self) -> JSONObject:
        return {"type": "snapshot", "snapshot": self.snapshot}


@dataclass(frozen=True, slots=True)
class ErrorFrame(ServerFrame):
    """A refusal (section 6), with the ``ref`` of the frame it answers and an illegal move's
    ``reason``."""

    code: ErrorCode
    message: str
    ref: Ref | None = None
    reason: JSONObject | None = None

    @classmethod
    def of(cls, refused: Refused, ref: Ref | None = None) -> ErrorFrame:
        return cls(refused.code, refused.message, ref, refused.reason)

    def to_json(self) -> JSONObject:
        frame: JSONObject = {"type": "error", "code": self.code.value, "message": self.message}
        if self.reason is not None:
            frame["reason"] = self.reason
        if self.ref is not None:
            frame["ref"] = self.ref
        return frame


@dataclass(frozen=True, slots=True)
class Pong(ServerFrame):
    """The answer to a ping, echoing its ``t``."""

    t: int | float | None = None

    def to_json(self) -> JSONObject:
        return {"type": "pong"} if self.t is None else {"type": "pong", "t": self.t}


@dataclass(frozen=True, slots=True)
class ChatLine(ServerFrame):
    """A chat line from the person in ``seat`` (named as seated now), at ``at`` (Unix seconds)."""

    seat: int
    name: str
    text: str
    at: int

    def to_json(self) -> JSONObject:
        return {
            "type": "chat",
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at,
        }

    @classmethod
    def from_json(cls, data: JSONObject) -> ChatLine:
        """A line another process published (its ``to_json``).

        Raises:
            FieldError: not a chat line.
        """
        fields = Fields(data)
        return cls(
            fields.integer("seat"), fields.text("name"), fields.text("text"), fields.integer("at")
        )


@dataclass(frozen=True, slots=True)
class EmoteShown(ServerFrame):
    """An emote shown by the person in ``seat``, at ``at`` (Unix seconds); not kept."""

    seat: int
    emote: str
    at: int

    def to_json(self) -> JSONObject:
        return {"type": "emote", "seat": self.seat, "emote": self.emote, "at": self.at}

    @classmethod
    def from_json(cls, data: JSONObject) -> EmoteShown:
        """An emote another process published (its ``to_json``).

        Raises:
            FieldError: not an emote.
        """
        fields = Fields(data)
        return cls(fields.integer("seat"), fields.text("emote"), fields.integer("at"))


@dataclass(frozen=True, slots=True)
class RankedMove:
    """One legal move of a hint, written as ``play`` accepts it, and its expected margin; with
    the facts a coach says it in (:func:`pasur.bots.explain.move_facts`): the points it scores
    at once (``now``), whether it is a Sur, and the chance (0 to 1) that it leaves the next seat
    a Sur (``sur_chance``)."""

    move: str
    value: float
    now: int | None = None
    sur: bool | None = None
    sur_chance: float | None = None

    def to_json(self) -> JSONObject:
        ranked: JSONObject = {"move": self.move, "value": self.value}
        if self.now is not None:
            ranked.update(now=self.now, sur=self.sur, sur_chance=self.sur_chance)
        return ranked


@dataclass(frozen=True, slots=True)
class HintFrame(ServerFrame):
    """Every legal move of the seat, best first, worked out at ``version``."""

    version: int
    moves: tuple[RankedMove, ...]
    ref: Ref | None = None

    def to_json(self) -> JSONObject:
        frame: JSONObject = {
            "type": "hint",
            "version": self.version,
            "moves": [ranked.to_json() for ranked in self.moves],
        }
        if self.ref is not None:
            frame["ref"] = self.ref
        return frame
