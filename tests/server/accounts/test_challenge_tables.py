"""An accepted challenge seats both people: the challenger and the one who accepted, under their
accounts' names, at a table with the challenge's settings (rated when it said so), waiting for
either to start it. The accepter's answer holds their seat token; the challenger's own device
asks for one. Accepts at once make one table, and each answers its seat; a table that cannot be
made leaves the challenge pending and no table listed anywhere; a block stops the next
challenge."""

from __future__ import annotations

from typing import Any

import pytest
from at_once_support import at_once, copies
from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from passkey_support import Device
from play_support import hello
from test_accounts_passkeys import code_of, count, new_account
from test_friends import friends

from pasur.protocol import ErrorCode, Refused
from pasur.server.db.account_rows import ChallengeRow
from pasur.server.db.rows import TableRow
from pasur.server.http.guests import COOKIE
from pasur.server.tables.commands import Command, Join
from pasur.server.tables.live import LiveTable


def challenge(ava: Device, babak: Device, **settings: Any) -> str:
    """Ava's challenge to Babak, with ``settings``; its id."""
    made = ava.call("POST", "/api/challenges", {"name": "Babak", **settings})
    assert made.status_code == 201, made.text
    challenge_id: str = made.json()["id"]
    return challenge_id


def accept(babak: Device, challenge_id: str) -> dict[str, Any]:
    accepted = babak.call("POST", f"/api/challenges/{challenge_id}/accept")
    assert accepted.status_code == 200, accepted.text
    answer: dict[str, Any] = accepted.json()
    return answer


