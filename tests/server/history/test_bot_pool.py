"""The bots' own rating pool: every game of people and bots rates the bot levels, with the
people at their ratings as they stand (never moved), as OpenSkill computes it directly."""

from __future__ import annotations

from statistics import fmean
from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import finished_table, results
from openskill.models import PlackettLuce, PlackettLuceRating
from passkey_support import Passkey, device_of
from play_support import GuestClient

from pasur.server.history.bot_pool import rated_for_bots
from pasur.server.history.game_log import FinishedGame
from pasur.server.history.ratings import ranks

MODEL = PlackettLuce()


def bots(client: TestClient, format_name: str) -> dict[str, dict[str, Any]]:
    """The bot pool of a format as the leaderboard shows it, by level."""
    response = client.get(f"/api/leaderboard?format={format_name}")
    assert response.status_code == 200, response.text
    return {row["level"]: row for row in response.json()["bots"]}


def fresh(count: int) -> list[PlackettLuceRating]:
    """New ratings, one object each (openskill moves a rating object that a team repeats)."""
    return [MODEL.rating() for _ in range(count)]


def rate(
    seats: list[PlackettLuceRating], totals: list[int], winner: int
) -> list[PlackettLuceRating]:
    """Every seat's rating after one game (seat k on side k % sides), by openskill directly."""
    sides = len(totals)
    teams = [[seats[s] for s in range(len(seats)) if s % sides == side] for side in range(sides)]
    rated = MODEL.rate(teams, ranks=ranks(totals, winner))
    after = list(seats)
    for side, team in enumerate(rated):
        for rating, seat in zip(team, range(side, len(seats), sides), strict=True):
            after[seat] = rating
    return after


def same(row: dict[str, Any], mu: float, sigma: float) -> None:
    assert row["mu"] == pytest.approx(mu, abs=1e-3)
    assert row["sigma"] == pytest.approx(sigma, abs=1e-3)
    assert row["ordinal"] == round(mu - 3 * sigma)


def test_a_bot_is_rated_against_a_person_at_their_rating_which_does_not_move(
    client: TestClient,
) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    first = finished_table(client, [ava, babak], private=False, rated=True)
    ((totals, winner),) = results(client, first)
    ava_rating = rate(fresh(2), totals, winner)[0]
    assert bots(client, "2") == {}  # people alone: no bot is rated

    second = finished_table(client, [ava], ["beginner"])  # a private, unrated table
    ((totals, winner),) = results(client, second)
    beginner = rate([ava_rating, MODEL.rating()], totals, winner)[1]
    (row,) = bots(client, "2").values()
    assert (row["rank"], row["level"], row["games"]) == (1, "beginner", 1)
    assert (row["wins"], row["provisional"]) == (int(winner == 1), True)
    same(row, beginner.mu, beginner.sigma)

    # Ava's own rating is as the rated game left it: the bot's game moved nobody's.
    assert device_of(client, ava).add_passkey(Passkey(), name="Ava").status_code == 201
    mine = client.get("/api/profiles/Ava").json()["ratings"]["2"]
    assert mine["games"] == 1
    same(mine, ava_rating.mu, ava_rating.sigma)
    assert client.get("/api/ratings").json()["ratings"][0]["games"] == 1
    assert bots(client, "3") == {}  # a format of its own


def test_a_level_in_two_seats_is_one_identity_that_takes_the_mean(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = finished_table(client, [ava], ["random", "random"], private=False, rated=True)
    ((totals, winner),) = results(client, table_id)
    after = rate(fresh(3), totals, winner)
    (row,) = bots(client, "3").values()
    assert (row["level"], row["games"], row["wins"]) == ("random", 1, int(winner in (1, 2)))
    same(row, fmean(r.mu for r in after[1:]), fmean(r.sigma for r in after[1:]))


def test_partners_of_people_and_bots_are_rated_as_teams(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    levels = ["random", "beginner", "random"]  # seat 2, the beginner, is Ava's partner
    settings = {"partnerships": "on", "target": "1"}
    table_id = finished_table(client, [ava], levels, settings=settings)
    ((totals, winner),) = results(client, table_id)
    after = rate(fresh(4), totals, winner)
    pool = bots(client, "partnerships")
    assert set(pool) == {"random", "beginner"}
    same(pool["beginner"], after[2].mu, after[2].sigma)
    same(pool["random"], fmean([after[1].mu, after[3].mu]), fmean([after[1].sigma, after[3].sigma]))
    assert (pool["beginner"]["wins"], pool["random"]["wins"]) == (
        int(winner == 0),
        int(winner == 1),
    )
    assert [row["level"] for row in sorted(pool.values(), key=lambda r: r["rank"])] == sorted(
        pool, key=lambda level: -pool[level]["ordinal"]
    )


def test_only_games_of_people_and_bots_rate_the_bots() -> None:
    def game(players: tuple[str | None, ...], bots: tuple[str | None, ...]) -> FinishedGame:
        return FinishedGame(1, ("a", "b"), players, (1, 0), 0, frozenset(), bots)

    assert rated_for_bots(game(("p", None), (None, "expert")))
    assert not rated_for_bots(game(("p", "q"), ()))  # people alone
    assert not rated_for_bots(game((None, None), ("expert", "random")))  # bots alone
    assert not rated_for_bots(game(("p", None), (None, None)))  # a seat nobody held
