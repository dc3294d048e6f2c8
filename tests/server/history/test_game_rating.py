"""``GET /api/tables/{id}/games/{n}/rating``: how one finished game moved the guest's rating in
its format, as the table page says it at the game's end (docs/protocol.md, section 11)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from history_support import finished_table, rematch, results
from play_support import GuestClient

from pasur.server.history.ratings import MODEL, ordinal, ranks


def rating(client: TestClient, person: GuestClient, table_id: str, game: int) -> object:
    response = client.get(f"/api/tables/{table_id}/games/{game}/rating", headers=person.headers)
    assert response.status_code == 200, response.text
    return response.json()["rating"]


def test_each_rated_game_says_the_new_figure_and_its_move_from_the_one_before(
    client: TestClient,
) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = finished_table(client, [ava, babak], private=False, rated=True)
    rematch(client, table_id)
    # The figure each seat shows after each game, from OpenSkill directly; 0 before the first.
    seats, shown = [MODEL.rating(), MODEL.rating()], [[0], [0]]
    for totals, winner in results(client, table_id, 2):
        seats = [team[0] for team in MODEL.rate([[seat] for seat in seats], ranks(totals, winner))]
        for seat, now in enumerate(seats):
            shown[seat].append(ordinal(now.mu, now.sigma))
    for seat, person in enumerate((ava, babak)):
        for game in (1, 2):
            assert rating(client, person, table_id, game) == {
                "format": "2",
                "ordinal": shown[seat][game],
                "change": shown[seat][game] - shown[seat][game - 1],
                "games": game,
                "provisional": True,
            }


def test_a_game_that_rated_nobody_or_someone_else_says_none(client: TestClient) -> None:
    ava, babak, cyrus = (GuestClient(client, name) for name in ("Ava", "Babak", "Cyrus"))
    with_bot = finished_table(client, [ava], bots=1, private=False, rated=True)
    unrated = finished_table(client, [ava, babak], private=False)
    rated = finished_table(client, [ava, babak], private=False, rated=True)
    assert rating(client, ava, with_bot, 1) is None
    assert rating(client, ava, unrated, 1) is None
    assert rating(client, cyrus, rated, 1) is None  # a watcher: not their game
    assert rating(client, ava, rated, 2) is None  # no such game yet
    assert client.get(f"/api/tables/{rated}/games/1/rating").status_code == 401  # no guest
