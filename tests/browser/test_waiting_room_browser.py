"""The waiting room is the table (issue 30), in real Chromium against the real ``pasur serve``:
before a game the page shows the felt with its seats around it as in play; the creator puts a bot
in a seat by the controls at that seat; a guest who opens the invite link reads the table's rules
and timer before sitting, and sits at the seat they click; then the game starts. At 1280×800,
360×740 and 740×360, in English and Persian: the seats and the rules on screen without scrolling,
and no serious accessibility violation. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import (
    DESKTOP,
    PERSIAN_DIGITS,
    PHONE,
    guest_context,
    new_table,
    screenshot,
    watch,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {"desktop": (1280, 800), "phone": (360, 740), "landscape": (740, 360)}

RULES = {
    "en": ["3 players", "Standard rules", "First to 100 points", "30 seconds a turn", "Not rated"],
    "fa": [
        "۳ بازیکن",
        "قوانین استاندارد",
        "بازی تا ۱۰۰ امتیاز",
        "۳۰ ثانیه برای هر نوبت",
        "بدون امتیاز",
    ],
}
CHANGED = {
    "en": "Points for a Sur: 10",
    "fa": "امتیاز سور: ۱۰",
}
"""A setting changed from the preset, in the rules guide's words, after the preset's line."""

ON_SCREEN = """() => {
  // Every seat, the title and the rules whole inside the viewport, the rules not scrolled out of
  // the felt's words either; the page itself does not scroll.
  const inside = (r, box) => r.width > 0 && r.left >= box.left - 1 && r.top >= box.top - 1
    && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const outside = [...document.querySelectorAll('.room .seat-panel, .room-rules, .room-title')]
    .filter((element) => {
      const r = element.getBoundingClientRect();
      const words = element.closest('.room-words');
      return !inside(r, screen) || (words && !inside(r, words.getBoundingClientRect()));
    })
    .map((element) => element.dataset.seat ?? element.className);
  const root = document.scrollingElement;
  const scrolls = root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1;
  return { outside, scrolls };
}"""


def _seat(page: Page, seat: int) -> Any:
    return page.locator(f".room .seat-panel[data-seat='{seat}']")


def _invite(page: Page) -> str:
    url: str = page.locator("#invite-url").input_value()
    return url


def test_a_bot_at_its_seat_a_guest_at_hers_then_the_game(browser: Browser, server: str) -> None:
    ava = guest_context(browser, server, "Ava")
    rejoin = new_table(ava, server, players=3, turn_timer=30, settings={"target": "100"})
    host = ava.new_page()
    problems = watch(host)
    asked: list[str] = []
    host.on("request", lambda request: asked.append(request.url))
    host.goto(f"{server}{rejoin}&anim=0")
    # The felt with its three seats around it: Ava's at its foot, two empty ones.
    host.locator("#waiting .room-felt").wait_for()
    expect_rules(host, "en")
    # No setting changed from the preset: the rules guide's words are not fetched for nothing.
    assert not [url for url in asked if "/i18n/learn." in url], asked
    assert _seat(host, 0).get_attribute("data-place") == "bottom"
    assert "Ava" in _seat(host, 0).inner_text()
    # A bot for seat 2, chosen and added at seat 2 itself, by a double click: one request (a
    # second would be refused, and Chromium logs the refusal as a console error).
    seat_two = _seat(host, 2)
    seat_two.locator("select[data-bot-level='2']").select_option("beginner")
    seat_two.locator("[data-put-bot='2']").dblclick()
    _seat(host, 2).filter(has_text="beginner bot").wait_for()
    assert len([url for url in asked if url.endswith("/bots")]) == 1, asked
    assert host.locator("[data-put-bot='2']").count() == 0
    assert host.locator("#start").is_disabled()

    # A guest who is not signed in opens the invite link: the rules and the timer before sitting.
    stranger = browser.new_context(**PHONE)
    guest = stranger.new_page()
    guest_problems = watch(guest)
    guest.goto(f"{_invite(host)}?anim=0")
    guest.locator("#seat-picker .room-felt").wait_for()
    expect_rules(guest, "en")
    assert "beginner bot" in _seat(guest, 2).inner_text()
    sit = _seat(guest, 1).locator("[data-take-seat='1']")
    assert sit.inner_text() == "Sit here"
    assert guest.locator("[data-take-seat]").count() == 1, "only the empty seat offers itself"
    screenshot(guest, "waiting-room-guest-en-phone.png")
    guest.locator("#picker-name").fill("Bea")
    joins: list[str] = []
    guest.on(
        "request", lambda request: joins.append(request.url) if "/join" in request.url else None
    )
    sit.dblclick()  # one seat taken, once
    # She is seated there: her seat, at the foot of her felt, is seat 1.
    mine = guest.locator("#waiting .seat-panel.is-you")
    mine.filter(has_text="Bea").wait_for()
    assert mine.get_attribute("data-seat") == "1"
    _seat(host, 1).filter(has_text="Bea").wait_for()
    assert len(joins) == 1, joins

    host.locator("#start:not([disabled])").click()
    for page in (host, guest):
        page.locator(".hand-card").first.wait_for()
    assert host.locator("#waiting").is_hidden()
    assert problems == [] and guest_problems == []
    stranger.close()
    ava.close()


def expect_rules(page: Page, lang: str, *, changed: bool = False) -> None:
    """The table's rules on the felt, in words, in the page's language and digits."""
    expected = list(RULES[lang])
    if changed:
        expected.insert(2, CHANGED[lang])
    rules = page.locator(".room-rules li")
    rules.filter(has_text=RULES[lang][1]).wait_for()  # the house rules, once the catalogue came
    shown = rules.all_inner_texts()
    assert shown == expected, shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_room_fits_the_screen_in_both_languages(
    browser: Browser, server: str, lang: str, size: str
) -> None:
    width, height = SIZES[size]
    screen = (DESKTOP if size == "desktop" else PHONE) | {
        "viewport": {"width": width, "height": height}
    }
    if lang == "fa":
        screen |= {"locale": "fa-IR"}
    sara = guest_context(browser, server, "Sara", **screen, bypass_csp=True)
    settings = {"target": "100", "sur-points": "10"}
    rejoin = new_table(sara, server, players=3, turn_timer=30, settings=settings)
    page = sara.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang={lang}")
    page.locator("#waiting .bot-row").nth(1).wait_for()
    expect_rules(page, lang, changed=True)
    assert page.evaluate(ON_SCREEN) == {"outside": [], "scrolls": False}
    assert serious_violations(page) == []
    screenshot(page, f"waiting-room-{lang}-{size}.png")

    stranger = browser.new_context(**screen, bypass_csp=True)
    picker = stranger.new_page()
    picker_problems = watch(picker)
    picker.goto(f"{_invite(page)}?anim=0&lang={lang}")
    picker.locator("[data-take-seat='1']").wait_for()
    expect_rules(picker, lang, changed=True)
    assert picker.locator("#picker-name").is_visible()
    if lang == "fa":
        assert picker.evaluate("document.documentElement.dir") == "rtl"
        seat = picker.locator(".room .seat-panel[data-seat='1'] .seat-name").inner_text()
        assert seat == "جای ۲".translate(PERSIAN_DIGITS), seat
    assert picker.evaluate(ON_SCREEN) == {"outside": [], "scrolls": False}
    assert serious_violations(picker) == []
    screenshot(picker, f"waiting-room-picker-{lang}-{size}.png")
    assert problems == [] and picker_problems == []
    stranger.close()
    sara.close()
