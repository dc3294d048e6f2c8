"""Quick match over HTTP: two people queue and sit at one started table; the bot offered after a
minute; leaving; bad input refused; a table whose people all left leaves the lobby. The queue's
rows (two processes, restarts, claims, tidying) are tested in test_queue_store.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from at_once_support import at_once, copies
from fastapi.testclient import TestClient

from pasur.server.http.guests import COOKIE
from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.queue.store import HELD_FOR
from pasur.server.tables.manager import TableManager


class Person:
    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        client.cookies.clear()
        response = client.post("/api/guest", json={"name": name})
        self.headers = {"Cookie": f"{COOKIE}={response.cookies[COOKIE]}"}
        client.cookies.clear()

    def call(self, method: str, path: str, body: Any = None) -> Any:
        response = self.client.request(method, path, json=body, headers=self.headers)
        self.client.cookies.clear()
        return response


@pytest.fixture
def clock(client: TestClient) -> list[float]:
    """The matchmaker's clock, moved by the test."""
    now = [1000.0]
    matchmaker = client.app.state.matchmaker  # type: ignore[attr-defined]
    assert isinstance(matchmaker, Matchmaker)
    matchmaker.clock = lambda: now[0]
    return now


def test_two_people_queue_and_sit_at_one_started_table(
    client: TestClient, clock: list[float]
) -> None:
    shirin, farhad = Person(client, "Shirin"), Person(client, "Farhad")
    first = shirin.call("POST", "/api/queue", {"players": 2, "turn_timer": 30})
    assert first.json()["state"] == "waiting" and first.json()["window"] == 2.0
    answer = farhad.call("POST", "/api/queue", {"players": 2, "turn_timer": 30}).json()
    assert answer["state"] == "matched", answer
    mine = shirin.call("GET", "/api/queue").json()
    assert mine["state"] == "matched" and mine["table_id"] == answer["table_id"]
    assert {mine["seat"], answer["seat"]} == {0, 1}
    table = client.get(f"/api/tables/{answer['table_id']}").json()
    assert table["status"] == "playing" and table["turn_timer"] == 30
    # The seat is given once; afterwards the person is no longer queued.
    assert shirin.call("GET", "/api/queue").json() == {"state": "idle"}


def test_queueing_six_times_at_once_seats_the_person_at_one_table(
    client: TestClient, clock: list[float]
) -> None:
    """A double click, or two tabs: the table made for the first request is the person's only
    one, their seat is handed out once, and nobody else is seated with them later."""
    farhad, shirin = Person(client, "Farhad"), Person(client, "Shirin")
    roya = Person(client, "Roya")
    farhad.call("POST", "/api/queue", {"players": 2})
    queueings = copies("POST", "/api/queue", shirin.headers, [{"players": 2}] * 6)
    answers = at_once(client, queueings, apart=0.005)
    assert [answer.status_code for answer in answers] == [200] * 6, [a.text for a in answers]
    roya.call("POST", "/api/queue", {"players": 2})  # would meet a second queueing of Shirin's
    states = [answer.json()["state"] for answer in answers]
    states += [shirin.call("GET", "/api/queue").json()["state"] for _ in range(2)]
    assert states.count("matched") == 1 and set(states) <= {"matched", "waiting", "idle"}, states
    manager = client.app.state.table_manager  # type: ignore[attr-defined]
    assert isinstance(manager, TableManager)
    sitting = [[seat.name for seat in live.table.seats] for live in manager.tables.values()]
    assert sitting == [["Shirin", "Farhad"]] or sitting == [["Farhad", "Shirin"]], sitting
    assert roya.call("GET", "/api/queue").json()["state"] == "waiting"


