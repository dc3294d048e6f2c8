"""The bots' own pool on the leaderboard, and a profile's bots beaten, in Chromium: an account
beats a random bot, then both pages show it, in English and Persian, on a phone and a laptop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, api, screenshot, watch
from test_account_browser import new_account
from test_learn_browser import _http, _play_out

from pasur.server.http.guests import COOKIE

if TYPE_CHECKING:
    from playwright.sync_api import Browser

GAMES = 30
"""Short games at most until the account has beaten the bot once (each is a coin toss)."""


@pytest.fixture(scope="module")
def site(server: str) -> str:
    return server.replace("127.0.0.1", "localhost")


def shown_in(lang: str) -> Callable[[int], str]:
    """How a page writes a whole number: Persian digits and minus sign in Persian."""
    persian = str.maketrans({**PERSIAN_DIGITS, ord("-"): "−"})
    return (lambda n: str(n).translate(persian)) if lang == "fa" else str


def beat_a_random_bot(site: str, cookie: str) -> int:
    """Play short games against a random bot until one is won; how many were played."""
    for played in range(1, GAMES + 1):
        body = {"players": 2, "settings": {"target": "1"}, "bots": {"1": "random"}}
        created, _ = _http(site, "POST", "/api/tables", body, cookie)
        table_id = created["table_id"]
        joined, _ = _http(site, "POST", f"/api/tables/{table_id}/join", {"seat": 0}, cookie)
        _http(site, "POST", f"/api/tables/{table_id}/start", {}, cookie)
        _play_out(site, table_id, joined["seat_token"])
        if api(site, "GET", f"/api/tables/{table_id}/games/1/record")["winner"] == 0:
            return played
    raise AssertionError(f"no game of {GAMES} against a random bot was won")


def test_the_leaderboard_shows_the_bots_apart_and_the_profile_the_bots_beaten(
    browser: Browser, site: str
) -> None:
    context, page = new_account(browser, site, "Shirin", "en")
    cookie = next(c["value"] for c in context.cookies() if c["name"] == COOKIE)
    context.close()
    played = beat_a_random_bot(site, cookie)
    board: dict[str, Any] = api(site, "GET", "/api/leaderboard?format=2")
    (bot,) = board["bots"]
    assert (bot["level"], bot["games"], bot["provisional"]) == ("random", played, played < 10)
    shots = [("en", PHONE, "phone"), ("fa", PHONE, "phone"), ("en", DESKTOP, "desktop")]
    shots.append(("fa", DESKTOP, "desktop"))
    for lang, device, size in shots:
        viewer = browser.new_context(**device, bypass_csp=True)
        page = viewer.new_page()
        problems = watch(page)
        digits = shown_in(lang)
        page.goto(f"{site}/leaderboard?format=2&lang={lang}")
        row = page.locator("#bots tbody tr")
        row.wait_for()
        name, once = ("random bot", "beaten once") if lang == "en" else ("ربات تصادفی", "یک برد")
        assert name in row.inner_text()
        assert row.locator("td strong").inner_text() == digits(bot["ordinal"])
        assert serious_violations(page) == [], "the leaderboard"
        screenshot(page, f"leaderboard-bots-{lang}-{size}.png", whole=True)

        page.goto(f"{site}/@/Shirin?lang={lang}")
        beaten = page.locator("#bots-beaten li")
        beaten.wait_for()
        assert name in beaten.inner_text() and once in beaten.inner_text()
        assert serious_violations(page) == [], "the profile"
        screenshot(page, f"profile-bots-{lang}-{size}.png", whole=True)
        assert problems == []
        viewer.close()
    shown = api(site, "GET", "/api/profiles/Shirin")["bots_beaten"]
    assert shown == [{"level": "random", "wins": 1}]
