"""The application around the API: settings, health, headers, pages, docs, errors, logging."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import new_sheet

import pasur
from pasur.protocol.text import NAME
from pasur.server.app import create_app
from pasur.server.db.database import Database
from pasur.server.http import api_docs
from pasur.server.http.logs import RedactTokens, redact
from pasur.server.http.middleware import CONTENT_SECURITY_POLICY
from pasur.server.settings import (
    DEFAULT_DATABASE_URL,
    DatabaseURLError,
    ServerSettings,
    database_url,
)

MakeClient = Callable[..., TestClient]


# Settings


def test_the_default_database_is_pasur_db_in_the_working_directory() -> None:
    settings = ServerSettings()
    assert settings.database_url == DEFAULT_DATABASE_URL == "sqlite+aiosqlite:///./pasur.db"
    assert ServerSettings.from_env(environ={}).database_url == DEFAULT_DATABASE_URL
    assert settings.web_root == Path(pasur.__file__).parent / "web"
    assert (settings.host, settings.port) == ("127.0.0.1", 8000)


def test_pasur_db_overrides_the_default_and_db_overrides_both() -> None:
    env = {"PASUR_DB": "sqlite+aiosqlite:///from-env.db"}
    assert ServerSettings.from_env(environ=env).database_url == env["PASUR_DB"]
    chosen = ServerSettings.from_env(db="sqlite+aiosqlite:///from-option.db", environ=env)
    assert chosen.database_url == "sqlite+aiosqlite:///from-option.db"


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("sqlite:///x.db", "sqlite+aiosqlite:///x.db"),
        ("postgresql://postgres@db/test", "postgresql+asyncpg://postgres@db/test"),
        ("postgres://postgres@db/test", "postgresql+asyncpg://postgres@db/test"),
        ("postgresql+asyncpg://u:p@db:5433/t", "postgresql+asyncpg://u:p@db:5433/t"),
    ],
)
def test_plain_urls_get_their_asyncio_driver(given: str, used: str) -> None:
    assert ServerSettings.from_env(db=given, environ={}).database_url == used


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("mysql://root:hunter2@db/pasur", "the 'mysql' driver is not supported"),
        ("postgresql+psycopg2://u:hunter2@db/t", "driver is not supported"),
        ("not a url", "is not a database URL"),
        ("sqlite://", "an SQLite URL needs a file"),
        ("sqlite:///:memory:", "an SQLite URL needs a file"),
    ],
)
def test_unusable_urls_are_refused_without_showing_passwords(given: str, message: str) -> None:
    with pytest.raises(DatabaseURLError, match=message) as refused:
        database_url(given)
    assert "hunter2" not in str(refused.value)


def test_safe_database_url_masks_the_password() -> None:
    settings = ServerSettings.from_env(db="postgresql://u:hunter2@db/t", environ={})
    assert settings.safe_database_url == "postgresql+asyncpg://u:***@db/t"


# Health, lifespan


def test_healthz_checks_the_database(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}

    async def unreachable(self: Database) -> None:
        raise OSError("connection refused")

    monkeypatch.setattr(Database, "ping", unreachable)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable"}


def test_startup_creates_the_tables_and_shutdown_closes_the_engine(
    sqlite_url: str, web_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = []
    real_close = Database.close

    async def recording_close(self: Database) -> None:
        closed.append(self)
        await real_close(self)

    monkeypatch.setattr(Database, "close", recording_close)
    app = create_app(ServerSettings(database_url=sqlite_url, web_root=web_root))
    with TestClient(app) as client:
        new_sheet(client, "A", "B")
        assert closed == []
    assert closed == [app.state.database]
    assert Path(sqlite_url.removeprefix("sqlite+aiosqlite:///")).is_file()


# Headers


def test_every_response_has_the_security_headers(client: TestClient) -> None:
    token = new_sheet(client, "A", "B")["edit_token"]
    api = ("/healthz", f"/api/tracker/sheets/{token}", "/api/tables", "/api/tables/nope")
    for path in (*api, "/tracker", "/play/t/nope", "/nowhere", "/docs"):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "same-origin", path
        assert headers["x-frame-options"] == "DENY", path
        assert "default-src 'self'" in headers["content-security-policy"], path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path


def test_the_docs_page_has_the_policy_of_every_page_and_loads_nothing_from_elsewhere(
    client: TestClient,
) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert client.get("/tracker").headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert (
        "https:" not in CONTENT_SECURITY_POLICY and "unsafe-inline" not in CONTENT_SECURITY_POLICY
    )
    assert "http" not in page.text.replace("</html>", "")  # no address of another site
    assert "<script>" not in page.text  # no inline script
    loaded = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert loaded and all(url.startswith(("/docs/assets/", "/static/")) for url in loaded), loaded
    for url in loaded:
        if url.startswith("/docs/"):  # the rest is the web client's (its icon)
            assert client.get(url).status_code == 200, url
    css = client.get("/docs/assets/docs.css").text
    for icon in re.findall(r'url\("([^"]+)"\)', css):
        assert client.get(f"/docs/assets/{icon}").headers["content-type"] == "image/svg+xml"
    assert "Apache License" in client.get("/docs/assets/LICENSE").text


def test_the_vendored_stylesheet_uses_data_urls_only_where_docs_css_overrides_them() -> None:
    """Every rule of swagger-ui.css with a data: image that a page can apply (dark mode is never
    switched on) is restyled by docs.css, so no data: image is ever fetched."""
    folder = Path(api_docs.__file__).parent / "swagger_ui"
    vendored = (folder / "swagger-ui.css").read_text(encoding="utf-8")
    ours = (folder / "docs.css").read_text(encoding="utf-8")
    restyled = {" ".join(sel.split()) for sel in re.findall(r"([^{}/]+)\{[^{}]*url\(", ours)}
    using = {
        " ".join(selector.split())
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", vendored)
        if "data:image" in body and "dark-mode" not in selector and "debug-grid" not in selector
    }
    assert using and using <= restyled, using - restyled


def test_options_answers_with_every_method_the_path_allows(client: TestClient) -> None:
    token = new_sheet(client, "A", "B")["edit_token"]
    expected = {
        "/api/tables": {"GET", "POST"},
        f"/api/tracker/sheets/{token}/rounds/1": {"PUT", "DELETE"},
        "/api/tables/nope/bots/1": {"DELETE"},
        "/healthz": {"GET"},
        "/tracker": {"GET"},
        "/static/js/tracker.js": {"GET", "HEAD"},
    }
    for path, methods in expected.items():
        response = client.options(path)
        assert response.status_code == 204, (path, response.text)
        assert allowed(response) == methods | {"OPTIONS"}, path
        assert response.content == b""
    assert client.options("/nowhere").status_code == 404


def test_a_method_the_path_does_not_take_is_405_naming_every_one_it_does(
    client: TestClient,
) -> None:
    token = new_sheet(client, "A", "B")["edit_token"]
    response = client.patch(f"/api/tracker/sheets/{token}/rounds/1")
    assert response.status_code == 405
    assert allowed(response) == {"PUT", "DELETE", "OPTIONS"}
    assert allowed(client.delete("/api/tables")) == {"GET", "POST", "OPTIONS"}


def allowed(response: Any) -> set[str]:
    """The methods of an ``Allow`` header."""
    return {method.strip() for method in response.headers["allow"].split(",")}


def test_api_answers_are_never_cached(client: TestClient) -> None:
    sheet = new_sheet(client, "A", "B")
    response = client.get(f"/api/tracker/sheets/{sheet['edit_token']}")
    assert response.headers["cache-control"] == "no-store"


# Docs


def test_openapi_documents_every_endpoint_with_field_descriptions(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    assert client.get("/redoc").status_code == 404
    schema = client.get("/openapi.json").json()
    assert schema["info"]["version"] == pasur.__version__
    paths = schema["paths"]
    assert set(paths["/api/tracker/sheets"]) == {"post"}
    assert set(paths["/api/tracker/sheets/{token}"]) == {"get"}
    assert set(paths["/api/tracker/sheets/{edit_token}/rounds"]) == {"post"}
    assert set(paths["/api/tracker/sheets/{edit_token}/rounds/{number}"]) == {"put", "delete"}
    assert set(paths["/api/tracker/sheets/{edit_token}/undo"]) == {"post"}
    assert set(paths["/api/tracker/sheets/{token}/export.csv"]) == {"get"}
    assert "/healthz" in paths
    assert "/tracker" not in paths
    models = schema["components"]["schemas"]
    for model in ("SheetCreate", "CountsIn", "RoundIn", "SheetOut", "RoundOut", "LineOut"):
        for name, field in models[model]["properties"].items():
            if "$ref" not in field and name not in ("counts", "breakdown", "rounds"):
                assert field.get("description"), (model, name)
    assert "they add up to 13" in models["CountsIn"]["properties"]["clubs"]["description"]
    add_round = paths["/api/tracker/sheets/{edit_token}/rounds"]["post"]
    assert {"201", "403", "404", "409", "422"} <= set(add_round["responses"])


def test_openapi_lists_every_refusal_with_the_one_error_body(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    checked = 0
    for path, operations in schema["paths"].items():
        if path == "/healthz":  # answers its own {"status": ...}, 200 or 503
            continue
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "500" in responses, (path, method)
            for status, answer in responses.items():
                if status[0] in "45":
                    content = answer["content"]["application/json"]["schema"]
                    assert content == {"$ref": "#/components/schemas/ErrorBody"}, (path, status)
                    assert "`" in answer["description"], (path, status)  # names its codes
                    checked += 1
    assert checked > 60
    paths = schema["paths"]
    create = paths["/api/tables"]["post"]["responses"]
    assert {"400", "401", "403", "413", "422", "500", "503"} <= set(create)
    assert "`no_guest`" in create["401"]["description"]
    assert "`bad_config`" in create["400"]["description"]
    join = paths["/api/tables/{table_id}/join"]["post"]["responses"]
    assert {"404", "409"} <= set(join)
    assert "`seat_taken`" in join["409"]["description"]
    rounds = paths["/api/tracker/sheets/{edit_token}/rounds"]["post"]["responses"]
    assert "`sheet_changed`" in rounds["409"]["description"]
    assert "`read_only`" in rounds["403"]["description"]
    assert "`bad_request`" in create["422"]["description"]
    subscribe = paths["/api/push/subscriptions"]["post"]["responses"]["422"]["description"]
    assert "`bad_subscription`" in subscribe and "`bad_request`" in subscribe
    detail = schema["components"]["schemas"]["ErrorDetail"]["properties"]
    assert set(detail) == {"code", "message", "reason", "fields"}
    assert "HTTPValidationError" not in schema["components"]["schemas"]


def test_openapi_gives_the_limits_as_schema_constraints(client: TestClient) -> None:
    models = client.get("/openapi.json").json()["components"]["schemas"]
    table = models["NewTable"]["properties"]
    assert (table["players"]["minimum"], table["players"]["maximum"]) == (2, 4)
    assert (table["bot_delay"]["minimum"], table["bot_delay"]["maximum"]) == (0, 10)
    timers = {item.get("type") for item in table["turn_timer"]["anyOf"]}
    assert timers == {"integer", "null"}
    assert table["turn_timer"]["anyOf"][0]["enum"] == [15, 30, 60, 3600, 43200, 86400, 259200]
    assert table["preset"]["enum"] == ["standard", "pagat", "ru-baaz", "varagh", "pasur11"]
    settings = table["settings"]
    assert settings["additionalProperties"] is False
    assert settings["properties"]["sur-points"]["enum"] == ["5", "10"]
    assert settings["properties"]["target"]["pattern"].endswith("|10000)$")
    assert table["bots"]["propertyNames"]["enum"] == ["0", "1", "2", "3"]
    guest_name = models["GuestBody"]["properties"]["name"]
    assert (guest_name["minLength"], guest_name["maxLength"]) == (1, NAME.longest)
    assert guest_name["pattern"] == NAME.pattern
    bot = models["BotBody"]["properties"]
    assert bot["level"]["enum"][:2] == ["random", "beginner"]
    assert (bot["seat"]["minimum"], bot["seat"]["maximum"]) == (0, 3)
    assert models["SheetCreate"]["properties"]["players"]["maxItems"] == 16
    for name in ("NewTable", "JoinBody", "BotBody", "GuestBody"):
        assert models[name]["additionalProperties"] is False, name
        for field, spec in models[name]["properties"].items():
            assert spec.get("description"), (name, field)


# Errors and logs


def test_unexpected_errors_are_a_generic_500_and_logged_without_tokens(
    sqlite_url: str, web_root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(ServerSettings(database_url=sqlite_url, web_root=web_root))
    token = "S3cretS3cretS3cretS3cretS3cret_-"

    @app.get("/boom/{token}")
    async def boom(token: str) -> None:
        raise KeyError("the server's own mistake")

    with TestClient(app, raise_server_exceptions=False) as client, caplog.at_level(logging.ERROR):
        response = client.get(f"/boom/{token}")
    assert response.status_code == 500
    assert response.json() == {
        "detail": {
            "code": "internal",
            "message": "something went wrong on the server; the error has been logged",
        }
    }
    assert "mistake" not in response.text
    assert "unexpected KeyError in GET /boom/***" in caplog.text
    assert token not in caplog.text


def test_tokens_are_cut_out_of_logged_paths() -> None:
    token = "bBy53-SSJ1IyHgYvjWrR0mtCEBN_l8h8"
    assert redact(f"/api/tracker/sheets/{token}/rounds/2") == "/api/tracker/sheets/***/rounds/2"
    assert redact(f"/tracker/e/{token}") == "/tracker/e/***"
    assert redact(f"/x?token={token}") == "/x?token=***"
    assert redact("/static/js/tracker.js") == "/static/js/tracker.js"
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", f"/tracker/s/{token}", "1.1", 200),
        None,
    )
    assert RedactTokens().filter(record)
    assert token not in record.getMessage()
    assert "/tracker/s/***" in record.getMessage()
