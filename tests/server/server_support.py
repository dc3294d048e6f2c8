"""Request bodies and small helpers shared by the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

ISSUE_COUNTS: dict[str, Any] = {
    "clubs": [5, 5, 3],
    "aces": [1, 2, 1],
    "jacks": [2, 1, 1],
    "ten_of_diamonds": 1,
    "two_of_clubs": 3,
    "surs": [1, 0, 0],
}
"""The issue's example round for three players."""

ALL_TO_FIRST: dict[str, Any] = {
    "clubs": [13, 0],
    "aces": [4, 0],
    "jacks": [4, 0],
    "ten_of_diamonds": 1,
    "two_of_clubs": 1,
}
"""Two players: every counting card to player 1, 20 points."""

ALL_TO_SECOND: dict[str, Any] = {
    "clubs": [0, 13],
    "aces": [0, 4],
    "jacks": [0, 4],
    "ten_of_diamonds": 2,
    "two_of_clubs": 2,
}

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def suit(letter: str) -> list[str]:
    """Every card of one suit, as text."""
    return [rank + letter for rank in RANKS]


def new_sheet(client: TestClient, *players: str, **fields: Any) -> dict[str, Any]:
    """Create a sheet and return the response body (edit access)."""
    response = client.post("/api/tracker/sheets", json={"players": list(players), **fields})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def add_counts(client: TestClient, token: str, counts: dict[str, Any]) -> dict[str, Any]:
    """Add a round by counts; it must succeed."""
    response = client.post(f"/api/tracker/sheets/{token}/rounds", json={"counts": counts})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def errors(response: Any) -> list[tuple[list[str | int], str]]:
    """The (loc, msg) lines of a 422 answer, after checking its shape: the one error body, code
    ``bad_request``, with its ``fields``."""
    assert response.status_code == 422, (response.status_code, response.text)
    detail = response.json()["detail"]
    assert set(detail) == {"code", "message", "fields"}, detail
    assert detail["code"] == "bad_request"
    fields = detail["fields"]
    assert isinstance(fields, list)
    assert fields
    for line in fields:
        assert set(line) == {"loc", "msg", "type"}, line
    return [(line["loc"], line["msg"]) for line in fields]
