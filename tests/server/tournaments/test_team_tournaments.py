"""A 4-player Swiss in partnerships over REST and in the database: partners named at joining,
teams formed at the start, seated as partners at reserved tables, results and standings by team,
a team that misses its table withdrawn, and sixteen players over five rounds counted apart."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection
from test_tournaments_api import SOON, code_of, new_account, on_database, swiss

from pasur.server.db.rows import GameRow
from pasur.server.tournaments import games, store
from pasur.server.tournaments.swiss import DRAW, LOSS, WIN

TEAMS = {"players": 4, "rules": {"preset": "standard", "settings": SHORT}}


def advance(client: TestClient, tournament_id: str, at: datetime) -> list[str]:
    app = client.app.state  # type: ignore[attr-defined]
    made: list[str] = client.portal.call(  # type: ignore[union-attr]
        games.advance, app.database.engine, app.table_manager, tournament_id, at
    )
    return made


def test_partners_named_at_joining_play_together_and_score_as_a_team(client: TestClient) -> None:
    names = ("Ava", "Babak", "Cyrus", "Dara", "Elham")
    devices = {name: new_account(client, name) for name in names}
    tournament_id = swiss(devices["Ava"], rounds=1, **TEAMS)
    path = f"/api/tournaments/{tournament_id}"
    assert client.get(path).json()["rules"]["settings"]["partnerships"] == "on"
    partners = {"Ava": "cyrus", "Cyrus": "Ava", "Babak": None, "Dara": None, "Elham": None}
    for name, partner in partners.items():
        body = {"players": 4} | ({"partner": partner} if partner else {})
        assert devices[name].call("POST", f"{path}/join", body).status_code == 204
    assert code_of(devices["Ava"].call("POST", f"{path}/join", {"players": 2})) == "wrong_format"
    again = {"players": 4, "partner": "CYRUS"}  # her entry again (names match up to case)
    assert devices["Ava"].call("POST", f"{path}/join", again).status_code == 204
    other = {"players": 4, "partner": "Babak"}
    assert code_of(devices["Ava"].call("POST", f"{path}/join", other)) == "already_joined"
    mine = devices["Ava"].call("GET", path).json()["you"]
    assert mine == {"withdrawn": False, "partner": "cyrus", "table_id": None}

    [table_id] = advance(client, tournament_id, datetime.fromisoformat(SOON) + timedelta(seconds=1))
    found = client.get(path).json()
    [pairing] = found["pairings"]
    assert (pairing["first"], pairing["second"]) == ("Ava & Cyrus", "Babak & Dara")
    # Elham, the odd one out, has no partner and does not play.
    assert [line["withdrawn"] for line in found["standings"]] == [False, False]
    assert devices["Elham"].call("GET", path).json()["you"]["withdrawn"] is True
    # Partners sit across the table (seats 0 and 2, 1 and 3), each in the seat kept for them.
    for seat, name in enumerate(("Ava", "Babak", "Cyrus", "Dara")):
        assert devices[name].call("GET", path).json()["you"]["table_id"] == table_id
        assert devices[name].call("GET", path).json()["pairings"][0]["yours"] is True
        joined = devices[name].call("POST", f"/api/tables/{table_id}/join", {})
        assert joined.json()["seat"] == seat, joined.text
    assert devices["Elham"].call("GET", path).json()["pairings"][0]["yours"] is False
    assert devices["Ava"].call("POST", f"/api/tables/{table_id}/start").status_code == 200
    play_out(client, table_id)

    async def winner(connection: AsyncConnection) -> int:
        return int(await connection.scalar(select(GameRow.winner)) or 0)

    won = on_database(client, winner)  # the side: 0 is seats 0 and 2
    standings = client.get(path).json()["standings"]
    winners, losers = ("Ava & Cyrus", "Babak & Dara")[:: 1 if won == 0 else -1]
    assert [(line["name"], line["score"]) for line in standings] == [(winners, 2), (losers, 0)]


def test_a_team_with_a_member_missing_loses_its_table_and_is_withdrawn(
    client: TestClient,
) -> None:
    devices = {name: new_account(client, name) for name in ("Ava", "Babak", "Cyrus", "Dara")}
    tournament_id = swiss(devices["Ava"], rounds=2, **TEAMS)
    for device in devices.values():
        device.call("POST", f"/api/tournaments/{tournament_id}/join", {"players": 4})
    start = datetime.fromisoformat(SOON) + timedelta(seconds=1)
    [table_id] = advance(client, tournament_id, start)
    for name in ("Ava", "Babak", "Cyrus"):  # Dara never comes
        devices[name].call("POST", f"/api/tables/{table_id}/join", {})
    assert advance(client, tournament_id, start + games.MISS) == []
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    # Ava & Babak, the first team, win the table; alone in round two, they have the bye.
    assert [(p["round"], p["first"], p["second"], p["outcome"]) for p in found["pairings"]] == [
        (1, "Ava & Babak", "Cyrus & Dara", WIN),
        (2, "Ava & Babak", None, WIN),
    ]
    assert [(line["name"], line["withdrawn"]) for line in found["standings"]] == [
        ("Ava & Babak", False),
        ("Cyrus & Dara", True),
    ]


def test_sixteen_players_in_eight_teams_over_five_rounds_match_a_count_apart(
    client: TestClient,
) -> None:
    tournament_id = swiss(new_account(client, "Host"), rounds=5, **TEAMS)
    ids = [f"account-{n:02}" for n in range(16)]
    outcomes = random.Random(5)

    async def play_everything(connection: AsyncConnection) -> None:
        for n, who in enumerate(ids):  # two by two, each names the other
            partner = f"Player{n ^ 1:02}"
            await store.join(connection, tournament_id, who, f"Player{n:02}", 4, partner)
        for _ in range(5):
            for game_id in await store.pair_swiss_round(connection, tournament_id):
                await store.record(connection, game_id, outcomes.choice((WIN, DRAW, LOSS)))

    on_database(client, play_everything)
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    pairings = found["pairings"]
    assert len(pairings) == 4 * 5 and all(p["second"] is not None for p in pairings)
    met = [frozenset((p["first"], p["second"])) for p in pairings]
    assert len(set(met)) == len(met)  # no two teams met twice
    # Apart: whole points per team from the list of pairings, then Buchholz, as a crosstable.
    points: dict[str, float] = {}
    faced: dict[str, list[str]] = {}
    for p in pairings:
        share = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}[p["outcome"]]
        for team, got, other in (
            (p["first"], share, p["second"]),
            (p["second"], 1 - share, p["first"]),
        ):
            points[team] = points.get(team, 0.0) + got
            faced.setdefault(team, []).append(other)
    assert sorted(points) == sorted(f"Player{n:02} & Player{n + 1:02}" for n in range(0, 16, 2))
    for line in found["standings"]:
        assert line["score"] == 2 * points[line["name"]]
        assert line["buchholz"] == 2 * sum(points[o] for o in faced[line["name"]])
    ranked = [(-line["score"], -line["buchholz"]) for line in found["standings"]]
    assert ranked == sorted(ranked)
