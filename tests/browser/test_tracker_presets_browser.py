"""The tracker's new-sheet form creates sheets under every preset, in real Chromium.

A Varagh sheet is made from the form in Persian on a phone-sized screen: the preset fills in its
settings (a tie for the lead at the target is a draw), the server's sheet keeps them, and the
sheet's folded rules list says so. The preset row has five choices and must wrap, not overflow,
at 360 px.

The browser and the server come from ``conftest.py`` (see ``browser_support.py``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from browser_support import DESKTOP, PHONE, api, screenshot, watch

from pasur.rules.settings import PRESETS

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def test_a_varagh_sheet_from_the_form_in_persian(browser: Browser, server: str) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/tracker")
    page.get_by_role("button", name="فارسی").tap()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator(".preset-field .segment")).to_have_count(len(PRESETS))
    page.locator("#preset-varagh").check()
    expect(page.locator(".preset-field .hint")).to_contain_text("مساوی")
    page.locator("details.settings summary").tap()
    expect(page.locator("#target-tie-draw")).to_be_checked()
    expect(page.locator("#sur-cancel-none")).to_be_checked()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the form is {width} px wide on a 360 px screen"
    screenshot(page, "tracker-phone-fa-new-sheet-varagh.png", whole=True)

    page.locator('#new-sheet-form button[type="submit"]').tap()
    page.wait_for_url(re.compile(r"/tracker/e/[^/?]+"))
    token = re.search(r"/tracker/e/([^/?#]+)", page.url)
    assert token is not None
    sheet = api(server, "GET", f"/api/tracker/sheets/{token.group(1)}")
    assert sheet["settings"]["target-tie"] == "draw"
    page.locator("#rules summary").tap()
    expect(page.locator("#rules .rules-list")).to_contain_text("بازی مساوی تمام می‌شود")
    assert problems == []
    context.close()


def test_the_pasur11_preset_on_a_desktop(browser: Browser, server: str) -> None:
    """Pasur11 has no Sur cutoff: the preset ticks "no cutoff" and offers the reply cancel."""
    from playwright.sync_api import expect

    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/tracker")
    page.locator("#preset-pasur11").check()
    page.locator("details.settings summary").click()
    expect(page.locator("#setting-no-cutoff")).to_be_checked()
    expect(page.locator("#sur-cancel-reply")).to_be_checked()
    screenshot(page, "tracker-desktop-en-new-sheet-pasur11.png", whole=True)
    page.get_by_role("button", name="Start the score sheet").click()
    page.wait_for_url(re.compile(r"/tracker/e/[^/?]+"))
    token = re.search(r"/tracker/e/([^/?#]+)", page.url)
    assert token is not None
    sheet = api(server, "GET", f"/api/tracker/sheets/{token.group(1)}")
    assert sheet["settings"]["sur-cancel"] == "reply"
    assert sheet["settings"]["sur-cutoff"] == "none"
    assert problems == []
    context.close()
