"""A table's numbered events, and what each recipient may see of them (the wire's ``event``).

Every change at a table is an :class:`Event`: a number (1, 2, 3 … with no gaps), a kind and its
data. The data are the server's private record, enough to rebuild the table (the deck order and
salt of each round, every hand dealt, each player's opaque id); nothing leaves the server in that
form. :meth:`Event.for_recipient` renders the event for one seat or for a spectator, keeping only
the fields on that kind's public list and adding the recipient's own hand to a deal. A field
missing from the list is never sent, so a new private field cannot leak by accident.

Everything here is JSON-ready: plain dicts, lists, strings, ints, bools and None, with cards
written as in the rules (``"10D"``) and moves as ``"7D+2D+2H"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pasur.protocol.values import JSONObject

EventData = Mapping[str, Any]
"""An event's data in its stored form. It is the server's own record, read back from the
database or another process: :meth:`pasur.server.tables.Table.from_log` checks it as it applies
it (``bad_log``), so its fields are read as the kind says they are."""

SPECTATOR = -1
"""The recipient number of a spectator: someone watching who holds no seat."""


class Kind(StrEnum):
    """What happened at the table."""

    SEATED = "seated"
    """A person took a seat."""
    LEFT = "left"
    """A person left their seat."""
    BOT_SEATED = "bot_seated"
    """A bot took a seat (put there, or replacing someone who left during a game)."""
    BOT_REMOVED = "bot_removed"
    """A bot was taken out of its seat."""
    STARTED = "started"
    """A game began; a ``round_started`` follows."""
    ROUND_STARTED = "round_started"
    """A round was dealt; the deck order is committed to, each seat sees its own hand."""
    DEALT = "dealt"
    """The next four cards each were dealt during a round."""
    PLAYED = "played"
    """A card was played."""
    CLAIMED = "claimed"
    """A seat claimed the game (per shodam, ``claims=on``): the round and the game end."""
    ROUND_ENDED = "round_ended"
    """A round was scored; its deck order and salt are revealed."""
    GAME_OVER = "game_over"
    """A side won the game."""
    REMATCH_VOTE = "rematch_vote"
    """A seat accepted or declined a rematch."""
    CONNECTION = "connection"
    """A seated person's connection came or went."""
    STAND_IN = "stand_in"
    """A bot began or stopped playing for a person who dropped."""
    TAKE_BACK_ASKED = "take_back_asked"
    """The seat that made the last play asked to take it back (``take-backs=ask``)."""
    TAKE_BACK_ANSWERED = "take_back_answered"
    """A person accepted or declined a take-back; a decline ends the request."""
    TAKE_BACK_ENDED = "take_back_ended"
    """A take-back request ended unanswered: ``reason`` is the kind of the event that ended it."""
    TAKE_BACK = "take_back"
    """Everyone accepted: the last play is undone, and each recipient gets its ``game`` again."""


PUBLIC_FIELDS: dict[Kind, tuple[str, ...]] = {
    Kind.SEATED: ("seat", "name"),
    Kind.LEFT: ("seat", "name"),
    Kind.BOT_SEATED: ("seat", "name", "level"),
    Kind.BOT_REMOVED: ("seat",),
    Kind.STARTED: ("game", "players", "dealer", "seats"),
    Kind.ROUND_STARTED: ("round", "dealer", "turn", "table", "pack_size", "commitment", "open"),
    Kind.DEALT: ("round", "deal", "turn", "pack_size", "open"),
    Kind.PLAYED: ("seat", "move", "card", "taken", "sur", "by", "turn", "open"),
    Kind.CLAIMED: ("seat", "right"),
    Kind.ROUND_ENDED: (
        "round",
        "points",
        "lines",
        "clubs_winner",
        "leftover",
        "leftover_to",
        "totals",
        "commitment",
        "deck",
        "salt",
    ),
    Kind.GAME_OVER: ("game", "winner", "winners", "totals", "left", "rated"),
    Kind.REMATCH_VOTE: ("seat", "accept"),
    Kind.CONNECTION: ("seat", "connected"),
    Kind.STAND_IN: ("seat", "level", "active"),
    Kind.TAKE_BACK_ASKED: ("seat",),
    Kind.TAKE_BACK_ANSWERED: ("seat", "accept"),
    Kind.TAKE_BACK_ENDED: ("seat", "reason"),
    Kind.TAKE_BACK: ("seat", "move", "card", "taken", "clock"),
}
"""The fields of each kind that anyone at the table may see; every other field stays private."""

