"""Accounts and their passkeys in the database (the ``accounts`` and ``passkeys`` rows).

An account *is* a guest who added a passkey: its id is the guest id it adopted, so every game,
rating, seat and subscription the guest had, keyed by that id, is the account's without being
copied or moved. Names are unique by their :func:`~pasur.protocol.names.name_key`, which
the database enforces too (two guests choosing one name at once: the second is ``name_taken``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.names import name_key
from pasur.server.accounts.ceremonies import NewPasskey, aware
from pasur.server.db.account_rows import AccountRow, PasskeyRow
from pasur.server.db.rows import RatingRow
from pasur.server.history.games import iso_utc
from pasur.server.history.ratings import ordinal

RENAME_EVERY = timedelta(days=30)
"""An account's name changes at most once in this long."""

MAX_PASSKEYS = 20
"""Passkeys one account may hold."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server reads it."""

    id: str
    name: str
    user_handle: str
    created_at: datetime
    name_changed_at: datetime

    @property
    def may_rename_at(self) -> datetime:
        return self.name_changed_at + RENAME_EVERY


def new_user_handle() -> str:
    """A WebAuthn user handle: random, and nothing about the person."""
    return secrets.token_urlsafe(32)


async def account(connection: AsyncConnection, account_id: str) -> Account | None:
    row = (await connection.execute(select(AccountRow).where(AccountRow.id == account_id))).first()
    return None if row is None else _account(row._mapping)


async def account_by_handle(connection: AsyncConnection, user_handle: str) -> Account | None:
    row = (
        await connection.execute(select(AccountRow).where(AccountRow.user_handle == user_handle))
    ).first()
    return None if row is None else _account(row._mapping)


async def account_by_name(connection: AsyncConnection, name: str) -> Account | None:
    row = (
        await connection.execute(select(AccountRow).where(AccountRow.name_key == name_key(name)))
    ).first()
    return None if row is None else _account(row._mapping)


async def check_free(connection: AsyncConnection, name: str, *, but: str | None = None) -> None:
    """Refuse ``name_taken`` when another account (not ``but``) has the name or a look-alike."""
    found = await account_by_name(connection, name)
    if found is not None and found.id != but:
        raise Refused(ErrorCode.NAME_TAKEN, "that name, or one that looks the same, is taken")


async def create(
    connection: AsyncConnection, account_id: str, name: str, user_handle: str
) -> Account:
    """The account of guest ``account_id``, named ``name`` (already clean)."""
    await check_free(connection, name)
    now = datetime.now(UTC)
    try:
        async with connection.begin_nested():
            await connection.execute(
                insert(AccountRow).values(
                    id=account_id,
                    name=name,
                    name_key=name_key(name),
                    user_handle=user_handle,
                    created_at=now,
                    name_changed_at=now,
                )
            )
    except IntegrityError:
        raise Refused(ErrorCode.NAME_TAKEN, "that name was taken a moment ago") from None
    return Account(account_id, name, user_handle, now, now)


async def rename(connection: AsyncConnection, found: Account, name: str) -> Account:
    """``found`` named ``name``; ``name_too_soon`` within a month of the last change."""
    now = datetime.now(UTC)
    if name == found.name:
        return found
    if now < found.may_rename_at and name_key(name) != name_key(found.name):
        raise Refused(
            ErrorCode.NAME_TOO_SOON,
            f"the name may change again from {iso_utc(found.may_rename_at)}",
        )
    await check_free(connection, name, but=found.id)
    try:
        async with connection.begin_nested():
            await connection.execute(
                update(AccountRow)
                .where(AccountRow.id == found.id)
                .values(name=name, name_key=name_key(name), name_changed_at=now)
            )
    except IntegrityError:
        raise Refused(ErrorCode.NAME_TAKEN, "that name was taken a moment ago") from None
    return Account(found.id, name, found.user_handle, found.created_at, now)


async def add_passkey(
    connection: AsyncConnection, account_id: str, passkey: NewPasskey, label: str
) -> None:
    """Keep a verified passkey; ``bad_passkey`` when it is already known or one too many."""
    count = await connection.scalar(
        select(func.count()).select_from(PasskeyRow).where(PasskeyRow.account_id == account_id)
    )
    if (count or 0) >= MAX_PASSKEYS:
        raise Refused(ErrorCode.BAD_PASSKEY, f"an account holds at most {MAX_PASSKEYS} passkeys")
    now = datetime.now(UTC)
    try:
        async with connection.begin_nested():
            await connection.execute(
                insert(PasskeyRow).values(
                    id=passkey.id,
                    account_id=account_id,
                    public_key=passkey.public_key,
                    sign_count=passkey.sign_count,
                    transports=passkey.transports,
                    label=label,
                    created_at=now,
                    used_at=now,
                )
            )
    except IntegrityError:
        raise Refused(ErrorCode.BAD_PASSKEY, "that passkey is already registered") from None


async def passkey(connection: AsyncConnection, credential_id: str) -> Any:
    """The row of a passkey by its credential id, or None."""
    return (
        await connection.execute(select(PasskeyRow).where(PasskeyRow.id == credential_id))
    ).first()


async def passkeys(connection: AsyncConnection, account_id: str) -> list[dict[str, Any]]:
    """An account's passkeys, oldest first: ``{"id", "label", "created_at", "used_at"}``."""
    rows = await connection.execute(
        select(PasskeyRow.id, PasskeyRow.label, PasskeyRow.created_at, PasskeyRow.used_at)
        .where(PasskeyRow.account_id == account_id)
        .order_by(PasskeyRow.created_at, PasskeyRow.id)
    )
    return [
        {
            "id": row.id,
            "label": row.label,
            "created_at": iso_utc(row.created_at),
            "used_at": iso_utc(row.used_at),
        }
        for row in rows
    ]


async def used_passkey(connection: AsyncConnection, credential_id: str, sign_count: int) -> None:
    await connection.execute(
        update(PasskeyRow)
        .where(PasskeyRow.id == credential_id)
        .values(sign_count=sign_count, used_at=datetime.now(UTC))
    )


async def remove_passkey(connection: AsyncConnection, account_id: str, credential_id: str) -> None:
    """Forget one of the account's passkeys; never its last one."""
    mine = [row["id"] for row in await passkeys(connection, account_id)]
    if credential_id not in mine:
        raise Refused(ErrorCode.NO_SUCH_PASSKEY, "this account has no passkey with that id")
    if len(mine) == 1:
        raise Refused(
            ErrorCode.LAST_PASSKEY,
            "this is the account's only passkey: add another first, or delete the account",
        )
    await connection.execute(delete(PasskeyRow).where(PasskeyRow.id == credential_id))


async def rating(connection: AsyncConnection, account_id: str) -> dict[str, Any] | None:
    """The account's rating (``{"ordinal", "mu", "sigma", "games"}``), None before a rated game."""
    row = (
        await connection.execute(
            select(RatingRow.mu, RatingRow.sigma, RatingRow.games).where(
                RatingRow.player_id == account_id
            )
        )
    ).first()
    if row is None:
        return None
    return {
        "ordinal": ordinal(row.mu, row.sigma),
        "mu": row.mu,
        "sigma": row.sigma,
        "games": row.games,
    }


def _account(row: Any) -> Account:
    return Account(
        id=row["id"],
        name=row["name"],
        user_handle=row["user_handle"],
        created_at=aware(row["created_at"]),
        name_changed_at=aware(row["name_changed_at"]),
    )
