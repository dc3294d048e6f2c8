"""Outages: while the database or Redis is unreachable the REST API says so, 503 with the usual
error body, not a 500; what a process can do without the missing service goes on."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from cluster_support import fresh_prefix, redis_url
from database_support import empty_tables
from fastapi.testclient import TestClient
from link_support import CuttableLink
from play_support import TEST_LIMITS, GuestClient
from server_support import new_sheet
from sqlalchemy import make_url

from pasur.server.app import create_app
from pasur.server.settings import ServerSettings


def unavailable(service: str) -> dict[str, object]:
    message = f"the server cannot reach {service}; try again in a moment"
    return {"detail": {"code": "unavailable", "message": message}}


def test_the_api_answers_503_while_the_database_is_unreachable(
    postgres_run_database: str, web_root: Path
) -> None:
    empty_tables(postgres_run_database)  # an earlier test here may have left an account "Ava"
    real = make_url(postgres_run_database)
    link = CuttableLink(real.host or "127.0.0.1", real.port or 5432)
    through_link = real.set(host="127.0.0.1", port=link.port)
    settings = ServerSettings(
        database_url=through_link.render_as_string(hide_password=False), web_root=web_root
    )
    try:
        with TestClient(create_app(settings)) as client:
            ava = GuestClient(client, "Ava")
            token = new_sheet(client, "A", "B")["edit_token"]
            link.cut()
            answers = [
                client.post("/api/tracker/sheets", json={"players": ["A", "B"]}),
                client.get(f"/api/tracker/sheets/{token}"),
                ava.post("/api/tables", {"players": 2}),
            ]
            for response in answers:
                assert response.status_code == 503, response.text
                assert response.json() == unavailable("its database")
            # What needs no database still works, and the health check says what is wrong.
            assert ava.client.get("/api/guest", headers=ava.headers).json() == {"name": "Ava"}
            assert client.get("/healthz").status_code == 503
    finally:
        link.cut()


def test_the_api_answers_503_while_redis_is_unreachable(backend: str, web_root: Path) -> None:
    real = urlsplit(redis_url())
    link = CuttableLink(real.hostname or "127.0.0.1", real.port or 6379)
    through_link = real._replace(netloc=f"127.0.0.1:{link.port}").geturl()
    settings = ServerSettings(
        database_url=backend,
        web_root=web_root,
        limits=TEST_LIMITS,
        redis_url=through_link,
        redis_prefix=fresh_prefix(),
    )
    try:
        with TestClient(create_app(settings)) as client:
            ava = GuestClient(client, "Ava")
            table_id = ava.create(players=2)
            link.cut()
            # A new table needs a lease, which only Redis gives.
            response = ava.post("/api/tables", {"players": 2})
            assert response.status_code == 503, response.text
            assert response.json() == unavailable("Redis, which it shares tables through")
            # The process owns the first table: a seat is taken there without Redis.
            assert ava.join(table_id, 0)[0] == 0
            assert client.get("/healthz").json() == {"status": "ok"}
    finally:
        link.cut()
