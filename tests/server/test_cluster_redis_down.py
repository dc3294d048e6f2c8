"""When Redis stops answering, the REST API says so: 503 with the usual error body, not a 500;
what a process can do alone (a step at a table it owns) goes on."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from cluster_support import CuttableLink, fresh_prefix, redis_url
from fastapi.testclient import TestClient
from play_support import TEST_LIMITS, GuestClient

from pasur.server import ServerSettings, create_app


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
            assert response.json() == {
                "detail": {
                    "code": "unavailable",
                    "message": "the server cannot reach Redis, which it shares tables through; "
                    "try again in a moment",
                }
            }
            # The process owns the first table: a seat is taken there without Redis.
            assert ava.join(table_id, 0)[0] == 0
            assert client.get("/healthz").json() == {"status": "ok"}
    finally:
        link.cut()
