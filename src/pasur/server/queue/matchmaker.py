"""Quick match: people queue for a kind of game, are grouped by rating, and sit at a new table.

The queue lives in this process's memory (a restart empties it, and people queue again). It
needs no timer of its own: every call about the queue (joining, and the status each waiting
page asks for every two seconds) first seats every group :meth:`Queue.pair` can form, so the
windows widen and groups form as people wait. A group gets a new table with one seat each
(public when rated, since ratings move only at public tables; private otherwise), started at
once, and each person's seat token, which their status then returns once.

After :data:`BOT_OFFER_AFTER` seconds the status offers a bot of matching strength
(:func:`bot_level`): accepting leaves the queue for a table with bots in the other seats.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.rules import STANDARD, make_rules
from pasur.server.history.ratings import Ratings
from pasur.server.http.guests import Guest
from pasur.server.queue.pairing import BOT_OFFER_AFTER, Queue, Seeker, Wanted, window
from pasur.server.tables.commands import Join, Start
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest

PARTNERSHIPS = make_rules("standard", {"partnerships": "on"})
"""Four players always play in two partnerships in a quick match."""

BOT_LEVELS = ((3, "beginner"), (8, "casual"), (14, "intermediate"), (20, "advanced"))
"""(rating below, level): the bot offered for a rating; ``expert`` above the last."""


def bot_level(rating: float) -> str:
    """The bot level that roughly matches an ordinal rating (0 for someone not rated yet)."""
    for below, level in BOT_LEVELS:
        if rating < below:
            return level
    return "expert"


@dataclass(frozen=True, slots=True)
class Match:
    """A seat someone was given: open ``rejoin_url`` to play."""

    table_id: str
    seat: int
    seat_token: str

    def to_json(self) -> JSONObject:
        url = f"/play/t/{self.table_id}?seat_token={self.seat_token}"
        return {
            "table_id": self.table_id,
            "seat": self.seat,
            "seat_token": self.seat_token,
            "rejoin_url": url,
        }


class Matchmaker:
    """The queue, and the tables it starts."""

    def __init__(
        self, tables: TableManager, ratings: Ratings, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.tables = tables
        self.ratings = ratings
        self.clock = clock
        self.queue = Queue()
        self.matches: dict[str, Match] = {}
        self.seating: dict[str, Seeker] = {}
        """People whose table is being made: out of the queue, not yet matched."""

    async def join(self, who: Guest, wanted: Wanted) -> JSONObject:
        """Queue the person for ``wanted`` (leaving any queue they were in), then pair.

        Raises:
            Refused: ``bad_config`` for a kind of game no table can be.
        """
        _config(wanted, bots=False)  # refuses a kind of game no table can be, before queueing
        found = await self.ratings.for_seats([[who.id]])
        rating = found[0][0] or 0
        self.matches.pop(who.id, None)
        self.queue.join(Seeker(who.id, who.name, float(rating), wanted, self.clock()))
        return await self.status(who)

    def leave(self, who: Guest) -> bool:
        """Take the person out of the queue; whether they were in it."""
        return self.queue.leave(who.id) is not None

    async def status(self, who: Guest) -> JSONObject:
        """``matched`` with the seat (given once), ``waiting`` with the window, or ``idle``."""
        await self.pair()
        match = self.matches.pop(who.id, None)
        if match is not None:
            return {"state": "matched", **match.to_json()}
        seeker = self.queue.waiting.get(who.id) or self.seating.get(who.id)
        if seeker is None:
            return {"state": "idle"}
        waited = self.clock() - seeker.joined_at
        return {
            "state": "waiting",
            "waited": round(waited, 1),
            "window": round(window(waited), 1),
            "rating": seeker.rating,
            "waiting": sum(
                1 for other in self.queue.waiting.values() if other.wanted == seeker.wanted
            ),
            "bot_offer": bot_level(seeker.rating) if waited >= BOT_OFFER_AFTER else None,
        }

    async def with_bot(self, who: Guest) -> JSONObject:
        """Leave the queue for a table with bots of matching strength in the other seats.

        Raises:
            Refused: ``not_queued``, or ``bot_not_offered`` before a minute of waiting.
        """
        seeker = self.queue.waiting.get(who.id)
        if seeker is None:
            raise Refused(ErrorCode.NOT_QUEUED, "join the quick-match queue first")
        if self.clock() - seeker.joined_at < BOT_OFFER_AFTER:
            raise Refused(ErrorCode.BOT_NOT_OFFERED, "a bot is offered after a minute of waiting")
        self.queue.leave(who.id)
        level = bot_level(seeker.rating)
        bots = dict.fromkeys(range(1, seeker.wanted.players), level)
        match = (await self._seat((seeker,), bots))[0]
        return {"state": "matched", **match.to_json(), "bot": level}

    async def pair(self) -> None:
        """Seat every group that can sit down now."""
        for group in self.queue.pair(self.clock()):
            # Making the table awaits the store: a status asked meanwhile (the other person's
            # page polls) must still say waiting, or that page would stop asking.
            self.seating.update((seeker.player_id, seeker) for seeker in group)
            try:
                matches = await self._seat(group, {})
            finally:
                for seeker in group:
                    self.seating.pop(seeker.player_id, None)
            for seeker, match in zip(group, matches, strict=True):
                self.matches[seeker.player_id] = match

    async def _seat(self, group: tuple[Seeker, ...], bots: dict[int, str]) -> list[Match]:
        """A new table for ``group`` (and ``bots``), everyone seated in queue order, started."""
        config = _config(group[0].wanted, bots=bool(bots))
        live = await self.tables.create(config, group[0].player_id, bots)
        matches = []
        for seat, seeker in enumerate(group):
            token = secrets.token_urlsafe(24)
            player = Player(seeker.player_id, seeker.name)
            await self.tables.act(live, Join(player, seat, token_digest(token)))
            matches.append(Match(live.id, seat, token))
        await self.tables.act(live, Start())
        return matches


def _config(wanted: Wanted, *, bots: bool) -> TableConfig:
    """The table a group plays at; a table with bots is private and unrated."""
    rated = wanted.rated and not bots
    rules = PARTNERSHIPS if wanted.players == 4 else STANDARD
    return TableConfig(
        players=wanted.players,
        rules=rules,
        private=not rated,
        turn_timer=wanted.turn_timer,
        rated=rated,
    )
