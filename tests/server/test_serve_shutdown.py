"""A server that stops (Ctrl+C or SIGTERM) closes its table sockets with the code
``docs/deploy.md`` names, 1012 (service restart): the client reconnects, to this server once it is
back or to another one."""

from __future__ import annotations

import asyncio
import json
import re
import signal
from pathlib import Path

import pytest
import websockets
from process_support import WAIT, Server, guest, launch, wait_until_up

from pasur.server.tables.manager import SHUTDOWN_CLOSE

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def documented_close_code() -> int:
    """The close code of the row "A process stops (Ctrl+C, SIGTERM)" of docs/deploy.md."""
    row = next(line for line in DEPLOY.read_text().splitlines() if "A process stops" in line)
    found = re.search(r"close with (\d{4})", row)
    assert found, row
    return int(found.group(1))


def test_the_documented_code_is_the_one_the_server_uses() -> None:
    assert documented_close_code() == SHUTDOWN_CLOSE == 1012


async def close_code_when_stopped(server: Server, table_id: str, how: signal.Signals) -> int:
    async with websockets.connect(f"{server.ws}/ws/tables/{table_id}") as ws:
        hello = {"type": "hello", "protocol": 1, "seat_token": None, "since": None}
        await ws.send(json.dumps(hello))
        assert json.loads(await ws.recv())["type"] == "welcome"
        assert json.loads(await ws.recv())["type"] == "snapshot"
        server.process.send_signal(how)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
    assert closed.value.rcvd is not None, "the server closed without a close frame"
    return closed.value.rcvd.code


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_stopping_a_server_closes_its_sockets_with_the_documented_code(
    tmp_path: Path, how: signal.Signals
) -> None:
    server = launch(f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}", tmp_path / "log")
    try:
        wait_until_up(server)
        with guest(server, "Ava") as ava:
            table_id = ava.post("/api/tables", json={"players": 2}).json()["table_id"]
        code = asyncio.run(asyncio.wait_for(close_code_when_stopped(server, table_id, how), WAIT))
        # After a graceful shutdown uvicorn raises the signal it caught again, so a supervisor
        # sees the SIGTERM that stopped the process.
        assert server.process.wait(30) in (0, -how), server.output()
        assert "Application shutdown complete" in server.output()
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
    assert code == documented_close_code()
