"""Friends: following by name with presence, blocking, and challenges to a table that are
accepted or declined; a blocked person's follow and challenge are refused and change nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient
from passkey_support import Device
from test_accounts_passkeys import code_of, count, new_account

from pasur.server.db.account_rows import ChallengeRow, FollowRow


def friends(device: Device) -> dict[str, object]:
    response = device.call("GET", "/api/friends")
    assert response.status_code == 200, response.text
    found: dict[str, object] = response.json()
    return found


def test_following_by_name_shows_who_is_online(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    new_account(client, "Cyrus")  # never seen signed in since: offline
    babak.call("GET", "/api/account")  # a signed-in request: Babak is online
    assert ava.call("PUT", "/api/friends/BABAK").json() == {"following": "Babak"}
    assert ava.call("PUT", "/api/friends/babak").status_code == 200  # again: nothing new
    ava.call("PUT", "/api/friends/Cyrus")
    assert friends(ava)["following"] == [
        {"name": "Babak", "online": True, "profile_url": "/@/Babak"},
        {"name": "Cyrus", "online": False, "profile_url": "/@/Cyrus"},
    ]
    assert friends(babak)["followers"] == ["Ava"]
    assert ava.call("DELETE", "/api/friends/Cyrus").status_code == 204
    assert [f["name"] for f in friends(ava)["following"]] == ["Babak"]  # type: ignore[attr-defined]


def test_following_oneself_nobody_or_as_a_guest_is_refused(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    assert code_of(ava.call("PUT", "/api/friends/ava")) == "own_account"
    assert code_of(ava.call("PUT", "/api/friends/Nobody")) == "no_such_account"
    guest = Device(client)
    guest.guest("Dara")
    assert code_of(guest.call("PUT", "/api/friends/Ava")) == "not_signed_in"
    assert count(client, FollowRow) == 0


def test_a_blocked_person_can_neither_follow_nor_challenge(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    babak.call("PUT", "/api/friends/Ava")
    ava.call("PUT", "/api/friends/Babak")
    made = babak.call("POST", "/api/challenges", {"name": "Ava"})
    assert made.status_code == 201, made.text
    assert ava.call("PUT", "/api/blocks/Babak").status_code == 204
    assert (count(client, FollowRow), count(client, ChallengeRow)) == (0, 0)
    assert code_of(babak.call("PUT", "/api/friends/Ava")) == "blocked"
    assert code_of(babak.call("POST", "/api/challenges", {"name": "Ava"})) == "blocked"
    assert code_of(ava.call("POST", "/api/challenges", {"name": "Babak"})) == "blocked"
    assert (count(client, FollowRow), count(client, ChallengeRow)) == (0, 0)
    assert friends(ava)["blocked"] == ["Babak"]
    assert ava.call("DELETE", "/api/blocks/Babak").status_code == 204
    assert babak.call("PUT", "/api/friends/Ava").status_code == 200


def test_an_accepted_challenge_makes_the_table_with_its_settings(client: TestClient) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    body = {"name": "Babak", "players": 3, "turn_timer": 30, "settings": {"target": "100"}}
    made = ava.call("POST", "/api/challenges", body).json()
    incoming = friends(babak)["challenges"]
    assert [(c["id"], c["from"], c["incoming"]) for c in incoming] == [(made["id"], "Ava", True)]  # type: ignore[index]
    accepted = babak.call("POST", f"/api/challenges/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    table_id = accepted.json()["table_id"]
    table = client.get(f"/api/tables/{table_id}").json()
    assert (table["players"], table["turn_timer"]) == (3, 30)
    (mine,) = friends(ava)["challenges"]  # type: ignore[misc]
    assert (mine["status"], mine["table_id"], mine["incoming"]) == ("accepted", table_id, False)
    assert [seat["name"] for seat in table["seats"]] == ["Ava", "Babak", ""]  # both seated
    again = babak.call("POST", f"/api/challenges/{made['id']}/accept")
    assert again.json() == accepted.json()  # a repeat answers the same seat, makes no table


def test_a_declined_challenge_is_gone_and_bad_settings_are_refused_at_once(
    client: TestClient,
) -> None:
    ava, _ = new_account(client, "Ava")
    babak, _ = new_account(client, "Babak")
    made = ava.call("POST", "/api/challenges", {"name": "Babak"}).json()
    assert code_of(ava.call("POST", f"/api/challenges/{made['id']}/accept")) == (
        "no_such_challenge"  # only the one challenged answers
    )
    assert babak.call("POST", f"/api/challenges/{made['id']}/decline").status_code == 204
    assert friends(ava)["challenges"] == friends(babak)["challenges"] == []
    bad = ava.call("POST", "/api/challenges", {"name": "Babak", "settings": {"target": "x"}})
    assert (bad.status_code, bad.json()["detail"]["code"]) == (422, "bad_request")
    alone = {"name": "Babak", "players": 2, "settings": {"partnerships": "on"}}
    assert code_of(ava.call("POST", "/api/challenges", alone)) == "bad_config"
    assert count(client, ChallengeRow) == 1  # the declined one only
