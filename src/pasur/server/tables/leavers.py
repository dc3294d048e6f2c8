"""Which seats of the game under way count as left, and whether the game moves people's ratings.

A rated game counts as lost for a side whose person left it (docs/accounts.md, "Leaving a rated
game early is a loss"). The rule is kept here once, event by event, and read twice: the table
(:class:`~pasur.server.tables.state.TableState`) says it in the ``game_over`` event it appends,
for the people at the table to read, and the history
(:func:`~pasur.server.history.game_log.finished_games`) ranks those sides last when the ratings
move. Both read the same events through :class:`Leavers`, so what the table page says and what
the rating counts cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pasur.protocol import Kind

SEAT_CHANGES = frozenset({Kind.SEATED, Kind.LEFT, Kind.BOT_SEATED, Kind.BOT_REMOVED})
"""Kinds that change who sits in a seat."""

KINDS = SEAT_CHANGES | {Kind.STARTED, Kind.STAND_IN, Kind.GAME_OVER}
"""The kinds :meth:`Leavers.apply` reads (any other changes nothing here)."""


class Leavers:
    """Who sits where (people, by their opaque ids), and which seats of the game under way count
    as left: a person left the seat during the game and did not sit back down in it, or a
    stand-in bot (the person dropped and their grace ran out) is playing for them now.

    Events are read in their stored form (a kind and its data); only the fields every stored
    event of the kind holds are read, so any table's log, however old, can be read.
    """

    def __init__(self) -> None:
        self.people: dict[int, str] = {}
        """Each seat a person holds now: their id."""
        self.at_start: tuple[str | None, ...] | None = None
        """Each seat's person as the game under way started (None for a bot); None between
        games."""
        self._left: set[int] = set()
        self._stand_ins: set[int] = set()

    def apply(self, kind: Kind, data: Mapping[str, Any]) -> None:
        """Read one event (of any kind)."""
        if kind is Kind.SEATED:
            seat = data["seat"]
            self.people[seat] = data["player"]
            if self.at_start is not None and self.at_start[seat] == data["player"]:
                self._left.discard(seat)  # back in their own seat before the end
        elif kind in SEAT_CHANGES:
            seat = data["seat"]
            if self.at_start is not None and seat in self.people:
                self._left.add(seat)
            self.people.pop(seat, None)
        elif kind is Kind.STAND_IN:
            (self._stand_ins.add if data["active"] else self._stand_ins.discard)(data["seat"])
        elif kind is Kind.STARTED:
            self.at_start = tuple(self.people.get(seat) for seat in range(data["players"]))
            self._left, self._stand_ins = set(), set()
        elif kind is Kind.GAME_OVER:
            self.at_start = None

    def seats(self) -> list[int]:
        """The seats of the game under way that count as left now, in order."""
        return sorted(self._left | self._stand_ins)


def rates_people(rated_table: bool, players: Sequence[str | None]) -> bool:
    """Whether a game moves people's ratings: it is played at a rated table, and every seat held
    a person (``players``, each seat's person as it started; None for a bot) when it started: a
    bot's strength is not a person's."""
    return rated_table and None not in players
