"""Rated play: a side that left a game early is ranked last before the ratings move, and the
person's history and profile say that game was lost."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from passkey_support import Passkey, device_of
from play_support import GuestClient

from pasur.server.history.game_log import finished_games
from pasur.server.history.ratings import MODEL, abandoners_last, ordinal, outcome, ranks


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


def rated_game_left_by(client: TestClient, names: list[str], leaver: int) -> list[GuestClient]:
    """The people of a rated game of two guests, started; ``leaver``'s seat left at once and the
    game was played out (the drop bot playing for them)."""
    people = [GuestClient(client, name) for name in names]
    table_id = people[0].create(players=2, private=False, rated=True, settings=SHORT)
    for seat, person in enumerate(people):
        person.join(table_id, seat)
    assert people[0].post(f"/api/tables/{table_id}/start").status_code == 200
    assert people[leaver].post(f"/api/tables/{table_id}/leave").status_code == 200
    play_out(client, table_id)
    return people


@pytest.mark.parametrize("leaver", [0, 1])
def test_a_person_who_leaves_a_rated_game_is_rated_as_its_loser(
    client: TestClient, leaver: int
) -> None:
    names = ["Ava", "Babak"]
    rated_game_left_by(client, names, leaver)
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


@pytest.mark.parametrize(
    ("seat", "totals", "winner", "abandoned", "rated", "result"),
    [
        # The cards decide a game nobody left, rated or not.
        (0, [70, 40], 0, [], True, "won"),
        (1, [70, 40], 0, [], True, "lost"),
        # A rated game left by the side the cards made the winner: that side lost, the other won.
        (0, [70, 40], 0, [0], True, "lost"),
        (1, [70, 40], 0, [0], True, "won"),
        # Partners: seat 2 left, so side 0 (seats 0 and 2) lost.
        (0, [70, 40], 0, [2], True, "lost"),
        (3, [70, 40], 0, [2], True, "won"),
        # An unrated game stands as the cards said it.
        (0, [70, 40], 0, [0], False, "won"),
        # A draw is a draw for the sides tied at the top, and lost for the others; one who left
        # a rated draw lost it.
        (0, [62, 62, 30], -2, [], True, "drawn"),
        (2, [62, 62, 30], -2, [], True, "lost"),
        (1, [62, 62, 30], -2, [0], True, "won"),
        # Every side left: the result stands.
        (0, [70, 40], 0, [0, 1], True, "won"),
    ],
)
def test_the_outcome_a_person_is_shown_is_the_one_their_rating_moved_by(
    seat: int, totals: list[int], winner: int, abandoned: list[int], rated: bool, result: str
) -> None:
    assert outcome(seat, totals, winner, abandoned, rated=rated) == result


def test_history_and_profiles_show_a_rated_game_left_early_as_the_leaver_s_loss(
    client: TestClient,
) -> None:
    names = ["Ava", "Babak"]
    people = rated_game_left_by(client, names, 0)
    (ava,) = client.get("/api/history", headers=people[0].headers).json()["games"]
    (babak,) = client.get("/api/history", headers=people[1].headers).json()["games"]
    # Whoever the cards favoured (the bot in Ava's seat played on), Ava lost and Babak won.
    assert (ava["result"], ava["left"]) == ("lost", True)
    assert (babak["result"], babak["left"]) == ("won", False)
    assert ava["winner"] == babak["winner"]  # the stored result is the cards', as before
    for person, name in zip(people, names, strict=True):
        assert device_of(client, person).add_passkey(Passkey(), name=name).status_code == 201
    shown = {name: client.get(f"/api/profiles/{name}").json() for name in names}
    assert [shown[name]["won"] for name in names] == [0, 1]
    assert [shown[name]["recent"][0]["won"] for name in names] == [False, True]
    assert [shown[name]["ratings"]["2"]["wins"] for name in names] == [0, 1]
