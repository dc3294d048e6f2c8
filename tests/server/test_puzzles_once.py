"""A person's first attempt at a puzzle counts once, however many copies arrive at once: a double
click, two tabs, or two server processes on one database (on SQLite and PostgreSQL). And two
attempts of one person at two puzzles at once both count, the second rated from the first's
result (no rating is lost to a race)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from at_once_support import at_once, copies
from fastapi.testclient import TestClient
from puzzles_support import DAY, Person, puzzle_start, rated, shipped, shown, trainer_of

from pasur.server.puzzles import store

STANDARD = shipped()
PUZZLE, OTHER, THIRD = STANDARD[0], STANDARD[1], STANDARD[2]
START = (25.0, 25 / 3)


def url(puzzle: dict[str, Any]) -> str:
    return f"/api/puzzles/{puzzle['id']}/attempt"


def on_day(client: TestClient) -> TestClient:
    trainer_of(client).clock = lambda: DAY
    return client


def assert_counted_once(answers: list[httpx.Response], person: Person) -> None:
    assert all(answer.status_code == 200 for answer in answers), [a.text for a in answers]
    bodies = [answer.json() for answer in answers]
    counted = [body for body in bodies if body["counted"]]
    assert len(counted) == 1, bodies
    summary = person.get("/api/puzzles").json()
    assert summary["attempts"] == 1 and len(summary["history"]) == 1
    assert summary["rating"] == counted[0]["rating"]["after"]
    assert summary["history"][0]["play"] == counted[0]["play"]
    for body in bodies:
        if not body["counted"]:
            assert body["rating"]["before"] == body["rating"]["after"]


def test_six_copies_of_an_attempt_at_once_count_once(client: TestClient) -> None:
    ava = Person(on_day(client), "Ava")
    sent = copies("POST", url(PUZZLE), ava.headers(), [{"play": PUZZLE["solution"][0]}] * 6)
    answers = at_once(client, sent)
    assert_counted_once(answers, ava)
    solved, _ = rated(START, puzzle_start(PUZZLE["difficulty"]), solved=True)
    assert ava.get("/api/puzzles").json()["rating"] == shown(solved[0])


def test_every_play_of_a_puzzle_at_once_counts_one_of_them(client: TestClient) -> None:
    ava = Person(on_day(client), "Ava")
    plays = [{"play": entry["play"]} for entry in PUZZLE["alternatives"]]
    assert len(plays) >= 3
    assert_counted_once(at_once(client, copies("POST", url(PUZZLE), ava.headers(), plays)), ava)


def test_attempts_from_two_processes_at_once_count_once(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    clients = [on_day(make_client(backend)), on_day(make_client(backend))]
    ava = Person(clients[0], "Ava")
    body = {"play": PUZZLE["solution"][0]}
    with ThreadPoolExecutor(2) as pool:
        answers = pool.map(
            lambda c: at_once(c, copies("POST", url(PUZZLE), ava.headers(), [body] * 3)), clients
        )
        every = [answer for some in answers for answer in some]
    assert_counted_once(every, ava)


def test_two_puzzles_at_once_both_count_one_after_the_other(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each attempt waits a moment once it has read the person, so that without the person's row
    locked both would be rated from the same rating and the second would overwrite the first.
    (A person's first puzzle makes their row, which already makes a second request wait: the
    two here are their second and third.)"""
    ava = Person(on_day(client), "Ava")
    me, _ = rated(START, puzzle_start(THIRD["difficulty"]), solved=False)
    assert ava.play(THIRD["id"], THIRD["alternatives"][-1]["play"])["counted"]
    before = shown(me[0])
    read_puzzle = store._locked_puzzle

    async def slowly(*args: Any) -> Any:
        found = await read_puzzle(*args)
        await asyncio.sleep(0.3)
        return found

    monkeypatch.setattr(store, "_locked_puzzle", slowly)
    sent = [
        *copies("POST", url(PUZZLE), ava.headers(), [{"play": PUZZLE["solution"][0]}]),
        *copies("POST", url(OTHER), ava.headers(), [{"play": OTHER["solution"][0]}]),
    ]
    first, second = (answer.json() for answer in at_once(client, sent))
    assert first["counted"] and second["counted"]
    # One was rated from where the other left the person: which went first is the database's.
    if first["rating"]["before"] == before:
        earlier, later, puzzles = first, second, (PUZZLE, OTHER)
    else:
        earlier, later, puzzles = second, first, (OTHER, PUZZLE)
    assert earlier["rating"]["before"] == before
    assert later["rating"]["before"] == earlier["rating"]["after"]
    me, _ = rated(me, puzzle_start(puzzles[0]["difficulty"]), solved=True)
    me, _ = rated(me, puzzle_start(puzzles[1]["difficulty"]), solved=True)
    summary = ava.get("/api/puzzles").json()
    assert summary["rating"] == later["rating"]["after"] == shown(me[0])
    assert (summary["attempts"], summary["streak"], summary["best_streak"]) == (3, 2, 2)
