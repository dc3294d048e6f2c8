"""Accounts in Chromium with a virtual authenticator (DevTools' WebAuthn domain): a guest plays a
rated game, adds a passkey on the account page, and a second browser holding the same passkey
signs in and sees the same history and rating; the page in both languages, scanned by axe.

Passkeys need a secure context and a domain as the relying party: the page is opened on
``localhost`` (the server listens on loopback), not on an IP address."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import (
    DESKTOP,
    PHONE,
    api,
    authenticator,
    drawn_in_order,
    screenshot,
    watch,
)
from test_learn_browser import _http, _play_out

from pasur.server.http.guests import COOKIE

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


@pytest.fixture(scope="module")
def site(server: str) -> str:
    return server.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def rated_game(site: str) -> Iterator[dict[str, Any]]:
    """Ava and Babak's rated game, played out; Ava's guest cookie and the game's record."""
    _, ava = _http(site, "POST", "/api/guest", {"name": "Ava"}, "")
    _, babak = _http(site, "POST", "/api/guest", {"name": "Babak"}, "")
    created, _ = _http(
        site,
        "POST",
        "/api/tables",
        {"players": 2, "private": False, "rated": True, "settings": {"target": "1"}},
        ava,
    )
    table_id = created["table_id"]
    tokens = [
        _http(site, "POST", f"/api/tables/{table_id}/join", {"seat": seat}, cookie)[0]["seat_token"]
        for seat, cookie in enumerate((ava, babak))
    ]
    _http(site, "POST", f"/api/tables/{table_id}/start", {}, ava)
    players = [threading.Thread(target=_play_out, args=(site, table_id, t)) for t in tokens]
    for player in players:
        player.start()
    for player in players:
        player.join()
    record = api(site, "GET", f"/api/tables/{table_id}/games/1/record")
    yield {"table_id": table_id, "cookie": ava, "babak": babak, "record": record}


def account_shown(page: Page) -> None:
    page.locator("#passkeys li").first.wait_for()


def new_account(
    browser: Browser, site: str, name: str, lang: str, device: dict[str, Any] = PHONE
) -> tuple[BrowserContext, Page]:
    """A browser (a phone unless ``device`` says otherwise) with its own authenticator, signed in
    to a new account called ``name``."""
    context = browser.new_context(**device, bypass_csp=True)
    page = context.new_page()
    authenticator(context, page)
    page.goto(f"{site}/account?lang={lang}")
    page.locator("#account-name").fill(name)
    page.locator("#account-view form button[type=submit]").first.click()
    account_shown(page)
    return context, page


def test_a_guest_adds_a_passkey_and_another_browser_signs_in_to_the_same_games(
    browser: Browser, site: str, rated_game: dict[str, Any]
) -> None:
    phone = browser.new_context(**PHONE)
    phone.add_cookies([{"name": COOKIE, "value": rated_game["cookie"], "url": site}])
    page = phone.new_page()
    problems = watch(page)
    cdp, first = authenticator(phone, page)
    page.goto(f"{site}/account")
    name = page.locator("#account-name")
    assert name.input_value() == "Ava"  # the table name is offered
    screenshot(page, "account-guest-en-phone.png")
    name.fill("Ava_Tehrani")
    page.get_by_role("button", name="Create account with a passkey").click()
    account_shown(page)
    rating = page.locator("#account-rating").inner_text()
    assert "after 1 rated game" in rating
    screenshot(page, "account-en-phone.png", whole=True)
    passkeys = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first})["credentials"]
    assert [(p["isResidentCredential"], p["rpId"]) for p in passkeys] == [(True, "localhost")]
    page.goto(f"{site}/history")
    page.locator("#games li").first.wait_for()
    history = page.locator("#games").inner_text()

    laptop = browser.new_context(**DESKTOP)
    other = laptop.new_page()
    problems += watch(other)
    laptop_cdp, second = authenticator(laptop, other)
    # The same passkey on the second device, as a passkey provider syncs it.
    laptop_cdp.send(
        "WebAuthn.addCredential", {"authenticatorId": second, "credential": passkeys[0]}
    )
    other.goto(f"{site}/account")
    other.get_by_role("button", name="Sign in with a passkey").click()
    account_shown(other)
    assert other.locator("#account-rating").inner_text() == rating
    assert "Ava_Tehrani" in other.locator("#account-lead").inner_text()
    screenshot(other, "account-en-desktop.png", whole=True)
    other.goto(f"{site}/history")
    other.locator("#games li").first.wait_for()
    assert other.locator("#games").inner_text() == history

    # The account's public profile: the two-player rating, provisional, its chart, the game.
    other.goto(f"{site}/@/Ava_Tehrani")
    card = other.locator("[data-format='2']")
    card.locator("svg.race-chart").wait_for()
    assert "provisional" in card.inner_text()
    assert card.locator(".profile-rating strong").inner_text() in rating
    replay = other.locator("#recent a").get_attribute("href")
    assert replay == f"/replay/{rated_game['table_id']}/1?seat=0"
    screenshot(other, "profile-en-desktop.png", whole=True)

    # Signed out everywhere else, the phone is a stranger on its next visit.
    other.goto(f"{site}/account")
    account_shown(other)
    other.get_by_role("button", name="Sign out everywhere else").click()
    other.locator("#toast:not([hidden])").wait_for()
    page.goto(f"{site}/account")
    page.locator("#sign-in-passkey").wait_for()
    assert problems == []
    phone.close()
    laptop.close()


