"""The web client's pages: each page's own parts put in the one shell, and served at its paths.

The assembly is checked on small made-up files (what goes where, what is refused) and on the
real web folder (every page of the client makes a whole document); the serving on a test web
folder (every path answers its page, private links are not indexed, a missing file is a 404, an
unknown address shows a browser the site's 404 page and a program the JSON refusal).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pasur
from pasur.server.app import create_app
from pasur.server.http.pages import NOT_FOUND_PAGE, PAGES, SHELL, PageError, assemble
from pasur.server.settings import ServerSettings

WEB = Path(pasur.__file__).parent / "web"
TEST_SHELL = (
    "<head><!-- slot head --><!-- end head --></head>\n"
    "<body><!-- slot bar -->standard bar<!-- end bar -->\n"
    "<!-- slot main --><!-- end main --></body>\n"
)


def _fragment(name: str) -> str:
    head = f"<!-- slot head --><title>{name}</title><!-- end head -->"
    return f"{head}\n<!-- slot main -->{name}<!-- end main -->\n"


# ---------------------------------------------------------------- assembly


def test_a_page_fills_the_shells_slots_and_keeps_its_defaults() -> None:
    page = "<!-- about the page -->\n<!-- slot main -->\n  <main>hello</main>\n<!-- end main -->\n"
    assert assemble(TEST_SHELL, page) == (
        "<head></head>\n<body>standard bar\n<main>hello</main></body>\n"
    )
    bar = "<!-- slot bar --><nav>mine</nav><!-- end bar -->"
    assert "<body><nav>mine</nav>\n" in assemble(TEST_SHELL, bar)


@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("<main>outside</main>", "text outside any slot: '<main>outside</main>'"),
        ("<!-- slot main -->a<!-- end main --><!-- slot main -->b<!-- end main -->", "twice"),
        ("<!-- slot footer -->a<!-- end footer -->", "the shell has no slot footer"),
        ("<!-- slot main -->a<!-- end head -->", "text outside any slot"),
    ],
)
def test_a_page_that_does_not_fit_the_shell_is_refused(page: str, message: str) -> None:
    with pytest.raises(PageError, match=re.escape(message)):
        assemble(TEST_SHELL, page)


@pytest.mark.parametrize("file", sorted({page.file for page in PAGES} | {NOT_FOUND_PAGE}))
def test_every_page_of_the_client_is_one_whole_document(file: str) -> None:
    html = assemble((WEB / SHELL).read_text("utf-8"), (WEB / file).read_text("utf-8"))
    assert html.startswith('<!doctype html>\n<html lang="en" dir="ltr">')
    assert "<!-- slot" not in html
    assert "<!-- end" not in html
    for once in ("<title", '<main id="main"', 'class="app-bar"', "data-lang-switch", "<noscript>"):
        assert html.count(once) == 1, (file, once)
    # The page's stylesheets come after base.css, so they win where both say something.
    sheets = re.findall(r'<link rel="stylesheet" href="/static/css/(\w+)\.css">', html)
    assert sheets[0] == "base" and len(sheets) >= (1 if file == NOT_FOUND_PAGE else 2), sheets
    # The shell's one script (the service worker's registration, docs/offline.md), then the page's.
    shells, script = re.findall(
        r'<script type="module" src="(/static/js/[\w/-]+\.js)"></script>', html
    )
    assert shells == "/static/js/offline/register.js"
    for name in (shells, script):
        assert (WEB / name.removeprefix("/static/")).is_file()


# ---------------------------------------------------------------- serving


@pytest.fixture
def pages_client(
    web_root: Path, sqlite_url: str, make_client: Callable[..., TestClient]
) -> TestClient:
    """A client on a web folder with the test shell and a small page for every file."""
    (web_root / SHELL).write_text(TEST_SHELL, encoding="utf-8")
    for file in {page.file for page in PAGES} | {NOT_FOUND_PAGE}:
        (web_root / file).write_text(_fragment(file), encoding="utf-8")
    return make_client(sqlite_url)


def test_every_page_serves_its_file_and_private_links_are_not_indexed(
    pages_client: TestClient,
) -> None:
    for page in PAGES:
        path = page.path.format(table_id="t" * 12, game=1, token="x" * 32, name="Ava")
        response = pages_client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"] == "text/html; charset=utf-8"
        assert response.headers["cache-control"] == "no-cache"
        assert response.text == assemble(TEST_SHELL, _fragment(page.file)), path
        assert f"<title>{page.file}</title>" in response.text
        assert ("x-robots-tag" in response.headers) is page.private, path


def test_a_page_whose_file_or_shell_is_missing_is_404(
    web_root: Path, sqlite_url: str, make_client: Callable[..., TestClient]
) -> None:
    (web_root / SHELL).unlink()
    (web_root / "rules.html").write_text(_fragment("rules"), encoding="utf-8")
    no_shell = make_client(sqlite_url)
    assert no_shell.get("/rules").status_code == 404
    (web_root / SHELL).write_text(TEST_SHELL, encoding="utf-8")
    (web_root / "tracker.html").write_text(_fragment("tracker"), encoding="utf-8")
    client = make_client(sqlite_url)
    assert client.get("/rules").status_code == 200
    answer = client.get("/history")
    assert answer.status_code == 404
    assert answer.json() == {
        "detail": {"code": "not_found", "message": "the page history.html is not installed"}
    }


BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
"""What a browser's address bar asks for."""


