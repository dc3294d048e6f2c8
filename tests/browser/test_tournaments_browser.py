"""The tournaments page in real Chromium against the real ``pasur serve``: a signed-in account
makes a Swiss with the form, joins it and sees itself in the standings; the list and the
standings in English and Persian, with no serious accessibility violation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from axe_support import serious_violations
from browser_support import screenshot, watch
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