def test_a_device_link_code_signs_a_browser_in(browser: Browser, site: str) -> None:
    desk = browser.new_context(**DESKTOP)
    page = desk.new_page()
    problems = watch(page)
    authenticator(desk, page)
    page.goto(f"{site}/account")
    page.locator("#account-name").fill("Kian_2")
    page.get_by_role("button", name="Create account with a passkey").click()
    account_shown(page)
    page.get_by_role("button", name="Show a code for another device").click()
    code = page.locator("#link-code-shown").inner_text()

    phone = browser.new_context(**PHONE)
    other = phone.new_page()
    problems += watch(other)
    other.goto(f"{site}/account?lang=fa")
    other.locator("#link-code").fill(code)
    other.get_by_role("button", name="ورود با کد").click()
    account_shown(other)
    assert "Kian_2" in other.locator("#account-lead").inner_text()
    screenshot(other, "account-fa-phone.png", whole=True)
    # The code worked once: a third browser is told so, in Persian.
    third = browser.new_context(**PHONE).new_page()
    problems += [p for p in watch(third) if "400" not in p]
    third.goto(f"{site}/account?lang=fa")
    third.locator("#link-code").fill(code)
    third.get_by_role("button", name="ورود با کد").click()
    third.locator("#account-error:not([hidden])").wait_for()
    assert (
        third.locator("#account-error").inner_text() == "این کد ناشناخته، به‌کاررفته یا منقضی است."
    )
    # The refused code's 400 is the one console line.
    assert [p for p in problems if "400" not in p] == []
    desk.close()
    phone.close()


def test_the_lobby_shows_a_rated_person_s_rating(
    browser: Browser, site: str, rated_game: dict[str, Any]
) -> None:
    babak = rated_game["babak"]
    created, _ = _http(site, "POST", "/api/tables", {"private": False, "rated": True}, babak)
    _http(site, "POST", f"/api/tables/{created['table_id']}/join", {"seat": 0}, babak)
    board = {row["name"]: row["ordinal"] for row in api(site, "GET", "/api/ratings")["ratings"]}
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{site}/lobby")
    row = page.locator(f"[data-table='{created['table_id']}']")
    row.wait_for()
    assert f"Babak ({board['Babak']})" in row.inner_text()
    assert "rated" in row.inner_text()
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_account_page_passes_the_accessibility_scan(
    browser: Browser, site: str, lang: str
) -> None:
    context = browser.new_context(**PHONE, bypass_csp=True)
    page = context.new_page()
    problems = watch(page)
    authenticator(context, page)
    page.goto(f"{site}/account?lang={lang}")
    page.locator("#account-name").wait_for()
    assert serious_violations(page) == [], "the guest's view"
    page.locator("#account-name").fill(f"Scan_{lang}")
    page.locator("#account-view form button[type=submit]").first.click()
    account_shown(page)
    assert serious_violations(page) == [], "the account's view"
    screenshot(page, f"account-scan-{lang}-phone.png", whole=True)
    page.goto(f"{site}/?lang={lang}")
    entry = page.locator("#account-entry")
    assert entry.inner_text() == f"Scan_{lang}"
    page.goto(f"{site}/@/Scan_{lang}?lang={lang}")
    page.locator("#recent-title").wait_for()
    assert serious_violations(page) == [], "the profile"
    page.goto(f"{site}/leaderboard?format=partnerships&lang={lang}")
    page.locator("#board p, #board table").first.wait_for()
    assert page.locator("#formats [aria-current=page]").count() == 1
    assert serious_violations(page) == [], "the leaderboard"
    screenshot(page, f"leaderboard-{lang}-phone.png")
    assert problems == []
    context.close()


