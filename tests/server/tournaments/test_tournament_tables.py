"""A Swiss round's pairings become real tables with the tournament's house rules, and each
table's game result is written to the tournament as the game ends, once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from passkey_support import Device
from play_support import snapshot
from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncConnection
from test_tournaments_api import SOON, code_of, new_account, on_database, swiss

from pasur.protocol import Event, Kind
from pasur.rules import DRAW as DRAW_GAME
from pasur.server.db.rows import GameRow, TableEventRow
from pasur.server.tournaments import clock, games, store
from pasur.server.tournaments.swiss import DRAW

NOW = datetime.now(UTC)


def round_one_at_tables(
    client: TestClient, devices: dict[str, Device], tournament_id: int
) -> list[str]:
    """Every device joins the tournament, round one is paired and its tables opened; their
    ids."""
    for device in devices.values():
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204

    async def pair(connection: AsyncConnection) -> list[int]:
        return await store.pair_swiss_round(connection, tournament_id)

    on_database(client, pair)
    app = client.app.state  # type: ignore[attr-defined]
    tables: list[str] = client.portal.call(  # type: ignore[union-attr]
        games.open_tables, app.database.engine, app.table_manager, tournament_id, NOW
    )
    return tables


def test_a_round_is_played_at_tables_and_the_results_are_recorded(client: TestClient) -> None:
    names = ("Ava", "Babak", "Cyrus", "Dara")
    devices = {name: new_account(client, name) for name in names}
    tournament_id = swiss(devices["Ava"], rules={"preset": "standard", "settings": SHORT})
    tables = round_one_at_tables(client, devices, tournament_id)
    app = client.app.state  # type: ignore[attr-defined]
    pairings = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert [p["table_id"] for p in pairings] == tables and len(tables) == 2
    for pairing in pairings:
        table_id = pairing["table_id"]
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["players"] == 2
        for seat, name in enumerate((pairing["first"], pairing["second"])):
            joined = devices[name].call("POST", f"/api/tables/{table_id}/join", {"seat": seat})
            assert joined.status_code == 200, joined.text
        started = devices[pairing["first"]].call("POST", f"/api/tables/{table_id}/start")
        assert started.status_code == 200, started.text
        play_out(client, table_id)

    async def winners(connection: AsyncConnection) -> dict[str, int]:
        rows = await connection.execute(select(GameRow.table_id, GameRow.winner))
        return {row.table_id: row.winner for row in rows.all()}

    won = on_database(client, winners)
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    # The history's record of each game and the tournament's agree: seat 0 is the first player.
    assert [p["outcome"] for p in found["pairings"]] == [
        2 if won[table_id] == 0 else 0 for table_id in tables
    ]
    assert sorted(s["score"] for s in found["standings"]) == [0, 0, 2, 2]
    # Opening tables again makes none: every pairing has its table.
    again = client.portal.call(  # type: ignore[union-attr]
        games.open_tables, app.database.engine, app.table_manager, tournament_id, NOW
    )
    assert again == []


def test_a_tournament_game_is_listed_on_its_players_profiles(client: TestClient) -> None:
    """A tournament's table is private only to stay out of the lobby; its game is as public as
    the standings that name it, so each player's profile lists it (with its replay), where a
    private table's game is only counted."""
    devices = {name: new_account(client, name) for name in ("Ava", "Babak")}
    tournament_id = swiss(devices["Ava"], rules={"preset": "standard", "settings": SHORT})
    [table_id] = round_one_at_tables(client, devices, tournament_id)
    for device in devices.values():
        assert device.call("POST", f"/api/tables/{table_id}/join", {}).status_code == 200
    assert devices["Ava"].call("POST", f"/api/tables/{table_id}/start").status_code == 200
    play_out(client, table_id)

    [pairing] = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert pairing["outcome"] in (0, 2)
    for seat, name in enumerate((pairing["first"], pairing["second"])):
        shown = client.get(f"/api/profiles/{name}").json()
        [game] = shown["recent"]
        assert (game["table_id"], game["you"], shown["played"]) == (table_id, seat, 1)
        assert game["won"] == (pairing["outcome"] == (2 if seat == 0 else 0))
        assert game["replay_url"] == f"/replay/{table_id}/1?seat={seat}"


