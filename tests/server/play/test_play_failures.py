"""A table socket meets a failure: an outage of the database or Redis, or a bug.

Every failure gets an error frame with a code and one log line; an outage leaves the socket
usable (nothing changed), a bug closes it so the client reconnects to the table as stored.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import frames_until, hello, practice_table
from redis.exceptions import ConnectionError as RedisConnectionError
from starlette.websockets import WebSocketDisconnect

from pasur.server.http.errors import UNAVAILABLE_CLOSE, unavailable_message
from pasur.server.tables.manager import TableManager

REDIS_DOWN = unavailable_message("Redis, which it shares tables through")


def manager_of(client: TestClient) -> TableManager:
    manager = client.app.state.table_manager  # type: ignore[attr-defined]
    assert isinstance(manager, TableManager)
    return manager


def failing(error: Exception) -> Any:
    async def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise error

    return fail


def test_a_socket_that_cannot_join_during_an_outage_is_told_and_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, tokens = practice_table(client)
    monkeypatch.setattr(
        manager_of(client), "connect", failing(RedisConnectionError("Connection refused"))
    )
    with (
        caplog.at_level(logging.WARNING, "pasur.server"),
        client.websocket_connect(f"/ws/tables/{table_id}") as ws,
    ):
        ws.send_json({"type": "hello", "protocol": 1, "seat_token": tokens[0]})
        assert ws.receive_json() == {
            "type": "error",
            "code": "unavailable",
            "message": REDIS_DOWN,
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == UNAVAILABLE_CLOSE
    (line,) = [r.getMessage() for r in caplog.records if "unavailable" in r.getMessage()]
    assert line == (
        f"unavailable in WebSocket /ws/tables/{table_id}: ConnectionError: Connection refused"
    )
    assert all(r.exc_info is None for r in caplog.records), "an outage is one line, no traceback"


def test_a_play_that_meets_an_outage_is_answered_and_the_socket_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, tokens = practice_table(client)
    manager = manager_of(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[0])
        shot = frames_until(ws, "snapshot")["snapshot"]
        move, version = shot["game"]["legal"][0], shot["version"]
        with monkeypatch.context() as patch, caplog.at_level(logging.WARNING, "pasur.server"):
            patch.setattr(manager, "act", failing(RedisConnectionError("Connection refused")))
            ws.send_json({"type": "play", "move": move, "version": version, "ref": "p1"})
            error = frames_until(ws, "error")
        assert error == {
            "type": "error",
            "code": "unavailable",
            "message": REDIS_DOWN,
            "ref": "p1",
        }
        (line,) = [r for r in caplog.records if r.name.startswith("pasur.server")]
        assert line.getMessage() == (
            f"unavailable at table {table_id}: ConnectionError: Connection refused"
        )
        # Nothing was played, and the same play goes through once the service is back.
        ws.send_json({"type": "play", "move": move, "version": version, "ref": "p2"})
        for _ in range(50):
            frame = ws.receive_json()
            assert frame["type"] != "error", frame
            if frame["type"] == "event" and frame["event"]["kind"] == "played":
                assert frame["event"]["n"] == version + 1
                break
        else:
            raise AssertionError("the play was never made")


def test_a_play_that_meets_a_bug_is_answered_logged_and_the_socket_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, tokens = practice_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[0])
        shot = frames_until(ws, "snapshot")["snapshot"]
        monkeypatch.setattr(manager_of(client), "act", failing(RuntimeError("a bug")))
        with caplog.at_level(logging.WARNING, "pasur.server"):
            move = shot["game"]["legal"][0]
            ws.send_json({"type": "play", "move": move, "version": shot["version"], "ref": 7})
            error = frames_until(ws, "error")
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
    assert error["code"] == "internal" and error["ref"] == 7
    assert "a bug" not in error["message"], "the client is not told the server's insides"
    assert closed.value.code == 1011
    (line,) = [r for r in caplog.records if r.name.startswith("pasur.server")]
    assert line.getMessage() == f"unexpected RuntimeError at table {table_id}"
    assert line.exc_info is not None, "the traceback is logged with it"
