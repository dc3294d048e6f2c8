"""Leaving a game from the table's menu in Chromium (js/play/leave.js): "Leave the table…" opens
a confirmation that says what it costs, in English and Persian: at a rated table that leaving
counts as a loss, at any table that a bot takes the seat. It is reached and answered with the
keyboard, "Stay at the table" cancels it and keeps the seat, and a double click on "Leave the
table" asks the server once; then the person is home and a bot holds the seat. Nothing to
leave in the waiting room or for a spectator. The confirmation at 360x740 and 1280x800 in both
languages is screenshot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, api, guest_context, new_table, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

WORDS = {
    "en": {
        "open": "Leave the table…",
        "rated": "This is a rated game: leaving counts as a loss.",
        "bot": "A bot takes your seat and plays the game to its end.",
        "leave": "Leave the table",
        "stay": "Stay at the table",
    },
    "fa": {
        "open": "ترک میز…",
        "rated": "این بازی امتیازی است: ترک آن باخت حساب می‌شود.",
        "bot": "یک ربات جای شما می‌نشیند و بازی را تا پایان ادامه می‌دهد.",
        "leave": "ترک میز",
        "stay": "پشت میز می‌مانم",
    },
}
SIZES = {"phone": PHONE["viewport"], "desktop": DESKTOP["viewport"]}


def table_of(context: BrowserContext, server: str, **body: Any) -> tuple[str, str]:
    """A table made and joined in seat 0 by ``context``'s guest: its id and rejoin path."""
    rejoin = new_table(context, server, **body)
    return rejoin.split("/play/t/")[1].split("?")[0], rejoin


def at_the_table(context: BrowserContext, server: str, rejoin: str, lang: str) -> Page:
    """The person's table page, their hand dealt, in ``lang``."""
    page = context.new_page()
    page.goto(f"{server}{rejoin}&anim=0&lang={lang}")
    page.locator("#hand .hand-card").first.wait_for()
    return page


def open_menu(page: Page) -> None:
    page.locator("#menu-button").click()
    page.locator("#menu-dialog[open]").wait_for()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_rated_game_is_left_once_after_saying_it_counts_as_a_loss(
    browser: Browser, server: str, lang: str
) -> None:
    words = WORDS[lang]
    ava = guest_context(browser, server, "Ava", bypass_csp=True)  # bypass: the axe scan
    babak = guest_context(browser, server, "Babak")
    table, rejoin = table_of(ava, server, players=2, private=False, rated=True)
    assert babak.request.post(f"{server}/api/tables/{table}/join", data={"seat": 1}).ok
    assert ava.request.post(f"{server}/api/tables/{table}/start").ok
    page = at_the_table(ava, server, rejoin, lang)
    problems = watch(page)
    leaves: list[str] = []
    page.on("request", lambda r: leaves.append(r.method) if r.url.endswith("/leave") else None)

    # Reached with the keyboard: the menu's way out, then its confirmation, with the focus on
    # staying, the safe answer.
    open_menu(page)
    opener = page.get_by_role("button", name=words["open"])
    opener.focus()
    page.keyboard.press("Enter")
    panel = page.locator("#leave-panel")
    assert panel.is_visible()
    assert page.locator("#leave-cost").inner_text() == words["rated"]
    assert page.locator("#leave-bot").inner_text() == words["bot"]
    assert page.evaluate("document.activeElement.id") == "leave-cancel"
    assert serious_violations(page) == []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        screenshot(page, f"leave-rated-{lang}-{size}.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # Staying keeps everything as it was.
    page.keyboard.press("Enter")
    assert panel.is_hidden()
    assert page.evaluate("document.activeElement.id") == "leave-table"
    assert leaves == []

    # Leaving, pressed twice: one call, then home; a bot holds the seat.
    opener.click()
    page.get_by_role("button", name=words["leave"], exact=True).dblclick()
    page.wait_for_url(f"{server}/")
    assert leaves == ["POST"]
    seats = api(server, "GET", f"/api/tables/{table}")["seats"]
    assert [(seat["kind"], seat["level"] is not None) for seat in seats] == [
        ("bot", True),
        ("human", False),
    ]
    assert page.evaluate(f"localStorage.getItem('pasur.seat.{table}')") is None
    assert problems == []
    ava.close()
    babak.close()


def test_an_unrated_game_says_a_bot_takes_the_seat_and_cancelling_keeps_it(
    browser: Browser, server: str
) -> None:
    sara = guest_context(browser, server, "Sara", **PHONE)
    table, rejoin = table_of(sara, server, players=2, bots={"1": "random"})
    assert sara.request.post(f"{server}/api/tables/{table}/start").ok
    page = at_the_table(sara, server, rejoin, "en")
    problems = watch(page)
    open_menu(page)
    page.get_by_role("button", name=WORDS["en"]["open"]).click()
    assert page.locator("#leave-bot").inner_text() == WORDS["en"]["bot"]
    assert page.locator("#leave-cost").count() == 0
    screenshot(page, "leave-unrated-en-phone.png")
    page.get_by_role("button", name=WORDS["en"]["stay"]).click()
    assert page.locator("#leave-panel").is_hidden()
    page.keyboard.press("Escape")  # the menu closes; the game goes on, seated
    assert page.locator("#menu-dialog[open]").count() == 0
    described = sara.request.get(f"{server}/api/tables/{table}").json()
    assert (described["your_seat"], described["status"]) == (0, "playing")
    page.locator("#hand .hand-card").first.wait_for()
    assert problems == []
    sara.close()


def test_nothing_to_leave_for_a_spectator(browser: Browser, server: str) -> None:
    ava = guest_context(browser, server, "Ava")
    table, _ = table_of(ava, server, players=2, bots={"1": "random"})
    assert ava.request.post(f"{server}/api/tables/{table}/start").ok
    watcher = browser.new_context(**DESKTOP)
    page = watcher.new_page()
    problems = watch(page)
    page.goto(f"{server}/play/t/{table}?anim=0")
    page.locator("#watch").click()
    page.locator("#board:not([hidden])").wait_for()
    open_menu(page)
    assert page.locator("#menu-dialog .menu-links a").count() == 3
    assert page.locator("#leave-table").count() == 0
    assert problems == []
    ava.close()
    watcher.close()
