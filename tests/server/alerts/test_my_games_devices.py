""" "My games" on every device: an account signed in on a second device sees its seat there and
opens it with a new token that the server gives the seat's own person only (by the cookie); the
token the first device kept stops working, and the first device gets its own new one the same
way. Nobody else gets a token for the seat."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from play_support import live_table

from pasur.server.http.guests import COOKIE


def seat_of_token(client: TestClient, table_id: str, token: str) -> Any:
    """The seat a socket says hello with ``token`` gets, or the error frame's code."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "protocol": 1, "seat_token": token, "since": None})
        frame = ws.receive_json()
        return frame["you"] if frame["type"] == "welcome" else frame["code"]


def renew(device: Device, table_id: str) -> Any:
    return device.call("POST", f"/api/tables/{table_id}/seat-token")


def test_a_second_device_of_the_account_opens_the_seat(client: TestClient) -> None:
    phone, passkey = Device(client), Passkey()
    phone.guest("Ava")
    assert phone.add_passkey(passkey, "Ava_T").status_code == 201
    laptop = Device(client)
    assert laptop.sign_in(passkey).status_code == 200
    assert laptop.cookie != phone.cookie  # a session of its own, the account's id

    table_id = phone.call("POST", "/api/tables", {"players": 2}).json()["table_id"]
    first = phone.call("POST", f"/api/tables/{table_id}/join", {"seat": 1}).json()["seat_token"]
    [game] = laptop.call("GET", "/api/my-games").json()["games"]
    assert game["table_id"] == table_id and game["seat"] == 1
    assert laptop.call("GET", f"/api/tables/{table_id}").json()["your_seat"] == 1

    renewed = renew(laptop, table_id)
    assert renewed.status_code == 200, renewed.text
    body = renewed.json()
    assert (
        body["seat"] == 1
        and body["rejoin_url"] == f"/play/t/{table_id}?seat_token=" + (body["seat_token"])
    )
    assert seat_of_token(client, table_id, body["seat_token"]) == 1
    assert seat_of_token(client, table_id, first) == "bad_token"  # one token per seat
    before = live_table(client, table_id).version
    again = renew(phone, table_id).json()["seat_token"]
    assert live_table(client, table_id).version == before  # no event: the seat is the same
    assert seat_of_token(client, table_id, again) == 1
    assert seat_of_token(client, table_id, body["seat_token"]) == "bad_token"


def test_nobody_else_gets_a_token_for_the_seat(client: TestClient) -> None:
    ava, cyrus = Device(client), Device(client)
    ava.guest("Ava")
    cyrus.guest("Cyrus")
    table_id = ava.call("POST", "/api/tables", {"players": 2}).json()["table_id"]
    token = ava.call("POST", f"/api/tables/{table_id}/join", {"seat": 0}).json()["seat_token"]

    refused = renew(cyrus, table_id)
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "not_seated"
    assert cyrus.call("GET", f"/api/tables/{table_id}").json()["your_seat"] is None
    client.cookies.clear()
    anonymous = client.post(f"/api/tables/{table_id}/seat-token")
    assert anonymous.status_code == 401 and anonymous.json()["detail"]["code"] == "no_guest"
    assert client.get(f"/api/tables/{table_id}").json()["your_seat"] is None
    missing = renew(ava, "no-such-table")
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "no_such_table"
    forged = client.post(
        f"/api/tables/{table_id}/seat-token", headers={"Cookie": f"{COOKIE}=forged"}
    )
    assert forged.status_code == 401
    cross = client.post(
        f"/api/tables/{table_id}/seat-token",
        headers={"Cookie": f"{COOKIE}={ava.cookie}", "Origin": "https://elsewhere.example"},
    )
    assert cross.status_code == 403 and cross.json()["detail"]["code"] == "cross_site"
    assert seat_of_token(client, table_id, token) == 0  # every refusal changed nothing