@pytest.mark.parametrize("path", ["/nope", "/play/t/", "/tracker/e/a/b", "/rules/more"])
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_browser_is_shown_the_site_s_page_for_an_address_it_does_not_have(
    pages_client: TestClient, path: str, method: str
) -> None:
    answer = pages_client.request(method, path, headers={"Accept": BROWSER})
    assert answer.status_code == 404
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    if method == "GET":
        assert answer.text == assemble(TEST_SHELL, _fragment(NOT_FOUND_PAGE))


@pytest.mark.parametrize(
    ("method", "path", "accept"),
    [
        ("GET", "/api/nope", BROWSER),
        ("GET", "/static/js/nope.js", BROWSER),
        ("GET", "/offline/nope", BROWSER),
        ("GET", "/nope", "application/json"),
        ("GET", "/nope", "*/*"),
        ("GET", "/nope", ""),
        ("POST", "/nope", BROWSER),
    ],
)
def test_calls_files_and_programs_are_refused_in_json_at_an_unknown_address(
    pages_client: TestClient, method: str, path: str, accept: str
) -> None:
    answer = pages_client.request(method, path, headers={"Accept": accept})
    assert answer.status_code == 404
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["detail"]["code"] == "not_found"


def test_without_its_file_the_404_page_is_the_json_refusal(
    web_root: Path, sqlite_url: str, make_client: Callable[..., TestClient]
) -> None:
    (web_root / SHELL).write_text(TEST_SHELL, encoding="utf-8")
    answer = make_client(sqlite_url).get("/nope", headers={"Accept": BROWSER})
    assert answer.status_code == 404
    assert answer.json() == {"detail": {"code": "not_found", "message": "Not Found"}}


def test_a_page_that_does_not_fit_stops_the_server_naming_its_file(
    web_root: Path, sqlite_url: str
) -> None:
    (web_root / SHELL).write_text(TEST_SHELL, encoding="utf-8")
    (web_root / "lobby.html").write_text("<main>no slot</main>", encoding="utf-8")
    with pytest.raises(PageError, match=r"lobby\.html: text outside any slot"):
        create_app(ServerSettings(database_url=sqlite_url, web_root=web_root))


def test_static_files_come_from_the_web_folder(pages_client: TestClient) -> None:
    response = pages_client.get("/static/js/tracker.js")
    assert response.status_code == 200
    assert response.text == "export {};\n"
    assert "javascript" in response.headers["content-type"]
    assert pages_client.get("/static/js/missing.js").status_code == 404
    assert pages_client.get("/static/../pasur.db").status_code == 404


def test_without_a_web_folder_pages_are_404_not_500(tmp_path: Path, sqlite_url: str) -> None:
    app = create_app(ServerSettings(database_url=sqlite_url, web_root=tmp_path / "absent"))
    with TestClient(app) as client:
        assert client.get("/tracker").status_code == 404
        assert client.get("/static/js/tracker.js").status_code == 404
        assert client.get("/healthz").status_code == 200
