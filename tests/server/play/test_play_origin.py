"""The Origin check of the table socket's handshake: same origin, none, configured, foreign."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello
from starlette.websockets import WebSocketDisconnect

from pasur.server.http.origin import normalize_origin, origin_allowed
from pasur.server.settings import ServerSettings

Maker = Callable[..., TestClient]


def a_table(client: TestClient) -> str:
    return GuestClient(client, "Ava").create(players=2)


@pytest.mark.parametrize(
    "headers",
    [
        {},  # not a browser: no Origin
        {"origin": "http://testserver"},  # the server's own pages
        {"origin": "HTTP://TestServer:80"},  # the same, spelled otherwise
    ],
)
def test_no_origin_or_the_servers_own_is_allowed(
    client: TestClient, headers: dict[str, str]
) -> None:
    table_id = a_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
        assert hello(ws)["you"] == -1


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://testserver:8080", "https://testserver.evil", "null"]
)
def test_a_foreign_origin_is_refused_before_the_socket_opens(
    client: TestClient, origin: str, caplog: pytest.LogCaptureFixture
) -> None:
    table_id = a_table(client)
    with (
        caplog.at_level(logging.WARNING, "pasur.server.play"),
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/tables/{table_id}", headers={"origin": origin}),
    ):
        pass  # pragma: no cover - the handshake fails
    assert refused.value.code == 1008
    assert origin in caplog.text


def test_a_configured_origin_is_allowed(make_client: Maker, backend: str) -> None:
    client = make_client(backend, allowed_origins=("https://pasur.example",))
    table_id = a_table(client)
    headers = {"origin": "https://pasur.example:443"}
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
        assert hello(ws)["you"] == -1
    headers = {"origin": "https://other.example"}
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/tables/{table_id}", headers=headers),
    ):
        pass  # pragma: no cover - the handshake fails


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("https://pasur.example", "pasur.example", True),
        ("https://pasur.example", "pasur.example:443", True),
        ("http://localhost:8000", "localhost:8000", True),
        ("http://[::1]:8000", "[::1]:8000", True),
        ("http://localhost:8000", "localhost:8001", False),
        ("http://localhost:8000", None, False),
        ("https://pasur.example.evil.com", "pasur.example", False),
        ("https://user@pasur.example", "pasur.example", False),
        ("https://pasur.example/page", "pasur.example", False),
        ("ftp://pasur.example", "pasur.example", False),
        ("http://pasur.example:99999", "pasur.example:99999", False),
        ("null", "pasur.example", False),
    ],
)
def test_origin_against_host(origin: str, host: str | None, allowed: bool) -> None:
    assert origin_allowed(origin, host, ()) is allowed


def test_allowed_origins_come_from_the_environment(caplog: pytest.LogCaptureFixture) -> None:
    env = {"PASUR_ALLOWED_ORIGINS": " https://A.example , http://b.example:8080,not an origin,"}
    with caplog.at_level(logging.WARNING):
        settings = ServerSettings.from_env(environ=env)
    assert settings.allowed_origins == ("https://a.example", "http://b.example:8080")
    assert "not an origin" in caplog.text
    assert ServerSettings.from_env(environ={}).allowed_origins == ()
    assert normalize_origin("https://a.example:443/") == "https://a.example"
