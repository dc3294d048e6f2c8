"""Taking a seat twice at once (a double click, two tabs): the person sits once, one copy is
answered the seat and its token, and every other is refused ``already_seated`` naming that seat
(docs/protocol.md, section 3a), whatever seat each copy asked for."""

from __future__ import annotations

from typing import Any

import pytest
from at_once_support import at_once, copies
from fastapi.testclient import TestClient
from play_support import GuestClient

from pasur.server.tables.manager import TableManager


@pytest.mark.parametrize(
    "bodies",
    [[{}] * 6, [{"seat": 0}, {"seat": 1}, {"seat": 2}, {"seat": 0}, None, {"seat": 1}]],
    ids=["the same copy", "other seats"],
)
def test_joins_sent_at_once_seat_the_person_once(
    client: TestClient, bodies: list[dict[str, Any] | None]
) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=3)
    answers = at_once(client, copies("POST", f"/api/tables/{table_id}/join", ava.headers, bodies))
    seated = [answer.json() for answer in answers if answer.status_code == 200]
    assert len(seated) == 1, [answer.text for answer in answers]
    seat = seated[0]["seat"]
    for refused in (answer for answer in answers if answer.status_code != 200):
        detail = refused.json()["detail"]
        assert (refused.status_code, detail["code"]) == (409, "already_seated"), refused.text
        assert detail["message"] == f"you already sit in seat {seat}"
    table = client.get(f"/api/tables/{table_id}", headers=ava.headers).json()
    assert [s["name"] for s in table["seats"]].count("Ava") == 1
    assert table["your_seat"] == seat
    manager = client.app.state.table_manager  # type: ignore[attr-defined]
    assert isinstance(manager, TableManager)
    assert manager.tables[table_id].seat_for_token(seated[0]["seat_token"]) == seat