HAND_FIELDS = frozenset({Kind.ROUND_STARTED, Kind.DEALT})
"""Kinds whose private ``hands`` list gives each seat its own hand as ``hand``."""

LEGAL_FIELDS = frozenset({Kind.ROUND_STARTED, Kind.DEALT, Kind.PLAYED})
"""Kinds that can leave a seat to play: their private ``legal`` list (the moves of the seat named
by ``turn``) is shown as ``legal`` to that seat alone, so a client can play without a snapshot."""

VIEW_FIELDS = frozenset({Kind.TAKE_BACK})
"""Kinds whose private ``views`` (by recipient, as text: ``"0"``, ``"-1"``) give each recipient
the whole game as its snapshot would show it, as ``game``: a take-back replaces what a client
holds instead of asking it to undo a play by itself."""


@dataclass(frozen=True, slots=True)
class Event:
    """One numbered change at a table, with its full private data."""

    number: int
    """Its place in the table's history, from 1, with no gaps."""
    kind: Kind
    """What happened."""
    data: EventData
    """Everything about it, private fields included (JSON-ready)."""

    def for_recipient(self, recipient: int) -> JSONObject:
        """The event as ``recipient`` (a seat, or :data:`SPECTATOR`) may see it.

        The result is a fresh object: ``{"n": 12, "kind": "played", "seat": 0, ...}``.
        """
        shown: JSONObject = {"n": self.number, "kind": self.kind.value}
        for name in PUBLIC_FIELDS[self.kind]:
            if name in self.data:
                shown[name] = copy_json(self.data[name])
        if self.kind in HAND_FIELDS and recipient >= 0:
            shown["hand"] = list(self.data["hands"][recipient])
        if self.kind in VIEW_FIELDS:
            shown["game"] = copy_json(self.data["views"][str(recipient)])
        if self.kind in LEGAL_FIELDS and recipient >= 0 and self.data.get("turn") == recipient:
            legal = self.data.get("legal")
            if legal is not None:  # events stored before moves were recorded carry none
                shown["legal"] = list(legal)
        return shown

    def to_json(self) -> JSONObject:
        """The stored form, private data included: ``{"n", "kind", "data"}``. Never send it."""
        return {"n": self.number, "kind": self.kind.value, "data": copy_json(self.data)}

    @classmethod
    def from_json(cls, stored: Mapping[str, Any]) -> Event:
        """Read an event back from :meth:`to_json`'s form.

        Raises:
            ValueError: not a stored event.
        """
        number, kind, data = stored.get("n"), stored.get("kind"), stored.get("data")
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or not isinstance(kind, str)
            or not isinstance(data, dict)
        ):
            raise ValueError(f"not a stored table event: {dict(stored)!r}")
        return cls(number, Kind(kind), copy_json(data))


_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-ready data (dicts, lists, tuples as lists, and scalars).

    It runs on every field of every event each recipient is sent, so the usual types are told by
    ``type(...)`` first: an ``isinstance`` check against the ``Mapping`` ABC, on every value,
    was a visible part of a play's cost. Other mappings (read-only views) are still copied.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return [copy_json(item) for item in value]
    if kind is dict or isinstance(value, Mapping):
        return {str(key): copy_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(item) for item in value]
    return value
