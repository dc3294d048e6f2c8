"""Signed-in devices: sessions, one-time device-link codes, and the check every request passes.

A signed-in device's guest cookie (the same signed, HttpOnly, SameSite cookie a guest has)
carries the account's id and a random session token; the database keeps only the token's SHA-256
(``account_sessions``), so a copy of the database signs nobody in. Revoking a session deletes its
row; :class:`SessionCheck` then refuses the cookie, so the device is a stranger again.

A cookie that names an account must carry a live session. A guest's old cookie, signed before the
guest added a passkey, names the same id without one, and is refused too: "sign out everywhere"
leaves no copy of any cookie working.

The check runs on every request and socket that carries a cookie, so its verdicts are kept for
:data:`CHECK_TTL` seconds in each process; a session revoked in another process stops working
within that time (at once in the process that revoked it).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts.ceremonies import aware
from pasur.server.db.account_rows import AccountRow, AccountSessionRow, DeviceLinkRow
from pasur.server.db.database import Database
from pasur.server.history.games import iso_utc
from pasur.server.http.guests import Guest

CHECK_TTL = 5.0
"""Seconds a process trusts its last verdict on a cookie."""

CHECKS_KEPT = 10_000
"""Verdicts a process keeps before it forgets them all and starts again."""

LINK_TTL = timedelta(minutes=10)
"""How long a device-link code works."""

LINK_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0/O, 1/I/L: a code is read off one screen and typed on another."""

LINK_LENGTH = 8


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(connection: AsyncConnection, account_id: str, label: str) -> str:
    """A new session of the account; its token (for the cookie only)."""
    token = secrets.token_urlsafe(24)
    await connection.execute(
        insert(AccountSessionRow).values(
            digest=digest(token),
            public_id=secrets.token_urlsafe(9),
            account_id=account_id,
            label=label[:64],
            created_at=datetime.now(UTC),
        )
    )
    return token


async def sessions(
    connection: AsyncConnection, account_id: str, current: str | None
) -> list[dict[str, Any]]:
    """The account's sessions, oldest first: ``{"id", "label", "created_at", "current"}``."""
    mine = None if current is None else digest(current)
    rows = await connection.execute(
        select(AccountSessionRow)
        .where(AccountSessionRow.account_id == account_id)
        .order_by(AccountSessionRow.created_at, AccountSessionRow.public_id)
    )
    return [
        {
            "id": row.public_id,
            "label": row.label,
            "created_at": iso_utc(row.created_at),
            "current": row.digest == mine,
        }
        for row in rows
    ]


async def revoke(connection: AsyncConnection, account_id: str, public_id: str) -> None:
    """End one of the account's sessions (``no_such_session`` if it has none by that id)."""
    gone = await connection.execute(
        delete(AccountSessionRow).where(
            AccountSessionRow.account_id == account_id, AccountSessionRow.public_id == public_id
        )
    )
    if gone.rowcount == 0:
        raise Refused(ErrorCode.NO_SUCH_SESSION, "this account has no session with that id")


async def revoke_token(connection: AsyncConnection, token: str) -> None:
    await connection.execute(
        delete(AccountSessionRow).where(AccountSessionRow.digest == digest(token))
    )


async def revoke_others(connection: AsyncConnection, account_id: str, keep: str | None) -> int:
    """End every session of the account but ``keep`` (a token); how many ended."""
    query = delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
    if keep is not None:
        query = query.where(AccountSessionRow.digest != digest(keep))
    return (await connection.execute(query)).rowcount


async def new_link(connection: AsyncConnection, account_id: str) -> tuple[str, datetime]:
    """A one-time code that signs another device in to the account, and when it expires."""
    code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
    now = datetime.now(UTC)
    await connection.execute(delete(DeviceLinkRow).where(DeviceLinkRow.expires_at < now))
    await connection.execute(
        insert(DeviceLinkRow).values(
            digest=digest(code), account_id=account_id, expires_at=now + LINK_TTL
        )
    )
    return code, now + LINK_TTL


async def redeem_link(connection: AsyncConnection, code: object) -> str:
    """The account a code signs in to; the code is used up. ``bad_link_code`` otherwise."""
    refused = Refused(ErrorCode.BAD_LINK_CODE, "that code is unknown, used or expired")
    if not isinstance(code, str) or len(code) > 40:
        raise refused
    typed = "".join(code.split()).replace("-", "").upper()
    row = (
        await connection.execute(
            delete(DeviceLinkRow)
            .where(DeviceLinkRow.digest == digest(typed))
            .returning(DeviceLinkRow.account_id, DeviceLinkRow.expires_at)
        )
    ).first()
    if row is None or aware(row.expires_at) < datetime.now(UTC):
        raise refused
    account_id: str = row.account_id
    return account_id


class SessionCheck:
    """Whether a cookie's guest may be who it says (a process-wide cache of verdicts)."""

    def __init__(self, database: Database, clock: Any = time.monotonic) -> None:
        self._engine = database.engine
        self._clock = clock
        self._verdicts: dict[tuple[str, str | None], tuple[bool, float]] = {}

    async def allows(self, guest: Guest) -> bool:
        """False for a revoked session, and for a session-less cookie that names an account."""
        key = (guest.id, guest.session)
        now = self._clock()
        kept = self._verdicts.get(key)
        if kept is not None and kept[1] > now:
            return kept[0]
        async with self._engine.connect() as connection:
            if guest.session is None:
                found = await connection.scalar(
                    select(AccountRow.id).where(AccountRow.id == guest.id)
                )
                verdict = found is None
            else:
                found = await connection.scalar(
                    select(AccountSessionRow.account_id).where(
                        AccountSessionRow.digest == digest(guest.session)
                    )
                )
                verdict = found == guest.id
        if len(self._verdicts) >= CHECKS_KEPT:
            self._verdicts.clear()
        self._verdicts[key] = (verdict, now + CHECK_TTL)
        return verdict

    def forget(self) -> None:
        """Drop every verdict: a session was revoked, or a guest became an account."""
        self._verdicts.clear()
