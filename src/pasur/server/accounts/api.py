"""Accounts over REST: becoming an account, its passkeys, name, sessions and device links.

``GET /api/account``; ``POST /api/account/passkeys/options`` then ``POST /api/account/passkeys``
(a guest's first passkey makes the account, under the guest's own id; a signed-in account's adds
one); ``DELETE /api/account/passkeys/{id}``; ``PUT /api/account/name``;
``DELETE /api/account/sessions/{id}`` and ``POST /api/account/sessions/end-others``;
``POST /api/account/link`` (a one-time code for another device); ``DELETE /api/account``.
Signing in is :mod:`pasur.server.accounts.sign_in`. Every refusal is the one error body, and
what a call refuses it changes nothing of.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.server.accounts import ceremonies, sessions, store
from pasur.server.accounts.bodies import CredentialBody, DeleteBody, NameBody, NewPasskeyOptions
from pasur.server.accounts.context import (
    check,
    device_label,
    engine,
    forget_cookie,
    guests,
    sign_in_as,
    signed_in,
    site,
)
from pasur.server.accounts.erase import erase
from pasur.server.accounts.names import clean_account_name
from pasur.server.history.games import iso_utc
from pasur.server.http.fields import id_in_path
from pasur.server.http.guests import COOKIE, Guest
from pasur.server.http.openapi import refusals

router = APIRouter(tags=["accounts"])

E = ErrorCode

SIGNED_IN = (E.NOT_SIGNED_IN, E.CROSS_SITE, E.UNAVAILABLE)
"""What a call that needs an account may be refused with, whatever it does."""

PASSKEY_ID = id_in_path("passkey_id", "[A-Za-z0-9_-]{22,1364}")
"""A passkey's credential id, base64url: WebAuthn's 16 to 1023 bytes."""
SESSION_ID = id_in_path("session_id", "[A-Za-z0-9_-]{12}")
"""A session's public id (:func:`pasur.server.accounts.sessions.open_session`)."""


@router.get(
    "/api/account",
    summary="The account signed in on this device, or null",
    responses=refusals(E.UNAVAILABLE),
)
async def get_account(request: Request) -> Response:
    """``{"account": null, "guest": name}`` for a guest (``"guest": null`` for someone with no
    cookie); else the account's name, rating, passkeys and sessions."""
    guest = guests(request).read(request.cookies.get(COOKIE))
    nobody = {"account": None, "guest": None if guest is None else guest.name}
    if guest is None or guest.session is None:
        return JSONResponse(nobody)
    async with engine(request).connect() as connection:
        found = await store.account(connection, guest.id)
        if found is None:
            return JSONResponse(nobody)
        body: JSONObject = {
            "name": found.name,
            "created_at": iso_utc(found.created_at),
            "may_rename_at": iso_utc(found.may_rename_at),
            "rating": await store.rating(connection, found.id),
            "passkeys": await store.passkeys(connection, found.id),
            "sessions": await sessions.sessions(connection, found.id, guest.session),
        }
    return JSONResponse({"account": body, "guest": None})


@router.post(
    "/api/account/passkeys/options",
    summary="Start adding a passkey (a guest's first makes their account)",
    responses=refusals(E.NO_GUEST, E.NAME_REFUSED, E.NAME_TAKEN, *SIGNED_IN[1:], body=True),
)
async def new_passkey_options(request: Request, body: NewPasskeyOptions) -> Response:
    """The options for ``navigator.credentials.create``. A guest names the account (their table
    name when they give none); the name is checked now and again when the passkey comes."""
    guest = guests(request).of(request)
    async with engine(request).begin() as connection:
        if guest.session is not None:
            found = await store.account(connection, guest.id)
            if found is None:
                raise Refused(E.NOT_SIGNED_IN, "sign in to an account first")
            subject, name, handle = found.id, found.name, found.user_handle
            existing = [row["id"] for row in await store.passkeys(connection, found.id)]
        else:
            name = clean_account_name(body.name if body.name is not None else guest.name)
            await store.check_free(connection, name)
            subject, handle, existing = guest.id, store.new_user_handle(), []
        options = await ceremonies.registration_options(
            connection,
            site(request),
            subject=subject,
            name=name,
            user_handle=handle,
            existing=existing,
        )
    return JSONResponse({"options": options})


