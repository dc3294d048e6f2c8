"""Tournaments over REST: made by an account, joined and left, refused clearly, and kept whole
across a restart in the middle of a Swiss (pairings, results, standings and the next round)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from at_once_support import at_once, copies
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.server.app import create_app
from pasur.server.db.rows import TournamentEntrantRow, TournamentGameRow, TournamentRow
from pasur.server.http.guests import COOKIE
from pasur.server.settings import ServerSettings
from pasur.server.tournaments import arena, store
from pasur.server.tournaments import clock as tournament_clock
from pasur.server.tournaments.swiss import DRAW, WIN

T = TypeVar("T")
SOON = (datetime.now(UTC) + timedelta(days=1)).isoformat()
PAST = (datetime.now(UTC) - timedelta(minutes=1)).isoformat()


def new_account(client: TestClient, name: str) -> Device:
    device = Device(client)
    device.guest(name)
    response = device.add_passkey(Passkey())
    assert response.status_code == 201, response.text
    return device


def code_of(response: Any) -> str:
    assert response.status_code >= 400, response.text
    detail = response.json()["detail"]
    assert set(detail) == {"code", "message"} and detail["message"]
    code: str = detail["code"]
    return code


def on_database(client: TestClient, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
    """Run ``work`` in one transaction on the application's database."""
    database = client.app.state.database  # type: ignore[attr-defined]

    async def run() -> T:
        async with database.engine.begin() as connection:
            return await work(connection)

    result: T = client.portal.call(run)  # type: ignore[union-attr]
    return result


def rows(client: TestClient, row: Any) -> int:
    async def count(connection: AsyncConnection) -> int:
        return int(await connection.scalar(select(func.count()).select_from(row)) or 0)

    return on_database(client, count)


def swiss(device: Device, **fields: Any) -> str:
    body = {"name": "Friday cup", "kind": "swiss", "rounds": 3, "starts_at": SOON, **fields}
    made = device.call("POST", "/api/tournaments", body)
    assert made.status_code == 201, made.text
    tournament_id: str = made.json()["id"]
    return tournament_id


def test_an_account_makes_a_tournament_that_others_join_and_leave(client: TestClient) -> None:
    ava, babak = new_account(client, "Ava"), new_account(client, "Babak")
    rules = {"preset": "standard", "settings": {"target": "100"}}
    tournament_id = swiss(ava, rules=rules)
    for device in (ava, babak):
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204
    assert babak.call("POST", f"/api/tournaments/{tournament_id}/leave").status_code == 204
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert (found["name"], found["kind"], found["rounds"], found["rules"]) == (
        "Friday cup",
        "swiss",
        3,
        rules,
    )
    assert [(s["name"], s["withdrawn"]) for s in found["standings"]] == [
        ("Ava", False),
        ("Babak", True),
    ]
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [(t["id"], t["entrants"]) for t in listed] == [(tournament_id, 2)]


def test_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    ava = new_account(client, "Ava")
    guest = Device(client)
    guest.guest("Dara")
    body = {"name": "Cup", "kind": "swiss", "rounds": 3, "starts_at": SOON}
    assert code_of(guest.call("POST", "/api/tournaments", body)) == "not_signed_in"
    arena = {"name": "Cup", "kind": "arena", "rounds": 3, "starts_at": SOON}
    assert code_of(ava.call("POST", "/api/tournaments", arena)) == "wrong_format"
    teams = {**arena, "rounds": None, "minutes": 30, "players": 4}
    assert code_of(ava.call("POST", "/api/tournaments", teams)) == "wrong_format"  # Swiss only
    bad_rules = {**body, "rules": {"preset": "standard", "settings": {"partnerships": "on"}}}
    assert code_of(ava.call("POST", "/api/tournaments", bad_rules)) == "bad_config"  # 2 players
    no_rule = {**body, "rules": {"preset": "standard", "settings": {"target": "-4"}}}
    assert ava.call("POST", "/api/tournaments", no_rule).status_code == 422
    assert ava.call("POST", "/api/tournaments", {**body, "rounds": 0}).status_code == 422
    assert rows(client, TournamentRow) == 0

    tournament_id = swiss(ava)
    path = f"/api/tournaments/{tournament_id}"
    assert ava.call("POST", f"{path}/join").status_code == 204
    assert ava.call("POST", f"{path}/join").status_code == 204  # a repeat changes nothing
    babak = new_account(client, "Babak")
    assert code_of(babak.call("POST", f"{path}/join", {"players": 3})) == "wrong_format"
    partner = {"players": 2, "partner": "Ava"}
    assert code_of(babak.call("POST", f"{path}/join", partner)) == "wrong_format"  # 2 a table
    assert code_of(babak.call("POST", f"{path}/leave")) == "not_entered"
    assert code_of(babak.call("POST", "/api/tournaments/nope/join")) == "no_such_tournament"
    assert code_of(client.get("/api/tournaments/nope")) == "no_such_tournament"
    started = swiss(ava, starts_at=PAST)
    assert code_of(babak.call("POST", f"/api/tournaments/{started}/join")) == "tournament_started"
    assert rows(client, TournamentEntrantRow) == 1


def test_joins_sent_at_once_enter_the_account_once(client: TestClient) -> None:
    """A double click, or more: every copy is answered as the first, and there is one entry."""
    ava = new_account(client, "Ava")
    tournament_id = swiss(ava)
    path, headers = f"/api/tournaments/{tournament_id}/join", {"Cookie": f"{COOKIE}={ava.cookie}"}
    answers = at_once(client, copies("POST", path, headers, [{"players": 2}] * 6))
    assert [answer.status_code for answer in answers] == [204] * 6, [a.text for a in answers]
    assert rows(client, TournamentEntrantRow) == 1
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [(t["id"], t["entrants"]) for t in listed] == [(tournament_id, 1)]


