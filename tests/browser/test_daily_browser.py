"""The daily deal page in real Chromium against the real ``pasur serve`` (real expert bots): a
guest chooses a name, plays today's 2-player deal to its end by tapping cards, and sees the
result with the share line, the coach's review and the expert's own score, told that a guest's
score is unranked; a play answered ``stale`` reads the game again; in English and Persian, at
phone and desktop sizes, with no serious accessibility violation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, api, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

COOKIE = "pasur_guest"
RESULT_WAIT = 240_000
"""Milliseconds to wait for the expert's own game and the review (real searches)."""


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


def _play_to_the_end(page: Page) -> int:
    """Tap the first playable card of the hand (and its first way, when it has several) until
    the round is over; the number of plays made."""
    made = 0
    playable = "#hand .hand-card.is-playable"
    while True:
        page.wait_for_function(
            f"() => document.body.dataset.result || document.querySelector('{playable}')",
            timeout=60_000,
        )
        if page.evaluate("() => document.body.dataset.result"):
            return made
        before = page.locator("#daily-plays").inner_text()
        page.locator(playable).first.click()
        choices = page.locator("#choices button")
        if page.locator("#choices").is_visible() and choices.count():
            choices.first.click()
        made += 1
        page.wait_for_function(
            "(before) => document.body.dataset.result"
            " || document.querySelector('#daily-plays').innerText !== before",
            arg=before,
            timeout=60_000,
        )


@pytest.fixture(scope="module")
def played(browser: Browser, server: str) -> dict[str, Any]:
    """Today's 2-player deal played to the end in the page; the guest cookie and the result."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/daily")
    _ready(page)
    assert page.locator(".daily-deal").count() == 2
    assert "Commitment" in page.locator(".daily-deal").first.inner_text()
    unranked = page.locator("#daily-deals .daily-unranked").inner_text()
    screenshot(page, "daily-phone-en.png", whole=True)
    page.fill("#daily-name", "Shirin")
    page.locator(".daily-deal").first.get_by_role("button").click()
    page.wait_for_selector("#hand button")
    screenshot(page, "daily-board-phone-en.png")
    made = _play_to_the_end(page)
    page.wait_for_selector("body[data-result='complete']", timeout=RESULT_WAIT)
    screenshot(page, "daily-result-phone-en.png", whole=True)
    cookie = next(c["value"] for c in context.cookies() if c["name"] == COOKIE)
    found = {
        "made": made,
        "cookie": cookie,
        "score": page.locator(".daily-score").inner_text(),
        "share": page.locator(".daily-share").inner_text(),
        "streak": page.locator("#daily-streak").inner_text(),
        "unranked": [unranked, page.locator("#daily-result .daily-unranked").inner_text()],
        "problems": problems,
    }
    context.close()
    return found


def test_a_guest_plays_the_deal_to_its_result(played: dict[str, Any], server: str) -> None:
    assert played["problems"] == []
    assert played["made"] >= 20  # 24 cards in the person's hands over four deals, less a claim
    result = api(server, "GET", "/api/daily/2/result", cookie=f"{COOKIE}={played['cookie']}")
    assert played["score"] == (
        f"+{result['score']}" if result["score"] > 0 else str(result["score"])
    )
    assert result["share"] in played["share"]
    # The squares said in words too: without an emoji font they are empty boxes.
    margin = abs(result["score"])
    points = f"{margin} point" + ("" if margin == 1 else "s")
    words = {1: f"beat the bots by {points}", -1: f"{points} behind the bots"}
    said = words.get((result["score"] > 0) - (result["score"] < 0), "level with the bots")
    assert f"({said})" in played["share"], played["share"]
    # The streak counts the deal just played, with no reload (it was read as the page opened).
    assert played["streak"] == "Your streak: 1 day in a row (longest: 1 day).", played["streak"]
    assert result["expert"] is not None and result["review"] is not None
    # A guest's score is not on the leaderboard, and the page says so before and after.
    assert (result["ranked"], result["rank"]) == (False, None)
    assert played["unranked"] == [
        "Guests play unranked: the leaderboard counts accounts, one attempt each. "
        "Sign in or make an account to be ranked",
        "Unranked. Guests' scores are not on the leaderboard. "
        "Make this guest an account and this score counts",
    ]


def test_the_deal_cannot_be_played_again_from_the_page(
    browser: Browser, server: str, played: dict[str, Any]
) -> None:
    context = browser.new_context(**DESKTOP)
    context.add_cookies([{"name": COOKIE, "value": played["cookie"], "url": server}])
    page = context.new_page()
    page.goto(f"{server}/daily")
    _ready(page)
    first = page.locator(".daily-deal").first
    assert first.get_by_role("button").inner_text() == "See your result"
    # A first day's streak, in the singular.
    streak = page.locator("#daily-streak")
    assert streak.inner_text() == "Your streak: 1 day in a row (longest: 1 day).", (
        streak.inner_text()
    )
    context.close()


def test_a_refused_play_is_said_by_its_reason(browser: Browser, server: str) -> None:
    """A play the server refuses as illegal is said by the engine's reason, its cards written as
    cards: the refusal's words are parts with the cards in <bdi>, which go in as children (as
    text they read "[object HTMLElement]")."""
    refusal = {
        "code": "illegal",
        "message": "7D must capture: it can take 4S",
        "reason": {"kind": "must_capture", "card": "7D", "options": [["4S"]]},
    }
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.route(
        "**/api/daily/*/play",
        lambda route: route.fulfill(status=400, json={"detail": refusal}),
    )
    page.goto(f"{server}/daily")
    _ready(page)
    page.fill("#daily-name", "Dara")
    page.locator(".daily-deal").first.get_by_role("button").click()
    page.locator("#hand .hand-card.is-playable").first.click()
    if page.locator("#choices button").count():
        page.locator("#choices button").first.click()
    problem = page.locator("#daily-problem")
    problem.wait_for()
    assert problem.inner_text() == "7♦ must capture: it can take 4♠"
    assert problem.locator("bdi").first.inner_text() == "7♦"
    context.close()


def test_a_play_answered_stale_reads_the_game_again(browser: Browser, server: str) -> None:
    """The play reaches the server and is stored, but the page is told ``stale`` (as when another
    page of the same person played first, or the answer was lost and the play sent again): the
    page reads the game again, shows the play made and goes on, with no problem said."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    sent: list[Any] = []

    def stored_but_stale(route: Any) -> None:
        sent.append(route.request.post_data_json)
        route.fetch()  # the server stores the play
        route.fulfill(status=400, json={"detail": {"code": "stale", "message": "moved on"}})

    page.route("**/api/daily/*/play", stored_but_stale)
    page.goto(f"{server}/daily")
    _ready(page)
    page.fill("#daily-name", "Dara")
    page.locator(".daily-deal").first.get_by_role("button").click()
    page.wait_for_selector("#hand .hand-card.is-playable")
    page.locator("#hand .hand-card.is-playable").first.click()
    if page.locator("#choices button").count():
        page.locator("#choices button").first.click()
    page.wait_for_function("() => document.querySelector('#daily-plays').innerText.includes('You')")
    assert page.locator("#daily-problem").is_hidden()
    assert len(sent) == 1 and isinstance(sent[0]["version"], int)
    page.unroute("**/api/daily/*/play")
    page.wait_for_selector("#hand .hand-card.is-playable")  # the person's turn again
    # The one 400 is the browser's own line for the answer made stale above; nothing else.
    assert [p for p in problems if "status of 400" not in p] == [], problems
    context.close()


