"""A rejoin link on another device: its seat token (in the ``Pasur-Seat-Token`` header) lets the
person manage the table as the seated person they are, whatever guest cookie that device has."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient

from pasur.server.play.access import SEAT_TOKEN_HEADER


def test_a_seat_token_lets_another_device_manage_the_table(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2)
    _, token = ava.join(table_id, 0)
    phone = GuestClient(client, "Ava")  # the same person: another device, another guest id
    with_token = phone.headers | {SEAT_TOKEN_HEADER: token}
    bots = f"/api/tables/{table_id}/bots"
    with caplog.at_level(logging.DEBUG):
        refused = phone.post(bots, {"seat": 1, "level": "random"})
        assert refused.status_code == 403 and refused.json()["detail"]["code"] == "not_seated"
        put = client.post(bots, json={"seat": 1, "level": "random"}, headers=with_token)
        assert put.status_code == 200, put.text
        removed = client.delete(f"{bots}/1", headers=with_token)
        assert removed.status_code == 200, removed.text
        assert client.post(bots, json={"seat": 1, "level": "casual"}, headers=with_token).is_success
        # No guest cookie at all: the token alone says who this is.
        start = client.post(f"/api/tables/{table_id}/start", headers={SEAT_TOKEN_HEADER: token})
        assert start.status_code == 200, start.text
        assert start.json()["status"] == "playing"
    assert token not in caplog.text, "a seat token is never logged"


@pytest.mark.parametrize("token", ["not a token", "x" * 101, ""])
def test_a_token_that_opens_no_seat_here_authorises_nothing(client: TestClient, token: str) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2)
    ava.join(table_id, 0)
    other_table = ava.create(players=2)
    _, other_token = ava.join(other_table, 0)
    stranger = GuestClient(client, "Sam")
    for sent in (token, other_token):
        headers = stranger.headers | {SEAT_TOKEN_HEADER: sent}
        response = client.post(f"/api/tables/{table_id}/start", headers=headers)
        assert response.status_code == 403, response.text
        assert response.json()["detail"]["code"] == "not_seated"
        bare = client.post(f"/api/tables/{table_id}/start", headers={SEAT_TOKEN_HEADER: sent})
        assert bare.status_code == 401 and bare.json()["detail"]["code"] == "no_guest"


def test_a_seat_token_leaves_its_seat_from_another_device(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2)
    _, token = ava.join(table_id, 1)
    phone = GuestClient(client, "Ava")
    nothing = phone.post(f"/api/tables/{table_id}/leave")
    assert nothing.status_code == 403, "without the token the phone holds no seat"
    headers = phone.headers | {SEAT_TOKEN_HEADER: token}
    left = client.post(f"/api/tables/{table_id}/leave", headers=headers)
    assert left.json() == {"left": 1}
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["kind"] == "empty"
    again = client.post(f"/api/tables/{table_id}/start", headers=headers)
    assert again.status_code == 403, "the token stopped working when its seat was left"
