"""A choice on a phone (issue 30): the ways to play a card take the hand's place as a strip, so
the page never scrolls, the strip lies over nothing of the felt, and every table card stays on it,
at 360×740 and 740×360, in English and Persian ("confirm before playing" makes a choice of every
card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from browser_support import PHONE, screenshot
from test_table_browser import _practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser

BOXES = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const one = (selector) => box(document.querySelector(selector));
  return { felt: one('#felt'), choices: one('#choices'),
           cards: [...document.querySelectorAll('#table-cards .table-card')].map(box),
           hand: document.querySelector('#hand').offsetParent !== null,
           scroll: document.scrollingElement.scrollHeight, height: innerHeight };
}"""


@pytest.mark.parametrize(("lang", "width", "height"), [("fa", 360, 740), ("en", 740, 360)])
def test_a_choice_on_a_phone_takes_the_hands_place(
    browser: Browser, server: str, lang: str, width: int, height: int
) -> None:
    body = {"players": 2, "bots": {"1": "casual"}, "bot_delay": 0}
    screen = PHONE | {"viewport": {"width": width, "height": height}}
    context, page, problems, _ = _practice(browser, server, body, f"anim=0&lang={lang}", **screen)
    page.evaluate(
        "localStorage.setItem('pasur.prefs', JSON.stringify({anim: 'off', confirm: 'on'}))"
    )
    page.reload()
    page.locator(".hand-card.is-playable").first.click()
    page.locator("#choices .choice").first.wait_for()
    laid = page.evaluate(BOXES)
    assert not laid["hand"], "the strip is in the hand's place"
    assert laid["scroll"] <= laid["height"], "the page does not scroll"
    felt, strip = laid["felt"], laid["choices"]
    assert strip[1] >= felt[3] - 1 or strip[0] >= felt[2] - 1, "the strip is off the felt"
    for card in laid["cards"]:
        assert felt[0] - 1 <= card[0] and card[2] <= felt[2] + 1, card
        assert felt[1] - 1 <= card[1] and card[3] <= felt[3] + 1, card
    screenshot(page, f"table-choice-{lang}-{width}x{height}.png")
    page.keyboard.press("Escape")
    page.locator("#hand .hand-card").first.wait_for()
    assert problems == []
    context.close()
