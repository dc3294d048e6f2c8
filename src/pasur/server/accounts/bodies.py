"""The JSON bodies of the accounts' REST calls, strict as every body of this server.

A WebAuthn answer (``credential``) is the browser's ``PublicKeyCredential`` as JSON
(``toJSON()``): an object whose parts py_webauthn checks; here it is only bounded in size.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pasur.server.http.text import PasskeyLabel

_STRICT = ConfigDict(extra="forbid", strict=True)


class NewPasskeyOptions(BaseModel):
    model_config = _STRICT
    name: str | None = Field(
        None,
        max_length=200,
        description="The new account's name, when a guest adds their first passkey "
        "(an account's further passkeys take none).",
    )


class CredentialBody(BaseModel):
    model_config = _STRICT
    credential: dict[str, Any] = Field(
        description="The browser's PublicKeyCredential as JSON (its toJSON())."
    )
    label: PasskeyLabel | None = Field(
        None, description="What the account page calls the passkey (its device's by default)."
    )


class LinkCodeBody(BaseModel):
    model_config = _STRICT
    code: str = Field(max_length=40, description="The code the signed-in device shows.")


class NameBody(BaseModel):
    model_config = _STRICT
    name: str = Field(max_length=200)


class DeleteBody(BaseModel):
    model_config = _STRICT
    confirm: str = Field(max_length=200, description="The account's name, typed again.")
