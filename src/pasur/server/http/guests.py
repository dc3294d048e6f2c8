"""Guests: people who play without signing up, known by a signed HttpOnly cookie.

``POST /api/guest {"name": ...}`` gives a person an opaque random id and a display name, both held
in the ``pasur_guest`` cookie, signed with :mod:`itsdangerous` so nobody can forge another
person's id. The signing secret is the ``PASUR_SECRET`` environment variable when it is set;
otherwise one is generated at the first start and kept in the database (the ``server_secrets``
table), so cookies stay valid across restarts.

A guest's name is any name a table takes (``bad_name`` otherwise), but not one that would pass for
an account or for the site (:func:`check_guest_name`, ``name_taken``; ``docs/accounts.md``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from typing import NamedTuple

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.names import name_key, passes_for_site
from pasur.server.db.account_rows import AccountRow
from pasur.server.db.database import Database
from pasur.server.db.rows import ServerSecretRow

SECRET_ENV = "PASUR_SECRET"
"""The environment variable holding the cookie-signing secret."""

COOKIE = "pasur_guest"
"""The name of the guest cookie."""

COOKIE_MAX_AGE = 365 * 24 * 3600
"""A guest stays known for a year on the same browser."""

_SALT = "pasur-guest"
_SECRET_NAME = "guest_cookie"


class Guest(NamedTuple):
    """A person known by their cookie."""

    id: str
    """Opaque and random; never shown to anyone."""
    name: str
    """The name shown at tables."""
    session: str | None = None
    """For a signed-in account, its session's token (checked by the accounts wing's guard,
    which drops a revoked one before any route reads the cookie); None for a guest."""


class Guests:
    """Signs and reads guest cookies with the server's secret."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt=_SALT)

    @classmethod
    async def load(cls, database: Database) -> Guests:
        """The signer for ``PASUR_SECRET``, else for the secret kept in the database."""
        secret = os.environ.get(SECRET_ENV)
        if secret:
            return cls(secret)
        return cls(await stored_secret(database, _SECRET_NAME, lambda: secrets.token_urlsafe(32)))

    def new_guest(self, name: str) -> Guest:
        """A new identity for a person called ``name`` (already cleaned)."""
        return Guest(secrets.token_urlsafe(16), name)

    def cookie_for(self, guest: Guest) -> str:
        """The signed cookie value."""
        data = {"id": guest.id, "name": guest.name}
        if guest.session is not None:
            data["s"] = guest.session
        return self._serializer.dumps(data)

    def set_cookie(self, response: Response, request: Request, guest: Guest) -> None:
        """Put ``guest``'s signed cookie on ``response`` (HttpOnly, SameSite=Lax, Secure over
        HTTPS)."""
        response.set_cookie(
            COOKIE,
            self.cookie_for(guest),
            max_age=COOKIE_MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )

    def of(self, request: Request) -> Guest:
        """The guest whose cookie came with ``request``.

        Raises:
            Refused: ``no_guest``: no cookie, or one this server did not sign.
        """
        guest = self.read(request.cookies.get(COOKIE))
        if guest is None:
            raise Refused(ErrorCode.NO_GUEST, "choose a name first: POST /api/guest")
        return guest

    def read(self, cookie: str | None) -> Guest | None:
        """The guest a cookie names, or None when it is missing, forged or garbled."""
        if not cookie or len(cookie) > 1000:
            return None
        try:
            data = self._serializer.loads(cookie)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        guest_id, name, session = data.get("id"), data.get("name"), data.get("s")
        if not isinstance(guest_id, str) or not isinstance(name, str) or not guest_id:
            return None
        return Guest(guest_id, name, session if isinstance(session, str) else None)


async def check_guest_name(database: Database, name: str) -> None:
    """Refuse a guest ``name`` (already clean) that would pass for someone else: a word of the
    site's (:func:`~pasur.protocol.names.passes_for_site`), or an account's name, or one that is
    the same by :func:`~pasur.protocol.names.name_key` (``ALI`` for the account ``Ali``). A guest
    who has that account signs in to it instead.

    Raises:
        Refused: ``name_taken``, saying which.
    """
    if passes_for_site(name):
        raise Refused(ErrorCode.NAME_TAKEN, "that name is the site's own; choose another")
    async with database.engine.connect() as connection:
        found = await connection.scalar(
            select(AccountRow.id).where(AccountRow.name_key == name_key(name)).limit(1)
        )
    if found is not None:
        raise Refused(
            ErrorCode.NAME_TAKEN,
            "an account has that name (or one that looks the same); choose another, or sign in "
            "if it is yours",
        )


async def stored_secret(database: Database, name: str, make: Callable[[], str]) -> str:
    """The secret kept under ``name`` in the ``server_secrets`` table, made by ``make`` and stored
    at the first call (the first process to store one wins; the others read it)."""
    engine = database.engine
    for _attempt in range(2):
        async with engine.connect() as connection:
            found = await connection.scalar(
                select(ServerSecretRow.value).where(ServerSecretRow.name == name)
            )
        if found:
            return str(found)
        try:
            async with engine.begin() as connection:
                value = make()
                await connection.execute(insert(ServerSecretRow).values(name=name, value=value))
            return value
        except IntegrityError:  # pragma: no cover - another process stored one first
            continue
    raise RuntimeError(f"could not store the {name} secret")  # pragma: no cover
