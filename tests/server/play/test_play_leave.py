"""Leaving a seat closes the sockets that seat opened, so they cannot speak for its next holder."""

from __future__ import annotations

from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table


def test_a_person_who_leaves_loses_the_sockets_of_the_seat(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2)
    _, token = ava.join(table_id, 0)
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        ws.receive_json()
        assert ava.post(f"/api/tables/{table_id}/leave").json() == {"left": 0}
        left = ws.receive_json()
        assert left["event"]["kind"] == "left"
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 1000
    babak.join(table_id, 0)
    assert table.seats[0].name == "Babak" and table.seats[0].connected
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat_token": token})
        assert ws.receive_json()["code"] == "bad_token"  # the old token opens nothing
