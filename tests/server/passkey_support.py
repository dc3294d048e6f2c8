"""A software passkey for the accounts tests: it answers WebAuthn ceremonies as a browser's
authenticator would (``none`` attestation, an ES256 key, a counter), so the server's checks run
on real signatures, and a test can forge, replay or misdirect an answer on purpose."""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from pasur.server.http.guests import COOKIE

ORIGIN = "http://testserver"
RP_ID = "testserver"


class Passkey:
    """One credential on a software authenticator."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = secrets.token_bytes(16)
        self.count = 0
        self.user_handle: str | None = None

    @property
    def b64_id(self) -> str:
        return bytes_to_base64url(self.id)

    def create(
        self, options: dict[str, Any], *, origin: str = ORIGIN, rp_id: str = RP_ID
    ) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create(options)``."""
        self.user_handle = options["user"]["id"]
        numbers = self.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32), -3: numbers.y.to_bytes(32)}
        attested = bytes(16) + len(self.id).to_bytes(2) + self.id + cbor2.dumps(cose)
        auth_data = self._auth_data(rp_id, 0x45) + attested
        client = self._client_data("webauthn.create", options["challenge"], origin)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": self.b64_id,
            "rawId": self.b64_id,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(
        self, options: dict[str, Any], *, origin: str = ORIGIN, rp_id: str = RP_ID
    ) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get(options)``, signed."""
        self.count += 1
        auth_data = self._auth_data(rp_id, 0x05)
        client = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": self.b64_id,
            "rawId": self.b64_id,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
                "userHandle": self.user_handle,
            },
            "clientExtensionResults": {},
        }

    def _auth_data(self, rp_id: str, flags: int) -> bytes:
        rp_hash = hashlib.sha256(rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + self.count.to_bytes(4)

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        # The challenge is echoed back exactly as the options wrote it.
        base64url_to_bytes(challenge)
        data = {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        return json.dumps(data).encode()


class Device:
    """One browser: the shared test client with this device's own cookie, kept as answers set
    or forget it."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookie: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Cookie": f"{COOKIE}={self.cookie}"} if self.cookie else {}
        self.client.cookies.clear()
        response = self.client.request(method, path, json=body, headers=headers)
        self.client.cookies.clear()
        for line in response.headers.get_list("set-cookie"):
            if line.startswith(f"{COOKIE}="):
                value = line.split(";", 1)[0].split("=", 1)[1].strip('"')
                gone = "max-age=0" in line.lower() or not value
                self.cookie = None if gone else value
        return response

    def guest(self, name: str) -> None:
        response = self.call("POST", "/api/guest", {"name": name})
        assert response.status_code == 200, response.text

    def add_passkey(self, passkey: Passkey, name: str | None = None) -> Any:
        """Both calls of adding ``passkey``; the second call's answer."""
        body = {} if name is None else {"name": name}
        started = self.call("POST", "/api/account/passkeys/options", body)
        assert started.status_code == 200, started.text
        return self.call(
            "POST",
            "/api/account/passkeys",
            {"credential": passkey.create(started.json()["options"])},
        )

    def sign_in(self, passkey: Passkey, **where: str) -> Any:
        started = self.call("POST", "/api/session/options")
        assert started.status_code == 200, started.text
        answer = passkey.get(started.json()["options"], **where)
        return self.call("POST", "/api/session", {"credential": answer})


def device_of(client: TestClient, guest: Any) -> Device:
    """The device of a :class:`play_support.GuestClient` (its cookie), to carry on with."""
    device = Device(client)
    device.cookie = guest.headers["Cookie"].split("=", 1)[1]
    return device
