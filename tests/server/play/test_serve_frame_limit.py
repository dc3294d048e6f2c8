"""The frame size limit of a real ``pasur serve``: a frame over the protocol's 4 KiB is answered
``bad_frame``; a message over :data:`WS_MAX_MESSAGE` closes the socket (1009) before the server
holds it whole."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import websockets
from process_support import guest, launch, stop, wait_until_up

from pasur.protocol.frames import MAX_FRAME
from pasur.server.settings import WS_MAX_MESSAGE


def test_oversized_frames_are_refused_and_huge_ones_close_the_socket(tmp_path: Path) -> None:
    server = launch(f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}", tmp_path / "server.log")
    try:
        wait_until_up(server)
        with guest(server, "Ava") as ava:
            table_id = ava.post("/api/tables", json={"players": 2}).json()["table_id"]

        async def talk() -> None:
            url = f"{server.ws}/ws/tables/{table_id}"
            async with websockets.connect(url) as ws:
                hello = {"type": "hello", "protocol": 1, "seat_token": None, "since": None}
                await ws.send(json.dumps(hello))
                assert json.loads(await ws.recv())["type"] == "welcome"
                assert json.loads(await ws.recv())["type"] == "snapshot"
                await ws.send(json.dumps({"type": "ping", "pad": "x" * MAX_FRAME}))
                refusal = json.loads(await ws.recv())
                assert (refusal["type"], refusal["code"]) == ("error", "bad_frame")
                await ws.send("x" * (WS_MAX_MESSAGE + 1))
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

        asyncio.run(asyncio.wait_for(talk(), 30))
    finally:
        stop([server])
