"""The daily deal over HTTP: one attempt each, identical answers for identical moves, nothing of
the deck before the seat sees it, the reveal the next day, the result, leaderboard and streak.

The bots here are the random level (seeded per deal like every level), so a game takes no time and
identical answers show that the bots' generators are the deal's, not the process's.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from daily_support import CARD, DAY, Person, account, deal_of, hidden, play
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey

from pasur.rules.fairness import verify_commitment
from pasur.server.daily.api import DEVICE_COOKIE
from pasur.server.daily.games import DailyGames


def play_through(person: Person, players: int, daily: DailyGames) -> list[bytes]:
    """Play the deal choosing the first legal move each time; every answer's bytes, in order."""
    deal = deal_of(person.client, daily, players)
    response = person.call("POST", f"/api/daily/{players}/start")
    assert response.status_code == 200, response.text
    bodies = [response.content]
    moves_so_far: list[str] = []
    while response.json()["score"] is None:
        view = response.json()["view"]
        moves_so_far = [p["move"] for p in view["plays"]]
        leaks = set(CARD.findall(response.text)) & hidden(deal, moves_so_far)
        assert not leaks, leaks
        response = play(person, players, response.json())
        assert response.status_code == 200, response.text
        bodies.append(response.content)
    return bodies


@pytest.mark.parametrize("players", [2, 3])
def test_two_people_making_the_same_moves_get_byte_identical_answers(
    client: TestClient, daily: DailyGames, players: int
) -> None:
    first = play_through(Person(client, "Shirin"), players, daily)
    second = play_through(Person(client, "Farhad"), players, daily)
    assert first == second
    assert json.loads(first[-1])["view"]["result"] is not None


def test_nothing_of_the_deck_is_in_todays_description(
    client: TestClient, daily: DailyGames
) -> None:
    response = client.get("/api/daily")
    assert response.status_code == 200
    body = response.json()
    assert body["day"] == "2026-12-04" and body["over"] is False
    assert not CARD.findall(response.text)
    assert all("deck" not in deal and "salt" not in deal for deal in body["deals"])
    assert [deal["status"] for deal in body["deals"]] == ["new", "new"]
    assert body["you"] is None


def test_a_second_attempt_is_refused_by_person_and_by_device(
    client: TestClient, daily: DailyGames
) -> None:
    person = Person(client, "Shirin")
    assert person.call("POST", "/api/daily/2/start").status_code == 200
    again = person.call("POST", "/api/daily/2/start")
    assert again.status_code == 409
    assert again.json()["detail"]["code"] == "daily_played"
    # A new guest name on the same browser (the device cookie kept) is the same device.
    other = Person(client, "Someone else", device=person.cookies[DEVICE_COOKIE])
    refused = other.call("POST", "/api/daily/2/start")
    assert refused.json()["detail"]["code"] == "daily_played"
    assert other.call("GET", "/api/daily").json()["deals"][0]["status"] == "refused"
    # The other format is another deal.
    assert person.call("POST", "/api/daily/3/start").status_code == 200


def test_the_same_person_on_another_device_is_refused_too(
    client: TestClient, daily: DailyGames
) -> None:
    person = Person(client, "Shirin")
    assert person.call("POST", "/api/daily/2/start").status_code == 200
    person.cookies.pop(DEVICE_COOKIE)
    assert person.call("POST", "/api/daily/2/start").json()["detail"]["code"] == "daily_played"


def test_the_deck_is_revealed_the_next_day_and_verifies(
    client: TestClient, daily: DailyGames
) -> None:
    committed = client.get("/api/daily").json()["deals"]
    daily.clock = lambda: DAY + timedelta(days=1)
    response = client.get("/api/daily", params={"day": "2026-12-04"})
    revealed = response.json()
    assert revealed["over"] is True
    for before, after in zip(committed, revealed["deals"], strict=True):
        assert after["commitment"] == before["commitment"]
        assert verify_commitment(after["commitment"], after["deck"], after["salt"])
    assert client.get("/api/daily").json()["deals"][0]["commitment"] != committed[0]["commitment"]
    # A past day nobody asked about never had a deal: none is made (and revealed) afterwards.
    assert client.get("/api/daily", params={"day": "2026-11-01"}).json()["deals"] == []


