"""The daily leaderboard counts accounts, one attempt each: a guest plays unranked, so a browser
with its cookies cleared (a new guest, who may have seen the whole deal and every bot's answer
in a first attempt) cannot put a second score on the board (``docs/daily.md``)."""

from __future__ import annotations

from typing import Any

import pytest
from daily_support import Person, account, play
from fastapi.testclient import TestClient

from pasur.server.daily.games import DailyGames


@pytest.fixture(autouse=True)
def no_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """No coach's review or expert's game behind the results read here (seconds of search each,
    which ``test_daily_api`` covers): these tests are about the ranks."""
    monkeypatch.setattr(DailyGames, "_work", lambda *args: None)


def finish(person: Person, players: int = 2) -> dict[str, Any]:
    """Start the deal and play it to its end with the first legal move; the last answer."""
    answer: dict[str, Any] = person.call("POST", f"/api/daily/{players}/start").json()
    while answer["score"] is None:
        answer = play(person, players, answer).json()
    return answer


def test_a_cookie_cleared_second_attempt_is_not_ranked(
    client: TestClient, daily: DailyGames
) -> None:
    shirin = account(client, "Shirin")
    assert shirin.call("GET", "/api/daily").json()["you"]["ranked"] is True
    ranked = finish(shirin)
    result = shirin.call("GET", "/api/daily/2/result").json()
    assert (result["ranked"], result["rank"]) == (True, 1)
    # The same browser with its cookies cleared: a new guest, with no device cookie either. It
    # may play (the same cards, the same bots' answers), but its score is not on the board.
    again = Person(client, "Shirin again")
    assert again.call("GET", "/api/daily").json()["you"]["ranked"] is False
    replayed = finish(again)
    assert replayed["score"] == ranked["score"]
    unranked = again.call("GET", "/api/daily/2/result").json()
    assert (unranked["ranked"], unranked["rank"]) == (False, None)
    assert unranked["score"] == replayed["score"]
    board = client.get("/api/daily/2/leaderboard").json()["scores"]
    assert board == [{"name": "Shirin", "score": ranked["score"]}]


def test_a_guests_attempt_counts_once_the_guest_becomes_an_account(
    client: TestClient, daily: DailyGames
) -> None:
    """Adding a passkey makes the guest an account under the same id: its one attempt is then
    its ranked one, under the account's name (the page says so: "make an account to be
    ranked")."""
    mina = Person(client, "Mina")
    score = finish(mina)["score"]
    assert client.get("/api/daily/2/leaderboard").json()["scores"] == []
    mina.become_account()
    result = mina.call("GET", "/api/daily/2/result").json()
    assert (result["ranked"], result["rank"]) == (True, 1)
    board = client.get("/api/daily/2/leaderboard").json()["scores"]
    assert board == [{"name": "Mina", "score": score}]
