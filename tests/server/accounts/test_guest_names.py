"""A guest cannot pass for an account or for the site: ``POST /api/guest`` refuses an account's
name (or one that is the same name by ``name_key``) and the site's words as ``name_taken``."""

from __future__ import annotations

from fastapi.testclient import TestClient
from passkey_support import Device, Passkey

TAKEN = [
    "Ava_T",
    "ava_t",  # case
    "AVA T",  # a space for the underscore
    "Ava-T",
    "Ava\uff3fT",  # a full-width underscore
    "\u0627\u0653\u0631\u0634",  # آرش, its alef and madda apart
    "admin",
    "Pasur",
    "مدیر",
    "pasur team",
    "The Moderator",
    "Expert bot",
    "ربات",
]
"""Names of the accounts ``Ava_T`` and ``آرش``, and words of the site's."""

FREE = ["Ava", "Ava Tehrani", "Abbot", "Guest", "آرش ۲"]


def test_a_guest_cannot_take_an_account_s_name_or_the_site_s_words(client: TestClient) -> None:
    for name in ("Ava_T", "آرش"):
        account = Device(client)
        account.guest(name)
        assert account.add_passkey(Passkey()).status_code == 201
    guest = Device(client)
    guest.guest("Mina")
    for name in TAKEN:
        refused = guest.call("POST", "/api/guest", {"name": name})
        assert refused.status_code == 409, (name, refused.text)
        assert refused.json()["detail"]["code"] == "name_taken"
        assert guest.call("GET", "/api/guest").json() == {"name": "Mina"}
    assert Device(client).call("POST", "/api/guest", {"name": "admin"}).status_code == 409
    for name in FREE:
        assert guest.call("POST", "/api/guest", {"name": name}).json() == {"name": name}
