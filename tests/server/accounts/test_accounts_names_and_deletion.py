"""An account's name: unique after normalisation, changed at most once a month; deleting an
account removes its personal data and leaves the finished games it played anonymised."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from history_support import finished_table
from passkey_support import Device, Passkey, device_of
from play_support import GuestClient
from sqlalchemy import update
from test_accounts_passkeys import code_of, count, new_account

from pasur.server.accounts.erase import DELETED_NAME
from pasur.server.db.account_rows import AccountRow, AccountSessionRow, PasskeyRow
from pasur.server.db.rows import RatingRow


def test_a_name_that_collides_after_normalisation_is_refused_and_nothing_is_made(
    client: TestClient,
) -> None:
    new_account(client, "Ali")
    other = Device(client)
    other.guest("Someone")
    refused = other.call("POST", "/api/account/passkeys/options", {"name": "Ａ1I"})
    assert code_of(refused) == "name_taken"
    refused = other.call("POST", "/api/account/passkeys/options", {"name": "Ali Reza"})
    assert code_of(refused) == "name_refused"
    assert count(client, AccountRow) == 1
    assert other.call("GET", "/api/account").json() == {"account": None, "guest": "Someone"}


def test_two_guests_racing_for_one_name_get_one_account(client: TestClient) -> None:
    one, two = Device(client), Device(client)
    one.guest("x")
    two.guest("y")
    options = [
        device.call("POST", "/api/account/passkeys/options", {"name": "Roxana"}).json()["options"]
        for device in (one, two)
    ]
    first = one.call("POST", "/api/account/passkeys", {"credential": Passkey().create(options[0])})
    second = two.call("POST", "/api/account/passkeys", {"credential": Passkey().create(options[1])})
    assert first.status_code == 201
    assert code_of(second) == "name_taken"
    assert (count(client, AccountRow), count(client, PasskeyRow)) == (1, 1)


def backdate(client: TestClient, days: int) -> None:
    """Move every account's last change of name ``days`` into the past."""
    database = client.app.state.database  # type: ignore[attr-defined]

    async def run() -> None:
        async with database.engine.begin() as connection:
            await connection.execute(
                update(AccountRow).values(name_changed_at=datetime.now(UTC) - timedelta(days=days))
            )

    client.portal.call(run)  # type: ignore[union-attr]


def test_a_name_changes_at_most_once_a_month(client: TestClient) -> None:
    device, _ = new_account(client, "Laleh")
    new_account(client, "Bahar")
    assert code_of(device.call("PUT", "/api/account/name", {"name": "Laleh_2"})) == (
        "name_too_soon"
    )
    # The same name in other capitals is the same name: no month to wait.
    assert device.call("PUT", "/api/account/name", {"name": "LALEH"}).status_code == 200
    backdate(client, 31)
    assert code_of(device.call("PUT", "/api/account/name", {"name": "bahar"})) == "name_taken"
    renamed = device.call("PUT", "/api/account/name", {"name": "لاله"})
    assert renamed.status_code == 200, renamed.text
    assert device.call("GET", "/api/guest").json() == {"name": "لاله"}
    assert code_of(device.call("PUT", "/api/account/name", {"name": "Laleh"})) == ("name_too_soon")


def test_deleting_an_account_removes_its_data_and_anonymises_its_finished_games(
    client: TestClient,
) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = finished_table(client, [ava, babak], private=False, rated=True)
    device = device_of(client, ava)
    assert device.add_passkey(Passkey(), name="Ava").status_code == 201
    assert code_of(device.call("DELETE", "/api/account", {"confirm": "ava"})) == "name_refused"
    assert count(client, AccountRow) == 1

    assert device.call("DELETE", "/api/account", {"confirm": "Ava"}).status_code == 204
    assert device.cookie is None
    counts = [count(client, row) for row in (AccountRow, PasskeyRow, AccountSessionRow)]
    assert counts == [0, 0, 0]
    assert count(client, RatingRow) == 1  # Babak's
    games = device_of(client, babak).call("GET", "/api/history").json()["games"]
    assert [game["seats"] for game in games] == [[DELETED_NAME, "Babak"]]
    record = client.get(f"/api/tables/{table_id}/games/1/record").json()
    assert "Ava" not in str(record)
    assert record["seats"] == [DELETED_NAME, "Babak"]
    board = client.get("/api/ratings").json()["ratings"]
    assert [row["name"] for row in board] == ["Babak"]
