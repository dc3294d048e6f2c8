"""The server's VAPID key (RFC 8292): it signs every push, and its public half is what a browser
subscribes with (``GET /api/push/vapid-key``).

The key is the operator's (``PASUR_VAPID_PRIVATE_KEY``), or one generated once with py-vapid and
kept in the database's ``server_secrets`` table: a key that changed would orphan every browser's
subscription, so all processes and restarts must read the same one.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from py_vapid.utils import b64urlencode

from pasur.server.alerts.push_settings import PushSettings
from pasur.server.db.database import Database
from pasur.server.http.guests import stored_secret

SECRET_NAME = "vapid_private_key"


def new_private_key() -> str:
    """A new P-256 private key as its raw 32 bytes in base64url (what is stored)."""
    key = Vapid()
    key.generate_keys()
    number: int = key.private_key.private_numbers().private_value
    return str(b64urlencode(number.to_bytes(32, "big")))


class VapidKeys:
    """The server's VAPID key pair."""

    def __init__(self, private_key: str) -> None:
        self.signer = Vapid.from_string(private_key=private_key)
        """The py-vapid key that signs pushes."""
        public: ec.EllipticCurvePublicKey = self.signer.public_key
        raw = public.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.public_key = str(b64urlencode(raw))
        """The public key as browsers take it (``applicationServerKey``): base64url, 65 bytes."""

    @classmethod
    async def load(cls, database: Database, settings: PushSettings) -> VapidKeys:
        """The operator's key, else the one kept in the database (made at the first start)."""
        if settings.vapid_private_key:
            return cls(settings.vapid_private_key)
        return cls(await stored_secret(database, SECRET_NAME, new_private_key))
