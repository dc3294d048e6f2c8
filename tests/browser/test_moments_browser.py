"""The table at its moments (issue 30): in play, with a hint shown, and with the round's sheet
open, at 1280×800, 360×740 and 740×360, in English and Persian. At each the page does not scroll,
the hand, the felt and every seat are inside the viewport, every table card is on the felt, and
nothing lies over the felt but a deliberate modal (the sheet, which then fits the viewport). The
capture choice, the chat with a take-back asked, and the game's end have their own tests
(test_choices_browser, test_ways_browser, test_take_back_browser, test_game_over_browser)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import DESKTOP, PHONE, screenshot
from test_play_browser import SHEET, _play_once
from test_table_browser import _practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

LAYOUT = """(over) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const shown = (e) => e && e.offsetParent !== null;
  return {
    width: innerWidth, height: innerHeight,
    scroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],
    felt: box(document.querySelector('#felt')),
    hand: shown(document.querySelector('#hand')) ? box(document.querySelector('#hand')) : null,
    seats: [...document.querySelectorAll('#others > *, #mine > *')].filter(shown).map(box),
    cards: [...document.querySelectorAll('#table-cards .table-card')].map(box),
    over: over ? [...document.querySelectorAll(over)].filter(shown).map(box) : [],
  };
}"""

SCREENS = [
    pytest.param("en", DESKTOP, id="en-1280x800"),
    pytest.param("fa", DESKTOP, id="fa-1280x800"),
    pytest.param("en", PHONE, id="en-360x740"),
    pytest.param("fa", PHONE, id="fa-360x740"),
    pytest.param("en", PHONE | {"viewport": {"width": 740, "height": 360}}, id="en-740x360"),
    pytest.param("fa", PHONE | {"viewport": {"width": 740, "height": 360}}, id="fa-740x360"),
]


def _inside(inner: list[float], outer: list[float], what: str) -> None:
    assert outer[0] - 1 <= inner[0] and inner[2] <= outer[2] + 1, (what, inner, outer)
    assert outer[1] - 1 <= inner[1] and inner[3] <= outer[3] + 1, (what, inner, outer)


def _apart(one: list[float], other: list[float], what: str) -> None:
    overlap_x = min(one[2], other[2]) - max(one[0], other[0])
    overlap_y = min(one[3], other[3]) - max(one[1], other[1])
    assert overlap_x <= 1 or overlap_y <= 1, (what, one, other)


def _check(page: Page, moment: str, over: str | None = None) -> dict[str, Any]:
    """The moment's layout, checked; ``over`` selects what must lie off the felt."""
    laid: dict[str, Any] = page.evaluate(LAYOUT, over)
    screen = [0, 0, laid["width"], laid["height"]]
    assert laid["scroll"][0] <= laid["width"] and laid["scroll"][1] <= laid["height"], moment
    _inside(laid["felt"], screen, f"{moment}: the felt")
    if laid["hand"]:
        _inside(laid["hand"], screen, f"{moment}: the hand")
    assert laid["seats"], moment
    for seat in laid["seats"]:
        _inside(seat, screen, f"{moment}: a seat")
    for card in laid["cards"]:
        _inside(card, laid["felt"], f"{moment}: a table card")
    for element in laid["over"]:
        _apart(element, laid["felt"], f"{moment}: beside the felt")
    return laid


@pytest.mark.parametrize(("lang", "screen"), SCREENS)
def test_the_table_at_its_moments_fits_the_screen(
    browser: Browser, server: str, lang: str, screen: dict[str, Any]
) -> None:
    body = {"players": 2, "bots": {"1": "random"}, "bot_delay": 0}
    context, page, problems, _ = _practice(browser, server, body, f"anim=0&lang={lang}", **screen)
    size = "{width}x{height}".format(**screen["viewport"])
    page.locator(".hand-card.is-playable").first.wait_for()
    _check(page, "in play")
    page.locator("#hint").click()
    page.locator("#hints:not([hidden])").wait_for()
    _check(page, "a hint shown", "#hints")
    screenshot(page, f"moment-hint-{lang}-{size}.png")
    deadline = time.monotonic() + 90
    while not page.locator(SHEET).count():
        assert time.monotonic() < deadline, "the round did not end in time"
        if not _play_once(page):
            page.wait_for_timeout(40)
    sheet = page.locator("#sheet-dialog").evaluate(
        "(d) => { const r = d.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )
    laid = _check(page, "the round's sheet")
    _inside(sheet, [0, 0, laid["width"], laid["height"]], "the sheet fits the screen")
    screenshot(page, f"moment-sheet-{lang}-{size}.png")
    assert problems == []
    context.close()
