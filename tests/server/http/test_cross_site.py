"""Cross-site request forgery: the calls that change something refuse other sites' pages.

Three layers: the guest cookie is ``SameSite=Lax`` (a browser keeps it off other sites'
requests), the API reads JSON only (which a plain HTML form cannot send), and
:class:`CrossSiteGuard`, which ``create_app`` installs, refuses a changing request that a browser
says came from another site.
None of this depends on the database, so these tests use SQLite only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pasur.server.app import create_app
from pasur.server.http.guests import COOKIE
from pasur.server.http.middleware import CROSS_SITE
from pasur.server.http.origin import from_another_site
from pasur.server.settings import ServerSettings

FRIEND = "https://friend.example"
"""An origin the operator allows (``PASUR_ALLOWED_ORIGINS``)."""

REFUSED = [
    {"sec-fetch-site": "cross-site", "origin": "https://evil.example"},
    {"sec-fetch-site": "same-site", "origin": "https://evil.testserver"},
    {"sec-fetch-site": "cross-site"},
    {"origin": "https://evil.example"},
    {"origin": "null"},
    {"origin": "http://testserver:8080"},
]

ALLOWED = [
    {},
    {"sec-fetch-site": "same-origin", "origin": "http://testserver"},
    {"sec-fetch-site": "none"},
    {"origin": "http://testserver"},
    {"sec-fetch-site": "cross-site", "origin": FRIEND},
    {"origin": FRIEND},
]


@pytest.fixture
def guarded(sqlite_url: str, web_root: Path) -> Iterator[Callable[[dict[str, str]], TestClient]]:
    """``guarded(headers)``: a started client of the application as ``create_app`` makes it, with
    :data:`FRIEND` allowed, sending ``headers`` with every request."""
    opened: list[TestClient] = []

    def make(headers: dict[str, str]) -> TestClient:
        settings = ServerSettings(
            database_url=sqlite_url, web_root=web_root, allowed_origins=(FRIEND,)
        )
        client = TestClient(create_app(settings), headers=headers)
        opened.append(client.__enter__())
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def plain(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """A client of the application as ``create_app`` makes it."""
    return make_client(sqlite_url)


@pytest.mark.parametrize("headers", REFUSED)
def test_a_change_from_another_sites_page_is_refused_and_changes_nothing(
    guarded: Callable[[dict[str, str]], TestClient], headers: dict[str, str]
) -> None:
    client = guarded(headers)
    for method, path, body in [
        ("POST", "/api/guest", {"name": "Ava"}),
        ("POST", "/api/tracker/sheets", {"players": ["A", "B"]}),
        ("DELETE", "/api/tables/some-table/bots/1", None),
    ]:
        response = client.request(method, path, json=body)
        assert response.status_code == 403, (method, path)
        assert response.json() == {"detail": {"code": "cross_site", "message": CROSS_SITE}}
        assert "set-cookie" not in response.headers
        assert response.headers["x-frame-options"] == "DENY", "the refusal has the headers too"
    # Reading is not a change: any page may.
    assert client.get("/healthz").json() == {"status": "ok"}


@pytest.mark.parametrize("headers", ALLOWED)
def test_the_servers_own_pages_and_programs_may_change_things(
    guarded: Callable[[dict[str, str]], TestClient], headers: dict[str, str]
) -> None:
    client = guarded(headers)
    assert client.post("/api/guest", json={"name": "Ava"}).status_code == 200
    assert client.post("/api/tracker/sheets", json={"players": ["A", "B"]}).status_code == 201


def test_the_guest_cookie_stays_on_this_sites_requests(plain: TestClient) -> None:
    response = plain.post("/api/guest", json={"name": "Ava"})
    cookie = response.headers["set-cookie"].lower()
    assert f"{COOKIE}=" in cookie
    assert "samesite=lax" in cookie and "httponly" in cookie


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_what_an_html_form_can_send_is_not_a_request(plain: TestClient, content_type: str) -> None:
    headers = {"content-type": content_type}
    response = plain.post("/api/guest", content=b'{"name": "Ava"}', headers=headers)
    assert response.status_code == 422
    assert "set-cookie" not in response.headers


def test_sec_fetch_site_is_read_without_regard_to_case_or_spaces() -> None:
    assert not from_another_site({"sec-fetch-site": " Same-Origin "}, ())
    assert from_another_site({"sec-fetch-site": "CROSS-SITE", "origin": "https://a.example"}, ())
