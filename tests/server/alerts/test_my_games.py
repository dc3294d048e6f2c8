"""``GET /api/my-games``: the tables a guest holds a seat at, whose turn it is and the time left,
found from the seat index (so after a restart too), and nothing for a seat given up."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from play_support import GuestClient, live_table

from pasur.server.app import create_app
from pasur.server.settings import ServerSettings


def games_of(guest: GuestClient) -> list[dict[str, Any]]:
    response = guest.client.get("/api/my-games", headers=guest.headers)
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()["games"]
    return games


def test_nobody_has_no_games(client: TestClient) -> None:
    """Without a guest cookie (or with a forged one) the list is empty, not refused."""
    assert client.get("/api/my-games").json() == {"games": []}
    forged = {"Cookie": "pasur_guest=forged"}
    assert client.get("/api/my-games", headers=forged).json() == {"games": []}


def test_my_games_lists_each_seat_with_its_turn_and_clock(client: TestClient) -> None:
    ava, babak, cyrus = (GuestClient(client, name) for name in ("Ava", "Babak", "Cyrus"))
    assert games_of(ava) == []
    playing = ava.create(players=2, turn_timer=30)
    ava.join(playing, 0)
    babak.join(playing, 1)
    waiting = ava.create(players=3)
    ava.join(waiting, 2)
    assert ava.post(f"/api/tables/{playing}/start").status_code == 200
    table = live_table(client, playing)
    assert table.game is not None
    turn = table.game.turn

    mine = {game["table_id"]: game for game in games_of(ava)}
    assert set(mine) == {playing, waiting}
    started = mine[playing]
    assert started["seat"] == 0 and started["status"] == "playing"
    assert started["turn"] == turn and started["your_turn"] == (turn == 0)
    assert 0 < started["seconds_left"] <= 30
    assert [seat["name"] for seat in started["seats"]] == ["Ava", "Babak"]
    assert started["url"] == f"/play/t/{playing}"
    assert mine[waiting]["seat"] == 2 and mine[waiting]["status"] == "waiting"
    assert mine[waiting]["turn"] is None and mine[waiting]["seconds_left"] is None

    [theirs] = games_of(babak)
    assert theirs["table_id"] == playing and theirs["your_turn"] == (turn == 1)
    assert games_of(cyrus) == []

    assert ava.post(f"/api/tables/{waiting}/leave").status_code == 200
    assert [game["table_id"] for game in games_of(ava)] == [playing]


def test_my_games_are_found_after_a_restart(
    backend: str, web_root: Path, make_client: Callable[..., TestClient]
) -> None:
    with TestClient(create_app(ServerSettings(database_url=backend, web_root=web_root))) as first:
        ava = GuestClient(first, "Ava")
        table_id = ava.create(players=2)
        ava.join(table_id, 1)

    second = make_client(backend)
    second.app.state.table_manager.tables.clear()  # type: ignore[attr-defined]
    ava.client = second
    [game] = games_of(ava)
    assert game["table_id"] == table_id and game["seat"] == 1
