"""What the accounts' session guard costs a request: a guest's, and a signed-in account's.

Usage::

    python benchmarks/session_guard.py [--requests 2000] [--rounds 5]

Two applications on one fresh SQLite file in a temporary folder, driven in this process by
Starlette's test client: one as shipped, one without the session guard (what the server cost
before accounts). ``GET /api/guest`` (the cheapest call that reads the cookie) is timed with a
guest's cookie on both, with a signed-in account's cookie (the guard's verdict cached, as it is
for five seconds), and with an account's cookie whose verdict is never cached (a database lookup
every request: the worst case, a process seeing each cookie for the first time). The four are
timed in turn, ``--rounds`` times, and the median time per request of each is printed with its
ratio to the guest's request without the guard.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert

from pasur.server.accounts.guard import SessionGuard
from pasur.server.accounts.sessions import CHECK_TTL, SessionCheck, open_session
from pasur.server.app import create_app
from pasur.server.db.account_rows import AccountRow
from pasur.server.http.guests import COOKIE, Guest
from pasur.server.settings import ServerSettings


class Ticking:
    """A clock that moves on by the check's lifetime at every reading: nothing stays cached."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += CHECK_TTL + 1
        return self.now


def account_cookie(client: TestClient) -> str:
    app = client.app
    database = app.state.database  # type: ignore[attr-defined]

    async def make() -> str:
        async with database.engine.begin() as connection:
            now = datetime.now(UTC)
            await connection.execute(
                insert(AccountRow).values(
                    id="bench-account",
                    name="Bench",
                    name_key="bench",
                    user_handle="handle",
                    created_at=now,
                    name_changed_at=now,
                )
            )
            return await open_session(connection, "bench-account", "benchmark")

    token: str = client.portal.call(make)  # type: ignore[union-attr]
    guests = app.state.guests  # type: ignore[attr-defined]
    cookie: str = guests.cookie_for(Guest("bench-account", "Bench", token))
    return cookie


def timed(client: TestClient, cookie: str, requests: int) -> float:
    """Seconds per request, over ``requests`` requests."""
    headers = {"Cookie": f"{COOKIE}={cookie}"}
    start = time.perf_counter()
    for _ in range(requests):
        answer = client.get("/api/guest", headers=headers)
        assert answer.status_code == 200, answer.text
    return (time.perf_counter() - start) / requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        app = create_app(ServerSettings(database_url=url))
        bare = create_app(ServerSettings(database_url=url))
        bare.user_middleware = [m for m in bare.user_middleware if m.cls is not SessionGuard]
        with TestClient(app) as client, TestClient(bare) as unguarded:
            guest = client.post("/api/guest", json={"name": "Ava"}).cookies[COOKIE]
            client.cookies.clear()
            account = account_cookie(client)
            cached = app.state.session_check
            uncached = SessionCheck(app.state.database, clock=Ticking())
            results: dict[str, list[float]] = {}
            kinds = ("guest, no guard", "guest", "account, cached", "account, uncached")
            for _ in range(options.rounds):
                for kind in kinds:
                    app.state.session_check = uncached if kind.endswith("uncached") else cached
                    cookie = guest if kind.startswith("guest") else account
                    driver = unguarded if kind == "guest, no guard" else client
                    results.setdefault(kind, []).append(timed(driver, cookie, options.requests))
    base = statistics.median(results["guest, no guard"])
    print(f"GET /api/guest, {options.requests} requests x {options.rounds} rounds (medians)")
    for kind in kinds:
        median = statistics.median(results[kind])
        print(f"  {kind:<18} {median * 1e6:8.1f} µs/request  {median / base:5.2f}x")


if __name__ == "__main__":
    main()
