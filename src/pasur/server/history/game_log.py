"""Finished games in a table's stored events: who played them, how they ended, their records.

A table's events (their stored form, :meth:`~pasur.protocol.Event.to_json`) hold every
game ever played there: ``started`` names the seats, ``game_over`` the result, and the ``seated``
events before them the people's opaque ids. These pure functions read them back, so a game's
record or its players can be found long after a rematch has replaced it at the live table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pasur.protocol import ErrorCode, JSONObject, Kind, Refused
from pasur.server.tables.config import TableConfig
from pasur.server.tables.leavers import KINDS, Leavers
from pasur.server.tables.table import Table

WHO_AND_RESULT = tuple(kind.value for kind in KINDS)
"""The event kinds :func:`finished_games` reads: enough to load only these from the database."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One game that reached its end at a table."""

    game: int
    """The game's number at the table, from 1."""
    seats: tuple[str, ...]
    """The names as the game started."""
    players: tuple[str | None, ...]
    """Each seat's person (their opaque id) as the game started; None for a bot."""
    totals: tuple[int, ...]
    """The final totals per side."""
    winner: int
    """The winning side."""
    abandoned: frozenset[int] = frozenset()
    """The seats whose person left during the game, or whose stand-in bot (their grace ran
    out) was still playing for them at its end; a rated game ranks their sides last."""
    bots: tuple[str | None, ...] = ()
    """Each seat's bot level as the game started (None for a person): bots are rated in their
    own pool. Empty when no seat held a bot."""


def finished_games(events: Iterable[Mapping[str, Any]]) -> list[FinishedGame]:
    """Every finished game in a table's stored events (any others may be left out), in order.

    A person who leaves during a game still counts as its player: they sat down for it, and
    the seat counts as abandoned (so does one a stand-in bot still plays for at the end): the
    table's own rule, :class:`~pasur.server.tables.leavers.Leavers`, which its ``game_over``
    event says to the people at the table.
    """
    leavers = Leavers()
    bots: dict[int, str] = {}
    started: Mapping[str, Any] | None = None
    found: list[FinishedGame] = []
    for event in events:
        kind, data = Kind(event["kind"]), event["data"]
        if kind is Kind.GAME_OVER and started is not None and leavers.at_start is not None:
            found.append(
                FinishedGame(
                    game=data["game"],
                    seats=tuple(started["seats"]),
                    players=leavers.at_start,
                    totals=tuple(data["totals"]),
                    winner=data["winner"],
                    abandoned=frozenset(leavers.seats()),
                    bots=started["bots"],
                )
            )
            started = None
        elif kind is Kind.BOT_SEATED:
            bots[data["seat"]] = data["level"]
        elif kind in (Kind.SEATED, Kind.BOT_REMOVED):
            bots.pop(data["seat"], None)
        elif kind is Kind.STARTED:
            seats = range(data["players"])
            started = data | {"bots": tuple(bots.get(seat) for seat in seats) if bots else ()}
        leavers.apply(kind, data)
    return found


def game_record(config: TableConfig, events: Sequence[Mapping[str, Any]], game: int) -> JSONObject:
    """The game record (with its commitments) of game number ``game`` of a table.

    The table is rebuilt from its events up to that game's end, so every earlier game's record
    is there as it was when it ended.

    Raises:
        Refused: ``no_such_game``, ``not_finished``, or ``bad_log`` (the events cannot rebuild
            the table).
    """
    if not any(_is(event, Kind.STARTED, game) for event in events):
        raise Refused(ErrorCode.NO_SUCH_GAME, f"there is no game {game} at this table")
    end = next((i for i, event in enumerate(events) if _is(event, Kind.GAME_OVER, game)), None)
    if end is None:
        raise Refused(ErrorCode.NOT_FINISHED, f"game {game} is not over yet")
    return Table.from_log(config, events[: end + 1], now=0.0).record()


def _is(event: Mapping[str, Any], kind: Kind, game: int) -> bool:
    return bool(event["kind"] == kind.value and event["data"].get("game") == game)
