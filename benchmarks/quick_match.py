"""Quick match with scripted players: who is seated, with whom, and how soon.

Usage::

    python benchmarks/quick_match.py [--players 200] [--arrivals 120] [--seed 1]

A fresh application on an SQLite file in a temporary folder, driven over HTTP in this process
(FastAPI's test client). Each scripted person chooses a guest name, has a rating (an ordinal
from 0 to 40, drawn from a seeded spread and written to the ratings table as an OpenSkill mu and
sigma) and arrives at a random second of ``--arrivals``; all of them queue for the same kind of
game (two players, no timer, unrated), so anyone may meet anyone once the windows allow. The
matchmaker's clock is simulated: each simulated second everyone waiting asks for their status,
as the waiting page does, and someone offered a bot after a minute takes it.

It reports, in simulated seconds, the time to be seated (median, 90th percentile, worst), how
many were seated with a person and how many took the bot, the widest rating gap of a pair and
the largest gap over the narrower of the two windows at the moment they were paired (at most 1
means every pair respected both windows), and, in wall time on this machine, the median
milliseconds of a join and of a status call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import insert

from pasur.server.app import create_app
from pasur.server.db.rows import RatingRow
from pasur.server.http.guests import COOKIE
from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.queue.pairing import BOT_OFFER_AFTER, window
from pasur.server.settings import ServerSettings

SIGMA = 2.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--arrivals", type=float, default=120.0, help="seconds people arrive over")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        report = run(options.players, options.arrivals, options.seed, Path(folder))
    for line in report:
        print(line)


def run(count: int, arrivals: float, seed: int, folder: Path) -> list[str]:
    rng = random.Random(seed)
    settings = ServerSettings(database_url=f"sqlite+aiosqlite:///{folder / 'q.db'}")
    app = create_app(settings)
    now = [0.0]
    with TestClient(app) as client:
        matchmaker = app.state.matchmaker
        assert isinstance(matchmaker, Matchmaker)
        matchmaker.clock = lambda: now[0]
        people = [_person(client, number, rng, arrivals) for number in range(count)]
        _rate(client, app, people)
        joins: list[float] = []
        polls: list[float] = []
        while any(p["seated"] is None for p in people):
            for person in people:
                if person["joined"] is None and person["arrives"] <= now[0]:
                    joined: dict[str, Any] = {}
                    joins.append(_timed(lambda p=person, a=joined: a.update(_join(client, p))))
                    person["joined"] = now[0]
                    _observe(client, person, joined, now[0])  # the last to come is seated at once
            for person in people:
                if person["joined"] is not None and person["seated"] is None:
                    answer: dict[str, Any] = {}
                    polls.append(
                        _timed(lambda p=person, a=answer: a.update(_call(client, p, "GET")))
                    )
                    _observe(client, person, answer, now[0])
            now[0] += 1.0
            if now[0] % 10 == 0:
                waiting = sum(p["joined"] is not None and p["seated"] is None for p in people)
                print(f"t={now[0]:.0f} s: {waiting} waiting", file=sys.stderr, flush=True)
    return _report(people, joins, polls)


def _person(client: TestClient, number: int, rng: random.Random, arrivals: float) -> dict[str, Any]:
    client.cookies.clear()
    answer = client.post("/api/guest", json={"name": f"P{number}"})
    cookie = answer.cookies[COOKIE]
    client.cookies.clear()
    guest = client.app.state.guests.read(cookie)  # type: ignore[attr-defined]
    rating = max(0, min(40, round(rng.gauss(15, 8))))
    return {
        "id": guest.id,
        "cookie": cookie,
        "rating": rating,
        "arrives": rng.uniform(0, arrivals),
        "joined": None,
        "seated": None,
        "table": None,
        "bot": False,
    }


def _rate(client: TestClient, app: Any, people: list[dict[str, Any]]) -> None:
    """Write each person's rating as an OpenSkill estimate whose ordinal is that rating."""
    rows = [
        {
            "player_id": p["id"],
            "name": "P",
            "mu": p["rating"] + 3 * SIGMA,
            "sigma": SIGMA,
            "games": 10,
            "updated_at": datetime.now(UTC),
        }
        for p in people
    ]

    async def write() -> None:
        async with app.state.database.engine.begin() as connection:
            await connection.execute(insert(RatingRow), rows)

    assert client.portal is not None
    client.portal.call(write)


def _join(client: TestClient, person: dict[str, Any]) -> Any:
    """Queue for two players, no timer, unrated: the one kind of game everyone here wants."""
    return _call(client, person, "POST", {"players": 2})


def _call(client: TestClient, person: dict[str, Any], method: str, body: Any = None) -> Any:
    response = client.request(
        method, "/api/queue", json=body, headers={"Cookie": f"{COOKIE}={person['cookie']}"}
    )
    client.cookies.clear()
    assert response.status_code == 200, response.text
    return response.json()


def _observe(
    client: TestClient, person: dict[str, Any], answer: dict[str, Any], now: float
) -> None:
    if answer["state"] == "matched":
        person["seated"], person["table"] = now, answer["table_id"]
    elif answer["state"] == "waiting" and answer["bot_offer"]:
        seated = client.post("/api/queue/bot", headers={"Cookie": f"{COOKIE}={person['cookie']}"})
        client.cookies.clear()
        person["seated"], person["table"], person["bot"] = now, seated.json()["table_id"], True


def _timed(call: Any) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def _report(people: list[dict[str, Any]], joins: list[float], polls: list[float]) -> list[str]:
    waits = sorted(p["seated"] - p["joined"] for p in people)
    tables: dict[str, list[dict[str, Any]]] = {}
    for person in people:
        if not person["bot"]:
            tables.setdefault(person["table"], []).append(person)
    gaps, ratios = [], []
    for pair in tables.values():
        assert len(pair) == 2, "a table of the queue seats two people"
        a, b = pair
        gap = abs(a["rating"] - b["rating"])
        narrower = min(window(a["seated"] - a["joined"]), window(b["seated"] - b["joined"]))
        gaps.append(gap)
        ratios.append(gap / narrower)
    bots = sum(p["bot"] for p in people)
    in_time = all(wait <= BOT_OFFER_AFTER for wait in waits)
    p99 = sorted(polls)[int(0.99 * (len(polls) - 1))]
    return [
        f"people: {len(people)}; seated with a person: {len(people) - bots}; took the bot: {bots}",
        f"everyone seated: {all(p['seated'] is not None for p in people)}; "
        f"within the bot offer ({BOT_OFFER_AFTER:.0f} s): {in_time}",
        f"time to be seated (simulated s): median {statistics.median(waits):.0f}, "
        f"p90 {waits[int(0.9 * (len(waits) - 1))]:.0f}, worst {waits[-1]:.0f}",
        f"pairs: {len(tables)}; widest rating gap {max(gaps)}; "
        f"largest gap / narrower window {max(ratios):.2f} (at most 1: every window respected)",
        f"wall ms per call: join median {statistics.median(joins):.1f}, "
        f"status median {statistics.median(polls):.1f} (p99 {p99:.1f})",
    ]


if __name__ == "__main__":
    main()