def test_a_copy_that_comes_after_the_seat_was_read_queues_nobody(
    client: TestClient, clock: list[float]
) -> None:
    """The third copy of a double queueing, a second late on a busy machine, came after the
    seat was read: it queued the person again, and the next to queue was seated with them at a
    second table. A read seat is held for a few seconds; queueing after that is a new one."""
    shirin, farhad, roya = (
        Person(client, "Shirin"),
        Person(client, "Farhad"),
        Person(client, "Roya"),
    )
    shirin.call("POST", "/api/queue", {"players": 2})
    assert farhad.call("POST", "/api/queue", {"players": 2}).json()["state"] == "matched"
    assert shirin.call("GET", "/api/queue").json()["state"] == "matched"
    clock[0] += HELD_FOR - 1
    late = shirin.call("POST", "/api/queue", {"players": 2})
    assert late.status_code == 200 and late.json() == {"state": "idle"}
    assert roya.call("POST", "/api/queue", {"players": 2}).json()["state"] == "waiting"
    clock[0] += 2
    again = shirin.call("POST", "/api/queue", {"players": 2}).json()
    assert again["state"] == "matched", "a queueing after the hold is a new one: Roya waits"


def test_other_kinds_of_game_do_not_meet_and_leaving_works(
    client: TestClient, clock: list[float]
) -> None:
    shirin, farhad = Person(client, "Shirin"), Person(client, "Farhad")
    shirin.call("POST", "/api/queue", {"players": 2})
    assert farhad.call("POST", "/api/queue", {"players": 3}).json()["state"] == "waiting"
    assert shirin.call("DELETE", "/api/queue").json() == {"state": "idle"}
    again = shirin.call("DELETE", "/api/queue")
    assert again.status_code == 404 and again.json()["detail"]["code"] == "not_queued"


def test_a_bot_of_matching_strength_is_offered_after_a_minute(
    client: TestClient, clock: list[float]
) -> None:
    shirin = Person(client, "Shirin")
    shirin.call("POST", "/api/queue", {"players": 3})
    early = shirin.call("POST", "/api/queue/bot")
    assert early.json()["detail"]["code"] == "bot_not_offered"
    clock[0] += 61
    status = shirin.call("GET", "/api/queue").json()
    assert status["state"] == "waiting" and status["bot_offer"] == "beginner"
    seated = shirin.call("POST", "/api/queue/bot").json()
    assert seated["state"] == "matched" and seated["bot"] == "beginner"
    table = client.get(f"/api/tables/{seated['table_id']}").json()
    assert table["status"] == "playing"
    assert [seat["kind"] for seat in table["seats"]] == ["human", "bot", "bot"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"players": 5}, 422),
        ({"players": 2, "turn_timer": 7}, 422),
        ({"players": 2, "turn_timer": 3600}, 422),  # a correspondence timer is no quick match
        ({"players": "2"}, 422),
        ({"players": 2, "colour": "red"}, 422),
    ],
)
def test_bad_queue_requests_are_refused_and_queue_nobody(
    client: TestClient, clock: list[float], body: dict[str, Any], status: int
) -> None:
    shirin = Person(client, "Shirin")
    response = shirin.call("POST", "/api/queue", body)
    assert response.status_code == status, response.text
    assert shirin.call("GET", "/api/queue").json() == {"state": "idle"}
    assert client.post("/api/queue", json={"players": 2}).json()["detail"]["code"] == "no_guest"


def test_the_schema_carries_the_quick_match_timers(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    schema = (
        make_client(sqlite_url).get("/openapi.json").json()["components"]["schemas"]["QueueBody"]
    )
    timers = [choice.get("enum") for choice in schema["properties"]["turn_timer"]["anyOf"]]
    assert timers == [[15, 30, 60], None]


def test_a_public_table_whose_people_all_left_leaves_the_lobby(client: TestClient) -> None:
    host = Person(client, "Host")
    table_id = host.call("POST", "/api/tables", {"players": 2, "private": False}).json()["table_id"]
    host.call("POST", f"/api/tables/{table_id}/join")
    listed = [t["table_id"] for t in client.get("/api/tables").json()["tables"]]
    assert table_id in listed
    host.call("POST", f"/api/tables/{table_id}/leave")
    listed = [t["table_id"] for t in client.get("/api/tables").json()["tables"]]
    assert table_id not in listed
