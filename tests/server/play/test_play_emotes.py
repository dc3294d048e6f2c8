"""Emotes: a fixed set, shown by seated people to everyone, limited per seat, never kept."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table

from pasur.protocol.emotes import EMOTES
from pasur.protocol.frames import EmoteShown
from pasur.server.cluster.messages import ChatSaid, table_message
from pasur.server.http.rate_limit import Rate
from pasur.server.tables.emotes import EMOTE_RATE, EmoteGate


def waiting_table(client: TestClient) -> tuple[str, str, str]:
    """A two-seat table with Ava and Babak (not started): its id and their seat tokens."""
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2)
    return table_id, ava.join(table_id)[1], babak.join(table_id)[1]


def next_emote(ws: Any) -> dict[str, Any]:
    """The next emote or error frame (connection events of other sockets are skipped)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] in ("emote", "error"):
            return frame


def test_an_emote_reaches_every_socket_and_changes_no_version(client: TestClient) -> None:
    table_id, token_a, token_b = waiting_table(client)
    table = live_table(client, table_id)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_watch,
    ):
        for ws, token in ((ws_a, token_a), (ws_b, token_b), (ws_watch, None)):
            hello(ws, token)
            ws.receive_json()
        version = table.version
        ws_b.send_json({"type": "emote", "emote": "well_played", "ref": "e1"})
        shown = [next_emote(ws) for ws in (ws_a, ws_b, ws_watch)]
        assert table.version == version
    assert shown == [shown[0]] * 3
    assert {k: v for k, v in shown[0].items() if k != "at"} == {
        "type": "emote",
        "seat": 1,
        "emote": "well_played",
    }


@pytest.mark.parametrize("emote", ["", "WAVE", "<b>hi</b>", "well played", 3, None, ["hello"]])
def test_an_unknown_emote_is_refused_and_sent_to_nobody(client: TestClient, emote: object) -> None:
    table_id, token_a, token_b = waiting_table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
    ):
        hello(ws_a, token_a)
        ws_a.receive_json()
        hello(ws_b, token_b)
        ws_b.receive_json()
        ws_a.send_json({"type": "emote", "emote": emote, "ref": "bad"})
        answer = next_emote(ws_a)
        assert (answer["type"], answer["code"], answer["ref"]) == ("error", "bad_emote", "bad")
        ws_a.send_json({"type": "emote", "emote": "hello"})  # the first emote B receives
        assert next_emote(ws_b)["emote"] == "hello"


def test_spectators_see_emotes_but_do_not_show_them(client: TestClient) -> None:
    table_id, _, _ = waiting_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        ws.receive_json()
        ws.send_json({"type": "emote", "emote": "hello", "ref": 4})
        answer = ws.receive_json()
    assert (answer["code"], answer["ref"]) == ("not_seated", 4)


def test_the_limit_is_per_seat_across_its_sockets(client: TestClient) -> None:
    table_id, token_a, token_b = waiting_table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as tab_one,
        client.websocket_connect(f"/ws/tables/{table_id}") as tab_two,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
    ):
        for ws, token in ((tab_one, token_a), (tab_two, token_a), (ws_b, token_b)):
            hello(ws, token)
            ws.receive_json()
        for number in range(EMOTE_RATE.size):  # Ava's budget, spent from both of her tabs
            (tab_one, tab_two)[number % 2].send_json({"type": "emote", "emote": "oops"})
            assert [next_emote(ws)["seat"] for ws in (tab_one, tab_two, ws_b)] == [0, 0, 0]
        tab_two.send_json({"type": "emote", "emote": "oops", "ref": "over"})
        refused = next_emote(tab_two)
        assert (refused["code"], refused["ref"]) == ("emote_limited", "over")
        ws_b.send_json({"type": "emote", "emote": "thanks"})  # Babak's budget is his own
        shown = next_emote(ws_b)
        assert shown["seat"] == 1 and next_emote(tab_one) == shown


def test_a_new_socket_receives_no_old_emote(client: TestClient) -> None:
    table_id, token_a, _ = waiting_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token_a)
        ws.receive_json()
        ws.send_json({"type": "emote", "emote": "hello"})
        assert next_emote(ws)["emote"] == "hello"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_json({"type": "ping", "t": 1})
        assert ws.receive_json() == {"type": "pong", "t": 1}  # nothing came between


def test_the_gate_refills_and_keeps_seats_apart() -> None:
    now = [0.0]
    gate = EmoteGate(Rate(2, 10.0), clock=lambda: now[0])
    assert [gate.allow(0) for _ in range(3)] == [True, True, False]
    assert gate.allow(1)
    now[0] = 5.0  # half the window: one emote back
    assert [gate.allow(0), gate.allow(0)] == [True, False]


def test_an_emote_crosses_processes_as_itself() -> None:
    for emote in EMOTES:
        shown = EmoteShown(2, emote, 1_723_456_789)
        assert table_message(ChatSaid(shown).to_json()) == ChatSaid(shown)
