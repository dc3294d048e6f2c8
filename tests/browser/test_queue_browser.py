"""Quick match in the lobby, in real Chromium against the real ``pasur serve``: one person waits
(the page shows the widening window; it passes the accessibility scan in English and Persian),
a second one comes, and both pages go to the same started table."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def _lobby(page: Page, server: str, name: str, lang: str = "en") -> None:
    page.goto(f"{server}/lobby?lang={lang}")
    page.wait_for_selector("#queue-join")
    page.fill("#lobby-name", name)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_two_people_queue_and_land_at_the_same_table(
    browser: Browser, server: str, lang: str
) -> None:
    first = browser.new_context(**PHONE, bypass_csp=True)
    second = browser.new_context(**DESKTOP)
    page_a, page_b = first.new_page(), second.new_page()
    problems_a, problems_b = watch(page_a), watch(page_b)
    _lobby(page_a, server, "Shirin", lang)
    page_a.click("#queue-join")
    page_a.wait_for_selector("#queue-status")
    assert page_a.locator("#queue-leave").is_visible()
    assert serious_violations(page_a) == []
    screenshot(page_a, f"queue-waiting-phone-{lang}.png")
    _lobby(page_b, server, "Farhad", lang)
    page_b.click("#queue-join")
    page_b.wait_for_url(re.compile(r"/play/t/"))
    page_a.wait_for_url(re.compile(r"/play/t/"), timeout=15_000)
    assert page_a.url.split("/play/t/")[1] == page_b.url.split("/play/t/")[1]
    page_b.wait_for_selector("#hand")
    assert [p for p in problems_a + problems_b if "404" not in p] == []
    first.close()
    second.close()


def test_leaving_the_queue_shows_the_form_again(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    _lobby(page, server, "Babak")
    page.click("#queue-join")
    page.wait_for_selector("#queue-leave")
    page.click("#queue-leave")
    page.wait_for_selector("#queue-join")
    assert page.locator("#queue-status").count() == 0
    context.close()
