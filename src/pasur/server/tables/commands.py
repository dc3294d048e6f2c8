"""Table actions as typed values: what a socket or a REST call asks of a table.

A :class:`Command` runs on a table (``command.run(table, now)`` returns the new events) and is
plain JSON too (:meth:`Command.to_json`, :func:`command_from_json`), so a process that does not
own a table can send it to the one that does (:mod:`pasur.server.cluster`). Only the table's own
methods run; every rule stays in :class:`~pasur.server.tables.table.Table`. The two commands that
seat and unseat people also say what happens to the seats' tokens (:meth:`Command.tokens`), so
that the token changes with the seat, in the same stored step, wherever the command runs (and
:class:`NewToken` gives a seat a new one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from pasur.protocol import ErrorCode, Event, JSONObject, Refused
from pasur.protocol.values import FieldError, Fields
from pasur.rules import Move, PasurError
from pasur.server.tables.seats import Player, SeatKind
from pasur.server.tables.table import Table
from pasur.server.tables.timers import BotAnswer

SeatTokens = dict[str, str]
"""The SHA-256 of each seat's token, by seat number as text: ``{"0": "9f86d0…"}``."""


class Command:
    """One action on a table."""

    __slots__ = ()

    name: ClassVar[str]
    """The command's name in its JSON form."""

    def run(self, table: Table, now: float) -> list[Event]:
        """Do it: the events it appends (the table ticks afterwards, in the same step)."""
        raise NotImplementedError

    def tokens(self, table: Table, tokens: Mapping[str, str]) -> SeatTokens | None:
        """The seats' tokens once this has run, worked out before it runs; None: unchanged."""
        return None

    def fields(self) -> JSONObject:
        """The command's arguments (its JSON form without the name)."""
        return {}

    def to_json(self) -> JSONObject:
        return {"command": self.name, **self.fields()}


@dataclass(frozen=True, slots=True)
class Play(Command):
    """A person's move (as typed or sent) for ``seat``, at the version they last saw."""

    seat: int
    move: str
    version: int
    name: ClassVar[str] = "play"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.submit(self.seat, self.move, self.version, now=now)

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "move": self.move, "version": self.version}


@dataclass(frozen=True, slots=True)
class Claim(Command):
    """A person's claim of the game for ``seat``'s side (per shodam), at the version they saw."""

    seat: int
    version: int
    name: ClassVar[str] = "claim"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.claim(self.seat, self.version, now=now)

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "version": self.version}


@dataclass(frozen=True, slots=True)
class Rematch(Command):
    """A seat's vote for (or against) the next game."""

    seat: int
    accept: bool
    name: ClassVar[str] = "rematch"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.vote_rematch(self.seat, self.accept, now=now)

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "accept": self.accept}


@dataclass(frozen=True, slots=True)
class TakeBack(Command):
    """``seat`` asks to take back its last play (``answer`` None), or answers the take-back asked
    (``take_backs="ask"``: :mod:`~pasur.server.tables.take_backs`), at the version they saw when
    they say one."""

    seat: int
    answer: bool | None = None
    version: int | None = None
    name: ClassVar[str] = "take_back"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.take_back(self.seat, self.answer, now=now, expected_version=self.version)

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "answer": self.answer, "version": self.version}


@dataclass(frozen=True, slots=True)
class SetConnected(Command):
    """Mark the people in ``seats`` connected, or gone (each only if they count as connected:
    a seat emptied or marked gone already changes nothing)."""

    seats: tuple[int, ...]
    connected: bool
    name: ClassVar[str] = "connected"

    def run(self, table: Table, now: float) -> list[Event]:
        events: list[Event] = []
        for seat in self.seats:
            occupant = table.seats[seat]
            if not self.connected and (occupant.player is None or not occupant.connected):
                continue  # gone already (or left): nothing to mark
            events += table.set_connected(seat, self.connected, now=now)
        return events

    def fields(self) -> JSONObject:
        return {"seats": list(self.seats), "connected": self.connected}


@dataclass(frozen=True, slots=True)
class Join(Command):
    """Seat ``player`` (in ``seat``, or the first empty one) with the seat token whose SHA-256 is
    ``digest``."""

    player: Player
    seat: int | None
    digest: str
    name: ClassVar[str] = "join"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.join(self.player, self.seat)

    def tokens(self, table: Table, tokens: Mapping[str, str]) -> SeatTokens:
        kept = {
            seat: digest
            for seat, digest in tokens.items()
            if not _is_seat(table, seat) or table.seats[int(seat)].kind is not SeatKind.EMPTY
        }
        target = self.seat if self.seat is not None else table.first_empty()
        if target is not None:
            kept[str(target)] = self.digest
        return kept

    def fields(self) -> JSONObject:
        return {
            "player": self.player.id,
            "player_name": self.player.name,
            "seat": self.seat,
            "digest": self.digest,
        }


