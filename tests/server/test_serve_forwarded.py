"""``pasur serve --forwarded-allow-ips``: ``X-Forwarded-For`` is believed only from the proxies the
operator names, so nobody else can spread sockets over invented addresses and pass the limits per
address (20 open sockets each)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
import websockets
from process_support import guest, launch, stop, wait_until_up
from test_server_serve import (  # noqa: F401 - served is a fixture
    free_port,
    one_line_error,
    pasur,
    served,
)

SOCKETS = 25
"""More sockets than one address may hold open (20), each claiming an address of its own."""


async def open_sockets(url: str) -> list[str]:
    """Open :data:`SOCKETS` sockets to ``url``, socket *n* claiming to come from 10.9.0.*n*; the
    first frame each receives after its hello (``welcome``, or the ``error`` code)."""
    opened: list[Any] = []
    answers = []
    try:
        for n in range(SOCKETS):
            ws = await websockets.connect(
                url, additional_headers={"X-Forwarded-For": f"10.9.0.{n}"}
            )
            opened.append(ws)
            hello = {"type": "hello", "protocol": 1, "seat_token": None, "since": None}
            with contextlib.suppress(websockets.ConnectionClosed):
                await ws.send(json.dumps(hello))
            frame = json.loads(await ws.recv())
            answers.append(frame["type"] if frame["type"] == "welcome" else frame["code"])
    finally:
        for ws in opened:
            await ws.close()
    return answers


@pytest.mark.parametrize(
    ("options", "accepted"),
    [
        ((), 20),  # the header is not believed: every socket is loopback's, and 20 is the limit
        (("--forwarded-allow-ips", "127.0.0.1"), SOCKETS),  # the proxy is named: each its own
    ],
)
def test_forwarded_addresses_count_only_from_the_named_proxies(
    tmp_path: Path, options: tuple[str, ...], accepted: int
) -> None:
    server = launch(f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}", tmp_path / "log", *options)
    try:
        wait_until_up(server)
        with guest(server, "Ava") as ava:
            table_id = ava.post("/api/tables", json={"players": 2}).json()["table_id"]
        url = f"{server.ws}/ws/tables/{table_id}"
        answers = asyncio.run(asyncio.wait_for(open_sockets(url), 60))
    finally:
        stop([server])
    assert answers == ["welcome"] * accepted + ["rate_limited"] * (SOCKETS - accepted)


def test_serve_passes_the_trusted_proxies_to_uvicorn(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    port = str(free_port())
    assert pasur("serve", "--db", db, "--port", port).code == 0
    assert served[-1]["proxy_headers"] is False
    ips = "10.0.0.1, 192.168.0.0/16,::1"
    assert pasur("serve", "--db", db, "--port", port, "--forwarded-allow-ips", ips).code == 0
    assert served[-1]["proxy_headers"] is True
    assert served[-1]["forwarded_allow_ips"] == ["10.0.0.1", "192.168.0.0/16", "::1"]


@pytest.mark.parametrize("ips", ["proxy.example", "10.0.0.1,,", "300.1.1.1", ""])
def test_a_list_that_is_not_addresses_is_one_line_and_exit_2(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
    ips: str,
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    one_line_error(
        pasur("serve", "--db", db, "--forwarded-allow-ips", ips), "--forwarded-allow-ips"
    )
    assert served == []
