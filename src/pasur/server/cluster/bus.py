"""Messages between server processes over Redis pub/sub: table channels and request/reply.

Each process subscribes to its own channel ``{prefix}process:{id}``, where requests for the tables
it owns and replies to its own requests arrive, and to ``{prefix}table:{table_id}`` for each table
it has sockets at, where the owner publishes each stored step (and chat lines travel). Messages
are JSON objects.

Everything a process publishes goes out through one queue, in order, pipelined: the steps of a
table reach every subscriber in the order they were stored, and a reply never overtakes the step
it answers. Pub/sub may still lose messages (a subscriber that reconnects misses what was said
meanwhile): the event numbers show a gap, and the receiver reads the database, never pub/sub, to
fill it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis
from redis.asyncio.client import PubSub

from pasur.protocol import JSONObject
from pasur.protocol.values import dumps, loads
from pasur.server.cluster.stopping import halt

log = logging.getLogger("pasur.server.bus")

Message = JSONObject
Handler = Callable[[str | None, Message], None]
"""Called with the table id (None for a request on the process channel) and the message; it
must not block the listener (slow work goes in a task of its own)."""


class Unreachable(Exception):
    """Nobody listens on a process channel (that process is gone), or it did not answer."""


class Bus:
    """One process's pub/sub: ``handler`` receives table messages and requests."""

    def __init__(self, redis: Redis, *, prefix: str, process_id: str, handler: Handler) -> None:
        self._redis = redis
        self._prefix = prefix
        self.process_id = process_id
        self._handler = handler
        self._pubsub: PubSub = redis.pubsub(ignore_subscribe_messages=True)
        self._outbox: asyncio.Queue[tuple[str, str, asyncio.Future[int] | None]] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[Message]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._inbox_channel = f"{prefix}process:{process_id}"
        self._table_prefix = f"{prefix}table:"

    async def start(self) -> None:
        await self._pubsub.subscribe(self._inbox_channel)
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send())]

    async def stop(self) -> None:
        for task in self._tasks:
            await halt(task)
        with contextlib.suppress(Exception):
            # Typed from redis 8.2 on, untyped before: called through a typed name for both.
            close: Callable[[], Awaitable[None]] = self._pubsub.aclose
            await close()

    async def watch(self, table_id: str) -> None:
        """Receive the table's messages."""
        await self._pubsub.subscribe(self._table_prefix + table_id)

    async def unwatch(self, table_id: str) -> None:
        await self._pubsub.unsubscribe(self._table_prefix + table_id)

    def tell_table(self, table_id: str, message: Message) -> None:
        """Publish ``message`` to every process watching the table (in order, without waiting)."""
        self._queue(self._table_prefix + table_id, message | {"from": self.process_id}, None)

    async def request(self, process_id: str, message: Message, timeout: float) -> Message:
        """Send a request to a process and wait for its reply.

        Raises:
            Unreachable: that process does not listen (it died), or did not answer in time.
        """
        request_id = secrets.token_hex(8)
        reply: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = reply
        try:
            sent: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            body = message | {"kind": "request", "id": request_id, "from": self.process_id}
            self._queue(f"{self._prefix}process:{process_id}", body, sent)
            if await sent == 0:
                raise Unreachable(f"process {process_id} does not listen")
            return await asyncio.wait_for(reply, timeout)
        except TimeoutError:
            raise Unreachable(f"process {process_id} did not answer in {timeout} s") from None
        finally:
            self._waiting.pop(request_id, None)

    def reply(self, request: Message, answer: Message) -> None:
        """Answer a request (sent after anything published before it)."""
        body = answer | {"kind": "reply", "id": request.get("id")}
        self._queue(f"{self._prefix}process:{request.get('from')}", body, None)

    def _queue(self, channel: str, message: Message, sent: asyncio.Future[int] | None) -> None:
        self._outbox.put_nowait((channel, dumps(message), sent))

    async def _send(self) -> None:
        """Publish the queued messages in order, as many as are waiting in one pipeline."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, text, _ in batch:
                        pipe.publish(channel, text)
                    counts = await pipe.execute()
            except Exception as error:
                log.warning("could not publish %d messages: %s", len(batch), error)
                counts = [0] * len(batch)
            for (_, _, sent), count in zip(batch, counts, strict=True):
                if sent is not None and not sent.done():
                    sent.set_result(int(count))

    async def _listen(self) -> None:
        while True:
            try:
                raw = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("lost the pub/sub connection (%s); reconnecting", error)
                await asyncio.sleep(0.5)
                continue
            if raw is None or raw.get("type") != "message":
                continue
            channel = raw["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else str(channel)
            try:
                message = loads(raw["data"])
            except ValueError:
                log.warning("a message on %s is not JSON; ignored", channel)
                continue
            if not isinstance(message, dict):
                continue
            self._receive(channel, message)

    def _receive(self, channel: str, message: Message) -> None:
        if channel == self._inbox_channel and message.get("kind") == "reply":
            waiting = self._waiting.get(str(message.get("id")))
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
            return
        table_id = (
            channel.removeprefix(self._table_prefix) if channel != self._inbox_channel else None
        )
        if table_id is not None and message.get("from") == self.process_id:
            return  # this process's own step, sent to its sockets when it was stored
        try:
            self._handler(table_id, message)
        except Exception:
            log.exception("a message on %s could not be handled", channel)
