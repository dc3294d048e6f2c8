"""The tournaments page in real Chromium against the real ``pasur serve``: a signed-in account
makes a Swiss with the form, joins it and sees itself in the standings; the standings follow
the server live and call the player to a new table; a 4-player Swiss asks for a partner; the
lobby lists the tournaments. In English and Persian, with no serious accessibility violation."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from axe_support import serious_violations
from browser_support import PHONE, guest_context, screenshot, watch
from test_account_browser import new_account

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


def test_an_account_makes_and_joins_a_swiss_in_both_languages(
    browser: Browser, server: str
) -> None:
    site = server.replace("127.0.0.1", "localhost")  # passkeys need a domain, not an address
    context, page = new_account(browser, site, "Parisa", "en")
    problems = watch(page)
    page.goto(f"{site}/tournaments?lang=en")
    _ready(page)
    page.fill("#create-name", "Friday Swiss")
    page.fill("#create-length", "3")
    page.locator("#create-form button[type=submit]").click()
    page.wait_for_selector("#detail-title:has-text('Friday Swiss')")
    assert "Nobody has joined yet." in page.locator("#tournament-detail").inner_text()
    page.locator("#join").click()
    page.wait_for_selector(".standings tbody tr:has-text('Parisa')")
    upcoming = page.locator("[data-stage='upcoming']")
    upcoming.locator("li:has-text('Friday Swiss'):has-text('1 entrant')").wait_for()
    assert "3 rounds" in page.locator("#tournament-detail").inner_text()
    assert serious_violations(page) == [], "the list and the standings in English"
    screenshot(page, "tournaments-phone-en.png", whole=True)
    tournament = page.evaluate("() => window.location.hash")

    page.goto(f"{site}/tournaments?lang=fa{tournament}")
    _ready(page)
    page.wait_for_selector(".standings tbody tr:has-text('Parisa')")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator(".page-title").inner_text() == "مسابقه‌ها"
    assert "سوئیسی" in page.locator("#tournament-detail").inner_text()
    assert page.locator("[data-stage='upcoming'] h3").inner_text() == "پیش رو"
    assert serious_violations(page) == [], "the list and the standings in Persian"
    screenshot(page, "tournaments-phone-fa.png", whole=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "tournaments-desktop-fa.png", whole=True)

    page.locator("#leave").click()
    page.wait_for_selector(
        ".standings tbody tr:has-text('withdrawn'), .standings tbody tr:has-text('کناره')"
    )
    assert problems == []
    context.close()


def _call(page: Page, method: str, path: str, body: object = None) -> Any:
    """A JSON call from the page, with its account's cookie (as the page's own calls are)."""
    answer = page.evaluate(
        """async ([method, path, body]) => {
            const response = await fetch(path, {
                method,
                headers: { 'Content-Type': 'application/json' },
                body: body === null ? undefined : JSON.stringify(body),
            });
            return { status: response.status, text: await response.text() };
        }""",
        [method, path, body],
    )
    assert answer["status"] < 300, answer
    return json.loads(answer["text"] or "null")


def test_the_standings_are_live_and_call_the_player_to_their_new_table(
    browser: Browser, server: str
) -> None:
    site = server.replace("127.0.0.1", "localhost")
    context, page = new_account(browser, site, "Shirin", "en")
    other, babak = new_account(browser, site, "Babak", "en")
    problems = watch(page)
    now = datetime.now(UTC)
    arena = {"name": "Evening arena", "kind": "arena", "minutes": 30}
    made = _call(page, "POST", "/api/tournaments", arena | {"starts_at": now.isoformat()})
    later = {"name": "Team cup", "kind": "swiss", "rounds": 3, "players": 4}
    cup = _call(
        page,
        "POST",
        "/api/tournaments",
        later | {"starts_at": (now + timedelta(days=1)).isoformat()},
    )
    _call(page, "POST", f"/api/tournaments/{made['id']}/join", {"players": 2})
    page.goto(f"{site}/tournaments?lang=en#{made['id']}")
    _ready(page)
    page.wait_for_selector(".standings tbody tr:has-text('Shirin')")
    assert page.locator("#your-table").count() == 0  # alone: nobody to play yet

    # Babak joins elsewhere; within a tick of the server's clock the page, never reloaded, shows
    # him in the standings, the pairing, and the call to Shirin's table.
    _call(babak, "POST", f"/api/tournaments/{made['id']}/join", {"players": 2})
    call = page.locator("#your-table")
    call.wait_for(timeout=20_000)
    table = call.get_attribute("href")
    assert table is not None and table.startswith("/play/t/")
    assert "Your game is ready" in page.locator("#your-call").inner_text()
    page.wait_for_selector(".standings tbody tr:has-text('Babak')")
    assert "Shirin against Babak" in page.locator(".pairings").inner_text()
    assert serious_violations(page) == [], "the live tournament in English"
    screenshot(page, "tournaments-live-phone-en.png", whole=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "tournaments-live-desktop-en.png")
    page.goto(f"{site}/tournaments?lang=fa#{made['id']}")
    _ready(page)
    page.wait_for_selector("#your-table")
    assert "میزتان منتظر شماست" in page.locator("#your-call").inner_text()
    screenshot(page, "tournaments-live-desktop-fa.png")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "tournaments-live-phone-fa.png", whole=True)

    # The table keeps its seats for the two: a third person, who read its id, only watches.
    table_id = table.rsplit("/", 1)[1]
    assert _call(babak, "GET", f"/api/tables/{table_id}")["reserved"] == ["other", "you"]
    stranger = guest_context(browser, site, "Mallory", **PHONE)
    onlooker = stranger.new_page()
    problems += watch(onlooker)
    for lang, kept in (("en", "Kept for a tournament player"), ("fa", "بازیکنان مسابقه")):
        onlooker.goto(f"{site}{table}?lang={lang}")
        onlooker.locator("[data-kept='1']").wait_for()
        assert onlooker.locator("[data-take-seat]").count() == 0
        assert kept in onlooker.locator("[data-kept='0']").inner_text()
        screenshot(onlooker, f"tournament-table-kept-phone-{lang}.png")
    onlooker.locator("#watch").click()
    onlooker.locator("#seat-picker").wait_for(state="hidden")
    # The waiting room says why nobody else may sit (not "put bots in the empty seats").
    lead = onlooker.locator("#waiting .lead")
    lead.wait_for()
    assert "جفت شده" in lead.inner_text(), lead.inner_text()  # drawn with the picker's description
    screenshot(onlooker, "tournament-waiting-phone-fa.png")
    onlooker.set_viewport_size({"width": 1280, "height": 800})
    screenshot(onlooker, "tournament-waiting-desktop-fa.png")
    onlooker.goto(f"{site}{table}?lang=en")
    onlooker.locator("#watch").click()
    lead.wait_for()
    assert "kept for the people it paired" in lead.inner_text(), lead.inner_text()
    screenshot(onlooker, "tournament-waiting-desktop-en.png")
    onlooker.set_viewport_size({"width": 360, "height": 740})
    screenshot(onlooker, "tournament-waiting-phone-en.png")
    stranger.close()

    # A 4-player Swiss asks for a partner when joining.
    page.goto(f"{site}/tournaments?lang=en#{cup['id']}")
    _ready(page)
    page.fill("#join-partner", "Babak")
    screenshot(page, "tournaments-partner-phone-en.png")
    page.locator("#join").click()
    page.wait_for_selector("#tournament-detail :text('Partner asked for: Babak')")
    assert "4 players in partnerships" in page.locator("#detail-meta").inner_text()

    # The lobby lists both, running first, each a link to its page.
    page.goto(f"{site}/lobby?lang=en")
    listed = page.locator("#lobby-tournaments li")
    listed.first.wait_for()
    names = page.locator("#lobby-tournaments li a").all_inner_texts()
    assert names[0] == "Evening arena" and "Team cup" in names  # running, then upcoming
    assert listed.first.locator("a").get_attribute("href") == f"/tournaments#{made['id']}"
    assert serious_violations(page) == [], "the lobby in English"
    screenshot(page, "lobby-tournaments-phone-en.png", whole=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "lobby-tournaments-desktop-en.png", whole=True)
    page.goto(f"{site}/lobby?lang=fa")
    page.locator("#lobby-tournaments li").first.wait_for()
    assert page.locator("#lobby-tournaments h2").inner_text() == "مسابقه‌ها"
    screenshot(page, "lobby-tournaments-desktop-fa.png", whole=True)
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "lobby-tournaments-phone-fa.png", whole=True)
    assert problems == []
    other.close()
    context.close()
