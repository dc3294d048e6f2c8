"""Pushes when it is a person's turn: queued after the step, sent by a background task, so a play
never waits for a push service (docs/alerts.md).

A push goes to every browser the seat's guest subscribed (:mod:`~pasur.server.alerts.subscriptions`)
when the turn passes to a person at a correspondence table, or at any table when the person has
no socket open (``LiveTable.has_socket``), and at most once per table and turn (a turn is known by
the number of the event that began it). Sending is pywebpush's (RFC 8291 encryption, VAPID
signature), through a session that reaches public addresses only and follows no redirect
(:mod:`pasur.server.alerts.push_http`).
A push service that answers 404 or 410 has forgotten the subscription, and one that answers with a
redirect takes no pushes at that URL: the subscription is deleted. An endpoint refused at the
connection (a private address) is logged and left for the next turn. Any other failure is logged
and tried again later, a few times with growing waits; it never reaches a person as an error.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from typing import NamedTuple

import aiohttp
from pywebpush import WebPushException, webpush_async

from pasur.protocol import Event, Refused
from pasur.server.alerts.push_http import Redirected, push_session
from pasur.server.alerts.push_settings import PushSettings
from pasur.server.alerts.subscriptions import Subscription, SubscriptionStore
from pasur.server.alerts.vapid import VapidKeys
from pasur.server.tables.live import LiveTable
from pasur.server.tables.seats import SeatKind, Status

log = logging.getLogger("pasur.server.alerts")

QUEUE = 10_000
"""Pushes waiting at most; past that new ones are dropped (and logged), never a play delayed."""

ATTEMPTS = 5
"""Tries per push and browser before it is given up."""

FIRST_WAIT = 2.0
"""Seconds before the first retry; each next wait is twice as long."""

TTL = 24 * 3600
"""How long a push service keeps a push for a browser that is offline."""

TIMEOUT = 10.0
"""Seconds one request to a push service may take."""

TOLD_TABLES = 50_000
"""Tables whose last pushed turn is remembered at most (the longest unheard of is forgotten
first; a table is forgotten anyway once its game is over)."""


class Push(NamedTuple):
    """A turn to tell a person about."""

    player_id: str
    table_id: str
    seat: int
    turn: int
    """The number of the event that began the turn."""
    others: tuple[str, ...]
    """The names of the other people and bots at the table."""

    def payload(self) -> str:
        """What the service worker reads (``js/alerts/sw-push.js``); it words it itself."""
        return json.dumps(
            {
                "kind": "turn",
                "table_id": self.table_id,
                "seat": self.seat,
                "others": list(self.others),
                "url": f"/play/t/{self.table_id}",
            }
        )


def turn_push(live: LiveTable, events: list[Event]) -> Push | None:
    """The push a step calls for: its turn passed to a person who is to be told, or None."""
    began = [event.number for event in events if "turn" in event.data]
    table = live.table
    game = table.game
    if not began or table.status is not Status.PLAYING or game is None or game.turn < 0:
        return None
    seat = game.turn
    occupant = table.seats[seat]
    if occupant.kind is not SeatKind.HUMAN or occupant.stand_in or occupant.player is None:
        return None
    if not table.config.correspondence and live.has_socket(seat):
        return None  # the page open before them says so
    others = tuple(state.name for number, state in enumerate(table.seats) if number != seat)
    return Push(occupant.player, live.id, seat, began[-1], others)


class PushSender:
    """The queue of pushes and the task that sends them."""

    def __init__(
        self,
        store: SubscriptionStore,
        keys: VapidKeys,
        settings: PushSettings,
        *,
        first_wait: float = FIRST_WAIT,
    ) -> None:
        self._store = store
        self._keys = keys
        self._settings = settings
        self._first_wait = first_wait
        self._queue: asyncio.Queue[Push] = asyncio.Queue(QUEUE)
        self._told: OrderedDict[str, tuple[int, int]] = OrderedDict()
        """Each playing table's last turn pushed: (seat, turn), the latest pushed last."""
        self._task: asyncio.Task[None] | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._session: aiohttp.ClientSession | None = None

    def after_step(self, live: LiveTable, events: list[Event]) -> None:
        """Queue the step's push, if it calls for one (the table manager calls this)."""
        if live.table.status is not Status.PLAYING:
            self._told.pop(live.id, None)  # the game is over: no turn of it to tell again
            return
        push = turn_push(live, events)
        if push is None or self._told.get(live.id) == (push.seat, push.turn):
            return
        self._told[live.id] = (push.seat, push.turn)
        self._told.move_to_end(live.id)
        if len(self._told) > TOLD_TABLES:
            self._told.popitem(last=False)
        try:
            self._queue.put_nowait(push)
        except asyncio.QueueFull:
            log.warning("push queue full: table %s seat %d not told", push.table_id, push.seat)

    async def start(self) -> None:
        self._session = push_session(self._settings.hosts, TIMEOUT)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        for task in [self._task, *self._sending]:
            if task is not None:
                task.cancel()
        await asyncio.gather(
            *(t for t in [self._task, *self._sending] if t is not None), return_exceptions=True
        )
        if self._session is not None:
            await self._session.close()

    async def idle(self) -> None:
        """Wait until every push queued so far has been sent or given up (for tests)."""
        while not self._queue.empty() or self._sending:
            await asyncio.sleep(0.02)

    async def _run(self) -> None:
        while True:
            push = await self._queue.get()
            try:
                subscriptions = await self._store.of(push.player_id)
            except Exception:
                log.exception("could not read the push subscriptions of a player")
                continue
            for subscription in subscriptions:
                task = asyncio.create_task(self._deliver(subscription, push))
                self._sending.add(task)
                task.add_done_callback(self._sending.discard)

    async def _deliver(self, subscription: Subscription, push: Push) -> None:
        """Send one push to one browser, retrying with back-off; never raises."""
        wait = self._first_wait
        for attempt in range(1, ATTEMPTS + 1):
            try:
                await webpush_async(
                    subscription.info(),
                    data=push.payload(),
                    vapid_private_key=self._keys.signer,
                    vapid_claims={"sub": self._settings.subject},
                    ttl=TTL,
                    timeout=aiohttp.ClientTimeout(total=TIMEOUT),
                    aiohttp_session=self._session,
                )
                return
            except Refused as refused:
                log.warning("push not sent: %s", refused.message)
                return
            except Redirected as redirected:
                log.warning("push not sent: %s; the subscription is deleted", redirected)
                await self._store.expired(subscription.endpoint)
                return
            except WebPushException as error:
                status = error.status_code
                if status in (404, 410):
                    log.info("push subscription gone (%s): deleted", status)
                    await self._store.expired(subscription.endpoint)
                    return
                log.warning("push failed (attempt %d): %s", attempt, error)
            except (aiohttp.ClientError, TimeoutError, OSError) as error:
                log.warning("push failed (attempt %d): %r", attempt, error)
            if attempt < ATTEMPTS:
                await asyncio.sleep(wait)
                wait *= 2
        log.warning("push to table %s seat %d given up", push.table_id, push.seat)
