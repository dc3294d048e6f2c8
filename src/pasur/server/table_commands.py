"""Table actions as data: what a socket or a REST call asks of a table, in a form that can travel.

A :class:`Command` is called like any action of :meth:`TableManager.act` (``command(table, now)``
returns the new events), and it is also plain JSON (:meth:`Command.to_json`), so a server that
does not own a table can send it to the one that does (:mod:`pasur.server.cluster`). Only the
table's own methods run; every rule stays in :class:`~pasur.server.table.Table`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from pasur.server.table import Table, TableError
from pasur.server.table_events import Event


def _play(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.submit(a["seat"], a["move"], a["version"], now=now)


def _rematch(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.vote_rematch(a["seat"], a["accept"], now=now)


def _connected(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    seat = a["seat"]
    if not a["connected"] and (table.seats[seat].player is None or not table.seats[seat].connected):
        return []  # gone already (or left): nothing to mark
    return table.set_connected(seat, a["connected"], now=now)


def _leave(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.leave(a["player"], now=now)


def _put_bot(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.put_bot(a["seat"], a["level"])


def _remove_bot(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.remove_bot(a["seat"])


def _start(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return table.start(now=now)


def _tick(table: Table, now: float, a: Mapping[str, Any]) -> list[Event]:
    return []  # the manager ticks the table after every action


_RUN: dict[str, Callable[[Table, float, Mapping[str, Any]], list[Event]]] = {
    "play": _play,
    "rematch": _rematch,
    "connected": _connected,
    "leave": _leave,
    "put_bot": _put_bot,
    "remove_bot": _remove_bot,
    "start": _start,
    "tick": _tick,
}


@dataclasses.dataclass(frozen=True, slots=True)
class Command:
    """One action on a table, by name, with its JSON arguments."""

    name: str
    args: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __call__(self, table: Table, now: float) -> list[Event]:
        try:
            run = _RUN[self.name]
        except KeyError:
            raise TableError("bad_frame", f"unknown table command {self.name!r}") from None
        return run(table, now, self.args)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Command:
        """The command ``to_json`` wrote.

        Raises:
            TableError: ``bad_frame``: not a command this server knows.
        """
        name, args = data.get("name"), data.get("args")
        if name not in _RUN or not isinstance(args, dict):
            raise TableError("bad_frame", "not a table command")
        return cls(name, args)


def play(seat: int, move: str, version: int) -> Command:
    return Command("play", {"seat": seat, "move": move, "version": version})


def rematch(seat: int, accept: bool) -> Command:
    return Command("rematch", {"seat": seat, "accept": accept})


def connected(seat: int, up: bool) -> Command:
    """Mark a seat's person connected or gone (gone only if they still count as connected)."""
    return Command("connected", {"seat": seat, "connected": up})


def leave(player: str) -> Command:
    return Command("leave", {"player": player})


def put_bot(seat: int, level: str) -> Command:
    return Command("put_bot", {"seat": seat, "level": level})


def remove_bot(seat: int) -> Command:
    return Command("remove_bot", {"seat": seat})


START = Command("start")
TICK = Command("tick")
"""No action: the table only ticks (its timer's step)."""
