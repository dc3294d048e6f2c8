"""Table chat: seated people write, everyone reads, lines are checked, kept, and not events."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import TEST_LIMITS, GuestClient, hello, live_table

from pasur.protocol import Refused
from pasur.protocol.text import clean_chat
from pasur.server.http.rate_limit import Rate
from pasur.server.tables.chat import KEEP


def waiting_table(client: TestClient) -> tuple[str, str, str]:
    """A two-seat table with Ava and Babak (not started): its id and their seat tokens."""
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2)
    return table_id, ava.join(table_id)[1], babak.join(table_id)[1]


def next_chat(ws: Any) -> dict[str, Any]:
    """The next chat or error frame (connection events of other sockets are skipped)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] in ("chat", "error"):
            return frame


def test_a_line_reaches_every_socket_and_does_not_change_the_version(client: TestClient) -> None:
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
        ws_a.send_json({"type": "chat", "text": "  salam <b>all</b>  ", "ref": "c1"})
        lines = [next_chat(ws) for ws in (ws_a, ws_b, ws_watch)]
        assert table.version == version
    first = lines[0]
    assert lines == [first] * 3
    assert {k: v for k, v in first.items() if k != "at"} == {
        "type": "chat",
        "seat": 0,
        "name": "Ava",
        "text": "salam <b>all</b>",  # stripped; sent as plain text, never escaped or parsed
    }
    assert abs(first["at"] - time.time()) < 60


@pytest.mark.parametrize(
    "text", ["", "   ", "x" * 201, "two\nlines", "tab\there", "bell\x07", "rtl\u202eoverride", 17]
)
def test_bad_lines_are_refused_and_sent_to_nobody(client: TestClient, text: object) -> None:
    table_id, token_a, token_b = waiting_table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
    ):
        hello(ws_a, token_a)
        ws_a.receive_json()
        hello(ws_b, token_b)
        ws_b.receive_json()
        ws_a.send_json({"type": "chat", "text": text, "ref": "bad"})
        answer = next_chat(ws_a)
        assert answer["type"] == "error" and answer["code"] == "bad_chat", answer
        assert answer["ref"] == "bad"
        ws_a.send_json({"type": "chat", "text": "ok"})  # the next good line is the first B sees
        assert next_chat(ws_b)["text"] == "ok"


def test_spectators_read_but_do_not_write(client: TestClient) -> None:
    table_id, _, _ = waiting_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "hello", "ref": 3})
        answer = ws.receive_json()
    assert (answer["code"], answer["ref"]) == ("not_seated", 3)
    assert live_table(client, table_id).version == 2  # the two seats, nothing more


def test_a_new_socket_gets_the_last_lines_after_its_catch_up(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    client = make_client(backend, limits=dataclasses.replace(TEST_LIMITS, chat=Rate(100, 1.0)))
    table_id, token_a, _ = waiting_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token_a)
        ws.receive_json()
        for number in range(KEEP + 5):
            ws.send_json({"type": "chat", "text": f"line {number}"})
            assert next_chat(ws)["text"] == f"line {number}"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        assert ws.receive_json()["type"] == "snapshot"
        kept = [ws.receive_json() for _ in range(KEEP)]
    assert [line["text"] for line in kept] == [f"line {n}" for n in range(5, KEEP + 5)]
    assert {line["type"] for line in kept} == {"chat"}


def test_clean_chat_keeps_persian_joiners_and_marks() -> None:
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \u200f!"  # ZWNJ and an RLM
    assert clean_chat(f" {persian} ") == persian
    assert clean_chat("x" * 200) == "x" * 200
    for bad in ("\u2066isolate", "private\ue000", "line\u2028sep", None):
        with pytest.raises(Refused) as refused:
            clean_chat(bad)
        assert refused.value.code == "bad_chat"
