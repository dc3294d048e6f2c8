"""Where a tournament stands, as the server says in its list and on its page: upcoming, running,
finished (a Swiss also when everyone has withdrawn between rounds), or cancelled (a Swiss that
started with fewer than two players, or teams, to pair), which the clock never pairs; and the
clock looks only at tournaments that may still have work, an arena game left undecided after the
window among them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from passkey_support import Device
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncConnection
from test_tournaments_api import SOON, new_account, on_database, swiss

from pasur.server.db.rows import TournamentRow
from pasur.server.tournaments import clock, games, store
from pasur.server.tournaments.swiss import WIN


@pytest.fixture
def client(
    make_client: Callable[..., TestClient], backend: str, monkeypatch: pytest.MonkeyPatch
) -> TestClient:
    """A client whose server's clock is stopped: these tests move the tournaments themselves."""

    async def stopped(*_: object) -> None:
        return None

    monkeypatch.setattr(clock, "run", stopped)
    return make_client(backend)


def arena(device: Device, name: str, starts_at: datetime, minutes: int = 30) -> str:
    body = {"name": name, "kind": "arena", "minutes": minutes, "starts_at": starts_at.isoformat()}
    made = device.call("POST", "/api/tournaments", body)
    assert made.status_code == 201, made.text
    tournament_id: str = made.json()["id"]
    return tournament_id


def join(tournament_id: str, devices: list[Device], players: int = 2) -> None:
    for device in devices:
        joined = device.call("POST", f"/api/tournaments/{tournament_id}/join", {"players": players})
        assert joined.status_code == 204, joined.text


def begin(client: TestClient, tournament_id: str, starts_at: datetime) -> None:
    """Move the tournament's start (a Swiss is joined before it starts, then started here)."""

    async def move(connection: AsyncConnection) -> None:
        await connection.execute(
            update(TournamentRow)
            .where(TournamentRow.id == tournament_id)
            .values(starts_at=starts_at)
        )

    on_database(client, move)


def pair(client: TestClient, tournament_id: str, *outcomes: int) -> None:
    """Pair the next Swiss round, recording ``outcomes`` for its first games."""

    async def play(connection: AsyncConnection) -> None:
        paired = await store.pair_swiss_round(connection, tournament_id)
        for game_id, outcome in zip(paired, outcomes, strict=False):
            await store.record(connection, game_id, outcome)

    on_database(client, play)


def tick(client: TestClient, at: datetime) -> list[str]:
    """One look of the server's clock at ``at``; the tables it made."""
    app = client.app.state  # type: ignore[attr-defined]
    made: list[str] = client.portal.call(  # type: ignore[union-attr]
        clock.tick, app.database.engine, app.table_manager, at
    )
    return made


def advance(client: TestClient, tournament_id: str, at: datetime) -> list[str]:
    app = client.app.state  # type: ignore[attr-defined]
    made: list[str] = client.portal.call(  # type: ignore[union-attr]
        games.advance, app.database.engine, app.table_manager, tournament_id, at
    )
    return made


def stages(client: TestClient) -> dict[str, str]:
    """Each tournament's stage by name, from the list; every page says the same."""
    listed = client.get("/api/tournaments").json()["tournaments"]
    for tournament in listed:
        found = client.get(f"/api/tournaments/{tournament['id']}").json()
        assert found["stage"] == tournament["stage"], tournament["name"]
    return {tournament["name"]: tournament["stage"] for tournament in listed}


def made_of_every_stage(client: TestClient, now: datetime) -> dict[str, str]:
    """One tournament in each situation; their ids by name."""
    ava, babak, cyrus, dara = (new_account(client, n) for n in ("Ava", "Babak", "Cyrus", "Dara"))
    ago = now - timedelta(minutes=1)
    made = {
        "swiss soon": swiss(ava, name="swiss soon"),
        "arena soon": arena(ava, "arena soon", datetime.fromisoformat(SOON)),
        "arena on": arena(ava, "arena on", ago),
        "arena over": arena(ava, "arena over", now - timedelta(minutes=40)),
        "arena over, a game on": arena(ava, "arena over, a game on", now - timedelta(minutes=40)),
    }
    for name, players, field, rounds in (
        ("swiss about to pair", 2, [ava, babak], 1),
        ("swiss on", 2, [ava, babak], 1),
        ("swiss between rounds", 2, [ava, babak], 2),
        ("swiss over", 2, [ava, babak, cyrus], 1),
        ("swiss of nobody", 2, [], 3),
        ("swiss of one", 2, [ava], 3),
        ("swiss of one left", 2, [ava, babak], 3),
        ("swiss everyone left", 2, [ava, babak], 3),
        ("teams of three", 4, [ava, babak, cyrus], 3),
        ("teams of four", 4, [ava, babak, cyrus, dara], 1),
    ):
        made[name] = swiss(ava, name=name, players=players, rounds=rounds)
        join(made[name], field, players)
        begin(client, made[name], ago)
    assert babak.call("POST", f"/api/tournaments/{made['swiss of one left']}/leave").is_success
    pair(client, made["swiss on"])
    pair(client, made["swiss between rounds"], WIN)
    pair(client, made["swiss over"], WIN)  # one game and a bye, both decided
    pair(client, made["teams of four"])
    pair(client, made["swiss everyone left"], WIN)
    for device in (ava, babak):
        assert device.call(
            "POST", f"/api/tournaments/{made['swiss everyone left']}/leave"
        ).is_success

    async def pair_arena(connection: AsyncConnection) -> None:
        await store.pair_arena(connection, made["arena over, a game on"])

    join(made["arena over, a game on"], [ava, babak])
    on_database(client, pair_arena)
    return made


