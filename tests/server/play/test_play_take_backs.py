"""Take-backs through the REST calls and the sockets: the setting at creation, the request and the
answers as frames, every socket's own view of the undone play, and a restart in between."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table, read_until

from pasur.server.app import create_app
from pasur.server.settings import ServerSettings
from pasur.server.tables.seats import Status


def started(client: TestClient, **settings: Any) -> tuple[str, dict[int, str]]:
    """A started table of Ava (seat 0) and Babak (seat 1); its id and their seat tokens."""
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2, **settings)
    tokens = {0: ava.join(table_id, 0)[1], 1: babak.join(table_id, 1)[1]}
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, tokens


def frame_of(ws: Any, wanted: str) -> dict[str, Any]:
    """The next event of kind ``wanted`` (or error) on a socket."""
    for _ in range(50):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "error" or frame.get("event", {}).get("kind") == wanted:
            return frame
    raise AssertionError(f"no {wanted}")


def test_the_setting_is_chosen_at_creation_and_refused_at_rated_tables(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(take_backs="ask")
    assert live_table(client, table_id).config.take_backs == "ask"
    assert live_table(client, ava.create()).config.take_backs == "off"
    rated = ava.post("/api/tables", {"private": False, "rated": True, "take_backs": "ask"})
    assert rated.status_code == 400
    assert rated.json()["detail"]["code"] == "bad_config"
    assert "rated" in rated.json()["detail"]["message"]
    for bad in ("always", True, None, 1):
        assert ava.post("/api/tables", {"take_backs": bad}).status_code == 422


def test_two_sockets_ask_and_accept_and_each_sees_its_own_game_again(client: TestClient) -> None:
    table_id, tokens = started(client, take_backs="ask")
    table = live_table(client, table_id)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_watch,
    ):
        sockets = {0: ws_a, 1: ws_b, -1: ws_watch}
        for recipient, ws in sockets.items():
            hello(ws, tokens.get(recipient), since=0)
        version = table.version
        for ws in sockets.values():
            read_until(ws, version)
        mover = table.game.turn  # type: ignore[union-attr]
        other = 1 - mover
        before = {r: table.snapshot_for(r)["game"] for r in sockets}
        legal = before[mover]["legal"]
        sockets[mover].send_json({"type": "play", "move": legal[0], "version": table.version})
        frame_of(sockets[other], "played")

        sockets[-1].send_json({"type": "take_back", "ref": "w"})
        assert frame_of(sockets[-1], "-")["code"] == "not_seated"
        sockets[other].send_json({"type": "take_back_answer", "accept": True, "ref": "x"})
        assert frame_of(sockets[other], "-") | {"message": ""} == {
            "type": "error",
            "code": "no_take_back",
            "message": "",
            "ref": "x",
        }
        sockets[mover].send_json({"type": "take_back", "ref": "t"})
        asked = frame_of(sockets[other], "take_back_asked")["event"]
        assert asked["seat"] == mover
        # An answer from a page that had not yet seen the request answers no later one.
        early = {"type": "take_back_answer", "accept": True, "version": asked["n"] - 1, "ref": "s"}
        sockets[other].send_json(early)
        assert frame_of(sockets[other], "-") | {"message": ""} == {
            "type": "error",
            "code": "stale",
            "message": "",
            "ref": "s",
        }
        sockets[other].send_json(
            {"type": "take_back_answer", "accept": True, "version": asked["n"]}
        )
        for recipient, ws in sockets.items():
            undone = frame_of(ws, "take_back")["event"]
            assert undone["game"] == before[recipient]
            assert undone["seat"] == mover and undone["card"] == legal[0].split("+")[0].split()[0]
        # The asker plays on from the game as it was, at the new version.
        sockets[mover].send_json({"type": "play", "move": legal[-1], "version": table.version})
        assert frame_of(sockets[other], "played")["event"]["move"] == legal[-1].removesuffix(" lay")


def test_a_restarted_server_has_the_play_taken_back(
    backend: str, web_root: Path, make_client: Callable[..., TestClient]
) -> None:
    first = TestClient(create_app(ServerSettings(database_url=backend, web_root=web_root)))
    with first:
        table_id, tokens = started(first, take_backs="ask", turn_timer=60)
        table = live_table(first, table_id)
        before = table.game
        mover = before.turn  # type: ignore[union-attr]
        with (
            first.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
            first.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
        ):
            sockets = {0: ws_a, 1: ws_b}
            for seat, ws in sockets.items():
                hello(ws, tokens[seat])
                ws.receive_json()
            legal = table.snapshot_for(mover)["game"]["legal"]
            sockets[mover].send_json({"type": "play", "move": legal[0], "version": table.version})
            frame_of(sockets[1 - mover], "played")
            sockets[mover].send_json({"type": "take_back"})
            frame_of(sockets[1 - mover], "take_back_asked")
            sockets[1 - mover].send_json({"type": "take_back_answer", "accept": True})
            frame_of(sockets[mover], "take_back")
    assert table.game is before
    stored = [event.to_json() for event in table.history]

    second = make_client(backend)
    again = live_table(second, table_id)
    assert [event.to_json() for event in again.history][: len(stored)] == stored
    assert again.game == before and again.status is Status.PLAYING
    assert again.snapshot_for(mover)["game"] == table.snapshot_for(mover)["game"]
