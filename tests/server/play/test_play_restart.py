"""A restarted server resumes its tables from the stored events, mid-round, and finishes them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table, play_one, play_round, read_until
from sqlalchemy import text

from pasur.server.app import create_app
from pasur.server.settings import ServerSettings


def test_a_restarted_server_resumes_a_table_mid_round(
    backend: str, web_root: Path, make_client: Callable[..., TestClient]
) -> None:
    first = TestClient(create_app(ServerSettings(database_url=backend, web_root=web_root)))
    with first:
        ava, babak = GuestClient(first, "Ava"), GuestClient(first, "Babak")
        table_id = ava.create(players=2)
        _, token_a = ava.join(table_id, 0)
        _, token_b = babak.join(table_id, 1)
        assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
        tokens = {0: token_a, 1: token_b}
        table = live_table(first, table_id)
        for _ in range(5):  # five plays, each from a fresh socket
            assert table.game is not None
            seat = table.game.turn
            with first.websocket_connect(f"/ws/tables/{table_id}") as ws:
                hello(ws, tokens[seat])
                shot = ws.receive_json()["snapshot"]
                play_one(ws, seat, shot["game"]["legal"][0], shot["version"], stale_ok=True)
        before = [event.to_json() for event in table.history]
        plays = sum(1 for event in before if event["kind"] == "played")
        assert plays >= 4

    second = make_client(backend)
    table = live_table(second, table_id)
    after = [event.to_json() for event in table.history]
    assert after[: len(before)] == before
    # Nobody's socket survived the restart: both seats are marked gone.
    assert all(not seat.connected for seat in table.seats)
    with second.websocket_connect(f"/ws/tables/{table_id}") as ws:
        welcome = hello(ws, token_a, since=len(before))
        missed = read_until(ws, welcome["version"])
        assert {e["kind"] for e in missed} == {"connection"}
        with second.websocket_connect(f"/ws/tables/{table_id}") as ws_b:
            hello(ws_b, token_b)
            ws_b.receive_json()
            last = play_round(second, table_id, tokens)
    assert len(last["rounds"]) == 1
    played = [e for e in table.history if e.kind.value == "played"]
    assert len(played) == 48


def test_every_step_is_in_the_database(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"})
    _, token = ava.join(table_id)
    ava.post(f"/api/tables/{table_id}/start")
    table = live_table(client, table_id)
    database = client.app.state.database  # type: ignore[attr-defined]

    async def read() -> tuple[list[Any], Any]:
        async with database.engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT n, kind FROM table_events WHERE table_id = :t ORDER BY n"),
                {"t": table_id},
            )
            stored = await connection.execute(
                text("SELECT status, version, seats FROM tables WHERE id = :t"), {"t": table_id}
            )
            return list(rows.all()), stored.one()

    rows, stored = client.portal.call(read)  # type: ignore[union-attr]
    assert [(n, kind) for n, kind in rows] == [(e.number, e.kind.value) for e in table.history]
    assert stored[0] == "playing" and stored[1] == table.version
    assert token not in str(stored[2])  # only the token's digest is kept