def test_a_pairing_decided_before_its_table_gets_none(client: TestClient) -> None:
    devices = [new_account(client, name) for name in ("Ava", "Babak", "Cyrus", "Dara")]
    tournament_id = swiss(devices[0])
    for device in devices:
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204

    async def pair_and_decide_one(connection: AsyncConnection) -> list[int]:
        pairings = await store.pair_swiss_round(connection, tournament_id)
        await store.record(connection, pairings[0], DRAW)
        return pairings

    on_database(client, pair_and_decide_one)
    app = client.app.state  # type: ignore[attr-defined]
    tables = client.portal.call(  # type: ignore[union-attr]
        games.open_tables, app.database.engine, app.table_manager, tournament_id, NOW
    )
    pairings = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert [p["table_id"] for p in pairings] == [None, *tables] and len(tables) == 1


def test_a_tournament_table_seats_its_pairing_only_and_others_may_watch(
    client: TestClient,
) -> None:
    devices = {name: new_account(client, name) for name in ("Ava", "Babak")}
    tournament_id = swiss(devices["Ava"])
    [table_id] = round_one_at_tables(client, devices, tournament_id)
    [pairing] = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    first, second = devices[pairing["first"]], devices[pairing["second"]]
    # Someone who read the table's id in the public standings cannot take either seat.
    mallory = new_account(client, "Mallory")
    path = f"/api/tables/{table_id}"
    for body in ({"seat": 0}, {"seat": 1}, {}):
        refused = mallory.call("POST", f"{path}/join", body)
        assert (refused.status_code, code_of(refused)) == (403, "seat_reserved")
    assert mallory.call("GET", path).json()["reserved"] == ["other", "other"]
    assert second.call("GET", path).json()["reserved"] == ["other", "you"]
    # Nor may the first player fill the other's seat with a bot (and win by default).
    assert first.call("POST", f"{path}/join", {}).json()["seat"] == 0
    bot = first.call("POST", f"{path}/bots", {"seat": 1, "level": "random"})
    assert code_of(bot) == "seat_reserved"
    assert second.call("POST", f"{path}/join", {}).json()["seat"] == 1  # the seat kept for them
    # Anyone may watch, and what they see names nobody's id.
    seen = snapshot(client, table_id, None)
    assert [seat["name"] for seat in seen["seats"]] == [pairing["first"], pairing["second"]]
    assert "reserved" not in seen["config"]


def test_a_swiss_advances_round_by_round_without_repeats(client: TestClient) -> None:
    names = ("Ava", "Babak", "Cyrus", "Dara")
    devices = {name: new_account(client, name) for name in names}
    rules = {"preset": "standard", "settings": SHORT}
    tournament_id = swiss(devices["Ava"], rules=rules, rounds=2)
    for device in devices.values():
        device.call("POST", f"/api/tournaments/{tournament_id}/join")
    app = client.app.state  # type: ignore[attr-defined]
    shown = client.get(f"/api/tournaments/{tournament_id}").json()["starts_at"]
    start = datetime.fromisoformat(shown) + timedelta(seconds=1)  # shown to the second

    def advance(at: datetime) -> list[str]:
        made: list[str] = client.portal.call(  # type: ignore[union-attr]
            games.advance, app.database.engine, app.table_manager, tournament_id, at
        )
        return made

    def play(table_ids: list[str]) -> None:
        pairings = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
        for pairing in (p for p in pairings if p["table_id"] in table_ids):
            table_id = pairing["table_id"]
            for seat, name in enumerate((pairing["first"], pairing["second"])):
                devices[name].call("POST", f"/api/tables/{table_id}/join", {"seat": seat})
            devices[pairing["first"]].call("POST", f"/api/tables/{table_id}/start")
            play_out(client, table_id)

    assert advance(start - timedelta(seconds=2)) == []
    first_round = advance(start)
    assert len(first_round) == 2
    assert advance(start) == []  # its games are still being played
    play(first_round)
    second_round = advance(start + timedelta(minutes=5))
    assert len(second_round) == 2
    play(second_round)
    assert advance(start + timedelta(minutes=10)) == []  # both rounds played
    pairings = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    met = [frozenset((p["first"], p["second"])) for p in pairings]
    assert len(set(met)) == len(met) == 4
    standings = client.get(f"/api/tournaments/{tournament_id}").json()["standings"]
    assert sum(line["score"] for line in standings) == 2 * 4


