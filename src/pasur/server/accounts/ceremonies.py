"""The two WebAuthn ceremonies, with py_webauthn: adding a passkey and signing in with one.

Each ceremony has two calls. The first makes a random challenge, keeps it (the
``passkey_challenges`` table, so any server process can finish the ceremony) and answers the
browser's options; the second takes the browser's answer, *uses up* the challenge it names (a
replayed answer finds none) and has py_webauthn check everything the answer signs: the challenge,
the origin and the relying party (this server's own address, never one the browser names), the
user's presence, and for a sign-in the passkey's signature and its counter. Whatever fails is
``bad_passkey``, and nothing but the spent challenge has changed.

Signing in asks for a *discoverable* passkey (``allowCredentials`` empty): the authenticator
offers the passkeys it holds for this site, and its answer's user handle names the account.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert
from sqlalchemy.ext.asyncio import AsyncConnection
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from pasur.protocol import ErrorCode, Refused
from pasur.server.db.account_rows import PasskeyChallengeRow

CHALLENGE_TTL = timedelta(minutes=5)
"""How long a ceremony may take between its two calls."""

RP_NAME = "Pasur"

REGISTER = "register"
SIGN_IN = "sign_in"


@dataclass(frozen=True, slots=True)
class Site:
    """Who the passkeys are for: this server's origin and its relying-party id (its host)."""

    origin: str
    rp_id: str


@dataclass(frozen=True, slots=True)
class Challenge:
    """A ceremony's challenge, as it was kept."""

    purpose: str
    subject: str | None
    name: str | None
    user_handle: str | None
    value: bytes


@dataclass(frozen=True, slots=True)
class NewPasskey:
    """A verified new passkey, ready to store."""

    id: str
    public_key: str
    sign_count: int
    transports: list[str]


def bad(message: str) -> Refused:
    return Refused(ErrorCode.BAD_PASSKEY, message)


async def registration_options(
    connection: AsyncConnection,
    site: Site,
    *,
    subject: str,
    name: str,
    user_handle: str,
    existing: list[str],
) -> dict[str, Any]:
    """The options of ``navigator.credentials.create`` for a new passkey of ``subject``."""
    options = generate_registration_options(
        rp_id=site.rp_id,
        rp_name=RP_NAME,
        user_id=base64url_to_bytes(user_handle),
        user_name=name,
        user_display_name=name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(credential))
            for credential in existing
        ],
    )
    await _keep(connection, options.challenge, REGISTER, subject, name, user_handle)
    found: dict[str, Any] = json.loads(options_to_json(options))
    return found


async def authentication_options(connection: AsyncConnection, site: Site) -> dict[str, Any]:
    """The options of ``navigator.credentials.get`` for any passkey this site knows."""
    options = generate_authentication_options(
        rp_id=site.rp_id, user_verification=UserVerificationRequirement.PREFERRED
    )
    await _keep(connection, options.challenge, SIGN_IN, None, None, None)
    found: dict[str, Any] = json.loads(options_to_json(options))
    return found


async def take_challenge(
    connection: AsyncConnection, credential: dict[str, Any], purpose: str
) -> Challenge:
    """Use up the challenge the browser's answer signs; ``bad_passkey`` when there is none."""
    try:
        client_data = json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))
        value = client_data["challenge"]
        if not isinstance(value, str) or len(value) > 128:
            raise ValueError(value)
    except (KeyError, TypeError, ValueError):
        raise bad("the answer holds no readable challenge") from None
    row = (
        await connection.execute(
            delete(PasskeyChallengeRow)
            .where(PasskeyChallengeRow.challenge == value, PasskeyChallengeRow.purpose == purpose)
            .returning(
                PasskeyChallengeRow.subject,
                PasskeyChallengeRow.name,
                PasskeyChallengeRow.user_handle,
                PasskeyChallengeRow.expires_at,
            )
        )
    ).first()
    if row is None or aware(row.expires_at) < datetime.now(UTC):
        raise bad("the answer's challenge is unknown, used or expired; start again")
    return Challenge(purpose, row.subject, row.name, row.user_handle, base64url_to_bytes(value))


def verify_new_passkey(site: Site, challenge: Challenge, credential: dict[str, Any]) -> NewPasskey:
    """The passkey an answer to :func:`registration_options` creates, checked."""
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge.value,
            expected_rp_id=site.rp_id,
            expected_origin=site.origin,
        )
    except (WebAuthnException, KeyError, TypeError, ValueError) as error:
        raise bad(f"the new passkey was not accepted: {_why(error)}") from None
    transports = credential.get("response", {}).get("transports", [])
    return NewPasskey(
        id=bytes_to_base64url(verified.credential_id),
        public_key=bytes_to_base64url(verified.credential_public_key),
        sign_count=verified.sign_count,
        transports=[t for t in transports if isinstance(t, str)][:8]
        if isinstance(transports, list)
        else [],
    )


def verify_sign_in(
    site: Site,
    challenge: Challenge,
    credential: dict[str, Any],
    public_key: str,
    sign_count: int,
) -> int:
    """Check a sign-in answer against its passkey; the passkey's new counter."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge.value,
            expected_rp_id=site.rp_id,
            expected_origin=site.origin,
            credential_public_key=base64url_to_bytes(public_key),
            credential_current_sign_count=sign_count,
        )
    except (WebAuthnException, KeyError, TypeError, ValueError) as error:
        raise bad(f"the passkey's answer was not accepted: {_why(error)}") from None
    new_count: int = verified.new_sign_count
    return new_count


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times, which are UTC here."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def _keep(
    connection: AsyncConnection,
    value: bytes,
    purpose: str,
    subject: str | None,
    name: str | None,
    user_handle: str | None,
) -> None:
    now = datetime.now(UTC)
    # Expired challenges go as new ones come, so the table holds only ceremonies under way.
    await connection.execute(
        delete(PasskeyChallengeRow).where(PasskeyChallengeRow.expires_at < now)
    )
    await connection.execute(
        insert(PasskeyChallengeRow).values(
            challenge=bytes_to_base64url(value),
            purpose=purpose,
            subject=subject,
            name=name,
            user_handle=user_handle,
            expires_at=now + CHALLENGE_TTL,
        )
    )


def _why(error: Exception) -> str:
    """py_webauthn's reason, shortened (it names what failed: origin, RP ID, signature …)."""
    text = str(error) or type(error).__name__
    return text[:200]
