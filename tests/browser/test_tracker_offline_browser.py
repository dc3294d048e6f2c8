"""The score tracker with no connection (docs/tracker.md, docs/offline.md): a sheet's edit page,
once visited, opens again offline from the service worker and the sheet kept in the browser; a
round saved offline waits there, and goes to the server when the connection comes back. A round
corrected offline while another device corrected it too: the last write wins, and the person is
told which round was replaced. A sheet made offline is kept in the browser, takes rounds, and is
created on the server (with them) when the connection comes back."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from browser_support import PHONE, api, screenshot, watch
from test_tracker_browser import _counts_body, _enter_round, _random_round

from pasur.rules import make_rules
from pasur.tracker import RoundEntry, new_sheet

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

INSTALL_MS = 120_000
"""Milliseconds the service worker may take to cache the shell on a busy machine."""


SENT_MS = 20_000
"""How long sending may take once the browser is back online: the page tries at once and then
after 1, 2, 4 … s (a connection back but not working yet: Chromium's service worker may still
see the network as down for a moment)."""


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def _script_problems(problems: list[str]) -> list[str]:
    """The problems other than the requests the browser reports failing while offline."""
    return [problem for problem in problems if "Failed to load resource" not in problem]


def _offline_on(browser: Browser, server: str, url: str) -> tuple[BrowserContext, Page]:
    """A phone that opened `url` once (the service worker took the page), then lost the network
    and opened it again."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{server}{url}")
    page.locator(".round").first.wait_for()
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=INSTALL_MS, polling=200
    )
    context.set_offline(True)
    page.reload()
    return context, page


def test_a_round_saved_offline_is_sent_when_the_connection_comes_back(
    browser: Browser, server: str
) -> None:
    expect = _expect()
    names = ["Nima", "Shirin"]
    rng = random.Random(19)
    first, second = _random_round(rng, 2), _random_round(rng, 2)
    expected = new_sheet(names, make_rules("standard"))
    expected = expected.add_round(RoundEntry(first)).add_round(RoundEntry(second))

    sheet = api(server, "POST", "/api/tracker/sheets", {"players": names})
    token = sheet["edit_token"]
    rounds = f"/api/tracker/sheets/{token}/rounds"
    api(server, "POST", rounds, {"counts": _counts_body(first)})

    context, page = _offline_on(browser, server, sheet["edit_url"])
    problems = watch(page)
    expect(page.locator(".round")).to_have_count(1)
    _enter_round(page, second)
    page.locator("#save-round").tap()
    expect(page.get_by_test_id("waiting")).to_contain_text("1 round saved without a connection")
    expect(page.locator("#entry-title")).to_have_text("Round 2")
    screenshot(page, "tracker-offline-waiting.png")
    page.goto(f"{server}{sheet['edit_url']}?lang=fa")  # still offline: it still waits
    expect(page.get_by_test_id("waiting")).to_contain_text("بدون اتصال")
    screenshot(page, "tracker-offline-waiting-fa.png")
    assert len(api(server, "GET", f"/api/tracker/sheets/{token}")["rounds"]) == 1

    context.set_offline(False)  # the browser's 'online': the waiting round goes out
    expect(page.locator(".round")).to_have_count(2, timeout=SENT_MS)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    stored = api(server, "GET", f"/api/tracker/sheets/{token}")
    assert stored["totals"] == list(expected.totals)
    waiting = page.evaluate("(key) => localStorage.getItem(key)", f"pasur-tracker:waiting:{token}")
    assert waiting == "[]"
    assert _script_problems(problems) == []
    context.close()


def test_a_correction_made_offline_replaces_another_devices_and_says_so(
    browser: Browser, server: str
) -> None:
    expect = _expect()
    rng = random.Random(20)
    first, second = _random_round(rng, 2), _random_round(rng, 2)
    sheet = api(server, "POST", "/api/tracker/sheets", {"players": ["Nima", "Shirin"]})
    token = sheet["edit_token"]
    for counts in (first, second):
        api(server, "POST", f"/api/tracker/sheets/{token}/rounds", {"counts": _counts_body(counts)})
    context, page = _offline_on(browser, server, sheet["edit_url"])
    problems = watch(page)
    expect(page.locator(".round")).to_have_count(2)

    # Offline, this phone gives round 1's 10♦ to the other player...
    ours = 2 - first.ten_of_diamonds  # the other side, counted from 1
    page.locator('.round[data-round="1"] [data-action="edit"]').tap()
    page.locator(f'input[name="ten_of_diamonds"][data-side="{ours}"]').check()
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.get_by_test_id("waiting")).to_be_visible()
    # ... while another device, online, gives Nima one more Sur in the same round.
    theirs = _counts_body(first)
    theirs["surs"] = [first.surs[0] + 1, first.surs[1]]
    api(server, "PUT", f"/api/tracker/sheets/{token}/rounds/1", {"counts": theirs})

    context.set_offline(False)
    expect(page.locator("#toast")).to_contain_text(
        "Round 1 had also been changed on another device", timeout=SENT_MS
    )
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    screenshot(page, "tracker-offline-replaced.png")
    (kept, *_) = api(server, "GET", f"/api/tracker/sheets/{token}")["rounds"]
    assert kept["counts"]["ten_of_diamonds"] == ours  # the last write won, whole
    assert kept["counts"]["surs"] == list(first.surs)
    assert _script_problems(problems) == []
    context.close()


