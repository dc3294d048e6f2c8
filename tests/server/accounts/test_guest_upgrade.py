"""A guest who adds a passkey keeps, as the account, what they held as a guest: a seat at an open
table (its token, "my games", the right to manage the table, on every device signed in) and the
push subscription of their browser."""

from __future__ import annotations

import base64
import os
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from play_support import hello

from pasur.server.alerts.subscriptions import SubscriptionStore


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def subscription(endpoint: str) -> dict[str, Any]:
    """A browser's ``PushSubscription.toJSON()``, with keys of its own."""
    point = ec.generate_private_key(ec.SECP256R1()).public_key()
    p256dh = point.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    keys = {"p256dh": b64url(p256dh), "auth": b64url(os.urandom(16))}
    return {"endpoint": endpoint, "expirationTime": None, "keys": keys}


def subscriptions_of(client: TestClient, player_id: str) -> list[Any]:
    store: SubscriptionStore = client.app.state.push_subscriptions  # type: ignore[attr-defined]
    return client.portal.call(store.of, player_id)  # type: ignore[union-attr, no-any-return]


def my_games(device: Device) -> list[tuple[str, int]]:
    games = device.call("GET", "/api/my-games").json()["games"]
    return [(game["table_id"], game["seat"]) for game in games]


def test_a_guest_keeps_a_seat_at_an_open_table_and_a_push_subscription(
    client: TestClient,
) -> None:
    phone, passkey = Device(client), Passkey()
    phone.guest("Ava")
    made = phone.call("POST", "/api/tables", {"players": 3})
    table_id = made.json()["table_id"]
    joined = phone.call("POST", f"/api/tables/{table_id}/join", {"seat": 1}).json()
    body = subscription("https://8.8.8.8/push/ava")
    assert phone.call("POST", "/api/push/subscriptions", body).status_code == 201
    table = client.app.state.table_manager.tables[table_id].table  # type: ignore[attr-defined]
    guest_id = table.seats[1].player
    assert my_games(phone) == [(table_id, 1)]

    assert phone.add_passkey(passkey, name="Ava_T").status_code == 201
    # The same id, now an account's: the seat, its token and the subscription are all kept.
    assert table.seats[1].player == guest_id
    assert my_games(phone) == [(table_id, 1)]
    assert [s.endpoint for s in subscriptions_of(client, guest_id)] == [body["endpoint"]]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, joined["seat_token"])["you"] == 1

    # Another device signed in to the account holds the seat too: it sees and manages the table,
    # and it can unsubscribe the phone's browser, which is the account's.
    laptop = Device(client)
    assert laptop.sign_in(passkey).status_code == 200
    assert my_games(laptop) == [(table_id, 1)]
    bot = laptop.call("POST", f"/api/tables/{table_id}/bots", {"seat": 2, "level": "random"})
    assert bot.status_code == 200, bot.text
    assert laptop.call("POST", f"/api/tables/{table_id}/join", {}).json()["detail"]["code"] == (
        "already_seated"
    )
    gone = laptop.call("DELETE", "/api/push/subscriptions", {"endpoint": body["endpoint"]})
    assert gone.json() == {"deleted": True}
    assert subscriptions_of(client, guest_id) == []
