"""A guest becomes an account with a passkey and keeps everything; other devices sign in with
the passkey or a one-time code; passkeys are added and removed; bad answers change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import finished_table
from passkey_support import Device, Passkey, device_of
from play_support import GuestClient
from sqlalchemy import func, select

from pasur.server.db.account_rows import AccountRow, AccountSessionRow, PasskeyRow


def count(client: TestClient, row: Any) -> int:
    """How many rows of a table the application's database holds."""
    database = client.app.state.database  # type: ignore[attr-defined]

    async def run() -> int:
        async with database.engine.connect() as connection:
            found = await connection.scalar(select(func.count()).select_from(row))
        return int(found or 0)

    result: int = client.portal.call(run)  # type: ignore[union-attr]
    return result


def new_account(client: TestClient, name: str) -> tuple[Device, Passkey]:
    device, passkey = Device(client), Passkey()
    device.guest(name)
    response = device.add_passkey(passkey)
    assert response.status_code == 201, response.text
    return device, passkey


def code_of(response: Any) -> str:
    assert response.status_code >= 400, response.text
    detail = response.json()["detail"]
    assert set(detail) == {"code", "message"}
    assert detail["message"]
    code: str = detail["code"]
    return code


def test_a_guest_keeps_their_games_and_rating_as_an_account_and_on_another_device(
    client: TestClient,
) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    finished_table(client, [ava, babak], private=False, rated=True)
    phone = device_of(client, ava)
    history = phone.call("GET", "/api/history").json()["games"]
    ratings = client.get("/api/ratings").json()["ratings"]
    assert len(history) == 1
    assert phone.call("GET", "/api/account").json() == {"account": None, "guest": "Ava"}

    passkey = Passkey()
    added = phone.add_passkey(passkey, name="Ava_Tehrani")
    assert added.status_code == 201, added.text
    account = phone.call("GET", "/api/account").json()["account"]
    assert account["name"] == "Ava_Tehrani"
    assert [key["id"] for key in account["passkeys"]] == [passkey.b64_id]
    assert phone.call("GET", "/api/history").json()["games"] == history
    assert phone.call("GET", "/api/guest").json() == {"name": "Ava_Tehrani"}

    laptop = Device(client)
    assert laptop.call("GET", "/api/history").status_code == 401
    signed = laptop.sign_in(passkey)
    assert signed.status_code == 200, signed.text
    assert signed.json() == {"name": "Ava_Tehrani"}
    assert laptop.call("GET", "/api/history").json()["games"] == history
    assert client.get("/api/ratings").json()["ratings"] == ratings
    rating = laptop.call("GET", "/api/account").json()["account"]["rating"]
    mine = next(row for row in ratings if row["name"] == "Ava")
    assert (rating["ordinal"], rating["games"]) == (mine["ordinal"], 1)
    sessions = laptop.call("GET", "/api/account").json()["account"]["sessions"]
    assert [session["current"] for session in sessions] == [False, True]


def test_the_old_guest_cookie_stops_working_once_the_guest_is_an_account(
    client: TestClient,
) -> None:
    device = Device(client)
    device.guest("Sara")
    old = device.cookie
    assert device.add_passkey(Passkey()).status_code == 201
    assert device.cookie != old
    copy = Device(client)
    copy.cookie = old
    refused = copy.call("GET", "/api/guest")
    assert code_of(refused) == "no_guest"
    assert copy.cookie is None  # the answer told the browser to forget it


def test_an_account_adds_a_second_passkey_and_removes_one_but_never_the_last(
    client: TestClient,
) -> None:
    device, first = new_account(client, "Dara")
    second = Passkey()
    assert device.add_passkey(second).status_code == 201
    keys = [k["id"] for k in device.call("GET", "/api/account").json()["account"]["passkeys"]]
    assert keys == [first.b64_id, second.b64_id]
    assert device.call("DELETE", f"/api/account/passkeys/{first.b64_id}").status_code == 204
    assert code_of(Device(client).sign_in(first)) == "bad_passkey"
    assert Device(client).sign_in(second).status_code == 200
    assert code_of(device.call("DELETE", f"/api/account/passkeys/{second.b64_id}")) == (
        "last_passkey"
    )
    assert code_of(device.call("DELETE", f"/api/account/passkeys/{'A' * 22}")) == (
        "no_such_passkey"
    )
    assert code_of(device.call("DELETE", "/api/account/passkeys/nope")) == "not_found"
    assert count(client, PasskeyRow) == 1


def test_a_device_link_code_signs_in_once(client: TestClient) -> None:
    device, _ = new_account(client, "Kian")
    made = device.call("POST", "/api/account/link")
    assert made.status_code == 201
    code = made.json()["code"]
    assert len(code) == 8
    other = Device(client)
    typed = f"{code[:4].lower()} {code[4:]}"  # as a person might type it
    assert other.call("POST", "/api/session/link", {"code": typed}).json() == {"name": "Kian"}
    assert other.call("GET", "/api/account").json()["account"]["name"] == "Kian"
    again = Device(client).call("POST", "/api/session/link", {"code": code})
    assert code_of(again) == "bad_link_code"
    assert code_of(Device(client).call("POST", "/api/account/link")) == "not_signed_in"


