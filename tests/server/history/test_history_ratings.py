"""Rated tables and OpenSkill ratings: the flag, the ranking of sides, and the leaderboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import finished_table
from play_support import GuestClient

from pasur.protocol import Refused
from pasur.server.history.ratings import MODEL, ordinal, ranks
from pasur.server.tables.config import TableConfig


def test_a_rated_table_is_public_and_keeps_its_flag_through_storage() -> None:
    config = TableConfig(private=False, rated=True)
    assert config.to_json()["rated"] is True
    assert TableConfig.from_json(config.to_json()) == config
    assert TableConfig.from_json({}).rated is False


@pytest.mark.parametrize("settings", [{"rated": True}, {"rated": "yes", "private": False}])
def test_a_private_or_garbled_rated_flag_is_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(Refused) as caught:
        TableConfig.from_json(settings)
    assert caught.value.code == "bad_config"
    assert "public" in caught.value.message


@pytest.mark.parametrize(
    ("totals", "winner", "places"),
    [
        ([64, 51], 0, [0, 1]),
        ([40, 70, 55], 1, [2, 0, 1]),
        ([63, 20, 20], 0, [0, 1, 1]),
        # A drawn game (winner -2, target-tie=draw): the sides tied at the top share the first.
        ([62, 62], -2, [0, 0]),
        ([70, 70, 40], -2, [0, 0, 2]),
    ],
)
def test_sides_are_ranked_winner_first_then_by_totals(
    totals: list[int], winner: int, places: list[int]
) -> None:
    assert ranks(totals, winner) == places


def test_a_draw_between_equals_moves_both_ratings_alike_and_their_means_not_at_all() -> None:
    # What a drawn game's shared first place means to the model the ratings use.
    (first,), (second,) = MODEL.rate(
        [[MODEL.rating()], [MODEL.rating()]], ranks=ranks([62, 62], -2)
    )
    assert first.mu == pytest.approx(25.0) and second.mu == pytest.approx(25.0)
    assert first.sigma == pytest.approx(second.sigma) and first.sigma < 25.0 / 3
    (won,), (lost,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks([62, 50], 0))
    assert won.mu > 25.0 > lost.mu


def test_the_shown_figure_is_mu_minus_three_sigma_rounded() -> None:
    assert ordinal(25.0, 25.0 / 3) == 0
    assert ordinal(30.0, 4.6) == 16


def leaderboard(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/ratings")
    assert response.status_code == 200
    board: list[dict[str, Any]] = response.json()["ratings"]
    return board


def test_a_rated_game_moves_both_people_s_ratings_once_even_after_a_restart(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    client = make_client(backend)
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    assert leaderboard(client) == []
    table_id = finished_table(client, [ava, babak], private=False, rated=True)
    record = client.get(f"/api/tables/{table_id}/games/1/record").json()
    winner = record["seats"][record["winner"]]
    board = leaderboard(client)
    assert [(row["rank"], row["name"], row["games"]) for row in board] == [
        (1, winner, 1),
        (2, ({"Ava", "Babak"} - {winner}).pop(), 1),
    ]
    assert board[0]["ordinal"] > board[1]["ordinal"]
    client.__exit__(None, None, None)
    again = make_client(backend)
    assert leaderboard(again) == board


def test_partners_are_rated_as_a_team(client: TestClient) -> None:
    people = [GuestClient(client, name) for name in ("Ava", "Babak", "Cyrus", "Dara")]
    finished_table(
        client,
        people,
        private=False,
        rated=True,
        settings={"partnerships": "on", "target": "1"},
    )
    board = {row["name"]: row for row in leaderboard(client)}
    assert board["Ava"]["ordinal"] == board["Cyrus"]["ordinal"]
    assert board["Babak"]["ordinal"] == board["Dara"]["ordinal"]
    assert board["Ava"]["ordinal"] != board["Babak"]["ordinal"]
    assert {row["games"] for row in board.values()} == {1}


def test_a_game_with_a_bot_or_at_an_unrated_table_rates_nobody(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    finished_table(client, [ava], bots=1, private=False, rated=True)
    finished_table(client, [ava, babak], private=False)
    assert leaderboard(client) == []
    assert len(client.get("/api/history", headers=ava.headers).json()["games"]) == 2


def test_the_lobby_shows_the_ratings_of_the_people_at_each_table(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    finished_table(client, [ava, babak], private=False, rated=True)
    ratings = {row["name"]: row["ordinal"] for row in leaderboard(client)}
    cyrus = GuestClient(client, "Cyrus")
    table_id = ava.create(players=3, private=False, rated=True, bots={"2": "random"})
    ava.join(table_id, 1)
    cyrus.join(table_id, 0)
    (listed,) = client.get("/api/tables").json()["tables"]
    assert listed["table_id"] == table_id
    assert listed["rated"] is True
    assert listed["ratings"] == [None, ratings["Ava"], None]


def test_a_private_table_cannot_be_rated(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    response = ava.post("/api/tables", {"players": 2, "rated": True})
    assert response.status_code == 400
    assert response.json()["detail"]["code"] == "bad_config"


def test_history_and_ratings_on_each_database(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    client = make_client(backend)
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = finished_table(client, [ava, babak], private=False, rated=True)
    record = client.get(f"/api/tables/{table_id}/games/1/record").json()
    (game,) = client.get("/api/history", headers=babak.headers).json()["games"]
    assert (game["table_id"], game["you"], game["totals"]) == (table_id, 1, record["totals"])
    lobby = ava.create(players=2, private=False)
    ava.join(lobby, 0)
    babak.join(lobby, 1)
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["table_id"] == lobby)
    winner, loser = listed["ratings"][record["winner"]], listed["ratings"][1 - record["winner"]]
    assert winner > loser
