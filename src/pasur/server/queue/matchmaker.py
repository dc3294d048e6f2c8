"""Quick match: people queue for a kind of game, are grouped by rating, and sit at a new table.

The queue is kept in the database (:mod:`pasur.server.queue.store`), so every process of a
cluster pairs the same queue and a restart loses nobody's place. It needs no timer of its own:
every call about the queue (joining, and the status each waiting page asks for every two
seconds) first seats every group :meth:`Queue.pair` can form, so the windows widen and groups
form as people wait. A group gets a new table with one seat each
(public when rated, since ratings move only at public tables; private otherwise), started at
once, and each person's seat token, which their status then returns once.

After :data:`BOT_OFFER_AFTER` seconds the status offers a bot of matching strength
(:func:`bot_level`): accepting leaves the queue for a table with bots in the other seats.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.rules import STANDARD, make_rules
from pasur.server.history.ratings import Ratings
from pasur.server.http.guests import Guest
from pasur.server.queue.pairing import BOT_OFFER_AFTER, Queue, Seeker, Wanted, window
from pasur.server.queue.store import HANDED, WAITING, QueueStore, Seat
from pasur.server.tables.commands import Join, Start
from pasur.server.tables.config import TableConfig
from pasur.server.tables.manager import TableManager
from pasur.server.tables.seats import Player
from pasur.server.tables.store import token_digest

PARTNERSHIPS = make_rules("standard", {"partnerships": "on"})
"""Four players always play in two partnerships in a quick match."""

BOT_LEVELS = ((3, "beginner"), (8, "casual"), (14, "intermediate"), (20, "advanced"))
"""(rating below, level): the bot offered for a rating; ``expert`` above the last."""

TIDY_EVERY = 5.0
"""Seconds between two tidyings of the queue by one process (every status call pairs; tidying
at each would be a write for every poll of every waiting page)."""


def bot_level(rating: float) -> str:
    """The bot level that roughly matches an ordinal rating (0 for someone not rated yet)."""
    for below, level in BOT_LEVELS:
        if rating < below:
            return level
    return "expert"


class Matchmaker:
    """The queue (its rows, :mod:`pasur.server.queue.store`), and the tables it starts."""

    def __init__(
        self,
        tables: TableManager,
        ratings: Ratings,
        store: QueueStore,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.tables = tables
        self.ratings = ratings
        self.store = store
        self.clock = clock
        """Seconds since the epoch: every process of a cluster must read the same time."""
        self._tidied_at = -TIDY_EVERY

    async def join(self, who: Guest, wanted: Wanted) -> JSONObject:
        """Queue the person for ``wanted`` (leaving a queue for another kind of game), then
        pair; answers the status, so a repeat while their table is made or their seat waits to
        be read answers that (:meth:`QueueStore.put`).

        Raises:
            Refused: ``bad_config`` for a kind of game no table can be.
        """
        _config(wanted, bots=False)  # refuses a kind of game no table can be, before queueing
        found = await self.ratings.for_seats([[who.id]])
        rating = found[0][0] or 0
        await self.store.put(Seeker(who.id, who.name, float(rating), wanted, self.clock()))
        return await self.status(who)

    async def leave(self, who: Guest) -> bool:
        """Take the person out of the queue; whether they were in it."""
        return await self.store.leave(who.id)

    async def status(self, who: Guest) -> JSONObject:
        """``matched`` with the seat (given once), ``waiting`` with the window, or ``idle``.

        A person whose table is being made (by this process or another) reads ``waiting``: a
        page told ``idle`` stops asking and would never reach the table.
        """
        now = self.clock()
        await self.pair(now)
        entry = await self.store.entry(who.id)
        if entry is None or entry.state == HANDED:
            return {"state": "idle"}  # a seat read a moment ago by another request is held
        if entry.seat is not None:
            if not await self.store.hand_over(who.id, entry.seat, now):
                return {"state": "idle"}  # another request of theirs read it a moment ago
            return {"state": "matched", **_seat_json(entry.seat)}
        await self.store.seen(who.id, now)
        seeker = entry.seeker
        waited = now - seeker.joined_at
        return {
            "state": "waiting",
            "waited": round(waited, 1),
            "window": round(window(waited), 1),
            "rating": seeker.rating,
            "waiting": await self.store.waiting_for(seeker.wanted),
            "bot_offer": bot_level(seeker.rating) if waited >= BOT_OFFER_AFTER else None,
        }

    async def with_bot(self, who: Guest) -> JSONObject:
        """Leave the queue for a table with bots of matching strength in the other seats.

        Raises:
            Refused: ``not_queued``, or ``bot_not_offered`` before a minute of waiting.
        """
        now = self.clock()
        entry = await self.store.entry(who.id)
        if entry is None or entry.state != WAITING:
            raise Refused(ErrorCode.NOT_QUEUED, "join the quick-match queue first")
        seeker = entry.seeker
        if now - seeker.joined_at < BOT_OFFER_AFTER:
            raise Refused(ErrorCode.BOT_NOT_OFFERED, "a bot is offered after a minute of waiting")
        if not await self.store.claim((seeker,), now):
            raise Refused(ErrorCode.NOT_QUEUED, "you were just matched: ask for your status")
        level = bot_level(seeker.rating)
        bots = dict.fromkeys(range(1, seeker.wanted.players), level)
        seat = (await self._seat((seeker,), bots))[0]
        await self.store.remove(who.id)
        return {"state": "matched", **_seat_json(seat), "bot": level}

    async def pair(self, now: float) -> None:
        """Seat every group that can sit down now (that no other process seats first)."""
        if not 0 <= now - self._tidied_at < TIDY_EVERY:
            self._tidied_at = now
            await self.store.tidy(now)
        queue = Queue()
        for seeker in await self.store.waiting():
            queue.join(seeker)
        for group in queue.pair(now):
            if await self.store.claim(group, now):
                await self.store.seated(group, await self._seat(group, {}))

    async def _seat(self, group: tuple[Seeker, ...], bots: dict[int, str]) -> list[Seat]:
        """A new table for a claimed ``group`` (and ``bots``), everyone seated in queue order,
        started; if it cannot be made, the group goes back to waiting."""
        try:
            config = _config(group[0].wanted, bots=bool(bots))
            live = await self.tables.create(config, group[0].player_id, bots)
            seats = []
            for number, seeker in enumerate(group):
                token = secrets.token_urlsafe(24)
                player = Player(seeker.player_id, seeker.name)
                await self.tables.act(live, Join(player, number, token_digest(token)))
                seats.append(Seat(live.id, number, token))
            await self.tables.act(live, Start())
        except BaseException:
            await self.store.release(group)
            raise
        return seats


def _seat_json(seat: Seat) -> JSONObject:
    """A seat as the status gives it: open ``rejoin_url`` to play."""
    return {
        "table_id": seat.table_id,
        "seat": seat.seat,
        "seat_token": seat.seat_token,
        "rejoin_url": f"/play/t/{seat.table_id}?seat_token={seat.seat_token}",
    }


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