def test_the_clock_pairs_an_arena_in_its_window_only(client: TestClient) -> None:
    devices = [new_account(client, name) for name in ("Ava", "Babak", "Cyrus", "Dara", "Elham")]
    body = {"name": "Blitz", "kind": "arena", "minutes": 30, "starts_at": SOON}
    made = devices[0].call("POST", "/api/tournaments", body)
    assert made.status_code == 201, made.text
    tournament_id = made.json()["id"]
    for device in devices:
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204
    app = client.app.state  # type: ignore[attr-defined]
    start = datetime.fromisoformat(SOON) + timedelta(seconds=1)

    def tick(at: datetime) -> list[str]:
        made: list[str] = client.portal.call(  # type: ignore[union-attr]
            clock.tick, app.database.engine, app.table_manager, at
        )
        return made

    assert tick(start - timedelta(seconds=2)) == []
    assert len(tick(start)) == 2  # five players: two games, one waits
    assert tick(start + timedelta(seconds=5)) == []  # nobody else is free
    pairings = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    assert [(p["first"], p["second"]) for p in pairings] == [("Ava", "Babak"), ("Cyrus", "Dara")]
    table_id = pairings[0]["table_id"]
    for seat, device in enumerate(devices[:2]):
        device.call("POST", f"/api/tables/{table_id}/join", {"seat": seat})
    devices[0].call("POST", f"/api/tables/{table_id}/start")
    play_out(client, table_id)
    assert tick(start + timedelta(minutes=31)) == []  # the window has closed
    assert len(tick(start + timedelta(minutes=2))) == 1  # the winner meets Elham, who waited
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert "Elham" in (found["pairings"][-1]["first"], found["pairings"][-1]["second"])


def test_a_player_who_misses_a_pairing_is_withdrawn_and_loses_it(client: TestClient) -> None:
    names = ("Ava", "Babak", "Cyrus", "Dara")
    devices = {name: new_account(client, name) for name in names}
    tournament_id = swiss(devices["Ava"], rounds=2)
    for device in devices.values():
        device.call("POST", f"/api/tournaments/{tournament_id}/join")
    app = client.app.state  # type: ignore[attr-defined]
    start = datetime.fromisoformat(SOON) + timedelta(seconds=1)

    def advance(at: datetime) -> list[str]:
        made: list[str] = client.portal.call(  # type: ignore[union-attr]
            games.advance, app.database.engine, app.table_manager, tournament_id, at
        )
        return made

    advance(start)
    one, two = client.get(f"/api/tournaments/{tournament_id}").json()["pairings"]
    for seat, name in enumerate((one["first"], one["second"])):
        devices[name].call("POST", f"/api/tables/{one['table_id']}/join", {"seat": seat})
    devices[two["first"]].call("POST", f"/api/tables/{two['table_id']}/join", {"seat": 0})
    assert advance(start + games.MISS - timedelta(seconds=1)) == []  # still in time
    assert advance(start + games.MISS) == []  # the other table's game is yet to be played
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    outcomes = [p["outcome"] for p in found["pairings"]]
    assert outcomes == [None, 2]  # both sat at the first table; the second's second never came
    withdrawn = [line["name"] for line in found["standings"] if line["withdrawn"]]
    assert withdrawn == [two["second"]]


def test_a_drawn_game_is_a_draw_in_the_tournament(client: TestClient) -> None:
    devices = {name: new_account(client, name) for name in ("Ava", "Babak")}
    tournament_id = swiss(devices["Ava"])
    for device in devices.values():
        device.call("POST", f"/api/tournaments/{tournament_id}/join")

    async def pair(connection: AsyncConnection) -> list[int]:
        return await store.pair_swiss_round(connection, tournament_id)

    on_database(client, pair)
    app = client.app.state  # type: ignore[attr-defined]
    [table_id] = client.portal.call(  # type: ignore[union-attr]
        games.open_tables, app.database.engine, app.table_manager, tournament_id, NOW
    )
    # A game ended level under target-tie=draw: the engine's winner is DRAW (-2), no side.
    started = {"game": 1, "players": 2, "seats": ["Ava", "Babak"], "dealer": 1}
    over = {"game": 1, "totals": [62, 62], "winner": DRAW_GAME, "winners": []}

    async def end_drawn(connection: AsyncConnection) -> None:
        for n, kind, data in ((101, Kind.STARTED, started), (102, Kind.GAME_OVER, over)):
            await connection.execute(
                insert(TableEventRow).values(table_id=table_id, n=n, kind=kind.value, data=data)
            )
        await games.after_append(connection, table_id, [Event(102, Kind.GAME_OVER, over)])

    on_database(client, end_drawn)
    found = client.get(f"/api/tournaments/{tournament_id}").json()
    assert [p["outcome"] for p in found["pairings"]] == [DRAW]
    assert [line["score"] for line in found["standings"]] == [DRAW, DRAW]
