"""The ways on the felt (issue 30): when the card chosen can take in several ways, each way's set
is marked on the table cards with the number its button in the strip has (a card in two ways
carries both), focusing a way in the strip lights its set, and tapping the set's cards on the
felt plays exactly that capture; at 1280×800, 360×740 and 740×360, in English and Persian, with
no page scroll and every table card on the felt. A practice table is played on, one card at a
time, until a hand card has several ways (about one turn in eight)."""

from __future__ import annotations

import contextlib
import json
import time
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import PERSIAN_DIGITS, PHONE, WEB, guest_context, new_table, screenshot, watch
from test_choices_browser import BOXES
from test_table_browser import _practice

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = [(1280, 800), (360, 740), (740, 360)]
SHEET = "[data-testid=score-sheet]"

WAYS = """() => ({
  ways: [...document.querySelectorAll('#choices .choice[data-way]')].map((button) => ({
    way: button.dataset.way, move: button.dataset.move,
    badge: button.querySelector('.way-badge').textContent })),
  marked: Object.fromEntries([...document.querySelectorAll('#table-cards [data-ways]')].map(
    (card) => [card.dataset.card, { ways: card.dataset.ways.split(' '),
      badges: [...card.querySelectorAll('.way-badge')].map((badge) => badge.textContent),
      label: card.getAttribute('aria-label') }])),
  lit: [...document.querySelectorAll('#table-cards .is-lit')].map((card) => card.dataset.card),
})"""


def _taken(move: str) -> list[str]:
    return move.split()[0].split("+")[1:]


def _a_choice(page: Page, deadline: float) -> float:
    """Play on, a card with one way at a time, until a hand card has several; choose it.
    Returns the felt's height before the choice."""
    several = page.locator("#hand .hand-card.is-playable:not([data-ways='1'])")
    one = page.locator("#hand .hand-card.is-playable[data-ways='1']")
    while True:
        assert time.monotonic() < deadline, "no card with several ways came in time"
        assert not page.locator(".game-over").count(), "the game ended first"
        # A redraw (the turn passing, a new deal) may detach a card being clicked: look again.
        with contextlib.suppress(Exception):
            if page.locator(SHEET).count():
                page.locator("#close-sheet").click(timeout=2_000)
            elif several.count():
                before = page.locator("#felt").bounding_box()
                several.first.click(timeout=2_000)
                page.locator("#choices .choice[data-way]").first.wait_for(timeout=2_000)
                assert before is not None
                return before["height"]
            elif one.count():
                one.first.click(timeout=2_000)
        page.wait_for_timeout(30)


def _check_marks(page: Page, lang: str) -> dict[str, Any]:
    """The felt's marks against the strip's ways: each table card carries the numbers of exactly
    the ways that take it, as badges in the language's digits, and says them in its name."""
    shown = page.evaluate(WAYS)
    ways = shown["ways"]
    assert len(ways) >= 2, ways
    digits = PERSIAN_DIGITS if lang == "fa" else str.maketrans("", "")
    expected: dict[str, list[str]] = {}
    for way in ways:
        assert way["badge"] == way["way"].translate(digits)
        for card in _taken(way["move"]):
            expected.setdefault(card, []).append(way["way"])
    assert {card: mark["ways"] for card, mark in shown["marked"].items()} == expected
    for card, mark in shown["marked"].items():
        assert mark["badges"] == [way.translate(digits) for way in expected[card]], card
        assert all(way.translate(digits) in mark["label"] for way in expected[card]), mark
    return shown


