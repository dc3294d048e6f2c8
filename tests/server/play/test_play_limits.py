"""Rate limits on the table socket: per socket (frames, chat, hints) and per address."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import TEST_LIMITS, GuestClient, hello, live_table, practice_table

from pasur.server.http.rate_limit import Rate
from pasur.server.settings import Limits

Maker = Callable[..., TestClient]


def client_with(make_client: Maker, url: str, **limits: Any) -> TestClient:
    return make_client(url, limits=dataclasses.replace(TEST_LIMITS, **limits))


def seated(client: TestClient) -> tuple[str, str]:
    """A waiting two-seat table with Ava in seat 0: its id and her token."""
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2)
    return table_id, ava.join(table_id)[1]


def test_a_flooding_socket_is_told_then_closed_and_changes_nothing(
    make_client: Maker, backend: str
) -> None:
    client = client_with(make_client, backend, seat_frames=Rate(3, 60.0), abuse_factor=2)
    table_id, token = seated(client)
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        ws.receive_json()
        version = table.version
        for n in range(3):
            ws.send_json({"type": "ping", "t": n})
            assert ws.receive_json() == {"type": "pong", "t": n}
        for n in range(6):  # 2 x the bucket of 3: answered, nothing done
            ws.send_json({"type": "chat", "text": "spam", "ref": n})
            answer = ws.receive_json()
            assert (answer["code"], answer["ref"]) == ("rate_limited", n)
        ws.send_text("not even JSON")  # counted like any frame
        assert ws.receive_json()["code"] == "rate_limited"
        closed = ws.receive()
    assert closed == {"type": "websocket.close", "code": 1008, "reason": "too many frames"}
    after = [event.kind.value for event in table.history if event.number > version]
    assert after in ([], ["connection"])  # at most the mark of the closed socket


def test_a_spectator_has_a_smaller_bucket_than_a_seat(make_client: Maker, backend: str) -> None:
    client = client_with(
        make_client, backend, seat_frames=Rate(4, 60.0), spectator_frames=Rate(2, 60.0)
    )
    table_id, token = seated(client)
    for who, allowed in ((token, 4), (None, 2)):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, who)
            ws.receive_json()
            answers = []
            for _ in range(allowed + 1):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json()["type"])
        assert answers == ["pong"] * allowed + ["error"]


def test_chat_lines_beyond_the_chat_bucket_reach_nobody(make_client: Maker, backend: str) -> None:
    client = client_with(make_client, backend, chat=Rate(2, 60.0))
    table_id, token = seated(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_watch,
    ):
        hello(ws, token)
        ws.receive_json()
        hello(ws_watch, None)
        ws_watch.receive_json()
        for n in range(3):
            ws.send_json({"type": "chat", "text": f"line {n}", "ref": n})
        answers = [ws.receive_json() for _ in range(3)]
        assert [a["type"] for a in answers] == ["chat", "chat", "error"]
        assert answers[2]["code"] == "rate_limited" and answers[2]["ref"] == 2
        ws_watch.send_json({"type": "ping"})
        seen = [ws_watch.receive_json() for _ in range(3)]
    assert [f.get("text", f["type"]) for f in seen] == ["line 0", "line 1", "pong"]


def test_one_hint_per_window(make_client: Maker, backend: str) -> None:
    client = client_with(make_client, backend, hints=Rate(1, 60.0))
    table_id, [token] = practice_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        ws.receive_json()
        ws.send_json({"type": "hint", "ref": "a"})
        ws.send_json({"type": "hint", "ref": "b"})
        answers = {frame["ref"]: frame for frame in (ws.receive_json(), ws.receive_json())}
    assert answers["a"]["type"] == "hint"
    assert answers["b"]["code"] == "rate_limited"


@pytest.mark.parametrize(
    ("limits", "allowed"),
    [
        ({"sockets_per_address": 2}, 2),
        ({"connects_per_address": Rate(3, 60.0)}, 3),
    ],
)
def test_an_address_over_its_limit_is_refused_with_1008(
    make_client: Maker, backend: str, limits: dict[str, Any], allowed: int
) -> None:
    client = client_with(make_client, backend, **limits)
    table_id, _ = seated(client)
    opened = []
    try:
        for _ in range(allowed):
            ws = client.websocket_connect(f"/ws/tables/{table_id}").__enter__()
            opened.append(ws)
            if "connects_per_address" in limits:  # connections count even once closed
                ws.__exit__(None, None, None)
                opened.pop()
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            answer = ws.receive_json()
            closed = ws.receive()
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)
    assert answer["type"] == "error" and answer["code"] == "rate_limited"
    assert closed["type"] == "websocket.close" and closed["code"] == 1008


def test_the_default_limits_are_the_documented_ones() -> None:
    limits = Limits()
    assert (limits.seat_frames, limits.spectator_frames) == (Rate(100, 20.0), Rate(50, 20.0))
    assert (limits.chat, limits.hints) == (Rate(5, 10.0), Rate(1, 2.0))
    assert (limits.sockets_per_address, limits.connects_per_address) == (20, Rate(60, 60.0))
