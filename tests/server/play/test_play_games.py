"""Whole rounds through the WebSocket: two guests, a guest and a bot, and a spectator watching."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from play_support import (
    GuestClient,
    hello,
    live_table,
    play_round,
    read_until,
)

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def test_two_guests_play_a_round_and_every_socket_sees_only_its_own_cards(
    client: TestClient,
) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2, private=False)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table_id"] for t in listed] == [table_id]
    assert ava.join(table_id)[0] == 0
    seat, token_b = babak.join(table_id)
    assert seat == 1
    assert ava.post(f"/api/tables/{table_id}/leave").json() == {"left": 0}
    seat_a, token_a = ava.join(table_id, 0)
    assert seat_a == 0
    response = ava.post(f"/api/tables/{table_id}/start")
    assert response.status_code == 200, response.text
    assert client.get("/api/tables").json()["tables"] == []

    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_watch,
    ):
        assert hello(ws_a, token_a, since=0)["you"] == 0
        assert hello(ws_b, token_b, since=0)["you"] == 1
        assert hello(ws_watch, None, since=0)["you"] == -1
        last = play_round(client, table_id, {0: token_a, 1: token_b})
        table = live_table(client, table_id)
        assert len(last["rounds"]) == 1
        version = table.version
        seen = {
            recipient: read_until(ws, version)
            for recipient, ws in ((0, ws_a), (1, ws_b), (-1, ws_watch))
        }
    for recipient, events in seen.items():
        assert [event["n"] for event in events] == list(range(1, version + 1))
        assert events == table.events_for(recipient, 0)[:version]
    # The spectator never sees a hand; the deck appears only once the round is over.
    for event in seen[-1]:
        assert "hand" not in event
        if event["kind"] != "round_ended":
            assert "deck" not in event and "salt" not in event
    kinds = [event["kind"] for event in seen[0]]
    assert kinds.count("round_ended") == 1
    assert kinds.count("played") == 48


def test_a_guest_and_a_bot_finish_a_round(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"})
    seat, token = ava.join(table_id)
    assert seat == 0
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token, since=0)
        last = play_round(client, table_id, {0: token})
        version = live_table(client, table_id).version
        events = read_until(ws, version)
    assert len(last["rounds"]) == 1
    bys = {event["by"] for event in events if event["kind"] == "played"}
    assert bys == {"player", "bot"}


def test_a_spectator_snapshot_holds_no_hand_and_no_legal_moves(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"})
    ava.join(table_id)
    ava.post(f"/api/tables/{table_id}/start")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)
        shot = ws.receive_json()["snapshot"]
    game = shot["game"]
    assert "hand" not in game and "legal" not in game
    table = live_table(client, table_id)
    assert table.game is not None
    hidden = " ".join(table.snapshot_for(0)["game"]["hand"])
    text = str(shot)
    for card in hidden.split():
        assert card not in CARD.findall(text) or card in str(game["table"]) + str(game["piles"])


def test_a_table_that_forbids_spectators_refuses_a_socket_without_a_token(
    client: TestClient,
) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, spectators=False)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        frame = ws.receive_json()
    assert frame["type"] == "error" and frame["code"] == "no_spectators"
