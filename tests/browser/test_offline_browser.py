"""Offline (docs/offline.md): after a first visit to the practise page the network goes; the page
reloads from its service worker, a whole practice game against casual (target 1: one round,
unless it is tied) is played in the browser's own engine with a hint, its review renders (in a
worker that starts from the engine's bytecode the table's worker kept), and back online the game
is in the history."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from browser_support import DESKTOP, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

SHEET = "#sheet-dialog[open]"
ENGINE_SECONDS = 120_000
"""Milliseconds the first start of the engine may take on a busy machine (it is seconds)."""

BYTECODE_KEPT = """async () => (await (await caches.open('pasur-engine-bytecode')).keys()).length"""
"""How many engines' bytecode the browser keeps (engine-worker.js): one once a table has run."""

MARKS = """async () => {
  const { call } = await import('/static/js/offline/engine.js');
  return Object.keys(await call('marks'));
}"""
"""The steps the page's worker went through to start (engine-worker.js)."""


def _installed(browser: Browser, server: str) -> tuple[BrowserContext, Page]:
    """A guest's first visit to the practise page, once the service worker has cached the shell,
    took the page, and kept the engine the practise page asks for."""
    context = browser.new_context(**DESKTOP)
    assert context.request.post(f"{server}/api/guest", data={"name": "Sam"}).ok
    page = context.new_page()
    page.goto(f"{server}/practise")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=ENGINE_SECONDS, polling=200
    )
    page.locator("html[data-engine-kept='true']").wait_for(state="attached", timeout=ENGINE_SECONDS)
    return context, page


def _play_once(page: Page) -> bool:
    card = page.locator(".hand-card.is-playable")
    if not card.count() or page.locator(SHEET).count():
        return False
    ways = card.first.get_attribute("data-ways")
    card.first.click()
    if ways != "1":
        page.locator("#choices .choice").first.click()
    return True


def test_offline_practice_is_played_reviewed_and_sent_to_the_history(
    browser: Browser, server: str
) -> None:
    context, page = _installed(browser, server)
    problems = watch(page)
    context.set_offline(True)
    page.goto(f"{server}/practise?anim=0")  # from the service worker: the network is gone
    assert page.locator("#practise-offline").is_checked()  # offline: the browser's own table
    page.locator("#level-1").select_option("casual")
    page.locator("details.advanced summary").click()
    page.locator("#rule-target").fill("1")
    page.locator("#start-practice").click()
    page.wait_for_url("**/play/t/offline")
    page.locator(".hand-card").first.wait_for(timeout=ENGINE_SECONDS)

    # Target 1: the game ends with its first round, unless that round is tied (then it goes on).
    hinted = False
    deadline = time.monotonic() + 300
    while not page.locator("#review").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        if page.locator(SHEET).count():
            screenshot(page, "offline-round-over.png")
            page.locator("#close-sheet").click()
            continue
        if not hinted and page.locator("#hint:visible").count():
            page.locator("#hint").click()
            best = page.locator("#hints .hint-list li.is-best")
            best.wait_for(timeout=60_000)
            card = (best.get_attribute("data-move") or "").split("+")[0].split(" ")[0]
            assert page.locator(f".hand-card.is-hinted[data-card='{card}']").count() == 1
            hinted = True
        if not _play_once(page):
            page.wait_for_timeout(40)
    assert hinted
    deadline = time.monotonic() + ENGINE_SECONDS / 1000
    while not page.evaluate(BYTECODE_KEPT):  # made a few seconds into the game
        assert time.monotonic() < deadline, "the worker never kept the engine's bytecode"
        page.wait_for_timeout(200)
    page.locator("#review").click()
    page.wait_for_url("**/replay/offline/*")
    # The replay's felt, with the coach's word beside it once the worker has reviewed the game.
    page.locator(
        "#note #next-note, #note .coach-note, #note .note-wait:not(.is-loading)"
    ).first.wait_for(timeout=ENGINE_SECONDS)
    assert page.locator("#table-cards .table-card").count() > 0
    screenshot(page, "offline-replay.png")
    page.locator("#tab-list").click()
    page.locator("#coach-body .review-list, #coach-body p:not(.loading):not(.hint)").first.wait_for(
        timeout=ENGINE_SECONDS
    )
    screenshot(page, "offline-review.png")
    assert "unpacked_with_bytecode" in page.evaluate(MARKS)  # the replay's worker took it
    assert page.evaluate(BYTECODE_KEPT) == 1

    context.set_offline(False)
    page.goto(f"{server}/history")
    deadline = time.monotonic() + 30
    while not context.request.get(f"{server}/api/history").json()["games"]:
        assert time.monotonic() < deadline, "the offline game never reached the history"
        page.wait_for_timeout(200)
    (game,) = context.request.get(f"{server}/api/history").json()["games"]
    assert game["table_id"].startswith("off-") and game["you"] == 0
    assert problems == []
    context.close()


INSTALL_PROMPT = """() => {
  const offer = new Event('beforeinstallprompt', { cancelable: true });
  offer.prompt = async () => { window.installAsked = true; };
  window.dispatchEvent(offer);
  return offer.defaultPrevented;
}"""
"""What a browser that can install the app does (headless Chromium never offers): the event, with
the prompt() the page's own button calls."""


def test_the_home_page_offers_to_install_where_the_browser_allows(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/?lang=fa")
    page.locator("#install-app").wait_for(state="attached")
    # The manifest follows the language once the page has applied it (the catalogs load first).
    page.locator("html[lang='fa']").wait_for(state="attached")
    assert page.locator("#install-offer").is_hidden()  # no offer from this browser
    assert page.locator("link[rel='manifest']").get_attribute("href") == (
        "/static/manifest.fa.webmanifest"
    )
    assert page.evaluate(INSTALL_PROMPT)  # the page keeps the browser's own bar away
    page.locator("#install-app").click()
    assert page.evaluate("() => window.installAsked === true")
    assert page.locator("#install-offer").is_hidden()
    assert problems == []
    context.close()
