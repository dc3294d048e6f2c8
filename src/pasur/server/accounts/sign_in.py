"""Signing a device in and out: with a passkey, with a device-link code, and signing out.

``POST /api/session/options`` then ``POST /api/session`` (a discoverable passkey: the
authenticator offers this site's passkeys, so nobody types a name); ``POST /api/session/link``
(a code from a signed-in device); ``DELETE /api/session`` (this device only). Every attempt
counts against the caller's address (:mod:`pasur.server.accounts.limits`).

Signing in makes the device the account's: its cookie now names the account. What the device
did as a guest before stays with that guest's id, not merged into the account.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts import ceremonies, sessions, store
from pasur.server.accounts.bodies import CredentialBody, LinkCodeBody
from pasur.server.accounts.context import (
    check,
    device_label,
    engine,
    forget_cookie,
    guests,
    sign_in_as,
    sign_in_attempt,
    site,
)
from pasur.server.http.guests import COOKIE
from pasur.server.http.openapi import refusals

router = APIRouter(tags=["accounts"])

E = ErrorCode


@router.post(
    "/api/session/options",
    summary="Start signing in with a passkey",
    responses=refusals(E.RATE_LIMITED, E.CROSS_SITE, E.UNAVAILABLE),
)
async def sign_in_options(request: Request) -> Response:
    """The options for ``navigator.credentials.get`` (no passkey named: any of this site's)."""
    sign_in_attempt(request)
    async with engine(request).begin() as connection:
        options = await ceremonies.authentication_options(connection, site(request))
    return JSONResponse({"options": options})


@router.post(
    "/api/session",
    summary="Finish signing in with a passkey (sets the account's cookie)",
    responses=refusals(E.BAD_PASSKEY, E.RATE_LIMITED, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def sign_in(request: Request, body: CredentialBody) -> Response:
    sign_in_attempt(request)
    credential = body.credential
    async with engine(request).begin() as connection:
        challenge = await ceremonies.take_challenge(connection, credential, ceremonies.SIGN_IN)
        known = await store.passkey(connection, str(credential.get("id", ""))[:1400])
        if known is None:
            raise ceremonies.bad("this passkey is not registered here")
        found = await store.account(connection, known.account_id)
        handle = credential.get("response", {}).get("userHandle")
        if found is None or (handle is not None and handle != found.user_handle):
            raise ceremonies.bad("the passkey's user does not match its account")
        count = ceremonies.verify_sign_in(
            site(request), challenge, credential, known.public_key, known.sign_count
        )
        await store.used_passkey(connection, known.id, count)
        token = await sessions.open_session(connection, found.id, device_label(request))
    response = JSONResponse({"name": found.name})
    sign_in_as(request, response, found.id, found.name, token)
    return response


@router.post(
    "/api/session/link",
    summary="Sign in with a one-time code from a signed-in device",
    responses=refusals(E.BAD_LINK_CODE, E.RATE_LIMITED, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def sign_in_with_code(request: Request, body: LinkCodeBody) -> Response:
    sign_in_attempt(request)
    async with engine(request).begin() as connection:
        account_id = await sessions.redeem_link(connection, body.code)
        found = await store.account(connection, account_id)
        if found is None:  # pragma: no cover - the code goes with its account
            raise Refused(E.BAD_LINK_CODE, "that code is unknown, used or expired")
        token = await sessions.open_session(connection, found.id, device_label(request))
    response = JSONResponse({"name": found.name})
    sign_in_as(request, response, found.id, found.name, token)
    return response


@router.delete(
    "/api/session",
    status_code=204,
    summary="Sign this device out",
    responses=refusals(E.CROSS_SITE, E.UNAVAILABLE),
)
async def sign_out(request: Request) -> Response:
    """The session ends and the cookie is forgotten: the device is a new guest next time."""
    guest = guests(request).read(request.cookies.get(COOKIE))
    if guest is not None and guest.session is not None:
        async with engine(request).begin() as connection:
            await sessions.revoke_token(connection, guest.session)
        check(request).forget()
    response = Response(status_code=204)
    forget_cookie(response)
    return response