def test_a_guests_result_in_persian_on_a_phone(
    browser: Browser, server: str, played: dict[str, Any]
) -> None:
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": COOKIE, "value": played["cookie"], "url": server}])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/daily?lang=fa")
    _ready(page)
    page.locator(".daily-deal").first.get_by_role("button").click()
    page.wait_for_selector("body[data-result='complete']", timeout=RESULT_WAIT)
    assert page.locator("#daily-result .daily-unranked").inner_text().startswith("بی‌رتبه.")
    screenshot(page, "daily-result-phone-fa.png", whole=True)
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_page_and_the_result_pass_the_accessibility_scan(
    browser: Browser, server: str, played: dict[str, Any], lang: str
) -> None:
    context = browser.new_context(**DESKTOP, bypass_csp=True)
    context.add_cookies([{"name": COOKIE, "value": played["cookie"], "url": server}])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/daily?lang={lang}")
    _ready(page)
    assert serious_violations(page) == [], "the deals"
    screenshot(page, f"daily-desktop-{lang}.png", whole=True)
    page.locator(".daily-deal").first.get_by_role("button").click()
    page.wait_for_selector("body[data-result='complete']", timeout=RESULT_WAIT)
    assert serious_violations(page) == [], "the result"
    screenshot(page, f"daily-result-desktop-{lang}.png", whole=True)
    if lang == "fa":
        assert page.evaluate("document.documentElement.dir") == "rtl"
    assert problems == []
    context.close()
