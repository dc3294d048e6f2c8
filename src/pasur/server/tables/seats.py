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
    gone_since: float | None = dataclasses.field(default=None, compare=False)
    """When the person's connection went down, by this process's clock (None while it is up):
    a reading, not part of the seat, so a table rebuilt elsewhere is still the same table."""

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


def check_reserved(reserved: Sequence[str | None], seat: int, player: str | None) -> None:
    """Raise ``seat_reserved`` when ``seat`` is kept for someone other than ``player`` (a bot
    is nobody): a tournament's table seats its pairing and nobody else."""
    kept = reserved[seat] if reserved else None
    if kept is not None and kept != player:
        raise Refused(ErrorCode.SEAT_RESERVED, f"seat {seat} is kept for another player")


def abandoned(
    seats: Sequence[SeatState], history: Iterable[Event], now: float, grace: float | None
) -> bool:
    """Whether nobody is at the table to start it, so the lobby no longer lists it: someone sat
    there and left and no person sits there now, or every person seated has been disconnected
    for ``grace`` seconds or more (a host who closed the tab). The table is listed again as soon
    as one of them comes back. ``grace`` None: being away is normal (correspondence)."""
    people = [seat for seat in seats if seat.kind is SeatKind.HUMAN]
    if not people:
        return any(event.kind is Kind.LEFT for event in history)
    return grace is not None and all(
        seat.gone_since is not None and now - seat.gone_since >= grace for seat in people
    )