def test_a_restart_mid_swiss_loses_nothing(
    backend: str, web_root: Path, make_client: Callable[..., TestClient]
) -> None:
    settings = ServerSettings(database_url=backend, web_root=web_root)
    first = TestClient(create_app(settings))
    with first:
        devices = [new_account(first, name) for name in ("Ava", "Babak", "Cyrus", "Dara", "Elham")]
        tournament_id = swiss(devices[0])
        for device in devices:
            assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204

        async def play_round_one(connection: AsyncConnection) -> None:
            games = await store.pair_swiss_round(connection, tournament_id)
            for game_id, outcome in zip(games, (WIN, DRAW), strict=False):
                await store.record(connection, game_id, outcome)

        on_database(first, play_round_one)
        before = first.get(f"/api/tournaments/{tournament_id}").json()
    assert [p["second"] for p in before["pairings"]].count(None) == 1  # five: one bye
    assert [s["score"] for s in before["standings"]] == [2, 2, 1, 1, 0]

    second = TestClient(create_app(settings))
    with second:
        assert second.get(f"/api/tournaments/{tournament_id}").json() == before

        async def pair_round_two(connection: AsyncConnection) -> list[int]:
            return await store.pair_swiss_round(connection, tournament_id)

        on_database(second, pair_round_two)
        after = second.get(f"/api/tournaments/{tournament_id}").json()
    one = [p for p in after["pairings"] if p["round"] == 1]
    two = [p for p in after["pairings"] if p["round"] == 2]
    assert one == before["pairings"]
    met = {frozenset((p["first"], p["second"])) for p in one}
    assert not any(frozenset((p["first"], p["second"])) in met for p in two)
    bye_one = next(p["first"] for p in one if p["second"] is None)
    assert bye_one not in [p["first"] for p in two if p["second"] is None]


def test_a_restart_mid_arena_loses_nothing(
    backend: str,
    web_root: Path,
    make_client: Callable[..., TestClient],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Streaks, points, who plays whom and who left are rebuilt from the rows: a second server
    on the same database shows the same standings and pairs exactly as one that never stopped
    (the same calls to an :class:`arena.Arena` kept in memory throughout)."""

    # The pairings are made here by hand; the servers' clocks would open their tables at a
    # moment of their own (at startup, or 5 s on), making the two reads differ by timing.
    async def stopped(*_: object) -> None:
        return None

    monkeypatch.setattr(tournament_clock, "run", stopped)
    settings = ServerSettings(database_url=backend, web_root=web_root)
    names = ("Ava", "Babak", "Cyrus", "Dara", "Elham")
    first = TestClient(create_app(settings))
    with first:
        devices = [new_account(first, name) for name in names]
        body = {"name": "Blitz", "kind": "arena", "minutes": 60, "starts_at": PAST}
        made = devices[0].call("POST", "/api/tournaments", body)
        assert made.status_code == 201, made.text
        tournament_id = made.json()["id"]
        for device in devices:
            assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204

        async def play(connection: AsyncConnection) -> None:
            # Ava beats Babak, then Elham (two wins: on fire); Cyrus and Dara play on.
            for _ in range(2):
                games = await store.pair_arena(connection, tournament_id)
                await store.record(connection, games[0], WIN)
            await store.pair_arena(connection, tournament_id)  # Ava meets Babak again

        on_database(first, play)
        assert devices[3].call("POST", f"/api/tournaments/{tournament_id}/leave").status_code == 204
        before = first.get(f"/api/tournaments/{tournament_id}").json()
    lines = {line["name"]: line for line in before["standings"]}
    assert (lines["Ava"]["score"], lines["Ava"]["on_fire"], lines["Dara"]["withdrawn"]) == (
        4,
        True,
        True,
    )
    playing = [(p["first"], p["second"]) for p in before["pairings"] if p["outcome"] is None]
    assert playing == [("Cyrus", "Dara"), ("Ava", "Babak")]

    second = TestClient(create_app(settings))
    with second:
        assert second.get(f"/api/tournaments/{tournament_id}").json() == before

        async def go_on(connection: AsyncConnection) -> None:
            # The two games still being played end (their first players win), then a pairing.
            rows = await connection.execute(
                select(TournamentGameRow.id)
                .where(
                    TournamentGameRow.tournament_id == tournament_id,
                    TournamentGameRow.outcome.is_(None),
                )
                .order_by(TournamentGameRow.id)
            )
            for (game_id,) in list(rows):
                await store.record(connection, game_id, WIN)
            await store.pair_arena(connection, tournament_id)

        on_database(second, go_on)
        after = second.get(f"/api/tournaments/{tournament_id}").json()

    never_stopped = arena.Arena()
    for name in names:
        never_stopped.join(name)
    never_stopped.pair()
    never_stopped.finish("Ava", "Babak", WIN)
    never_stopped.pair()
    never_stopped.finish("Ava", "Elham", WIN)
    never_stopped.pair()
    never_stopped.withdraw("Dara")
    never_stopped.finish("Cyrus", "Dara", WIN)
    never_stopped.finish("Ava", "Babak", WIN)
    expected = never_stopped.pair()
    assert [(p["first"], p["second"]) for p in after["pairings"] if p["outcome"] is None] == (
        expected
    )
    assert expected == [("Ava", "Cyrus"), ("Babak", "Elham")]  # Dara, who left, is not paired
    lines = {line["name"]: line for line in after["standings"]}
    assert {name: lines[name]["score"] for name in names} == {
        name: never_stopped.entrants[name].points for name in names
    }
    assert lines["Ava"]["score"] == 2 + 2 + 4  # the streak lived through the restart
