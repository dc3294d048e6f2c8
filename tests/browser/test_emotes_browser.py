"""Emotes in Chromium: one person reacts, the other sees it over the sender's seat in their own
language; a muted table shows none, and stays muted after a reload; too many are refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


def _seated(browser: Browser, server: str, name: str, **options: object) -> BrowserContext:
    context = browser.new_context(**{**DESKTOP, **options}, bypass_csp=True)  # for axe
    assert context.request.post(f"{server}/api/guest", data={"name": name}).ok
    return context


def _react(page: Page, emote: str) -> None:
    page.locator("#emotes > summary").click()
    page.locator(f".emote-choice[data-emote={emote}]").click()


def test_an_emote_shows_over_the_senders_seat_and_a_muted_table_shows_none(
    browser: Browser, server: str
) -> None:
    ava = _seated(browser, server, "Ava")
    sara = _seated(browser, server, "Sara", **{**PHONE, "locale": "fa-IR"})
    table = ava.request.post(f"{server}/api/tables", data={"players": 2}).json()["table_id"]
    joins = [
        context.request.post(f"{server}/api/tables/{table}/join", data={"seat": seat}).json()
        for seat, context in enumerate((ava, sara))
    ]
    assert ava.request.post(f"{server}/api/tables/{table}/start").ok
    host, guest = ava.new_page(), sara.new_page()
    problems_host, problems_guest = watch(host), watch(guest)
    host.goto(f"{server}{joins[0]['rejoin_url']}&anim=0")
    guest.goto(f"{server}{joins[1]['rejoin_url']}&anim=0&lang=fa")
    for page in (host, guest):
        page.locator(".hand-card").first.wait_for()

    _react(host, "well_played")
    bubble = guest.locator(".emote-bubble[data-seat='0']")
    bubble.wait_for()
    assert bubble.inner_text() == "خوب بازی کردی!"  # Sara reads it in Persian
    assert guest.locator("#emote-said").inner_text() == "Ava: خوب بازی کردی!"
    seat, shown = guest.locator(".seat-panel[data-seat='0']").bounding_box(), bubble.bounding_box()
    assert seat and shown
    assert seat["x"] <= shown["x"] + shown["width"] / 2 <= seat["x"] + seat["width"]
    assert guest.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(guest, "emote-fa-phone.png")
    host.locator(".emote-bubble[data-seat='0']").wait_for()  # the sender sees it too
    host.locator("#emotes > summary").click()
    assert serious_violations(host) == [], "the picker, open"
    screenshot(host, "emote-picker-desktop.png")
    host.locator("#emotes > summary").click()

    guest.locator("#emotes > summary").click()
    guest.locator("#emotes-mute").check()
    guest.reload()
    guest.locator(".hand-card").first.wait_for()
    assert guest.locator("#emotes-mute").is_checked()  # remembered for this table
    _react(host, "thanks")
    host.locator(".emote-bubble", has_text="Thanks!").wait_for()
    guest.wait_for_timeout(500)
    assert guest.locator(".emote-bubble").count() == 0

    for emote in ("oops", "nice", "hello", "hurry"):  # beyond the seat's budget
        _react(host, emote)
    host.locator("#toast", has_text="Too many emotes").wait_for()
    assert problems_host == [] and problems_guest == []
    ava.close()
    sara.close()
