"""Seats you can read at four seats on a phone (issue 30): each bot by a short name of its own
("Bot 2", «ربات ۲») whole, not three "casual…" cut short; bots' avatars by their seat numbers;
the score pills with each side's initials (a team's joined) where the names do not fit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from browser_support import PERSIAN_DIGITS, PHONE, screenshot
from test_table_browser import _practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SHORT = {"en": "Bot {n}", "fa": "ربات {n}"}

WHOLE = """() => [...document.querySelectorAll('#others .seat-short')].map(
  (name) => name.getBoundingClientRect().width > 0 && name.scrollWidth <= name.clientWidth + 1)"""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_four_seats_on_a_phone_each_named_short_and_whole(
    browser: Browser, server: str, lang: str
) -> None:
    body = {
        "players": 4,
        "bots": {"1": "casual", "2": "casual", "3": "casual"},
        "settings": {"partnerships": "on"},
        "bot_delay": 0,
    }
    screen = PHONE | ({"locale": "fa-IR"} if lang == "fa" else {})
    context, page, problems, _ = _practice(browser, server, body, f"anim=0&lang={lang}", **screen)
    digits = PERSIAN_DIGITS if lang == "fa" else {}
    shown = page.locator("#others .seat-short").all_inner_texts()
    expected = [SHORT[lang].format(n=str(n).translate(digits)) for n in (2, 3, 4)]
    assert sorted(shown) == sorted(expected)
    assert page.evaluate(WHOLE) == [True, True, True], "each short name shows whole"
    letters = page.locator("#others .avatar-letter").all_inner_texts()
    assert sorted(letters) == sorted(str(n).translate(digits) for n in (2, 3, 4))
    # The full name stays for screen readers and on a long press.
    assert page.locator("#others .seat-panel").first.get_attribute("aria-label") == (
        page.locator("#others .seat-name").first.text_content()
    )
    # Two teams in the score bar: "N+3" and "2+4" (the person's initial and the bots' seats).
    initials = page.locator(".bar-scores .score-initial").all_inner_texts()
    assert [text.split("+")[1] for text in initials] == [str(n).translate(digits) for n in (3, 4)]
    assert all(
        page.locator(".bar-scores .score-initial").evaluate_all(
            "(e) => e.map((x) => x.offsetWidth > 0)"
        )
    )
    # A tap on a seat says its full name.
    page.locator("#others .seat-who").first.click()
    full = page.locator("#others .seat-name").first.text_content()
    page.locator("#toast:not([hidden])", has_text=full or "-").wait_for()
    screenshot(page, f"table-four-seats-{lang}-phone.png")
    assert problems == []
    context.close()