@dataclass(frozen=True, slots=True)
class Leave(Command):
    """Take ``player`` out of their seat, and the seat's token with them."""

    player: str
    name: ClassVar[str] = "leave"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.leave(self.player, now=now)

    def tokens(self, table: Table, tokens: Mapping[str, str]) -> SeatTokens:
        seat = table.seat_of(self.player)
        return {key: digest for key, digest in tokens.items() if seat is None or key != str(seat)}

    def fields(self) -> JSONObject:
        return {"player": self.player}


@dataclass(frozen=True, slots=True)
class NewToken(Command):
    """A new token (SHA-256 ``digest``) for the seat ``player`` holds, in place of the old one:
    how a person opens their seat on a device that never kept its token. No event: the seat and
    who holds it do not change."""

    player: str
    digest: str
    name: ClassVar[str] = "new_token"

    def run(self, table: Table, now: float) -> list[Event]:
        if table.seat_of(self.player) is None:
            raise Refused(ErrorCode.NOT_SEATED, "you hold no seat at this table")
        return []

    def tokens(self, table: Table, tokens: Mapping[str, str]) -> SeatTokens | None:
        seat = table.seat_of(self.player)
        return None if seat is None else {**tokens, str(seat): self.digest}

    def fields(self) -> JSONObject:
        return {"player": self.player, "digest": self.digest}


@dataclass(frozen=True, slots=True)
class PutBot(Command):
    """A bot of ``level`` in the empty ``seat``."""

    seat: int
    level: str
    name: ClassVar[str] = "put_bot"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.put_bot(self.seat, self.level)

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "level": self.level}


@dataclass(frozen=True, slots=True)
class RemoveBot(Command):
    """The bot in ``seat`` taken out."""

    seat: int
    name: ClassVar[str] = "remove_bot"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.remove_bot(self.seat)

    def fields(self) -> JSONObject:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Start(Command):
    """A game started once every seat is filled (dealt by ``dealer`` when given)."""

    dealer: int | None = None
    name: ClassVar[str] = "start"

    def run(self, table: Table, now: float) -> list[Event]:
        return table.start(now=now, dealer=self.dealer)

    def fields(self) -> JSONObject:
        return {"dealer": self.dealer}


@dataclass(frozen=True, slots=True)
class Tick(Command):
    """Nothing but the tick every step ends with: what the table's timer runs."""

    name: ClassVar[str] = "tick"

    def run(self, table: Table, now: float) -> list[Event]:
        return []


@dataclass(frozen=True, slots=True)
class BotMove(Command):
    """A bot's move searched off the event loop (:class:`~pasur.server.tables.timers.Thought`),
    for ``seat`` at ``version``: played if the table is still there, else nothing happens (the
    table asks again for where it is now)."""

    seat: int
    move: str
    version: int
    name: ClassVar[str] = "bot_move"

    def run(self, table: Table, now: float) -> list[Event]:
        try:
            move = Move.parse(self.move)
        except PasurError as error:
            raise Refused(ErrorCode.BAD_FRAME, f"not a move: {error}") from None
        return table.tick(now, BotAnswer(self.seat, self.version, move))

    def fields(self) -> JSONObject:
        return {"seat": self.seat, "move": self.move, "version": self.version}


def command_from_json(data: JSONObject) -> Command:
    """The command :meth:`Command.to_json` wrote.

    Raises:
        Refused: ``bad_frame``: not a command this server knows, or an argument of the wrong type.
    """
    fields = Fields(data)
    try:
        name = fields.text("command")
        if name == Play.name:
            return Play(fields.integer("seat"), fields.text("move"), fields.integer("version"))
        if name == Claim.name:
            return Claim(fields.integer("seat"), fields.integer("version"))
        if name == Rematch.name:
            return Rematch(fields.integer("seat"), fields.boolean("accept"))
        if name == TakeBack.name:
            seat, answer = fields.integer("seat"), fields.optional_boolean("answer")
            return TakeBack(seat, answer, fields.optional_integer("version"))
        if name == SetConnected.name:
            return SetConnected(fields.integers("seats"), fields.boolean("connected"))
        if name == Join.name:
            player = Player(fields.text("player"), fields.text("player_name"))
            return Join(player, fields.optional_integer("seat"), fields.text("digest"))
        if name == Leave.name:
            return Leave(fields.text("player"))
        if name == NewToken.name:
            return NewToken(fields.text("player"), fields.text("digest"))
        if name == PutBot.name:
            return PutBot(fields.integer("seat"), fields.text("level"))
        if name == RemoveBot.name:
            return RemoveBot(fields.integer("seat"))
        if name == Start.name:
            return Start(fields.optional_integer("dealer"))
        if name == Tick.name:
            return Tick()
        if name == BotMove.name:
            return BotMove(fields.integer("seat"), fields.text("move"), fields.integer("version"))
    except FieldError as error:
        raise Refused(ErrorCode.BAD_FRAME, f"not a table command: {error}") from None
    raise Refused(ErrorCode.BAD_FRAME, f"unknown table command {name!r}")


def _is_seat(table: Table, key: str) -> bool:
    return key.isdecimal() and int(key) < table.config.players
