"""One identity at every door (issue 28): ``GET /api/me`` says who the cookie names, an account's
own name posted to ``/api/guest`` changes nothing, and a signed-in account (not a guest who became
one on this device: a device that signed in) sits at every kind of table the pages offer and
finds each game in its history. The daily deal's and the offline upload's are with their own
wings' tests (test_daily_api.py, test_offline_uploads.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from history_support import SHORT, play_out
from passkey_support import Device, Passkey

from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.tournaments import games, store


def signed_in(client: TestClient, name: str) -> Device:
    """A device signed in to a new account called ``name`` (made on another device, so this one
    never was the guest the account grew from)."""
    maker, passkey = Device(client), Passkey()
    maker.guest(name)
    assert maker.add_passkey(passkey).status_code == 201
    device = Device(client)
    assert device.sign_in(passkey).status_code == 200
    return device


def ok(response: Any) -> Any:
    assert response.status_code in (200, 201, 204), response.text
    return response.json() if response.content else None


def history(device: Device) -> list[tuple[str, str]]:
    """The device's finished games: (table id, the name in its seat)."""
    found = ok(device.call("GET", "/api/history"))["games"]
    return [(game["table_id"], game["seats"][game["you"]]) for game in found]


def test_me_says_who_the_cookie_names_always_with_200(client: TestClient) -> None:
    device = Device(client)
    assert ok(device.call("GET", "/api/me")) == {"kind": "none", "name": None}
    device.guest("Mina")
    assert ok(device.call("GET", "/api/me")) == {"kind": "guest", "name": "Mina"}
    assert device.add_passkey(Passkey(), name="Mina_K").status_code == 201
    assert ok(device.call("GET", "/api/me")) == {"kind": "account", "name": "Mina_K"}
    assert device.call("DELETE", "/api/session").status_code == 204
    assert ok(device.call("GET", "/api/me")) == {"kind": "none", "name": None}
    device.cookie = "forged.cookie"
    assert ok(device.call("GET", "/api/me")) == {"kind": "none", "name": None}


def test_an_account_posting_its_own_name_is_answered_and_nothing_changes(
    client: TestClient,
) -> None:
    device = signed_in(client, "Yasna")
    cookie = device.cookie
    same = device.call("POST", "/api/guest", {"name": " Yasna "})
    assert (same.status_code, same.json()) == (200, {"name": "Yasna"})
    assert "set-cookie" not in same.headers and device.cookie == cookie
    for other in ("yasna", "Someone"):
        refused = device.call("POST", "/api/guest", {"name": other})
        assert (refused.status_code, refused.json()["detail"]["code"]) == (409, "account_name")
    assert device.cookie == cookie
    assert ok(device.call("GET", "/api/me")) == {"kind": "account", "name": "Yasna"}


def test_an_account_makes_tables_and_takes_seats_with_no_guest_name(client: TestClient) -> None:
    ava = signed_in(client, "Ava")
    # Practice (the practise page: bots in every other seat, started at once).
    practice = ok(
        ava.call("POST", "/api/tables", {"players": 2, "settings": SHORT, "bots": {"1": "random"}})
    )
    assert (
        ok(ava.call("POST", f"/api/tables/{practice['table_id']}/join", {"seat": 0}))["seat"] == 0
    )
    ok(ava.call("POST", f"/api/tables/{practice['table_id']}/start"))
    play_out(client, practice["table_id"])
    # A correspondence table (a day a turn), made from the home page's form.
    slow = {"players": 2, "settings": SHORT, "turn_timer": 86400, "private": True}
    letter = ok(ava.call("POST", "/api/tables", slow))["table_id"]
    ok(ava.call("POST", f"/api/tables/{letter}/join", {"seat": 0}))
    ok(ava.call("POST", f"/api/tables/{letter}/bots", {"seat": 1, "level": "random"}))
    ok(ava.call("POST", f"/api/tables/{letter}/start"))
    assert ok(ava.call("GET", f"/api/tables/{letter}"))["turn_timer"] == 86400
    play_out(client, letter)
    # An invite: a guest's table, the account at its seat picker.
    host = Device(client)
    host.guest("Babak")
    invited = ok(host.call("POST", "/api/tables", {"players": 2, "settings": SHORT}))["table_id"]
    ok(host.call("POST", f"/api/tables/{invited}/join", {"seat": 0}))
    assert ok(ava.call("POST", f"/api/tables/{invited}/join", {"seat": 1}))["seat"] == 1
    assert ok(ava.call("GET", f"/api/tables/{invited}"))["your_seat"] == 1
    ok(host.call("POST", f"/api/tables/{invited}/start"))
    play_out(client, invited)
    assert sorted(history(ava)) == sorted(
        [(practice["table_id"], "Ava"), (letter, "Ava"), (invited, "Ava")]
    )
    assert ok(ava.call("GET", "/api/me")) == {"kind": "account", "name": "Ava"}


def test_an_account_is_matched_by_quick_match(client: TestClient) -> None:
    matchmaker = client.app.state.matchmaker  # type: ignore[attr-defined]
    assert isinstance(matchmaker, Matchmaker)
    matchmaker.clock = lambda: 1000.0
    ava, guest = signed_in(client, "Ava"), Device(client)
    guest.guest("Farhad")
    assert ok(ava.call("POST", "/api/queue", {"players": 2}))["state"] == "waiting"
    matched = ok(guest.call("POST", "/api/queue", {"players": 2}))
    assert matched["state"] == "matched"
    mine = ok(ava.call("GET", "/api/queue"))
    assert mine["table_id"] == matched["table_id"] and mine["seat"] != matched["seat"]
    play_out(client, matched["table_id"])
    assert history(ava) == [(matched["table_id"], "Ava")]


NOW = datetime.now(UTC)
SOON = (NOW + timedelta(days=1)).isoformat()


def test_an_account_plays_its_tournament_table(client: TestClient) -> None:
    ava, dara = signed_in(client, "Ava"), signed_in(client, "Dara")
    rules = {"preset": "standard", "settings": SHORT}
    body = {"name": "Cup", "kind": "swiss", "rounds": 1, "starts_at": SOON, "rules": rules}
    tournament_id = ok(ava.call("POST", "/api/tournaments", body))["id"]
    for device in (ava, dara):
        assert device.call("POST", f"/api/tournaments/{tournament_id}/join").status_code == 204
    app = client.app.state  # type: ignore[attr-defined]

    async def pair() -> list[str]:
        async with app.database.engine.begin() as connection:
            await store.pair_swiss_round(connection, tournament_id)
        return await games.open_tables(app.database.engine, app.table_manager, tournament_id, NOW)

    [table_id] = client.portal.call(pair)  # type: ignore[union-attr]
    for device in (ava, dara):  # each takes the seat kept for them, as the seat picker does
        ok(device.call("POST", f"/api/tables/{table_id}/join", {}))
    ok(ava.call("POST", f"/api/tables/{table_id}/start"))
    play_out(client, table_id)
    assert history(ava) == [(table_id, "Ava")]
    assert history(dara) == [(table_id, "Dara")]