def test_a_sheet_made_offline_is_created_with_its_rounds_when_the_connection_comes_back(
    browser: Browser, server: str
) -> None:
    expect = _expect()
    names = ["Nima", "Shirin"]
    first = _random_round(random.Random(21), 2)
    expected = new_sheet(names, make_rules("standard")).add_round(RoundEntry(first))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/tracker")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=INSTALL_MS, polling=200
    )
    context.set_offline(True)
    page.reload()  # the form, from the service worker
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").tap()
    page.wait_for_url(re.compile(r"/tracker/e/offline\.[^/]+$"))
    local = page.url
    expect(page.get_by_test_id("made-offline")).to_be_visible()
    expect(page.locator("#share-link")).to_have_count(0)  # no links before the server has it
    _enter_round(page, first)
    page.locator("#save-round").tap()
    expect(page.get_by_test_id("waiting")).to_contain_text("1 round saved without a connection")
    screenshot(page, "tracker-made-offline.png")
    page.goto(f"{local}?lang=fa")  # still offline: the sheet opens from this browser
    expect(page.get_by_test_id("made-offline")).to_contain_text("بدون اتصال")
    screenshot(page, "tracker-made-offline-fa.png")
    page.goto(f"{local}?lang=en")

    context.set_offline(False)  # the browser's 'online': the sheet is created, then its round
    page.wait_for_url(re.compile(r"/tracker/e/[A-Za-z0-9_-]{32}$"), timeout=SENT_MS)
    expect(page.locator("#toast")).to_contain_text("now saved on the server")
    expect(page.locator(".round")).to_have_count(1)
    expect(page.get_by_test_id("made-offline")).to_have_count(0)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    expect(page.locator("#share-link")).to_be_visible()
    screenshot(page, "tracker-made-offline-created.png")
    token = page.url.rsplit("/", 1)[1]
    stored = api(server, "GET", f"/api/tracker/sheets/{token}")
    assert stored["names"] == names
    assert stored["totals"] == list(expected.totals)
    page.goto(local)  # the local address now opens the sheet it became
    page.wait_for_url(f"**/tracker/e/{token}")
    expect(page.locator(".round")).to_have_count(1)
    assert len(api(server, "GET", f"/api/tracker/sheets/{token}")["rounds"]) == 1  # made once
    assert _script_problems(problems) == []
    context.close()


def test_a_sheet_made_offline_whose_first_answer_is_lost_is_created_once(
    browser: Browser, server: str
) -> None:
    """The server makes the sheet but its answer never reaches the page (a connection that drops
    at the wrong moment): the page tries again, and the server answers the sheet it made."""
    expect = _expect()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{server}/tracker")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=INSTALL_MS, polling=200
    )
    context.set_offline(True)
    page.reload()
    for seat, name in enumerate(["Dara", "Mina"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").tap()
    page.wait_for_url(re.compile(r"/tracker/e/offline\.[^/]+$"))
    lost: list[str] = []

    def lose_the_first_answer(route: Any) -> None:
        if route.request.method != "POST" or lost:
            route.continue_()
            return
        made = route.fetch()  # the server makes the sheet...
        lost.append(made.json()["edit_token"])
        route.abort()  # ...and the page never hears of it

    context.route("**/api/tracker/sheets", lose_the_first_answer)
    context.set_offline(False)
    page.wait_for_url(re.compile(r"/tracker/e/[A-Za-z0-9_-]{32}$"), timeout=SENT_MS)
    expect(page.locator("#toast")).to_contain_text("now saved on the server")
    assert len(lost) == 1
    assert page.url.rsplit("/", 1)[1] == lost[0]  # the sheet made the first time, not a second
    context.close()
