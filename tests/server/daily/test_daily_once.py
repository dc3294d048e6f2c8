"""A daily-deal play counts once however often it is sent: the play carries the game's version
(its number of moves as last answered), one request at that version is stored, by a
compare-and-set in the database, and every other is refused as ``stale`` with nothing of the game
in the refusal. Sent at once from one page, from two pages of one process, and from two
applications on one database (two processes: each its own locks, only the database in common).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from at_once_support import at_once, copies
from daily_support import CARD, DAY, Person, deal_of, hidden
from fastapi.testclient import TestClient

from pasur.server.daily.games import DailyGames

PLAY = "/api/daily/2/play"


def plays_at_once(client: TestClient, person: Person, bodies: list[dict[str, Any]]) -> list[Any]:
    """POST every body to the play call at the same moment, with the person's cookies."""
    return at_once(client, copies("POST", PLAY, person.headers(), bodies))


def played_by_person(answer: dict[str, Any]) -> int:
    return sum(1 for play in answer["view"]["plays"] if play["seat"] == 0)


def assert_one_stored(person: Person, before: dict[str, Any], answers: list[Any]) -> None:
    """One answer is the game as stored, one play of the person's further on; every other is
    ``stale`` and says nothing more (no card, no view)."""
    accepted = [answer for answer in answers if answer.status_code == 200]
    assert len(accepted) == 1, [answer.text for answer in answers]
    stored = person.call("GET", "/api/daily/2/game").json()
    assert accepted[0].json() == stored
    assert played_by_person(stored) == played_by_person(before) + 1
    assert stored["version"] > before["version"]
    for refused in answers:
        if refused is accepted[0]:
            continue
        assert refused.status_code == 400, refused.text
        assert refused.json()["detail"]["code"] == "stale"
        assert set(refused.json()["detail"]) == {"code", "message"}
        assert not CARD.findall(refused.text), refused.text


def test_the_same_play_sent_six_times_at_once_is_played_once(
    client: TestClient, daily: DailyGames
) -> None:
    person = Person(client, "Shirin")
    before = person.call("POST", "/api/daily/2/start").json()
    play = {"move": before["view"]["legal"][0], "version": before["version"]}
    assert_one_stored(person, before, plays_at_once(client, person, [play] * 6))
    # The same play once more, after its answer: stale too, and still nothing more stored.
    again = person.call("POST", PLAY, play)
    assert again.json()["detail"]["code"] == "stale"
    assert played_by_person(person.call("GET", "/api/daily/2/game").json()) == 1


def test_different_plays_at_one_version_from_two_pages_play_one(
    client: TestClient, daily: DailyGames
) -> None:
    """Two pages of one person, each tapping another card on the game they both see: the first
    request is the play, the others arrive stale (before, four of six were played)."""
    person = Person(client, "Shirin")
    before = person.call("POST", "/api/daily/2/start").json()
    plays = [{"move": move, "version": before["version"]} for move in before["view"]["legal"]]
    assert len(plays) >= 4
    assert_one_stored(person, before, plays_at_once(client, person, plays))


def test_four_starts_at_once_begin_one_attempt(client: TestClient, daily: DailyGames) -> None:
    """The attempt is keyed by (day, format, person): of four starts at once one begins it, and
    the others are ``daily_played``, with nothing of the game in them."""
    person = Person(client, "Shirin")
    start = {"method": "POST", "url": "/api/daily/2/start", "headers": person.headers()}
    answers = at_once(client, [start] * 4)
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409]
    begun = next(answer for answer in answers if answer.status_code == 200)
    assert person.call("GET", "/api/daily/2/game").json() == begun.json()
    for refused in answers:
        if refused is not begun:
            assert refused.json()["detail"]["code"] == "daily_played"
            assert not CARD.findall(refused.text), refused.text


def test_a_play_without_the_version_is_refused(client: TestClient, daily: DailyGames) -> None:
    person = Person(client, "Shirin")
    started = person.call("POST", "/api/daily/2/start").json()
    refused = person.call("POST", PLAY, {"move": started["view"]["legal"][0]})
    assert refused.status_code == 422
    assert person.call("GET", "/api/daily/2/game").json() == started


@pytest.fixture
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' answers take a moment, as the expert's do: long enough that two processes'
    requests both read the game before either stores its move."""
    search = DailyGames._search

    async def slowly(self: DailyGames, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await search(self, *args, **kwargs)

    monkeypatch.setattr(DailyGames, "_search", slowly)


def test_two_processes_play_one_of_four_simultaneous_plays(
    client: TestClient,
    daily: DailyGames,
    make_client: Callable[..., TestClient],
    backend: str,
    slow_bots: None,
) -> None:
    """Two applications on one database, as two ``pasur serve`` processes: each has its own
    in-process lock, so only the database's compare-and-set keeps them from both storing (before,
    both answered 200, the last write won, and the other's answer showed a bot's play that the
    stored game never made)."""
    other = make_client(backend)
    other.app.state.daily.clock = lambda: DAY  # type: ignore[attr-defined]
    person = Person(client, "Shirin")
    before = person.call("POST", "/api/daily/2/start").json()
    deal = deal_of(client, daily, 2)
    legal = before["view"]["legal"]
    plays = [{"move": move, "version": before["version"]} for move in legal[:4]]
    assert len(plays) == 4  # four cards in the hand: a move each at least
    with ThreadPoolExecutor(2) as pool:
        here = pool.submit(plays_at_once, client, person, plays[:2])
        there = pool.submit(plays_at_once, other, person, plays[2:])
        answers = here.result() + there.result()
    assert_one_stored(person, before, answers)
    game = person.call("GET", "/api/daily/2/game").json()
    stored = [play["move"] for play in game["view"]["plays"]]
    for answer in answers:
        assert not set(CARD.findall(answer.text)) & hidden(deal, stored), answer.text
