"""The learning pages in real Chromium, against the real ``pasur serve``: the rules guide, a
finished game's replay (with the coach's review) and the guest's history.

The guide must draw every worked example of ``web/learn/examples.json`` as cards (the examples
themselves are checked against the rules engine in ``tests/web``). The finished game is played
for real: a guest and a random bot at a table played to 30, the guest's moves sent over the
table's WebSocket from the ``legal`` lists of its snapshot and events. The replay is then checked
against the game's record: the hands dealt, stepping forward and back, and the final totals.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import (
    DESKTOP,
    PERSIAN_DIGITS,
    PHONE,
    WEB,
    api,
    drawn_in_order,
    screenshot,
    watch,
)
from websockets.sync.client import connect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

EXAMPLES: dict[str, Any] = json.loads((WEB / "learn" / "examples.json").read_text("utf-8"))
COOKIE = "pasur_guest"


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


# ---------------------------------------------------------------- the rules guide


def test_the_guide_draws_every_example_as_cards(browser: Browser, server: str) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/rules")
    _ready(page)
    # The sections are those of examples.json, in order, each listed in the contents and titled.
    ids = [section["id"] for section in EXAMPLES["sections"]]
    assert page.locator("main > section").evaluate_all("s => s.map(e => e.id)") == ids
    links = page.locator("#contents a").evaluate_all("a => a.map(e => e.getAttribute('href'))")
    assert links == [f"#{name}" for name in ids]
    titles = page.locator("main > section > h2").all_inner_texts()
    assert titles == page.locator("#contents a").all_inner_texts()
    assert all(titles), titles
    for example in EXAMPLES["captures"]:
        figure = page.locator(f'figure[data-example="{example["id"]}"]')
        assert figure.count() == 1, example["id"]
        table = figure.locator(".felt .card")
        drawn_table = table.evaluate_all("cards => cards.map(card => card.dataset.card)")
        assert drawn_table == example["table"]
        plays = figure.locator("li.play")
        assert plays.count() == len(example["plays"])
        for number, item in enumerate(example["plays"]):
            play = plays.nth(number)
            assert play.locator(".play-card .card").get_attribute("data-card") == item["card"]
            options = play.locator("li.option")
            drawn = [
                options.nth(k).locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
                for k in range(options.count())
            ]
            assert drawn == item["captures"], (example["id"], item["card"])
    # Every card is an image with a name a screen reader can say.
    labels = page.locator(".card[role='img']").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))"
    )
    assert labels and all(labels), "every card has a name"
    assert "seven of diamonds" in labels
    settings = page.locator("article.setting")
    assert settings.evaluate_all("a => a.map(e => e.dataset.setting)") == [
        entry["name"] for entry in EXAMPLES["settings"]
    ]
    sheet = page.locator('[data-figure="count"] .score-sheet .sheet-total td')
    assert sheet.all_inner_texts() == [str(line["total"]) for line in EXAMPLES["count"]["lines"]]
    screenshot(page, "learn-rules-phone.png")
    # A link to a section opens at it, though the sections are made after the page has loaded.
    page.goto(f"{server}/rules?lang=en#house")
    _ready(page)
    box = page.locator("#house").bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 100, box
    assert problems == []
    context.close()


def test_the_guide_in_persian_is_right_to_left(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/rules")
    _ready(page)
    page.locator('[data-lang-switch] button[data-lang="fa"]').click()
    expect = _expect()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    assert page.title() == "آموزش بازی پاسور"
    # The felt starts on the right: its label is right of its cards.
    felt = page.locator('figure[data-example="wikipedia"] .felt')
    label = felt.locator(".felt-label").bounding_box()
    cards = felt.locator(".card-row").bounding_box()
    assert label and cards and label["x"] > cards["x"]
    totals = page.locator('[data-figure="count"] .score-sheet .sheet-total td').all_inner_texts()
    expected = [str(line["total"]) for line in EXAMPLES["count"]["lines"]]
    assert totals == [text.translate(PERSIAN_DIGITS) for text in expected]
    name = page.locator('figure[data-example="must-capture"] .play-card .card')
    assert name.first.get_attribute("aria-label") != "seven of diamonds"
    screenshot(page, "learn-rules-persian.png")
    assert problems == []
    context.close()


# ---------------------------------------------------------------- a finished game


def _http(server: str, method: str, path: str, body: object, cookie: str) -> tuple[Any, str]:
    """One JSON call; returns the answer and the guest cookie it set (or the one sent)."""
    request = urllib.request.Request(
        f"{server}{path}", data=json.dumps(body).encode(), method=method
    )
    request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", f"{COOKIE}={cookie}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        jar = SimpleCookie(answer.headers.get("Set-Cookie", ""))
        set_cookie = jar[COOKIE].value if COOKIE in jar else cookie
        return json.loads(answer.read() or b"null"), set_cookie


def _play_out(server: str, table_id: str, token: str) -> None:
    """Play seat 0's first legal move each turn until the game is over (the bot plays at once).

    One socket plays the whole game from its events' ``legal`` lists, as the web client does: a
    socket per move would run into the limit on new connections per address over a long game.
    """
    url = server.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    deadline = time.monotonic() + 120
    with connect(url, open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "protocol": 1, "seat_token": token}))
        frames = [json.loads(socket.recv(timeout=10)) for _ in range(2)]
        assert [frame["type"] for frame in frames] == ["welcome", "snapshot"], frames
        shot = frames[1]["snapshot"]
        if shot["status"] == "finished" or shot["game"]["winner"] is not None:
            return
        version, legal = shot["version"], shot["game"]["legal"]
        sent = ""
        while time.monotonic() < deadline:
            if legal:
                sent = legal[0]
                play = {"type": "play", "move": sent, "version": version, "ref": "t"}
                socket.send(json.dumps(play))
                legal = []
            frame = json.loads(socket.recv(timeout=10))
            if frame["type"] == "error" and frame["code"] == "rate_limited":
                # Faster than a person may play (the seat's frame limit): the play waits and goes
                # again, as the web client's would.
                time.sleep(0.5)
                legal = [sent]
                continue
            # A play sent on a ``played`` event that a deal follows is stale: the ``dealt`` event
            # right after it lists the same moves again, at its own version.
            assert frame["type"] != "error" or frame["code"] == "stale", frame
            event = frame.get("event")
            if frame["type"] != "event" or event is None:
                continue
            version = event["n"]
            if event["kind"] == "game_over":
                return
            legal = event.get("legal") or []
    pytest.fail("the game did not end in 120 s")


def _missing(server: str, path: str) -> bool:
    try:
        urllib.request.urlopen(f"{server}{path}", timeout=10).close()
    except urllib.error.HTTPError as error:
        detail = json.loads(error.read() or b"{}").get("detail")
        return error.code == 404 and not isinstance(detail, dict)  # no route, not "no such game"
    return False


def play_a_game(server: str) -> tuple[str, str]:
    """A guest, Ava, plays a game to 30 against a random bot, to its end: the table's id and her
    cookie."""
    _, cookie = _http(server, "POST", "/api/guest", {"name": "Ava"}, "")
    created, _ = _http(
        server,
        "POST",
        "/api/tables",
        # To 30, so the first round is scored by margin: in a game one round decides, a seat far
        # ahead wins whatever it plays, and a correct review of it can be empty.
        {"players": 2, "bots": {"1": "random"}, "settings": {"target": "30"}},
        cookie,
    )
    table_id = created["table_id"]
    joined, _ = _http(server, "POST", f"/api/tables/{table_id}/join", {"seat": 0}, cookie)
    _http(server, "POST", f"/api/tables/{table_id}/start", {}, cookie)
    _play_out(server, table_id, joined["seat_token"])
    return table_id, cookie


@pytest.fixture(scope="module")
def finished(server: str) -> Iterator[dict[str, Any]]:
    """A finished game: ``{"table_id", "cookie", "record"}``."""
    for path in ("/api/history", "/api/tables/x/games/1/positions"):
        if _missing(server, path):
            pytest.skip(f"the server has no GET {path} yet (the replay and history need it)")
    table_id, cookie = play_a_game(server)
    record = api(server, "GET", f"/api/tables/{table_id}/games/1/record")
    yield {"table_id": table_id, "cookie": cookie, "record": record}


def _shown(page: Page) -> tuple[int, int]:
    body = page.locator("body")
    return int(body.get_attribute("data-round") or -1), int(body.get_attribute("data-index") or -1)


def _cards(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all("cs => cs.map(c => c.dataset.card)")
    return found


def test_a_replay_steps_through_the_game_and_ends_on_the_record_totals(
    browser: Browser, server: str, finished: dict[str, Any]
) -> None:
    record = finished["record"]
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/replay/{finished['table_id']}/1?seat=0")
    _ready(page)
    assert _shown(page) == (0, 0)
    # The Moves tab: the position as a list (test_replay_table_browser.py has the felt's tab).
    page.locator("#tab-list").click()
    # The deal: the seat after the dealer holds the deck's first four cards, the other the next.
    first = record["rounds"][0]
    leader = (first["dealer"] + 1) % 2
    hands = {leader: first["deck"][:4], 1 - leader: first["deck"][4:8]}
    for seat, cards in hands.items():
        shown = _cards(page, f'.seat[data-seat="{seat}"] .hand .card')
        assert sorted(shown) == sorted(cards), seat
    assert sorted(_cards(page, "#board .replay-table .card")) == sorted(first["deck"][8:12])
    # Forward and back, by button and by key.
    page.locator("#next").click()
    assert _shown(page) == (0, 1)
    assert record["rounds"][0]["plays"][0].split("+")[0] not in _cards(page, ".hand .card")
    page.keyboard.press("ArrowRight")
    assert _shown(page) == (0, 2)
    page.keyboard.press("ArrowLeft")
    page.locator("#prev").click()
    assert _shown(page) == (0, 0)
    assert page.locator("#prev").is_disabled()
    # The last position of the last round: the score sheet with the game totals of the record.
    last_round = len(record["rounds"]) - 1
    page.locator("#round").select_option(str(last_round))
    page.locator("#last").click()
    assert _shown(page) == (last_round, len(record["rounds"][-1]["plays"]))
    assert page.locator("#next").is_disabled()
    totals = page.locator("#score .sheet-game td").all_inner_texts()
    assert totals == [str(total) for total in record["totals"]]
    assert page.locator("#score .winner").inner_text().endswith(f"{max(record['totals'])}.")
    # Each pile's running count agrees with the round's score once every card is counted.
    positions = api(server, "GET", f"/api/tables/{finished['table_id']}/games/1/positions")
    lines = positions["rounds"][-1]["score"]["lines"]
    for seat, line in enumerate(lines):
        pile = page.locator(f'.seat[data-seat="{seat}"] .pile-line')
        assert int(pile.get_attribute("data-clubs") or -1) == line["clubs"]
        assert int(pile.get_attribute("data-points") or -1) == line["total"] - line["clubs_points"]
        assert not re.search(r"\b1 (cards|clubs|points)\b", pile.inner_text()), pile.inner_text()
    moves = page.locator("#moves button")
    assert moves.count() == len(record["rounds"][-1]["plays"])
    screenshot(page, "learn-replay-end.png")
    # A move in the list jumps to the position after it.
    moves.nth(2).click()
    assert _shown(page) == (last_round, 3)
    # The coach's review of seat 0, which always played its first legal move: some turn cost it
    # points. Choosing that turn shows its position with the move played marked on the cards.
    page.wait_for_function("() => !document.querySelector('#coach-body .loading')", timeout=60_000)
    item = page.locator("#coach-body .review-item").first
    # The turn in words: what it cost, what the expert plays and takes.
    words = item.locator(".review-words").inner_text()
    assert re.match(r"You lost about \d+ points? here: the expert (plays|lays) ", words), words
    # ... and only there: no bare figure beside it says it again.
    assert item.inner_text().count("lost") == 1, item.inner_text()
    item.locator("button").click()
    wanted = (
        int(item.get_attribute("data-round") or -1),
        int(item.get_attribute("data-index") or -1),
    )
    assert _shown(page) == wanted
    assert page.locator("#board .highlight-played").count() >= 1
    screenshot(page, "learn-replay-coach.png")
    assert problems == []
    context.close()


def test_the_history_lists_the_game_for_the_guest_only(
    browser: Browser, server: str, finished: dict[str, Any]
) -> None:
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": COOKIE, "value": finished["cookie"], "url": server}])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/history")
    _ready(page)
    item = page.locator(f'.game-item[data-table="{finished["table_id"]}"]')
    _expect()(item).to_have_count(1)
    record = finished["record"]
    won = record["winner"] == 0
    assert item.locator("h2").inner_text().startswith("Won" if won else "Lost")
    replay = item.get_by_role("link", name=re.compile("^Replay"))
    assert replay.get_attribute("href") == f"/replay/{finished['table_id']}/1?seat=0"
    download = item.locator("a[download]")
    with page.expect_download() as downloaded:
        download.click()
    saved = Path(downloaded.value.path())
    assert json.loads(saved.read_text("utf-8"))["totals"] == record["totals"]
    screenshot(page, "learn-history-phone.png")
    assert problems == []
    context.close()
    # Without the guest cookie, the page explains and links home.
    stranger = browser.new_context(**PHONE)
    page = stranger.new_page()
    problems = watch(page)
    page.goto(f"{server}/history")
    _ready(page)
    _expect()(page.locator("#history-message a[href='/']")).to_be_visible()
    assert page.locator(".game-item").count() == 0
    assert [p for p in problems if "401" not in p] == []
    stranger.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_game_s_totals_read_in_order_whatever_the_script_of_the_names(
    browser: Browser, server: str, lang: str
) -> None:
    """A Latin and a Persian name at one table: each total reads beside its name in the page's
    order (one isolate round the whole line took its direction from the first name, and a
    number sided with the name before it: "Mina 6, 14 دارا" in English)."""
    other, own = ("دارا", "Mina") if lang == "en" else ("Dara", "مینا")
    game = {
        "table_id": "t1",
        "game": 1,
        "finished_at": "2026-01-02T11:00:00Z",
        "seats": [own, other],
        "you": 0,
        "totals": [6, 14],
        "winner": 1,
        "result": "lost",
        "left": False,
        "record_url": "/api/tables/t1/games/1/record",
        "replay_url": "/replay/t1/1",
    }
    switched = {**game, "table_id": "t2", "seats": [other, own], "you": 1}
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    # The history as the server answers it for these two games (no table needs playing).
    history = {"games": [game, switched]}
    page.route("**/api/history", lambda route: route.fulfill(json=history))
    page.goto(f"{server}/history?lang={lang}")
    _ready(page)
    six, fourteen = ("6", "14") if lang == "en" else ("۶", "۱۴")
    for table, pieces in (("t1", [own, six, other, fourteen]), ("t2", [other, six, own, fourteen])):
        line = page.locator(f'.game-item[data-table="{table}"] .game-totals')
        drawn_in_order(line, pieces, rtl=lang == "fa")
    screenshot(page, f"learn-history-mixed-names-{lang}-phone.png")
    assert problems == []
    context.close()


def test_a_replay_in_persian_on_a_phone_mirrors_the_arrow_keys(
    browser: Browser, server: str, finished: dict[str, Any]
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/replay/{finished['table_id']}/1?seat=0&lang=fa#r1-5")
    _ready(page)
    _expect()(page.locator("html")).to_have_attribute("dir", "rtl")
    assert _shown(page) == (0, 5), "the link's position is opened"
    page.keyboard.press("ArrowLeft")  # forward, in a right-to-left page
    assert _shown(page) == (0, 6)
    assert page.evaluate("window.scrollY") == 0, "stepping scrolls the move list, not the page"
    assert "۶" in page.locator("#position").inner_text()
    page.keyboard.press("Home")
    assert _shown(page) == (0, 0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "nothing overflows"
    screenshot(page, "learn-replay-persian-phone.png", whole=True)
    assert problems == []
    context.close()


def test_a_replay_of_no_game_says_so(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    for path, message in (
        ("/replay/no-such-table/1", "This game could not be found"),
        ("/replay/no-such-table/0", "This replay link is not valid"),
    ):
        page.goto(f"{server}{path}")
        _ready(page)
        assert page.locator("#replay-message").inner_text().startswith(message), path
        assert page.locator("#replay").is_hidden()
    assert [p for p in problems if "404" not in p] == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_replay_and_the_history_pass_the_accessibility_scan(
    browser: Browser, server: str, finished: dict[str, Any], lang: str
) -> None:
    context = browser.new_context(**DESKTOP, bypass_csp=True)
    context.add_cookies([{"name": COOKIE, "value": finished["cookie"], "url": server}])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/replay/{finished['table_id']}/1?seat=0&lang={lang}")
    _ready(page)
    page.wait_for_function("() => !document.querySelector('#coach-body .loading')", timeout=60_000)
    assert serious_violations(page) == [], "the replay"
    page.goto(f"{server}/history?lang={lang}")
    _ready(page)
    assert serious_violations(page) == [], "the history"
    assert problems == []
    context.close()