def socket_seat(client: TestClient, table_id: str, token: str) -> int:
    """The seat a socket holding ``token`` is given at the table."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        seat: int = hello(ws, token)["you"]
    return seat


def test_accepting_seats_both_by_their_account_names_at_the_challenge_settings(
    client: TestClient,
) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    settings = {"players": 3, "turn_timer": 30, "settings": {"target": "100"}}
    made = accept(babak, challenge(ava, babak, **settings))
    table_id = made["table_id"]
    assert made == {
        "table_id": table_id,
        "table_url": f"/play/t/{table_id}",
        "seat": 1,
        "seat_token": made["seat_token"],
        "rejoin_url": f"/play/t/{table_id}?seat_token={made['seat_token']}",
    }
    table = ava.call("GET", f"/api/tables/{table_id}").json()
    assert [(s["kind"], s["name"]) for s in table["seats"]] == [
        ("human", "Ava"),
        ("human", "Babak"),
        ("empty", ""),
    ]
    assert (table["players"], table["turn_timer"], table["status"]) == (3, 30, "waiting")
    assert (
        table["your_seat"],
        babak.call("GET", f"/api/tables/{table_id}").json()["your_seat"],
    ) == (
        0,
        1,
    )
    live: LiveTable = client.app.state.table_manager.tables[table_id]  # type: ignore[attr-defined]
    config = live.table.config
    assert (config.rules.target, config.private, config.rated) == (100, True, False)
    assert socket_seat(client, table_id, made["seat_token"]) == 1
    (mine,) = friends(ava)["challenges"]  # type: ignore[misc]
    assert (mine["status"], mine["table_url"]) == ("accepted", f"/play/t/{table_id}")
    for device, seat in ((ava, 0), (babak, 1)):  # "my games" lists the seat on every device
        (game,) = device.call("GET", "/api/my-games").json()["games"]
        assert (game["table_id"], game["seat"], game["status"]) == (table_id, seat, "waiting")


def test_the_challenger_opens_their_seat_with_a_token_of_their_own(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    made = accept(babak, challenge(ava, babak))
    table_id = made["table_id"]
    # What the table page does when it holds no token: the seat the cookie holds, a new token.
    assert ava.call("GET", f"/api/tables/{table_id}").json()["your_seat"] == 0
    renewed = ava.call("POST", f"/api/tables/{table_id}/seat-token")
    assert renewed.status_code == 200, renewed.text
    token = renewed.json()["seat_token"]
    assert renewed.json()["seat"] == 0
    assert socket_seat(client, table_id, token) == 0
    assert socket_seat(client, table_id, made["seat_token"]) == 1  # Babak's token still his
    stranger = Device(client)
    stranger.guest("Dara")
    assert code_of(stranger.call("POST", f"/api/tables/{table_id}/seat-token")) == "not_seated"


def test_a_rated_challenge_makes_a_rated_table_whose_game_moves_ratings(
    client: TestClient,
) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    assert ava.call("POST", "/api/challenges", {"name": "Babak", "rated": "yes"}).status_code == 422
    made = accept(babak, challenge(ava, babak, rated=True, settings=SHORT))
    table_id = made["table_id"]
    live: LiveTable = client.app.state.table_manager.tables[table_id]  # type: ignore[attr-defined]
    config = live.table.config
    # Ratings move only at public tables, and a rated table has no take-backs.
    assert (config.rated, config.private, config.take_backs) == (True, False, "off")
    (theirs,) = friends(babak)["challenges"]  # type: ignore[misc]
    assert theirs["settings"]["rated"] is True
    started = babak.call("POST", f"/api/tables/{table_id}/start")
    assert started.status_code == 200, started.text
    play_out(client, table_id)
    for name in ("Ava", "Babak"):
        profile = ava.call("GET", f"/api/profiles/{name}").json()
        assert profile["ratings"]["2"]["games"] == 1, profile


def test_an_unrated_challenge_stays_private_and_unrated(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    made = accept(babak, challenge(ava, babak))
    live: LiveTable = client.app.state.table_manager.tables[made["table_id"]]  # type: ignore[attr-defined]
    assert (live.table.config.rated, live.table.config.private) == (False, True)
    assert client.get("/api/tables").json()["tables"] == []


def test_accepts_at_once_make_one_table_and_all_answer_its_seat(client: TestClient) -> None:
    """A double click, or two tabs: one table with both seated once, and every copy of the
    accept answers the same seat and token; so does one sent later, until the seat has a new
    token."""
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    challenge_id = challenge(ava, babak, rated=True)
    path = f"/api/challenges/{challenge_id}/accept"
    headers = {"Cookie": f"{COOKIE}={babak.cookie}"}
    answers = at_once(client, copies("POST", path, headers, [None] * 6))
    assert [answer.status_code for answer in answers] == [200] * 6, [a.text for a in answers]
    made = answers[0].json()
    assert all(answer.json() == made for answer in answers)
    assert count(client, TableRow) == 1
    table = client.get(f"/api/tables/{made['table_id']}").json()
    assert [seat["name"] for seat in table["seats"]] == ["Ava", "Babak"]
    assert socket_seat(client, made["table_id"], made["seat_token"]) == 1
    for device in (ava, babak):
        games = device.call("GET", "/api/my-games").json()["games"]
        assert [game["table_id"] for game in games] == [made["table_id"]]
    (mine,) = friends(ava)["challenges"]  # type: ignore[misc]
    assert (mine["status"], mine["table_id"]) == ("accepted", made["table_id"])
    assert accept(babak, challenge_id) == made  # a retry whose first answer was lost
    renewed = babak.call("POST", f"/api/tables/{made['table_id']}/seat-token")
    assert renewed.status_code == 200, renewed.text
    assert code_of(babak.call("POST", path)) == "no_such_challenge"  # the old token is gone
    assert code_of(ava.call("POST", path)) == "no_such_challenge"  # not hers to accept


def test_a_table_that_cannot_be_seated_leaves_the_challenge_pending_and_nothing_listed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    challenge_id = challenge(ava, babak, rated=True)  # rated: a public table, one the lobby lists
    manager = client.app.state.table_manager  # type: ignore[attr-defined]
    act = manager.act

    async def failing(live: LiveTable, command: Command) -> Any:
        if isinstance(command, Join) and command.seat == 1:  # the challenger is seated already
            raise Refused(ErrorCode.UNAVAILABLE, "the database is away")
        return await act(live, command)

    monkeypatch.setattr(manager, "act", failing)
    refused = babak.call("POST", f"/api/challenges/{challenge_id}/accept")
    assert code_of(refused) == "unavailable"
    assert [c["status"] for c in friends(ava)["challenges"]] == ["pending"]  # type: ignore[attr-defined]
    assert client.get("/api/tables").json()["tables"] == []
    for device in (ava, babak):
        assert device.call("GET", "/api/my-games").json()["games"] == []
    assert manager.tables == {}
    monkeypatch.undo()
    made = accept(babak, challenge_id)  # asked again, it works
    table = client.get(f"/api/tables/{made['table_id']}").json()
    assert [seat["name"] for seat in table["seats"]] == ["Ava", "Babak"]


def test_a_block_after_a_played_challenge_stops_the_next_one(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    made = accept(babak, challenge(ava, babak, settings=SHORT))
    assert babak.call("POST", f"/api/tables/{made['table_id']}/start").status_code == 200
    play_out(client, made["table_id"])
    waiting = challenge(ava, babak)
    assert babak.call("PUT", "/api/blocks/Ava").status_code == 204
    assert count(client, ChallengeRow) == 1  # the played one; the pending one is gone
    assert code_of(babak.call("POST", f"/api/challenges/{waiting}/accept")) == "no_such_challenge"
    assert code_of(ava.call("POST", "/api/challenges", {"name": "Babak"})) == "blocked"
    assert code_of(babak.call("POST", "/api/challenges", {"name": "Ava"})) == "blocked"
    assert count(client, ChallengeRow) == 1
