"""One identity at every door (issue 28) in Chromium: a signed-in account makes a table from the
home page, takes a seat at an invite's seat picker, queues for a quick match and starts practice
without ever typing a name ("Playing as <name>" where the name field was), in English and Persian
on a phone and a laptop; a guest keeps the name field, filled. (A first visit played offline,
which reaches the history under the name typed offline, is journey J5: tests/journeys/.)

The account is made in a browser with a virtual authenticator (test_account_browser.py), on
``localhost``; its cookie is then put in each new browser context."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import DESKTOP, PHONE, guest_context, screenshot, watch
from test_account_browser import new_account
from test_learn_browser import _http

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

ACCOUNT = "Ava_Door"
SIZES = {"phone": PHONE, "desktop": DESKTOP}
PLAYING_AS = {"en": f"Playing as {ACCOUNT}", "fa": f"بازی با نام {ACCOUNT}"}
CENTRED = "element => element.scrollIntoView({ block: 'center' })"


@pytest.fixture(scope="module")
def site(server: str) -> str:
    return server.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def account_cookies(browser: Browser, site: str) -> list[Any]:
    """The cookies of a browser signed in to a new account (made there with a passkey)."""
    context, _ = new_account(browser, site, ACCOUNT, "en")
    cookies = context.cookies()
    context.close()
    return cookies


def signed_in(browser: Browser, cookies: list[Any], size: str) -> BrowserContext:
    context = browser.new_context(**SIZES[size])
    context.add_cookies(cookies)
    return context


def no_guest_posted(page: Page) -> list[str]:
    """Every POST /api/guest the page makes (an account's pages make none)."""
    posted: list[str] = []
    page.on(
        "request",
        lambda request: (
            posted.append(request.url)
            if request.method == "POST" and request.url.endswith("/api/guest")
            else None
        ),
    )
    return posted


def playing_as(page: Page, where: str, lang: str) -> None:
    """``where`` says "Playing as <the account>", its name isolated in a <bdi>."""
    shown = page.locator(f"{where} [data-playing-as]")
    shown.wait_for()
    assert shown.inner_text() == PLAYING_AS[lang]
    assert shown.locator("bdi").inner_text() == ACCOUNT
    shown.evaluate(CENTRED)  # for the screenshot that follows


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_account_takes_a_seat_at_every_door_without_a_name(
    browser: Browser, site: str, account_cookies: list[Any], lang: str, size: str
) -> None:
    context = signed_in(browser, account_cookies, size)
    page = context.new_page()
    problems = watch(page)
    posted = no_guest_posted(page)
    shot = f"{lang}-{size}.png"

    # Home: "Play with friends" makes the table; the account is seated under its name.
    page.goto(f"{site}/?anim=0&lang={lang}")
    playing_as(page, "#friends-form", lang)
    assert page.locator("#friends-name").count() == 0
    screenshot(page, f"identity-home-account-{shot}")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r"/play/t/"))
    page.locator("#waiting", has_text=ACCOUNT).wait_for()

    # An invite: someone else's table, the account at its seat picker.
    _, host = _http(site, "POST", "/api/guest", {"name": "Host"}, "")
    created, _ = _http(site, "POST", "/api/tables", {"players": 2}, host)
    _http(site, "POST", f"/api/tables/{created['table_id']}/join", {"seat": 0}, host)
    page.goto(f"{site}/play/t/{created['table_id']}?anim=0&lang={lang}")
    playing_as(page, "#seat-picker", lang)
    screenshot(page, f"identity-picker-account-{shot}")
    page.locator("[data-take-seat='1']").click()
    page.locator("#waiting", has_text=ACCOUNT).wait_for()

    # Quick match in the lobby: queued at once, then out again.
    page.goto(f"{site}/lobby?anim=0&lang={lang}")
    playing_as(page, "#guest-box", lang)
    screenshot(page, f"identity-lobby-account-{shot}")
    page.locator("#queue-join").click()
    page.locator("#queue-status").wait_for()
    screenshot(page, f"identity-queue-account-{shot}")
    page.locator("#queue-leave").click()
    page.locator("#queue-join").wait_for()

    # The daily deal names the account too.
    page.goto(f"{site}/daily?lang={lang}")
    playing_as(page, "#daily-deals", lang)
    screenshot(page, f"identity-daily-account-{shot}")

    # Practice against a bot, started at once.
    page.goto(f"{site}/practise?anim=0&lang={lang}")
    playing_as(page, "#practise-form", lang)
    screenshot(page, f"identity-practise-account-{shot}")
    page.locator("#start-practice").click()
    page.wait_for_url(re.compile(r"/play/t/"))
    page.locator(".hand-card").first.wait_for()

    assert posted == []
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_guest_keeps_the_name_field_filled(
    browser: Browser, site: str, lang: str, size: str
) -> None:
    context = guest_context(browser, site, "Sara", **SIZES[size])
    page = context.new_page()
    problems = watch(page)
    shot = f"{lang}-{size}.png"
    for path, field, name in (
        ("/", "#friends-name", "home"),
        ("/practise", "#practise-name", "practise"),
        ("/lobby", "#lobby-name", "lobby"),
    ):
        page.goto(f"{site}{path}?anim=0&lang={lang}")
        page.locator(field).wait_for()
        assert page.locator(field).input_value() == "Sara"
        assert page.locator("[data-playing-as]").count() == 0
        page.locator(field).evaluate(CENTRED)
        screenshot(page, f"identity-{name}-guest-{shot}")
    # A stranger types a name once on the daily deal; the seat picker is the guest's too.
    stranger = browser.new_context(**SIZES[size]).new_page()
    problems += watch(stranger)
    stranger.goto(f"{site}/daily?lang={lang}")
    stranger.locator("#daily-name").wait_for()
    screenshot(stranger, f"identity-daily-nobody-{shot}")
    _, host = _http(site, "POST", "/api/guest", {"name": "Host"}, "")
    created, _ = _http(site, "POST", "/api/tables", {"players": 2}, host)
    stranger.goto(f"{site}/play/t/{created['table_id']}?anim=0&lang={lang}")
    stranger.locator("#picker-name").wait_for()
    screenshot(stranger, f"identity-picker-nobody-{shot}")
    page.goto(f"{site}/play/t/{created['table_id']}?anim=0&lang={lang}")
    shown = page.locator("#seat-picker [data-playing-as]")
    shown.wait_for()
    assert shown.locator("bdi").inner_text() == "Sara"
    assert problems == []
    context.close()
    stranger.context.close()
