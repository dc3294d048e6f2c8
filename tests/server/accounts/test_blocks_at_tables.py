"""A block at the tables: the blocked person's chat lines and emotes never reach the blocker's
sockets (neither as they are said nor in the chat a new socket is given), the blocker's still
reach them, and the lobby does not show the blocker a table where the blocked person sits."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from passkey_support import Device
from play_support import hello
from test_accounts_passkeys import new_account

from pasur.server.http.guests import COOKIE


def seated(people: list[Device], table_id: str) -> list[str]:
    """Each person joins the table in turn; their seat tokens."""
    tokens = []
    for seat, person in enumerate(people):
        joined = person.call("POST", f"/api/tables/{table_id}/join", {"seat": seat})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["seat_token"])
    return tokens


def said(ws: Any) -> tuple[str, int, str]:
    """The next chat line or emote a socket receives: (type, seat, its text or emote)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "chat":
            return "chat", frame["seat"], frame["text"]
        if frame["type"] == "emote":
            return "emote", frame["seat"], frame["emote"]


def chat(ws: Any, text: str) -> None:
    ws.send_json({"type": "chat", "text": text})


def accounts(client: TestClient) -> tuple[Device, Device, Device, str]:
    """Ava, Babak and Cyrus, each an account, seated in that order at Ava's waiting table."""
    people = [new_account(client, name)[0] for name in ("Ava", "Babak", "Cyrus")]
    made = people[0].call("POST", "/api/tables", {"players": 3, "private": False})
    assert made.status_code == 200, made.text
    return people[0], people[1], people[2], made.json()["table_id"]


def test_a_blocked_person_s_lines_and_emotes_never_reach_the_blocker(client: TestClient) -> None:
    ava, babak, cyrus, table_id = accounts(client)
    tokens = seated([ava, babak, cyrus], table_id)
    assert ava.call("PUT", "/api/blocks/Babak").status_code == 204
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url) as ws_a,
        client.websocket_connect(url) as ws_b,
        client.websocket_connect(url) as ws_c,
    ):
        for ws, token in zip((ws_a, ws_b, ws_c), tokens, strict=True):
            hello(ws, token)
        chat(ws_b, "salam from Babak")
        ws_b.send_json({"type": "emote", "emote": "hurry"})
        chat(ws_c, "hi from Cyrus")
        assert [said(ws_c) for _ in range(3)] == [
            ("chat", 1, "salam from Babak"),
            ("emote", 1, "hurry"),
            ("chat", 2, "hi from Cyrus"),
        ]
        assert said(ws_a) == ("chat", 2, "hi from Cyrus")  # Babak's line and emote: never
        chat(ws_a, "hello from Ava")
        assert [said(ws_b) for _ in range(4)] == [
            ("chat", 1, "salam from Babak"),
            ("emote", 1, "hurry"),
            ("chat", 2, "hi from Cyrus"),
            ("chat", 0, "hello from Ava"),  # the block is one way
        ]
    # A new socket of Ava's (a spectator, named by her cookie) is given the chat without Babak.
    with client.websocket_connect(url, headers={"Cookie": f"{COOKIE}={ava.cookie}"}) as ws:
        hello(ws)
        assert [said(ws) for _ in range(2)] == [
            ("chat", 2, "hi from Cyrus"),
            ("chat", 0, "hello from Ava"),
        ]
    with client.websocket_connect(url) as ws:  # anyone else's is given every line
        hello(ws)
        assert said(ws) == ("chat", 1, "salam from Babak")


def test_a_block_made_while_the_socket_is_open_hides_the_next_line(client: TestClient) -> None:
    ava, babak, cyrus, table_id = accounts(client)
    tokens = seated([ava, babak, cyrus], table_id)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as ws_a, client.websocket_connect(url) as ws_b:
        hello(ws_a, tokens[0])
        hello(ws_b, tokens[1])
        chat(ws_b, "before")
        assert said(ws_a) == ("chat", 1, "before")
        assert ava.call("PUT", "/api/blocks/Babak").status_code == 204
        chat(ws_b, "during")
        chat(ws_a, "mark")
        assert said(ws_a) == ("chat", 0, "mark")
        assert ava.call("DELETE", "/api/blocks/Babak").status_code == 204
        chat(ws_b, "after")
        assert said(ws_a) == ("chat", 1, "after")


def test_the_lobby_hides_a_blocked_person_s_tables_from_the_blocker(client: TestClient) -> None:
    ava, babak, cyrus, table_id = accounts(client)
    seated([babak], table_id)  # Babak sits at Ava's own table

    def lobby(device: Device | None) -> list[str]:
        headers = {} if device is None else {"Cookie": f"{COOKIE}={device.cookie}"}
        client.cookies.clear()
        listed = client.get("/api/tables", headers=headers).json()["tables"]
        return [table["table_id"] for table in listed]

    assert lobby(ava) == lobby(cyrus) == lobby(None) == [table_id]
    assert ava.call("PUT", "/api/blocks/Babak").status_code == 204
    assert (lobby(ava), lobby(cyrus), lobby(None)) == ([], [table_id], [table_id])
    assert lobby(babak) == [table_id]  # the block is one way
