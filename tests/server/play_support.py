"""Helpers for the online-play tests: guests with their own cookies, tables, and socket play."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from pasur.server.http.guests import COOKIE
from pasur.server.http.rate_limit import Rate
from pasur.server.settings import Limits
from pasur.server.tables.table import Table

TEST_LIMITS = Limits(sockets_per_address=1000, connects_per_address=Rate(100_000, 60.0))
"""The server's limits, except per address: every test socket comes from one address, and the
helpers open a socket per turn. Tests of those limits pass their own."""


class GuestClient:
    """One person: the shared test client, with this person's guest cookie on every request."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        response = client.post("/api/guest", json={"name": name})
        assert response.status_code == 200, response.text
        cookie = response.cookies.get(COOKIE)
        assert cookie
        set_cookie = response.headers["set-cookie"].lower()
        assert "httponly" in set_cookie
        client.cookies.clear()
        self.headers = {"Cookie": f"{COOKIE}={cookie}"}

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(path, json=body, headers=self.headers)

    def create(self, **body: Any) -> str:
        response = self.post("/api/tables", body)
        assert response.status_code == 200, response.text
        data = response.json()
        # The test client reaches a server that listens on loopback only.
        assert data["invite_url"] == f"http://testserver/play/t/{data['table_id']}"
        assert data["invite_reach"] == "this-device"
        table_id: str = data["table_id"]
        return table_id

    def join(self, table_id: str, seat: int | None = None) -> tuple[int, str]:
        response = self.post(f"/api/tables/{table_id}/join", {"seat": seat})
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["rejoin_url"] == f"/play/t/{table_id}?seat_token={data['seat_token']}"
        return data["seat"], data["seat_token"]


def live_table(client: TestClient, table_id: str) -> Table:
    """The server's table object (to compare what sockets receive with the truth)."""
    table: Table = client.app.state.table_manager.tables[table_id].table  # type: ignore[attr-defined]
    return table


def hello(ws: Any, token: str | None = None, since: int | None = None) -> dict[str, Any]:
    """Say hello; returns the welcome frame (the catch-up follows)."""
    ws.send_json({"type": "hello", "protocol": 1, "seat_token": token, "since": since})
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def snapshot(client: TestClient, table_id: str, token: str | None) -> dict[str, Any]:
    """A fresh snapshot through a short-lived socket."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        frame = ws.receive_json()
        assert frame["type"] == "snapshot", frame
        shot: dict[str, Any] = frame["snapshot"]
        return shot


def play_one(
    ws: Any, seat: int, move: str, version: int, *, stale_ok: bool = False
) -> list[dict[str, Any]]:
    """Send a play on a seat's socket; the frames up to and including its ``played`` event.

    With ``stale_ok``, a ``stale`` refusal (a connection mark came first) ends the list instead.
    """
    ws.send_json({"type": "play", "move": move, "version": version, "ref": "r1"})
    frames = []
    while True:
        frame = ws.receive_json()
        frames.append(frame)
        if stale_ok and frame["type"] == "error" and frame["code"] == "stale":
            return frames
        assert frame["type"] != "error", frame
        event = frame.get("event", {})
        if event.get("kind") == "played" and event["seat"] == seat and event["by"] == "player":
            return frames


def read_until(ws: Any, version: int) -> list[dict[str, Any]]:
    """Every event frame on a socket up to event number ``version``."""
    events: list[dict[str, Any]] = []
    while not events or events[-1]["n"] < version:
        frame = ws.receive_json()
        if frame["type"] == "event":
            events.append(frame["event"])
    return events


def play_round(
    client: TestClient, table_id: str, tokens: dict[int, str], *, rounds: int = 1
) -> dict[str, Any]:
    """Play the seats in ``tokens`` (first legal move) until ``rounds`` rounds have ended.

    Each turn opens a socket for the seat to play, reads its snapshot's ``legal`` list and plays
    the first move. Returns the last snapshot.
    """
    any_token = next(iter(tokens.values()))
    for _ in range(500):
        shot = snapshot(client, table_id, any_token)
        if len(shot["rounds"]) >= rounds or shot["status"] != "playing":
            return shot
        seat = shot["game"]["turn"]
        assert seat in tokens, f"seat {seat} is a bot's, and bots play at once"
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, tokens[seat])
            mine = ws.receive_json()["snapshot"]
            play_one(ws, seat, mine["game"]["legal"][0], mine["version"], stale_ok=True)
    raise AssertionError("the round did not end")


def practice_table(
    client: TestClient, *, bots: int = 1, people: int = 1, bot_delay: float = 0
) -> tuple[str, list[str]]:
    """A started table of ``people`` people then ``bots`` bots; its id and the people's tokens.

    Without ``bot_delay`` the bots play at once, so when the table answers, a person is to play.
    """
    guests = [GuestClient(client, name) for name in ("Ava", "Babak", "Cyrus")[:people]]
    bot_seats = {str(seat): "random" for seat in range(people, people + bots)}
    table_id = guests[0].create(players=people + bots, bots=bot_seats, bot_delay=bot_delay)
    tokens = [guest.join(table_id)[1] for guest in guests]
    assert guests[0].post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, tokens


def frames_until(ws: Any, kind: str) -> dict[str, Any]:
    """Read frames until one of ``kind`` (skipping events that other seats cause)."""
    for _ in range(200):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")