def test_the_list_and_each_page_say_every_tournaments_stage(client: TestClient) -> None:
    made_of_every_stage(client, datetime.now(UTC))
    assert stages(client) == {
        "swiss soon": "upcoming",
        "arena soon": "upcoming",
        "arena on": "running",
        "arena over": "finished",
        "arena over, a game on": "finished",  # the window is closed; its last game plays out
        "swiss about to pair": "running",
        "swiss on": "running",
        "swiss between rounds": "running",
        "swiss over": "finished",
        "swiss of nobody": "cancelled",
        "swiss of one": "cancelled",
        "swiss of one left": "cancelled",
        "swiss everyone left": "finished",  # over early: nobody is left to pair
        "teams of three": "cancelled",  # one team: nobody to play
        "teams of four": "running",
    }


def test_a_swiss_with_fewer_than_two_to_pair_is_cancelled_and_never_paired(
    client: TestClient,
) -> None:
    ava, babak, cyrus = (new_account(client, name) for name in ("Ava", "Babak", "Cyrus"))
    fields = {"nobody": ([], 2), "one": ([ava], 2), "three in teams": ([ava, babak, cyrus], 4)}
    made = {}
    for name, (field, players) in fields.items():
        made[name] = swiss(ava, name=name, players=players)
        join(made[name], field, players)
    start = datetime.fromisoformat(SOON) + timedelta(seconds=1)
    for minutes in range(3):  # the clock would once have given the one a bye every round
        at = start + timedelta(minutes=minutes)
        assert [advance(client, tournament_id, at) for tournament_id in made.values()] == [[]] * 3
        assert tick(client, at) == []
    for name, tournament_id in made.items():
        begin(client, tournament_id, datetime.now(UTC) - timedelta(minutes=3))
        found = client.get(f"/api/tournaments/{tournament_id}").json()
        assert (found["stage"], found["pairings"]) == ("cancelled", []), name


def test_the_clock_advances_only_the_tournaments_that_may_still_have_work(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = datetime.now(UTC)
    made = made_of_every_stage(client, now)
    advanced: list[str] = []

    async def counted(_engine: Any, _tables: Any, tournament_id: str, _now: Any) -> list[str]:
        advanced.append(tournament_id)
        return []

    monkeypatch.setattr(clock, "advance", counted)
    tick(client, now)
    named = {tournament_id: name for name, tournament_id in made.items()}
    assert sorted(named[tournament_id] for tournament_id in advanced) == [
        "arena on",
        "arena over, a game on",  # its table may yet be forfeited
        "swiss about to pair",
        "swiss between rounds",
        "swiss on",
        "teams of four",
    ]


def test_an_arena_game_undecided_after_the_window_is_still_forfeited(client: TestClient) -> None:
    devices = [new_account(client, name) for name in ("Ava", "Babak")]
    start = datetime.fromisoformat(SOON) + timedelta(seconds=1)
    tournament_id = arena(devices[0], "Blitz", start, minutes=10)
    join(tournament_id, devices)
    [table_id] = tick(client, start)
    devices[0].call("POST", f"/api/tables/{table_id}/join", {"seat": 0})  # Babak never comes
    assert tick(client, start + timedelta(minutes=11)) == []  # the window closed a minute ago
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert [(p["first"], p["outcome"]) for p in found["pairings"]] == [("Ava", WIN)]
    assert [(s["name"], s["withdrawn"]) for s in found["standings"]] == [
        ("Ava", False),
        ("Babak", True),
    ]