def test_a_friend_is_followed_seen_online_challenged_and_the_challenge_accepted(
    browser: Browser, site: str
) -> None:
    one, ava = new_account(browser, site, "Ava_F", "en")
    two, babak = new_account(browser, site, "Babak_F", "fa")
    problems = watch(ava) + watch(babak)
    ava.goto(f"{site}/friends?lang=en")
    ava.locator("#follow-name").fill("babak_f")
    ava.get_by_role("button", name="Follow", exact=True).click()
    friend = ava.locator("[data-friend='Babak_F']")
    friend.wait_for()
    assert "online" in friend.inner_text()
    assert serious_violations(ava) == [], "the friends page"
    friend.get_by_role("button", name="Challenge").click()
    friend.locator("select").first.select_option("3")
    friend.get_by_role("button", name="Send the challenge").click()
    ava.locator("#challenges li").wait_for()
    screenshot(ava, "friends-en-phone.png", whole=True)

    babak.goto(f"{site}/friends?lang=fa")
    incoming = babak.locator("#challenges li")
    incoming.wait_for()
    assert "Ava_F" in incoming.inner_text()
    assert serious_violations(babak) == [], "the friends page in Persian"
    screenshot(babak, "friends-fa-phone.png", whole=True)
    incoming.get_by_role("button", name="پذیرفتن", exact=True).click()
    babak.wait_for_url("**/play/t/**")
    table = babak.url.rsplit("/", 1)[1]
    assert api(site, "GET", f"/api/tables/{table}")["players"] == 3
    ava.locator(f"#challenges a[href='/play/t/{table}']").wait_for(timeout=20_000)
    assert problems == []
    one.close()
    two.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_recent_game_names_its_players_in_reading_order_whatever_their_script(
    browser: Browser, site: str, lang: str
) -> None:
    """A profile's recent game between a Latin and a Persian name, the other script first: the
    names read in the page's order (the list once took its direction from its first name)."""
    other, own = ("دارا", "Mina") if lang == "en" else ("Dara", "مینا")
    profile = {
        "name": own,
        "since": "2026-01-02T10:00:00Z",
        "ratings": {},
        "played": 1,
        "won": 0,
        "bots_beaten": [],
        "recent": [
            {
                "table_id": "t1",
                "game": 1,
                "finished_at": "2026-01-02T11:00:00Z",
                "seats": [other, own],
                "you": 1,
                "totals": [62, 40],
                "winner": 0,
                "won": False,
                "replay_url": "/replay/t1/1?seat=1",
            }
        ],
    }
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    # The profile as the server would answer it for these two names (no account needs making).
    page.route("**/api/profiles/**", lambda route: route.fulfill(json=profile))
    page.goto(f"{site}/@/{own}?lang={lang}")
    self_word = "(this player)" if lang == "en" else "(همین بازیکن)"
    drawn_in_order(page.locator("#recent li"), [other, own, self_word], rtl=lang == "fa")
    screenshot(page, f"profile-mixed-names-{lang}-phone.png")
    assert problems == []
    context.close()
