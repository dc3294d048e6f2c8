"""Profiles and leaderboards over seeded rated games: every figure equals what OpenSkill's
Plackett-Luce model computes directly from the same results, game by game."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import finished_table, rematch, results
from openskill.models import PlackettLuce
from passkey_support import Passkey, device_of
from play_support import GuestClient
from test_accounts_passkeys import code_of

from pasur.bots.registry import BOT_NAMES
from pasur.server.history.formats import ESTABLISHED_GAMES
from pasur.server.history.ratings import ranks


def expected(people: int, games: list[tuple[list[int], int]]) -> list[Any]:
    """Each seat's rating after ``games`` of one table (seat k on side k % sides), computed by
    openskill directly."""
    model = PlackettLuce()
    seats = [model.rating() for _ in range(people)]
    for totals, winner in games:
        sides = len(totals)
        teams = [[seats[s] for s in range(people) if s % sides == side] for side in range(sides)]
        rated = model.rate(teams, ranks=ranks(totals, winner))
        for side, team in enumerate(rated):
            for k, seat in enumerate(s for s in range(people) if s % sides == side):
                seats[seat] = team[k]
    return seats


def test_profiles_and_the_leaderboard_match_openskill_game_by_game(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = finished_table(client, [ava, babak], private=False, rated=True)
    for _ in range(ESTABLISHED_GAMES - 1):
        rematch(client, table_id)
    games = results(client, table_id, ESTABLISHED_GAMES)
    want = expected(2, games)
    device = device_of(client, ava)
    assert device.add_passkey(Passkey(), name="Ava").status_code == 201

    shown = client.get("/api/profiles/ava").json()  # names are found as they compare
    assert shown["name"] == "Ava"
    two = shown["ratings"]["2"]
    assert two["mu"] == pytest.approx(want[0].mu, abs=1e-3)
    assert two["sigma"] == pytest.approx(want[0].sigma, abs=1e-3)
    assert two["ordinal"] == round(want[0].mu - 3 * want[0].sigma)
    assert (two["games"], two["provisional"]) == (ESTABLISHED_GAMES, False)
    wins = sum(winner == 0 for _, winner in games)
    assert (two["wins"], shown["played"], shown["won"]) == (wins, ESTABLISHED_GAMES, wins)
    assert len(two["history"]) == ESTABLISHED_GAMES
    assert two["history"][-1]["mu"] == two["mu"]
    assert len(shown["recent"]) == 10
    assert shown["recent"][0]["replay_url"].startswith(f"/replay/{table_id}/")

    board = client.get("/api/leaderboard?format=2").json()["ratings"]
    order = sorted(
        [("Ava", want[0]), ("Babak", want[1])],
        key=lambda pair: pair[1].mu - 3 * pair[1].sigma,
        reverse=True,
    )
    assert [(row["rank"], row["name"]) for row in board] == [(1, order[0][0]), (2, order[1][0])]
    assert [row["ordinal"] for row in board] == [round(r.mu - 3 * r.sigma) for _, r in order]
    urls = {row["name"]: row["profile_url"] for row in board}
    assert urls == {"Ava": "/@/Ava", "Babak": None}  # Babak is a guest: no profile
    assert client.get("/api/leaderboard?format=3").json()["ratings"] == []


@pytest.mark.parametrize(
    ("people", "format_name", "settings"),
    [
        (3, "3", {"target": "1"}),
        (4, "4", {"target": "1"}),
        (4, "partnerships", {"partnerships": "on", "target": "1"}),
    ],
)
def test_three_four_and_partnership_ratings_match_openskill_game_by_game(
    client: TestClient, people: int, format_name: str, settings: dict[str, str]
) -> None:
    names = ["Ava", "Babak", "Cyrus", "Dara"][:people]
    guests = [GuestClient(client, name) for name in names]
    table_id = finished_table(client, guests, private=False, rated=True, settings=settings)
    for _ in range(2):
        rematch(client, table_id)
    games = results(client, table_id, 3)
    want = expected(people, games)
    points = [expected(people, games[:count]) for count in range(1, 4)]  # the chart, game by game
    for seat, (guest, name) in enumerate(zip(guests, names, strict=True)):
        assert device_of(client, guest).add_passkey(Passkey(), name=name).status_code == 201
        shown = client.get(f"/api/profiles/{name}").json()
        assert list(shown["ratings"]) == [format_name]
        rating = shown["ratings"][format_name]
        assert rating["mu"] == pytest.approx(want[seat].mu, abs=1e-3)
        assert rating["sigma"] == pytest.approx(want[seat].sigma, abs=1e-3)
        assert rating["ordinal"] == round(want[seat].mu - 3 * want[seat].sigma)
        wins = sum(winner == seat % len(totals) for totals, winner in games)
        assert (rating["games"], rating["wins"], rating["provisional"]) == (3, wins, True)
        chart = [point["mu"] for point in rating["history"]]
        assert chart == pytest.approx([after[seat].mu for after in points], abs=1e-3)
    if format_name == "partnerships":  # partners moved together, as one team
        assert want[0].mu == pytest.approx(want[2].mu) and want[1].mu == pytest.approx(want[3].mu)


def test_the_profile_lists_the_bots_beaten_most_often_first(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    partners = {"partnerships": "on", "target": "1"}
    tables = [  # Ava in seat 0, these levels after her; the beginner at 4 seats is her partner
        (["beginner"], {}),
        (["casual", "random"], {"private": False}),
        (["random", "beginner", "random"], {"settings": partners}),
    ]
    want: Counter[str] = Counter()
    for levels, options in tables:
        table_id, played, won = finished_table(client, [ava], levels, **options), 1, 0
        while True:  # until Ava has beaten this table's bots once (a short game is luck)
            totals, winner = results(client, table_id, played)[-1]
            if winner == 0:
                won += 1
                sides = len(totals)
                want.update({level for seat, level in enumerate(levels, 1) if seat % sides})
            if won or played == 40:
                break
            rematch(client, table_id)
            played += 1
        assert won, "Ava never won"
    assert device_of(client, ava).add_passkey(Passkey(), name="Ava").status_code == 201
    shown = client.get("/api/profiles/Ava").json()["bots_beaten"]
    order = sorted(want, key=lambda level: (-want[level], -BOT_NAMES.index(level)))
    assert shown == [{"level": level, "wins": want[level]} for level in order]
    assert set(want) == {"beginner", "casual", "random"}


def test_a_provisional_rating_is_marked_and_left_off_the_leaderboard(client: TestClient) -> None:
    people = [GuestClient(client, name) for name in ("Ava", "Babak", "Cyrus", "Dara")]
    finished_table(
        client, people, private=False, rated=True, settings={"partnerships": "on", "target": "1"}
    )
    device = device_of(client, people[2])
    assert device.add_passkey(Passkey(), name="Cyrus").status_code == 201
    shown = client.get("/api/profiles/Cyrus").json()
    assert list(shown["ratings"]) == ["partnerships"]
    assert shown["ratings"]["partnerships"]["provisional"] is True
    assert client.get("/api/leaderboard?format=partnerships").json()["ratings"] == []


def test_a_private_table_s_games_are_counted_but_not_listed(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    finished_table(client, [ava, babak], private=True)
    assert device_of(client, ava).add_passkey(Passkey(), name="Ava").status_code == 201
    shown = client.get("/api/profiles/Ava").json()
    assert (shown["played"], shown["recent"], shown["ratings"]) == (1, [], {})


def test_an_unknown_profile_or_format_is_refused(client: TestClient) -> None:
    assert code_of(client.get("/api/profiles/nobody")) == "no_such_account"
    assert client.get("/api/leaderboard?format=5").status_code == 422
