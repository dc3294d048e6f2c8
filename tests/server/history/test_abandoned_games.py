"""Rated play: a side that left a game early is ranked last before the ratings move."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from play_support import GuestClient

from pasur.server.history.game_log import finished_games
from pasur.server.history.ratings import MODEL, abandoners_last, ordinal, ranks


def event(kind: str, **data: Any) -> dict[str, Any]:
    return {"kind": kind, "data": data}


SEATED = [event("seated", seat=s, player=f"p{s}", name=f"N{s}") for s in range(2)]
STARTED = event("started", game=1, players=2, seats=["N0", "N1"])
OVER = event("game_over", game=1, totals=[70, 40], winner=0)


@pytest.mark.parametrize(
    ("middle", "abandoned"),
    [
        ([], frozenset()),
        ([event("left", seat=0)], frozenset({0})),
        # Back in their own seat before the end: not abandoned.
        ([event("left", seat=0), SEATED[0]], frozenset()),
        # Grace ran out and the stand-in bot still plays at the end.
        ([event("stand_in", seat=1, level="random", active=True)], frozenset({1})),
        (
            [
                event("stand_in", seat=1, level="random", active=True),
                event("stand_in", seat=1, level="random", active=False),
            ],
            frozenset(),
        ),
    ],
)
def test_a_seat_left_or_stood_in_for_at_the_end_is_abandoned(
    middle: list[dict[str, Any]], abandoned: frozenset[int]
) -> None:
    (game,) = finished_games([*SEATED, STARTED, *middle, OVER])
    assert game.abandoned == abandoned
    assert game.players == ("p0", "p1")


def test_leaving_between_games_abandons_nothing() -> None:
    (game,) = finished_games([*SEATED, STARTED, OVER, event("left", seat=0)])
    assert game.abandoned == frozenset()


@pytest.mark.parametrize(
    ("places", "abandoned", "moved"),
    [
        ([0, 1], {0}, [1, 0]),
        ([0, 1, 1], {0}, [1, 0, 0]),
        ([2, 0, 1], {1, 2}, [0, 1, 1]),
        ([0, 1], set(), [0, 1]),
        # Every side abandoned: the result stands.
        ([0, 1], {0, 1}, [0, 1]),
    ],
)
def test_abandoning_sides_share_the_last_place(
    places: list[int], abandoned: set[int], moved: list[int]
) -> None:
    assert abandoners_last(places, abandoned) == moved


def test_the_winner_who_left_loses_rating_as_openskill_ranks_them_last() -> None:
    places = abandoners_last(ranks([70, 40], 0), {0})
    (gone,), (stayed,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=places)
    assert gone.mu < 25.0 < stayed.mu


@pytest.mark.parametrize("leaver", [0, 1])
def test_a_person_who_leaves_a_rated_game_is_rated_as_its_loser(
    client: TestClient, leaver: int
) -> None:
    names = ["Ava", "Babak"]
    people = [GuestClient(client, name) for name in names]
    table_id = people[0].create(players=2, private=False, rated=True, settings=SHORT)
    for seat, person in enumerate(people):
        person.join(table_id, seat)
    assert people[0].post(f"/api/tables/{table_id}/start").status_code == 200
    assert people[leaver].post(f"/api/tables/{table_id}/leave").status_code == 200
    play_out(client, table_id)
    # Whatever the totals, the leaver is ranked last: the ratings are OpenSkill's so ranked.
    (gone,), (stayed,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 0])
    board = {row["name"]: row for row in client.get("/api/ratings").json()["ratings"]}
    left, other = names[leaver], names[1 - leaver]
    assert board[left]["ordinal"] == ordinal(gone.mu, gone.sigma)
    assert board[other]["ordinal"] == ordinal(stayed.mu, stayed.sigma)


def test_leaving_an_unrated_game_moves_no_rating(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2, private=False, settings=SHORT)
    ava.join(table_id, 0)
    babak.join(table_id, 1)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    assert ava.post(f"/api/tables/{table_id}/leave").status_code == 200
    play_out(client, table_id)
    assert client.get("/api/ratings").json()["ratings"] == []