def test_signing_out_everywhere_ends_every_other_session(client: TestClient) -> None:
    phone, passkey = new_account(client, "Mina")
    laptop, tablet = Device(client), Device(client)
    assert laptop.sign_in(passkey).status_code == 200
    assert tablet.sign_in(passkey).status_code == 200
    ended = phone.call("POST", "/api/account/sessions/end-others")
    assert ended.json() == {"ended": 2}
    assert laptop.call("GET", "/api/account").json() == {"account": None, "guest": None}
    assert code_of(tablet.call("GET", "/api/history")) == "no_guest"
    assert phone.call("GET", "/api/account").json()["account"]["name"] == "Mina"
    assert count(client, AccountSessionRow) == 1


def test_one_session_is_revoked_by_its_id_and_signing_out_ends_this_one(
    client: TestClient,
) -> None:
    phone, passkey = new_account(client, "Nima")
    laptop = Device(client)
    laptop.sign_in(passkey)
    sessions = phone.call("GET", "/api/account").json()["account"]["sessions"]
    other = next(s["id"] for s in sessions if not s["current"])
    assert phone.call("DELETE", f"/api/account/sessions/{other}").status_code == 204
    assert laptop.call("GET", "/api/account").json() == {"account": None, "guest": None}
    assert code_of(phone.call("DELETE", f"/api/account/sessions/{other}")) == "no_such_session"
    assert phone.call("DELETE", "/api/session").status_code == 204
    assert phone.cookie is None
    assert count(client, AccountSessionRow) == 0


def test_a_forged_answer_is_refused_and_signs_nobody_in(client: TestClient) -> None:
    _, passkey = new_account(client, "Omid")
    device = Device(client)
    started = device.call("POST", "/api/session/options").json()["options"]
    answer = passkey.get(started)
    signature = bytearray(answer["response"]["signature"].encode())
    signature[-3] = ord("A") if signature[-3] != ord("A") else ord("B")
    answer["response"]["signature"] = signature.decode()
    refused = device.call("POST", "/api/session", {"credential": answer})
    assert code_of(refused) == "bad_passkey"
    assert device.cookie is None
    assert count(client, AccountSessionRow) == 1


def test_a_replayed_answer_is_refused(client: TestClient) -> None:
    _, passkey = new_account(client, "Parsa")
    device = Device(client)
    answer = passkey.get(device.call("POST", "/api/session/options").json()["options"])
    assert device.call("POST", "/api/session", {"credential": answer}).status_code == 200
    again = Device(client)
    refused = again.call("POST", "/api/session", {"credential": answer})
    assert code_of(refused) == "bad_passkey"
    assert "used" in refused.json()["detail"]["message"]
    assert again.cookie is None


@pytest.mark.parametrize(
    "where", [{"origin": "https://evil.example"}, {"rp_id": "evil.example"}], ids=str
)
def test_an_answer_for_another_site_is_refused(client: TestClient, where: dict[str, str]) -> None:
    device = Device(client)
    device.guest("Roya")
    started = device.call("POST", "/api/account/passkeys/options", {}).json()["options"]
    made = device.call(
        "POST", "/api/account/passkeys", {"credential": Passkey().create(started, **where)}
    )
    assert code_of(made) == "bad_passkey"
    assert count(client, AccountRow) == 0
    _, passkey = new_account(client, "Roya")
    stranger = Device(client)
    assert code_of(stranger.sign_in(passkey, **where)) == "bad_passkey"
    assert stranger.cookie is None


def test_a_passkey_started_by_one_guest_is_not_finished_by_another(client: TestClient) -> None:
    one, two = Device(client), Device(client)
    one.guest("Sina")
    two.guest("Taha")
    started = one.call("POST", "/api/account/passkeys/options", {}).json()["options"]
    made = two.call("POST", "/api/account/passkeys", {"credential": Passkey().create(started)})
    assert code_of(made) == "bad_passkey"
    assert count(client, AccountRow) == 0


def test_sign_in_attempts_are_rate_limited_per_address(client: TestClient) -> None:
    device = Device(client)
    answers = [device.call("POST", "/api/session/options").status_code for _ in range(11)]
    assert answers == [200] * 10 + [429]
    assert code_of(device.call("POST", "/api/session/link", {"code": "ABCDEFGH"})) == (
        "rate_limited"
    )


def test_an_account_s_table_name_is_its_account_name(client: TestClient) -> None:
    device, _ = new_account(client, "Yasna")
    assert code_of(device.call("POST", "/api/guest", {"name": "Someone"})) == "account_name"
    assert device.call("GET", "/api/guest").json() == {"name": "Yasna"}
