"""J5, a first visit that goes offline: the home page, then no network, a practice game in the
browser's own engine under a name typed for the first time, and back online the game in their
history under that name (docs/journeys.md, docs/offline.md).

A first-time visitor on a phone whose browser speaks Persian, with no cookie and no name, opens
the home page; its service worker installs, takes the page and keeps the offline engine. Then the
network is cut. From the home page they go to practice: "Play in this browser" is already chosen
(there is no connection) and the name field is empty. They type their name (in Persian letters),
set the target to ۱ in the house rules' advanced settings (one round, unless it is tied) and play
against a bot to the game-over panel, all in the browser's own engine. Still nobody: no cookie.
The network comes back: the table page makes the guest under the typed name and sends the game;
from the game-over panel's Home, the History link lists it, with its result, under that name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from journey_support import history_result, person, play_game, short_game
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ENGINE_MS = 120_000
"""Milliseconds the first start of the engine may take on a busy machine (it is seconds)."""

NAME = "نیکا"
"""The name they type, in Persian letters: their browser speaks Persian."""


def test_j5_a_first_visit_plays_offline_and_finds_the_game_in_its_history(
    browser: Browser, server: str
) -> None:
    visitor = person(browser, "Visitor", "j5", screen="phone", lang="fa")
    page = visitor.page
    visitor.go(server, "/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=ENGINE_MS, polling=200
    )
    # The home page has the worker keep the offline engine too (it once did so only on the
    # practise page: a first visit to the home page then practised with no engine, "Loading…").
    page.locator("html[data-engine-kept='true']").wait_for(state="attached", timeout=ENGINE_MS)
    assert visitor.context.cookies() == []  # nobody yet
    visitor.shot("home")

    # The network goes. Practice, from the home page: in this browser, under a name typed now.
    visitor.context.set_offline(True)
    page.get_by_role("link", name="تمرین با ربات‌ها").click()
    page.wait_for_url(re.compile(r"/practise$"))
    expect(page.get_by_label("بازی در همین مرورگر: بدون اینترنت هم کار می‌کند")).to_be_checked()
    field = page.get_by_label("نام شما", exact=True)
    expect(field).to_have_value("")
    field.fill(NAME)
    short_game(visitor, page.locator("#practise-form"))
    visitor.shot("practise-offline")
    page.get_by_role("button", name="شروع تمرین").click()
    page.wait_for_url(re.compile(r"/play/t/offline$"))
    page.locator("#hand .hand-card").first.wait_for(timeout=ENGINE_MS)
    visitor.shot("offline-table")
    play_game([page])
    expect(page.locator(".game-over")).to_be_visible()
    visitor.shot("game-over")
    assert visitor.context.cookies() == []  # still nobody: the game is kept in the browser

    # The network is back: the table page hears it, makes the guest under the typed name and
    # sends the game (its first upload is refused, no_guest, then sent again and stored).
    # Their history, from the home page, lists it under that name.
    sent = "/api/offline/games"
    with page.expect_response(lambda answer: answer.url.endswith(sent) and answer.ok):
        visitor.context.set_offline(False)
    assert visitor.context.cookies() != []  # the guest, made under the typed name
    base = server.rstrip("/")
    assert visitor.context.request.get(f"{base}/api/me").json() == {"kind": "guest", "name": NAME}
    (game,) = visitor.context.request.get(f"{base}/api/history").json()["games"]
    assert game["table_id"].startswith("off-")  # stored as a game played offline
    page.locator(".game-over").get_by_role("link", name="خانه", exact=True).click()
    history_result(visitor)  # won or lost, as the page says it
    newest = page.locator("#games li").first
    expect(newest).to_contain_text(f"{NAME} (شما)")
    visitor.shot("history")
    # The one line in the console: the first upload, refused before the guest was made.
    visitor.done(refused=401)
