"""Emotes at a table: who may show one, how often, and who sees it.

An emote is not a table event and not a chat line: it does not raise the table's version, it is
not stored and not kept for people who come in later (a reaction is about the moment). The
person seated shows it; every socket at the table (seats and spectators) receives it; a client
may mute a table's emotes for its own person (the browser remembers that per table), so the
server sends every emote to everyone.

The limit is per seat, not per socket: a person with two tabs open gets one budget. It is kept
by the process that has the sockets (a seat with sockets at two processes has one budget at
each, which still bounds a flood).
"""

from __future__ import annotations

import time

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.emotes import clean_emote
from pasur.protocol.frames import EmoteShown
from pasur.protocol.values import JSONValue
from pasur.server.http.rate_limit import Clock, Rate, TokenBucket
from pasur.server.tables.seats import SeatKind
from pasur.server.tables.table import Table

EMOTE_RATE = Rate(3, 10.0)
"""Emotes one seat may show: three at once, then one every few seconds."""


class EmoteGate:
    """The emote budget of each seat at one table."""

    def __init__(self, rate: Rate = EMOTE_RATE, clock: Clock = time.monotonic) -> None:
        self._rate = rate
        self._clock = clock
        self._buckets: dict[int, TokenBucket] = {}

    def allow(self, seat: int) -> bool:
        """Spend one of the seat's emotes; False (nothing spent) when it has none left."""
        bucket = self._buckets.get(seat)
        if bucket is None:
            bucket = self._buckets[seat] = TokenBucket(self._rate, self._clock)
        return bucket.take()


def emote_from(table: Table, gate: EmoteGate, seat: int, name: JSONValue) -> EmoteShown:
    """The emote the person in ``seat`` shows, checked and counted (nothing is sent yet).

    Raises:
        Refused: ``bad_emote`` (not one of the fixed set), ``not_seated`` (the seat holds no
            person now), or ``emote_limited`` (the seat's budget is spent; nothing counted).
    """
    emote = clean_emote(name)
    if table.seats[seat].kind is not SeatKind.HUMAN:
        raise Refused(ErrorCode.NOT_SEATED, "only the people seated at the table show emotes")
    if not gate.allow(seat):
        raise Refused(ErrorCode.EMOTE_LIMITED, "too many emotes: wait a few seconds")
    return EmoteShown(seat, emote, int(time.time()))
