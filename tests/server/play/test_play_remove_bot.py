"""Taking a bot out of its seat: ``DELETE /api/tables/{id}/bots/{seat}``."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from play_support import GuestClient, live_table


def detail(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["detail"]["code"]


def test_the_creator_or_a_seated_person_empties_a_bots_seat(client: TestClient) -> None:
    ava, babak, cyrus = (GuestClient(client, n) for n in ("Ava", "Babak", "Cyrus"))
    table_id = ava.create(players=3, bots={"1": "random", "2": "random"})
    table = live_table(client, table_id)
    path = f"/api/tables/{table_id}/bots"
    response = client.delete(f"{path}/1", headers=ava.headers)  # the creator, not seated
    assert (response.status_code, response.json()) == (200, {"seat": 1})
    assert [event.kind.value for event in table.history][-1] == "bot_removed"
    assert table.seats[1].kind.value == "empty"
    babak.join(table_id, 1)
    assert client.delete(f"{path}/2", headers=babak.headers).json() == {"seat": 2}  # seated
    version = table.version
    assert detail(client.delete(f"{path}/2", headers=cyrus.headers)) == (403, "not_seated")
    assert detail(client.delete(f"{path}/1", headers=ava.headers)) == (400, "not_a_bot")
    assert detail(client.delete(f"{path}/2", headers=ava.headers)) == (400, "not_a_bot")
    assert detail(client.delete(f"{path}/3", headers=ava.headers)) == (400, "no_such_seat")
    assert detail(client.delete(f"{path}/7", headers=ava.headers)) == (422, "bad_request")
    assert client.delete(f"{path}/x", headers=ava.headers).status_code == 422
    assert detail(client.delete(f"{path}/1")) == (401, "no_guest")
    assert detail(client.delete("/api/tables/nope/bots/1", headers=ava.headers)) == (
        404,
        "no_such_table",
    )
    assert table.version == version  # every refusal changed nothing


def test_a_bot_stays_while_a_game_is_played(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"}, bot_delay=5)
    ava.join(table_id)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    table = live_table(client, table_id)
    version = table.version
    response = client.delete(f"/api/tables/{table_id}/bots/1", headers=ava.headers)
    assert detail(response) == (409, "game_running")
    assert table.version == version and table.seats[1].kind.value == "bot"
