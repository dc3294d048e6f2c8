"""The browsers' Web Push subscriptions, per guest: the ``push_subscriptions`` rows
(:mod:`pasur.server.db.rows`).

A subscription is keyed by its endpoint (one per browser and server key): subscribing again
from the same browser, even as another guest, replaces the row, so a shared browser notifies
only its latest guest.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.db.database import Database
from pasur.server.db.rows import PushSubscriptionRow


@dataclasses.dataclass(frozen=True, slots=True)
class Subscription:
    """Where and how to send one browser its pushes."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, object]:
        """The subscription as pywebpush takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class SubscriptionStore:
    """Keeps, reads and deletes subscriptions."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def add(self, player_id: str, subscription: Subscription) -> None:
        """Keep ``subscription`` for ``player_id`` (replacing any row with its endpoint)."""
        async with self._engine.begin() as connection:
            await self._delete(connection, subscription.endpoint)
            await connection.execute(
                insert(PushSubscriptionRow).values(
                    endpoint=subscription.endpoint,
                    player_id=player_id,
                    p256dh=subscription.p256dh,
                    auth=subscription.auth,
                    created_at=datetime.now(UTC),
                )
            )

    async def remove(self, player_id: str, endpoint: str) -> bool:
        """Delete the guest's subscription with that endpoint; whether there was one."""
        async with self._engine.begin() as connection:
            result = await connection.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint == endpoint,
                    PushSubscriptionRow.player_id == player_id,
                )
            )
        return bool(result.rowcount)

    async def expired(self, endpoint: str) -> None:
        """Delete a subscription the push service says is gone (404 or 410)."""
        async with self._engine.begin() as connection:
            await self._delete(connection, endpoint)

    async def of(self, player_id: str) -> list[Subscription]:
        """Every subscription of ``player_id``."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(
                    PushSubscriptionRow.endpoint,
                    PushSubscriptionRow.p256dh,
                    PushSubscriptionRow.auth,
                ).where(PushSubscriptionRow.player_id == player_id)
            )
            return [Subscription(str(e), str(p), str(a)) for e, p, a in rows]

    @staticmethod
    async def _delete(connection: AsyncConnection, endpoint: str) -> None:
        await connection.execute(
            delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint)
        )
