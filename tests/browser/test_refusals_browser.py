"""Refusals in the person's words, in Chromium: a refused form says the errors catalogue's
sentence (``i18n/errors.{lang}.json``) and never the server's English message; an unknown address
shows the site's own 404 page in both languages; the tracker's "Round 1 saved" toast reads as
text with its parts. Screenshots at both sizes in English and Persian.

The browser and the server come from ``conftest.py`` (see ``browser_support.py``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, WEB, api, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {"phone": PHONE, "desktop": DESKTOP}


def _words(language: str) -> dict[str, str]:
    """The errors catalogue (every page loads it) and the tracker's, in ``language``."""
    words: dict[str, str] = {}
    for name in ("errors", "tracker"):
        words |= json.loads((WEB / "i18n" / f"{name}.{language}.json").read_text("utf-8"))
    words["list.separator"] = json.loads((WEB / "i18n" / f"{language}.json").read_text("utf-8"))[
        "list.separator"
    ]
    return words


def _digits(number: int, language: str) -> str:
    return str(number).translate(PERSIAN_DIGITS) if language == "fa" else str(number)


# ---------------------------------------------------------------- the 404 page


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("size", list(SIZES))
def test_an_unknown_address_shows_the_site_s_own_page(
    browser: Browser, server: str, language: str, size: str
) -> None:
    from playwright.sync_api import expect

    words = _words(language)
    context = browser.new_context(**SIZES[size], bypass_csp=True)
    page = context.new_page()
    problems = watch(page)
    answer = page.goto(f"{server}/no/such/page?lang={language}")
    assert answer is not None and answer.status == 404
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    # The page's words come with its script, in the language asked for.
    expect(page.get_by_role("heading", level=1)).to_have_text(words["missing.heading"])
    assert page.locator("html").get_attribute("dir") == ("rtl" if language == "fa" else "ltr")
    assert page.title() == words["missing.title"]
    home = page.get_by_role("link", name=words["missing.home"])
    assert home.get_attribute("href") == "/"
    assert page.get_by_role("link", name=words["missing.rules"]).get_attribute("href") == "/rules"
    assert page.locator(".app-bar .brand").is_visible()
    assert serious_violations(page) == []
    screenshot(page, f"not-found-{language}-{size}.png")
    # The other language is one tap away, as on every page.
    page.locator(".lang-switch button").click()
    other = _words("en" if language == "fa" else "fa")
    page.get_by_role("heading", level=1, name=other["missing.heading"]).wait_for()
    page.locator("main a[href='/']").click()
    page.wait_for_url(f"{server}/")
    # The console's one line is the 404 itself.
    assert [p for p in problems if "404" not in p] == []
    context.close()


# ---------------------------------------------------------------- a refused form


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_refused_account_form_says_the_catalogue_s_sentence(
    browser: Browser, server: str, language: str, size: str
) -> None:
    """A name no table takes (41 letters) is refused by ``POST /api/guest`` as ``bad_name``,
    whose message is the server's English ("a name has 1 to 40 printable characters"); the page
    says the account name's rules from the catalogue instead."""
    words = _words(language)
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/account?lang={language}")
    page.locator("#account-name").fill("A" * 41)
    page.locator("#account-view form button[type=submit]").first.click()
    error = page.locator("#account-error:not([hidden])")
    error.wait_for()
    assert error.inner_text() == words["error.name_refused"]
    assert "printable" not in error.inner_text()
    screenshot(page, f"refusal-account-{language}-{size}.png")
    assert [p for p in problems if "400" not in p] == []
    context.close()


def _fill_round(page: Page) -> None:
    """One round of two players typed in: every counted card to the first."""
    for field, first in (("clubs", 13), ("aces", 4), ("jacks", 4), ("surs", 0)):
        for side, count in ((1, first), (2, 0)):
            page.locator(f'input[data-field="{field}"][data-side="{side}"]').fill(str(count))
    page.locator('input[name="ten_of_diamonds"][data-side="1"]').check()
    page.locator('input[name="two_of_clubs"][data-side="1"]').check()


ROUND = {
    "clubs": [0, 13],
    "aces": [0, 4],
    "jacks": [0, 4],
    "ten_of_diamonds": 2,
    "two_of_clubs": 2,
    "surs": [0, 0],
}


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_round_refused_by_the_tracker_says_why_in_the_person_s_words(
    browser: Browser, server: str, language: str
) -> None:
    """Another device saved a round first: the server refuses this one as ``sheet_changed``
    (409), and the toast says the catalogue's sentence for that code."""
    words = _words(language)
    sheet = api(server, "POST", "/api/tracker/sheets", {"players": ["Ali", "Sara"]})
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['edit_url']}?lang={language}")
    page.locator("#round-form").wait_for()
    api(server, "POST", f"/api/tracker/sheets/{sheet['edit_token']}/rounds", {"counts": ROUND})
    _fill_round(page)
    page.locator("#save-round").tap()
    toast = page.locator("#toast:not([hidden])")
    toast.wait_for()
    assert toast.inner_text() == words["error.sheet_changed"]
    # As it says: the sheet as it stands now, with the other device's round.
    page.locator('.round[data-round="1"]').wait_for()
    screenshot(page, f"refusal-tracker-{language}-phone.png")
    assert [p for p in problems if "409" not in p] == []
    context.close()


# ---------------------------------------------------------------- the tracker's toast


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_saved_round_s_toast_reads_as_text(
    browser: Browser, server: str, language: str, size: str
) -> None:
    words = _words(language)
    sheet = api(server, "POST", "/api/tracker/sheets", {"players": ["Ali", "Sara"]})
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['edit_url']}?lang={language}")
    page.locator("#round-form").wait_for()
    _fill_round(page)
    page.locator("#save-round").click()
    toast = page.locator("#toast:not([hidden])")
    toast.wait_for()
    saved: Any = api(server, "GET", f"/api/tracker/sheets/{sheet['edit_token']}")
    points = saved["rounds"][0]["points"]
    gains = words["list.separator"].join(
        f"{name} +{_digits(point, language)}"
        for name, point in zip(("Ali", "Sara"), points, strict=True)
    )
    expected = words["toast.saved"].replace("{n}", _digits(1, language)).replace("{gains}", gains)
    assert toast.inner_text() == expected
    assert "object" not in toast.inner_text()
    # Each name and its points keep their own direction inside the sentence.
    assert toast.locator("bdi bdi").count() == 2
    screenshot(page, f"tracker-toast-{language}-{size}.png")
    assert problems == []
    context.close()
