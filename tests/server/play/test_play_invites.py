"""Invite links that work where they are sent: absolute, with who can open them.

``invite_url`` starts with the public URL when one is set, else with the address the request
reached the server by, except that a request to loopback at a server listening on all interfaces
gets this machine's network address; ``invite_reach`` is ``public``, ``network`` or
``this-device`` (docs/protocol.md, section 3a).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient
from starlette.datastructures import URL
from test_server_serve import one_line_error, pasur, served  # noqa: F401 - served is a fixture

from pasur.server.play.invites import Invites, Reach, is_loopback, lan_address
from pasur.server.settings import PublicURLError, ServerSettings

LAN = "192.168.1.23"


def lan() -> str:
    return LAN


@pytest.mark.parametrize(
    ("listen", "request_url", "origin", "reach"),
    [
        # pasur serve's default: loopback only, so the link opens on this machine alone.
        ("127.0.0.1", "http://127.0.0.1:8000/api/tables", "http://127.0.0.1:8000", "this-device"),
        ("127.0.0.1", "http://localhost:8000/api/tables", "http://localhost:8000", "this-device"),
        # Listening on all interfaces, a request to loopback gets the machine's network address.
        ("0.0.0.0", "http://127.0.0.1:8000/api/tables", f"http://{LAN}:8000", "network"),
        ("0.0.0.0", "http://localhost:8000/x", f"http://{LAN}:8000", "network"),
        ("::", "http://[::1]:8000/x", f"http://{LAN}:8000", "network"),
        # A request that came by the network keeps the address it came to.
        ("0.0.0.0", f"http://{LAN}:8000/x", f"http://{LAN}:8000", "network"),
        ("0.0.0.0", "http://pasur.lan/x", "http://pasur.lan", "network"),
        ("::", "http://[fd00::5]:9000/x", "http://[fd00::5]:9000", "network"),
        (LAN, f"http://{LAN}:8000/x", f"http://{LAN}:8000", "network"),
    ],
)
def test_the_invites_address_and_reach(
    listen: str, request_url: str, origin: str, reach: str
) -> None:
    invites = Invites(None, listen, lan)
    assert invites.base(URL(request_url)) == (origin, Reach(reach))
    assert invites.for_table(URL(request_url), "abc") == {
        "invite_url": f"{origin}/play/t/abc",
        "invite_reach": reach,
    }


def test_a_machine_without_a_network_address_invites_this_device_only() -> None:
    invites = Invites(None, "0.0.0.0", lambda: None)
    url = URL("http://127.0.0.1:8000/api/tables")
    assert invites.base(url) == ("http://127.0.0.1:8000", Reach.THIS_DEVICE)


def test_the_public_url_wins_whatever_the_request_came_to() -> None:
    invites = Invites("https://pasur.example", "127.0.0.1", lan)
    for request_url in ("http://127.0.0.1:8000/x", "http://10.0.0.2/x", "https://pasur.example/x"):
        assert invites.base(URL(request_url)) == ("https://pasur.example", Reach.PUBLIC)


def test_loopback_is_told_apart_from_the_network() -> None:
    for host in (
        "localhost",
        "LOCALHOST",
        "app.localhost",
        "127.0.0.1",
        "127.1.2.3",
        "::1",
        "[::1]",
    ):
        assert is_loopback(host), host
    for host in ("192.168.1.2", "pasur.example", "10.0.0.1", "::", "fd00::1", "0.0.0.0"):
        assert not is_loopback(host), host


def test_this_machines_network_address_is_an_address_of_the_network_or_none() -> None:
    found = lan_address()
    if found is not None:
        address = ipaddress.ip_address(found)
        assert address.version == 4 and not address.is_loopback and not address.is_unspecified


def test_rest_calls_give_absolute_invites(
    make_client: Callable[..., TestClient], backend: str, web_root: Path
) -> None:
    client = make_client(backend, base_url="http://127.0.0.1:8000")
    client.app.state.invites = Invites(None, "0.0.0.0", lan)  # type: ignore[attr-defined]
    ava = GuestClient(client, "Ava")
    created = ava.post("/api/tables", {"players": 2, "private": False}).json()
    table_id = created["table_id"]
    invite = {"invite_url": f"http://{LAN}:8000/play/t/{table_id}", "invite_reach": "network"}
    assert created == {"table_id": table_id, **invite}
    shown = client.get(f"/api/tables/{table_id}").json()
    assert {key: shown[key] for key in invite} == invite
    (listed,) = client.get("/api/tables").json()["tables"]
    assert {key: listed[key] for key in invite} == invite


def test_a_public_url_makes_public_invites(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    client = make_client(backend)
    client.app.state.invites = Invites("https://pasur.example", "127.0.0.1")  # type: ignore[attr-defined]
    created = GuestClient(client, "Ava").post("/api/tables", {}).json()
    assert created["invite_url"] == f"https://pasur.example/play/t/{created['table_id']}"
    assert created["invite_reach"] == "public"


@pytest.mark.parametrize(
    ("given", "origin"),
    [
        ("https://pasur.example", "https://pasur.example"),
        ("https://Pasur.Example:443/", "https://pasur.example"),
        ("http://10.0.0.5:8000", "http://10.0.0.5:8000"),
    ],
)
def test_the_public_url_is_read_as_an_origin_and_may_open_sockets(given: str, origin: str) -> None:
    settings = ServerSettings.from_env(public_url=given, environ={})
    assert settings.public_url == origin
    assert origin in settings.allowed_origins
    from_env = ServerSettings.from_env(environ={"PASUR_PUBLIC_URL": given})
    assert from_env.public_url == origin
    assert ServerSettings.from_env(environ={}).public_url is None


@pytest.mark.parametrize(
    "given", ["pasur.example", "https://pasur.example/games", "ftp://pasur.example", "https://"]
)
def test_a_public_url_that_is_no_site_is_refused(given: str) -> None:
    with pytest.raises(PublicURLError, match=r"--public-url: .* is not the address of a site"):
        ServerSettings.from_env(public_url=given, environ={})
    with pytest.raises(PublicURLError, match="PASUR_PUBLIC_URL: "):
        ServerSettings.from_env(environ={"PASUR_PUBLIC_URL": given})


def test_serve_takes_the_public_url(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    result = pasur("serve", "--db", db, "--public-url", "https://pasur.example")
    assert result.code == 0, result
    assert "Invite links start with https://pasur.example." in result.stdout
    app = served[-1]["app"]
    assert app.state.settings.public_url == "https://pasur.example"
    assert app.state.invites.public_url == "https://pasur.example"
    alone = pasur("serve", "--db", db)
    assert "Invite links open on this machine only" in alone.stdout
    assert "--host 0.0.0.0" in alone.stdout
    everywhere = pasur("serve", "--db", db, "--host", "0.0.0.0")
    assert "Invite links open on the devices of your network." in everywhere.stdout
    one_line_error(pasur("serve", "--db", db, "--public-url", "pasur.example"), "--public-url")
    one_line_error(
        pasur("serve", "--db", db, env={"PASUR_PUBLIC_URL": "x"}), "PASUR_PUBLIC_URL: 'x'"
    )
