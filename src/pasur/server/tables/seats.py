"""Who sits at a table: the table's status, each seat's occupant, and a person joining."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from pasur.protocol import ErrorCode, Event, JSONObject, Kind, Refused

MAX_PLAYER_ID = 200
"""The longest opaque player id taken."""


class Status(StrEnum):
    """Where a table stands."""

    WAITING = "waiting"
    """No game has been played yet: seats fill up, then :meth:`Table.start`."""
    PLAYING = "playing"
    """A game is being played."""
    FINISHED = "finished"
    """The last game is over: rematch votes, seat changes, or :meth:`Table.start`."""


class SeatKind(StrEnum):
    """Who sits in a seat."""

    EMPTY = "empty"
    HUMAN = "human"
    BOT = "bot"


class Player(NamedTuple):
    """A person joining a table."""

    id: str
    """An opaque identity (from the guest cookie or an account); never shown to others."""
    name: str
    """The name shown at the table."""


@dataclasses.dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: empty, a person, or a bot."""

    kind: SeatKind = SeatKind.EMPTY
    player: str | None = None
    """The person's opaque id; None for a bot or an empty seat."""
    name: str = ""
    """The name shown at the table."""
    level: str | None = None
    """A bot's level; None for a person or an empty seat."""
    connected: bool = False
    """Whether the person's connection is up (bots are always there)."""
    stand_in: bool = False
    """Whether a bot is playing for the person, who dropped and ran out of grace."""

    def to_json(self, seat: int) -> JSONObject:
        """The seat as everyone may see it (no player id)."""
        return {
            "seat": seat,
            "kind": self.kind.value,
            "name": self.name,
            "level": self.level,
            "connected": self.kind is SeatKind.BOT or self.connected,
            "stand_in": self.stand_in,
        }


EMPTY_SEAT = SeatState()


def check_player(player: Player) -> None:
    """Raise ``bad_player`` unless the person's id is a non-empty string of at most
    :data:`MAX_PLAYER_ID` characters (it comes from outside: a test or a forwarded command)."""
    player_id: object = player.id
    if not isinstance(player_id, str) or not player_id or len(player_id) > MAX_PLAYER_ID:
        raise Refused(ErrorCode.BAD_PLAYER, "a player id is a non-empty string")


def bot_name(level: str) -> str:
    """The name a bot of ``level`` sits under."""
    return f"{level} bot"


def abandoned(seats: Sequence[SeatState], history: Iterable[Event]) -> bool:
    """Whether someone sat at the table and left, and no person sits there now (the lobby no
    longer lists such a table)."""
    if any(seat.kind is SeatKind.HUMAN for seat in seats):
        return False
    return any(event.kind is Kind.LEFT for event in history)
