"""POST /api/offline/games: a game played offline joins the history once the server replays it."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from typing import Any

import pytest
from at_once_support import at_once
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from test_offline_practice import finished

from pasur.protocol import ErrorCode
from pasur.server.http.guests import COOKIE


def guest(client: TestClient) -> None:
    assert client.post("/api/guest", json={"name": "Mina"}).status_code in (200, 201)


def send(client: TestClient, upload: Any) -> Any:
    body = gzip.compress(json.dumps(upload).encode())
    return client.post(
        "/api/offline/games", content=body, headers={"Content-Type": "application/gzip"}
    )


def code(answer: Any) -> str:
    return str(answer.json()["detail"]["code"])


def test_an_uploaded_game_is_in_the_history_once(client: TestClient) -> None:
    guest(client)
    upload = json.loads(finished().upload())
    answer = send(client, upload)
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["table_id"]
    assert answer.json()["games"] == [{"game": 1, "replay_url": f"/replay/{table_id}/1"}]
    again = send(client, upload)
    assert again.status_code == 200 and again.json()["table_id"] == table_id
    games = client.get("/api/history").json()["games"]
    assert [(g["table_id"], g["you"]) for g in games] == [(table_id, 0)]
    record = client.get(f"/api/tables/{table_id}/games/1/record").json()
    assert record["players"] == 2


def test_the_same_upload_at_the_same_moment_is_stored_once(client: TestClient) -> None:
    """Two pages coming online send the same game at once. An upload looks nothing up before
    its insert, so the second of two at once takes the path of one sent again: its insert finds
    the first's table, and it is answered as a game stored before (it was a 500: a unique id
    broken)."""
    guest(client)
    upload = json.loads(finished().upload())
    assert send(client, upload).status_code == 201
    again = send(client, upload)
    assert again.status_code == 200, again.text
    games = client.get("/api/history").json()["games"]
    assert [g["table_id"] for g in games] == [again.json()["table_id"]]


def test_a_changed_play_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    guest(client)
    upload = json.loads(finished().upload())
    played = next(e for e in upload["events"] if e["kind"] == "played" and e["data"]["seat"] == 1)
    played["data"]["move"] = "AS+AS"
    answer = send(client, upload)
    assert answer.status_code == 400 and code(answer) == ErrorCode.BAD_LOG.value
    assert client.get("/api/history").json()["games"] == []


def test_refusals(client: TestClient) -> None:
    upload = json.loads(finished().upload())
    assert code(send(client, upload)) == ErrorCode.NO_GUEST.value
    guest(client)
    unfinished = {**upload, "events": upload["events"][:-3]}
    assert code(send(client, unfinished)) == ErrorCode.NOT_FINISHED.value
    rated = {**upload, "config": {**upload["config"], "rated": True, "private": False}}
    assert code(send(client, rated)) == ErrorCode.BAD_CONFIG.value
    for junk in (b"not gzip", gzip.compress(b"[1, 2]"), gzip.compress(b'{"config": {}}')):
        answer = client.post("/api/offline/games", content=junk)
        assert answer.status_code == 400 and code(answer) == ErrorCode.BAD_LOG.value
    two_people = json.loads(json.dumps(upload))
    for event in two_people["events"]:
        if event["kind"] == "bot_seated":
            event["kind"] = "seated"
    assert code(send(client, two_people)) == ErrorCode.BAD_LOG.value
    assert client.get("/api/history").json()["games"] == []


@pytest.mark.parametrize(
    ("kind", "rename"),
    [
        ("bot_seated", lambda data: {**data, "name": "Admin\u202e"}),
        ("bot_seated", lambda data: {**data, "level": "Ava", "name": "Ava bot"}),
        ("started", lambda data: {**data, "seats": [*data["seats"][:1], "Ava"]}),
    ],
)
def test_an_upload_names_nobody_but_its_bots(
    client: TestClient, kind: str, rename: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    """The bots' names come from their levels, never from the upload's text."""
    guest(client)
    upload = json.loads(finished().upload())
    event = next(e for e in upload["events"] if e["kind"] == kind)
    event["data"] = rename(event["data"])
    assert code(send(client, upload)) == ErrorCode.BAD_LOG.value
    assert client.get("/api/history").json()["games"] == []


def test_a_signed_in_accounts_game_goes_to_the_account_under_its_name(
    client: TestClient,
) -> None:
    """The name typed offline ("Mina") gives way to the account's: the game is the account's."""
    maker, laptop, passkey = Device(client), Device(client), Passkey()
    maker.guest("Ava")
    assert maker.add_passkey(passkey, name="Ava_T").status_code == 201
    assert laptop.sign_in(passkey).status_code == 200
    body = gzip.compress(finished().upload().encode())
    headers = {"Content-Type": "application/gzip", "Cookie": f"{COOKIE}={laptop.cookie}"}
    answer = client.post("/api/offline/games", content=body, headers=headers)
    assert answer.status_code == 201, answer.text
    client.cookies.clear()
    games = laptop.call("GET", "/api/history").json()["games"]
    assert [(g["table_id"], g["seats"][g["you"]]) for g in games] == [
        (answer.json()["table_id"], "Ava_T")
    ]


def test_four_pages_sending_the_same_game_at_once_store_it_once(client: TestClient) -> None:
    """Four answers at once: one 201, three 200, one body, and the game in the history as soon as
    any of them is read (a repeat was answered while the first was still storing the game)."""
    guest(client)
    body = gzip.compress(finished().upload().encode())
    headers = {"Content-Type": "application/gzip", "Cookie": f"{COOKIE}={client.cookies[COOKIE]}"}
    sent = {"method": "POST", "url": "/api/offline/games", "content": body, "headers": headers}
    answers = at_once(client, [sent] * 4, then={"method": "GET", "url": "/api/history"})
    assert sorted(answer.status_code for answer, _ in answers) == [200, 200, 200, 201]
    assert len({answer.text for answer, _ in answers}) == 1
    table_id = answers[0][0].json()["table_id"]
    for _, history in answers:
        assert [g["table_id"] for g in history.json()["games"]] == [table_id]


def test_an_upload_that_failed_half_way_is_stored_when_sent_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history's rows are written in the transaction that stores the table: when writing
    them fails, nothing is stored, and the same game sent again is stored whole (it was found
    "stored before", 200, with its first event alone in the database and no game in the
    history, for ever)."""
    guest(client)
    upload = json.loads(finished().upload())
    history = client.app.state.games_store  # type: ignore[attr-defined]
    write_games = history.after_append
    failures = [ConnectionError("the database went away")]

    async def failing_once(*args: Any) -> None:
        if failures:
            raise failures.pop()
        await write_games(*args)

    monkeypatch.setattr(history, "after_append", failing_once)
    failed = send(client, upload)
    assert (failed.status_code, code(failed)) == (503, ErrorCode.UNAVAILABLE.value)
    again = send(client, upload)
    assert again.status_code == 201, again.text
    games = client.get("/api/history").json()["games"]
    assert [g["table_id"] for g in games] == [again.json()["table_id"]]