def _check_layout(page: Page, height: float) -> None:
    """No page scroll; the felt as tall as before the choice, and every table card on it."""
    laid = page.evaluate(BOXES)
    assert laid["scroll"] <= laid["height"], "the page does not scroll"
    felt = laid["felt"]
    assert felt[3] - felt[1] >= height - 1, "the felt keeps its size"
    for card in laid["cards"]:
        assert felt[0] - 1 <= card[0] and card[2] <= felt[2] + 1, card
        assert felt[1] - 1 <= card[1] and card[3] <= felt[3] + 1, card


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_ways_are_marked_on_the_felt_and_a_set_tapped_there_is_played(
    browser: Browser, server: str, lang: str
) -> None:
    body = {"players": 2, "bots": {"1": "random"}, "bot_delay": 0}
    context, page, problems, _ = _practice(
        browser, server, body, f"anim=0&lang={lang}", has_touch=True, bypass_csp=True
    )
    sent: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda socket: socket.on("framesent", lambda data: sent.append(json.loads(data))),
    )
    page.reload()  # the socket again, now watched
    page.locator(".hand-card").first.wait_for()
    deadline = time.monotonic() + 150
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        felt = _a_choice(page, deadline)
        shown = _check_marks(page, lang)
        screenshot(page, f"table-ways-{lang}-{width}x{height}.png")
        _check_layout(page, felt)

        # Nothing is lit until a way is pointed at or reached by keyboard (the first has the
        # focus, unseen); then its set on the felt, and only its set. The mouse that chose the
        # card may rest on the strip now in the hand's place: it moves off first.
        page.mouse.move(1, 1)
        assert page.evaluate(WAYS)["lit"] == []
        last = shown["ways"][-1]
        for _ in shown["ways"][1:]:
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.move") == last["move"]
        assert sorted(page.evaluate(WAYS)["lit"]) == sorted(_taken(last["move"]))
        screenshot(page, f"table-ways-lit-{lang}-{width}x{height}.png")
        if width == 1280:
            assert serious_violations(page) == [], "the ways on the felt and in the strip"

        # Tapping the last way's cards on the felt (a card in several ways keeps only those; one
        # in a single way left plays it) plays exactly that way.
        plays = len([frame for frame in sent if frame.get("type") == "play"])
        for card in _taken(last["move"]):
            target = page.locator(f"#table-cards button[data-card='{card}']")
            target.tap() if width < 760 else target.click()
            page.wait_for_timeout(50)
            if len([frame for frame in sent if frame.get("type") == "play"]) > plays:
                break
        played = [frame["move"] for frame in sent if frame.get("type") == "play"][plays:]
        assert played == [last["move"]]
        for card in _taken(last["move"]):
            page.locator(f"#table-cards .table-card[data-card='{card}']").wait_for(state="detached")
    assert problems == []
    context.close()


ON_TOP = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const hand = document.querySelector('#hand').getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return { top: top?.closest(selector) !== null, box: [box.left, box.top, box.right, box.bottom],
           hand: hand.bottom, width: innerWidth, height: innerHeight,
           scroll: document.scrollingElement.scrollHeight,
           scrollWidth: document.scrollingElement.scrollWidth };
}"""


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("fa", 360, 740), ("en", 740, 360), ("fa", 740, 360)]
)
def test_on_a_phone_the_claims_question_is_on_top_and_pushes_nothing_out(
    browser: Browser, server: str, lang: str, width: int, height: int
) -> None:
    """Per shodam's "Sure? Claim now" (claim.js) lies on top, inside the screen, with the felt's
    size and the hand kept in sight (the take-back's question: test_take_back_browser.py)."""
    screen = PHONE | {"viewport": {"width": width, "height": height}}
    context = guest_context(browser, server, "Noa", **screen)
    rejoin = new_table(context, server, players=2, settings={"claims": "on"}, bots={"1": "random"})
    assert context.request.post(
        f"{server}/api/tables/{rejoin.split('/')[-1].split('?')[0]}/start"
    ).ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang={lang}")
    claim = page.locator("#claim")
    claim.wait_for()
    felt = page.locator("#felt").bounding_box()
    claim.click()  # the first tap asks
    words = json.loads((WEB / "i18n" / f"play.{lang}.json").read_text("utf-8"))
    assert claim.inner_text() == words["play.claim.sure"]
    assert "danger" in (claim.get_attribute("class") or "")
    laid = page.evaluate(ON_TOP, "#claim")
    assert laid["top"], "nothing lies over the question"
    box = laid["box"]
    assert box[0] >= 0 and box[2] <= laid["width"] and box[1] >= 0 and box[3] <= laid["height"]
    assert laid["hand"] <= laid["height"], "the hand stays in sight"
    assert laid["scroll"] <= laid["height"] and laid["scrollWidth"] <= laid["width"]
    after = page.locator("#felt").bounding_box()
    assert felt is not None and after is not None and after["height"] >= felt["height"] - 1
    screenshot(page, f"claim-sure-{lang}-{width}x{height}.png")
    assert problems == []
    context.close()