def test_the_result_has_the_score_share_line_review_and_the_experts_game(
    client: TestClient, daily: DailyGames
) -> None:
    person = account(client, "Shirin")
    early = person.call("GET", "/api/daily/2/result")
    assert early.json()["detail"]["code"] == "no_daily_game"
    person.call("POST", "/api/daily/2/start")
    unfinished = person.call("GET", "/api/daily/2/result")
    assert unfinished.status_code == 409
    assert unfinished.json()["detail"]["code"] == "not_finished"
    last = json.loads(finish(person, 2))
    result = wait_for(
        person, "/api/daily/2/result", lambda body: body["expert"] and body["review"] is not None
    )
    assert result["score"] == last["score"]
    assert result["share"].startswith(f"{result['score']:+d}" if result["score"] else "0")
    assert not CARD.findall(result["share"])
    assert (result["ranked"], result["rank"]) == (True, 1)
    other = account(client, "Farhad")
    other.call("POST", "/api/daily/2/start")
    finish(other, 2)  # the same moves: the same score, and the same place
    assert other.call("GET", "/api/daily/2/result").json()["rank"] == 1
    assert isinstance(result["expert"]["score"], int) and result["expert"]["plays"]
    assert all(turn["loss"] > 0 for turn in result["review"])
    board = client.get("/api/daily/2/leaderboard").json()
    assert board["scores"] == [
        {"name": "Shirin", "score": result["score"]},
        {"name": "Farhad", "score": result["score"]},
    ]
    you = person.call("GET", "/api/daily").json()["you"]
    assert you == {"name": "Shirin", "streak": {"current": 1, "best": 1}, "ranked": True}
    over = play(person, 2, last, "7D lay")
    assert over.json()["detail"]["code"] == "game_over"


def finish(person: Person, players: int) -> bytes:
    """Play the started game to its end with the first legal move; the last answer's bytes."""
    response = person.call("GET", f"/api/daily/{players}/game")
    while response.json()["score"] is None:
        response = play(person, players, response.json())
    return bytes(response.content)


def wait_for(person: Person, path: str, ready: Any, seconds: float = 120.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        body = person.call("GET", path).json()
        if ready(body) or time.monotonic() > deadline:
            return body
        time.sleep(0.2)


@pytest.mark.parametrize(
    ("method", "path", "body", "code"),
    [
        ("POST", "/api/daily/4/start", None, "no_such_deal"),
        ("GET", "/api/daily?day=2026-13-01", None, "no_such_deal"),
        ("GET", "/api/daily?day=2026-12-05", None, "no_such_deal"),
        ("GET", "/api/daily/2/game", None, "no_daily_game"),
        ("POST", "/api/daily/2/play", {"move": "7D", "version": 0}, "no_daily_game"),
    ],
)
def test_bad_calls_are_refused_with_a_code(
    client: TestClient, daily: DailyGames, method: str, path: str, body: Any, code: str
) -> None:
    response = Person(client, "Shirin").call(method, path, body)
    assert response.json()["detail"]["code"] == code, response.text


def test_a_bad_move_is_refused_and_changes_nothing(client: TestClient, daily: DailyGames) -> None:
    person = Person(client, "Shirin")
    started = person.call("POST", "/api/daily/2/start").json()
    for move, code in [("nonsense", "malformed"), ("2C+3C+4C", "illegal")]:
        refused = play(person, 2, started, move)
        assert refused.json()["detail"]["code"] in {code, "illegal", "malformed"}, refused.text
    assert person.call("GET", "/api/daily/2/game").json() == started
    no_guest = client.post("/api/daily/2/start")
    assert no_guest.json()["detail"]["code"] == "no_guest"


def test_an_accounts_attempt_counts_on_every_device_it_signs_in_on(
    client: TestClient, daily: DailyGames
) -> None:
    phone, laptop, passkey = Device(client), Device(client), Passkey()
    phone.guest("Shirin")
    assert phone.add_passkey(passkey).status_code == 201
    assert phone.call("POST", "/api/daily/2/start").status_code == 200
    # Another browser (no device cookie in common), first as a guest of its own: a new person.
    laptop.guest("Laptop")
    assert laptop.call("GET", "/api/daily").json()["deals"][0]["status"] == "new"
    # Signed in to the same account there, it is the same person: the attempt is already made.
    assert laptop.sign_in(passkey).status_code == 200
    refused = laptop.call("POST", "/api/daily/2/start")
    assert (refused.status_code, refused.json()["detail"]["code"]) == (409, "daily_played")
    assert laptop.call("GET", "/api/daily/2/game").status_code == 200  # and it picks it up


def test_a_signed_in_account_plays_the_deal_under_its_name(
    client: TestClient, daily: DailyGames
) -> None:
    maker, laptop, passkey = Device(client), Device(client), Passkey()
    maker.guest("Shirin")
    assert maker.add_passkey(passkey).status_code == 201
    assert laptop.sign_in(passkey).status_code == 200  # never a guest on this browser
    assert laptop.call("GET", "/api/daily").json()["you"]["name"] == "Shirin"
    answer = laptop.call("POST", "/api/daily/2/start").json()
    while answer["score"] is None:
        move = {"move": answer["view"]["legal"][0], "version": answer["version"]}
        answer = laptop.call("POST", "/api/daily/2/play", move).json()
    assert laptop.call("GET", "/api/daily").json()["deals"][0]["status"] == "finished"
    board = client.get("/api/daily/2/leaderboard").json()["scores"]
    assert board == [{"name": "Shirin", "score": answer["score"]}]