@router.post(
    "/api/account/passkeys",
    status_code=201,
    summary="Finish adding a passkey (signs a guest in to their new account)",
    responses=refusals(E.NO_GUEST, E.BAD_PASSKEY, E.NAME_TAKEN, *SIGNED_IN[1:], body=True),
)
async def add_passkey(request: Request, body: CredentialBody) -> Response:
    """Check the browser's new passkey and keep it. A guest becomes an account under their own
    id, so their games, ratings and seats are the account's; the answer's cookie signs them in."""
    guest = guests(request).of(request)
    label = body.label or device_label(request)
    async with engine(request).begin() as connection:
        challenge = await ceremonies.take_challenge(
            connection, body.credential, ceremonies.REGISTER
        )
        if challenge.subject != guest.id:
            raise ceremonies.bad("this passkey was started for someone else; start again")
        passkey = ceremonies.verify_new_passkey(site(request), challenge, body.credential)
        token = None
        if guest.session is None:
            assert challenge.name is not None and challenge.user_handle is not None
            made = await store.create(connection, guest.id, challenge.name, challenge.user_handle)
            token = await sessions.open_session(connection, made.id, device_label(request))
            name = made.name
        else:
            name = guest.name
        await store.add_passkey(connection, guest.id, passkey, label)
    response = JSONResponse({"name": name, "passkey": passkey.id}, status_code=201)
    if token is not None:
        sign_in_as(request, response, guest.id, name, token)
    return response


@router.delete(
    "/api/account/passkeys/{passkey_id:passkey_id}",
    status_code=204,
    summary="Remove one of the account's passkeys",
    responses=refusals(E.NO_SUCH_PASSKEY, E.LAST_PASSKEY, *SIGNED_IN),
)
async def remove_passkey(
    request: Request, passkey_id: Annotated[str, Path(pattern=PASSKEY_ID)]
) -> Response:
    guest = signed_in(request)
    async with engine(request).begin() as connection:
        await store.remove_passkey(connection, guest.id, passkey_id)
    return Response(status_code=204)


@router.put(
    "/api/account/name",
    summary="Change the account's name (at most once a month)",
    responses=refusals(E.NAME_REFUSED, E.NAME_TAKEN, E.NAME_TOO_SOON, *SIGNED_IN, body=True),
)
async def rename(request: Request, body: NameBody) -> Response:
    guest = signed_in(request)
    name = clean_account_name(body.name)
    async with engine(request).begin() as connection:
        found = await store.account(connection, guest.id)
        if found is None:
            raise Refused(E.NOT_SIGNED_IN, "sign in to an account first")
        renamed = await store.rename(connection, found, name)
    response = JSONResponse({"name": renamed.name, "may_rename_at": iso_utc(renamed.may_rename_at)})
    guests(request).set_cookie(response, request, Guest(guest.id, renamed.name, guest.session))
    return response


@router.delete(
    "/api/account/sessions/{session_id:session_id}",
    status_code=204,
    summary="Sign one of the account's devices out",
    responses=refusals(E.NO_SUCH_SESSION, *SIGNED_IN),
)
async def end_session(
    request: Request, session_id: Annotated[str, Path(pattern=SESSION_ID)]
) -> Response:
    guest = signed_in(request)
    async with engine(request).begin() as connection:
        await sessions.revoke(connection, guest.id, session_id)
    check(request).forget()
    return Response(status_code=204)


@router.post(
    "/api/account/sessions/end-others",
    summary="Sign out everywhere but this device",
    responses=refusals(*SIGNED_IN),
)
async def end_other_sessions(request: Request) -> Response:
    """Every other session ends, and any guest cookie of the account's id stops working."""
    guest = signed_in(request)
    async with engine(request).begin() as connection:
        ended = await sessions.revoke_others(connection, guest.id, guest.session)
    check(request).forget()
    return JSONResponse({"ended": ended})


@router.post(
    "/api/account/link",
    status_code=201,
    summary="A one-time code that signs another device in",
    responses=refusals(*SIGNED_IN),
)
async def new_link(request: Request) -> Response:
    """Shown on this device, typed on the other within ten minutes; it works once."""
    guest = signed_in(request)
    async with engine(request).begin() as connection:
        code, expires = await sessions.new_link(connection, guest.id)
    return JSONResponse({"code": code, "expires_at": iso_utc(expires)}, status_code=201)


@router.delete(
    "/api/account",
    status_code=204,
    summary="Delete the account: personal data goes, finished games stay anonymised",
    responses=refusals(E.NAME_REFUSED, *SIGNED_IN, body=True),
)
async def delete_account(request: Request, body: DeleteBody) -> Response:
    """``confirm`` is the account's name, typed again; the cookie is forgotten too."""
    guest = signed_in(request)
    async with engine(request).begin() as connection:
        found = await store.account(connection, guest.id)
        if found is None:
            raise Refused(E.NOT_SIGNED_IN, "sign in to an account first")
        if body.confirm.strip() != found.name:
            raise Refused(E.NAME_REFUSED, "type the account's name exactly to delete it")
        await erase(connection, found.id)
    check(request).forget()
    response = Response(status_code=204)
    forget_cookie(response)
    return response
