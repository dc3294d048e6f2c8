"""Challenges between friends in Chromium: Ava follows Babak and challenges him to a rated table
from her friends page; Babak's open friends page shows it, he accepts and lands seated at the
table; Ava's friends page, left open, says so and takes her to the same table, seated, without a
reload; the game starts from the waiting room. The friends page with a pending and an accepted
challenge on a phone and a laptop, in English and Persian, scanned by axe.

Accounts are made on the account page with DevTools' virtual authenticator, as in
``test_account_browser.py``, on ``localhost`` (passkeys want a domain)."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, screenshot, watch
from playwright.sync_api import expect
from test_account_browser import new_account

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

TABLE_URL = re.compile(r"/play/t/([\w-]+)$")


@pytest.fixture(scope="module")
def site(server: str) -> str:
    return server.replace("127.0.0.1", "localhost")


def post(context: BrowserContext, url: str, body: object = None) -> Any:
    """A call with the context's cookie (a REST call of the person's own)."""
    answer = context.request.post(url, data=body if body is not None else {})
    assert answer.ok, answer.text()
    return answer.json() if answer.status != 204 else None


def seated_at(page: Page, table_id: str, name: str) -> None:
    """The table page shows the waiting room with ``name`` in their own seat."""
    page.wait_for_url(re.compile(rf"/play/t/{table_id}$"))
    mine = page.locator("#waiting .seat-panel.is-you")
    expect(mine.locator(".seat-name")).to_have_text(name)
    expect(mine.locator(".seat-note")).to_have_text("You")


def test_babak_accepts_and_both_friends_pages_land_seated_at_the_table(
    browser: Browser, site: str
) -> None:
    ava_context, ava = new_account(browser, site, "Ava", "en", DESKTOP)
    babak_context, babak = new_account(browser, site, "Babak", "en", PHONE)
    problems = watch(ava) + watch(babak)
    babak.goto(f"{site}/friends")
    babak.get_by_text("No challenges right now.").wait_for()

    ava.goto(f"{site}/friends")
    ava.locator("#follow-name").fill("Babak")
    ava.get_by_role("button", name="Follow", exact=True).click()
    friend = ava.locator("[data-friend='Babak']")
    friend.get_by_role("button", name="Challenge").click()
    friend.get_by_label("Rated game").check()
    screenshot(ava, "friends-challenge-form-en-desktop.png")
    friend.get_by_role("button", name="Send the challenge").click()
    ava.locator("#challenges li").get_by_text("rated").wait_for()

    # Babak's page, open all along, brings the challenge; he accepts and is at the table.
    incoming = babak.locator("#challenges li")
    incoming.get_by_role("button", name="Accept").click(timeout=10_000)
    babak.wait_for_url(TABLE_URL)
    match = TABLE_URL.search(babak.url)
    assert match is not None
    table_id = match.group(1)
    seated_at(babak, table_id, "Babak")
    assert babak.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")

    # Ava's page, left open, says who accepted, then goes to the same table: she is seated.
    ava.locator("#challenge-accepted").get_by_text("Babak accepted your challenge.").wait_for(
        timeout=10_000
    )
    seated_at(ava, table_id, "Ava")
    assert ava.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")
    table = ava_context.request.get(f"{site}/api/tables/{table_id}").json()
    assert [seat["name"] for seat in table["seats"]] == ["Ava", "Babak"]
    assert (table["status"], table["your_seat"]) == ("waiting", 0)

    # The table is full and waits for either of them: Ava starts, both are dealt a hand.
    ava.locator("#start:not([disabled])").click()
    for page in (ava, babak):
        page.locator("#hand .card").first.wait_for()
    assert problems == []
    ava_context.close()
    babak_context.close()


NAMES = {"en": ("Sara", "Omid"), "fa": ("سارا", "امید")}
TEXTS = {
    "en": ("accepted your challenge", "Stay here"),
    "fa": ("مبارزهٔ شما را پذیرفت", "همین‌جا می‌مانم"),
}


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_friends_page_with_a_pending_then_an_accepted_challenge(
    browser: Browser, site: str, lang: str
) -> None:
    sara, omid = NAMES[lang]
    challenger, page = new_account(browser, site, sara, lang, DESKTOP)
    challenged, other = new_account(browser, site, omid, lang, PHONE)
    problems = watch(page) + watch(other)
    assert challenger.request.put(f"{site}/api/friends/{omid}").ok
    made = post(challenger, f"{site}/api/challenges", {"name": omid, "rated": True})
    # The page's clock is faked, and held once the list is read, so the announcement stays on screen
    # while it is looked at.
    page.clock.install()
    page.goto(f"{site}/friends?lang={lang}")
    page.locator(f"[data-challenge='{made['id']}']").wait_for()
    # (An installed clock runs on with the real one; the scans below can take longer than the 3 s
    # after which the page goes to the table by itself.)
    page.clock.pause_at(time.time() + 1)
    other.goto(f"{site}/friends?lang={lang}")
    other.locator(f"[data-challenge='{made['id']}'] button.primary").wait_for()
    assert serious_violations(other) == []
    screenshot(other, f"friends-pending-{lang}-phone.png", whole=True)
    screenshot(page, f"friends-pending-{lang}-desktop.png")

    accepted = post(challenged, f"{site}/api/challenges/{made['id']}/accept")
    page.clock.run_for(5_000)  # the next reading of the lists
    banner = page.locator("#challenge-accepted")
    banner.get_by_text(TEXTS[lang][0]).wait_for()
    assert page.evaluate("document.activeElement.id") == "go-to-table"
    assert serious_violations(page, clock_held=True) == []
    screenshot(page, f"friends-accepted-{lang}-desktop.png")
    page.set_viewport_size(PHONE["viewport"])
    screenshot(page, f"friends-accepted-{lang}-phone.png")
    page.set_viewport_size(DESKTOP["viewport"])
    page.clock.run_for(3_000)
    page.wait_for_url(re.compile(rf"/play/t/{accepted['table_id']}$"))
    assert problems == []
    challenger.close()
    challenged.close()


def test_stay_here_keeps_the_page_and_its_go_link(browser: Browser, site: str) -> None:
    challenger, page = new_account(browser, site, "Nima", "en", DESKTOP)
    challenged, _ = new_account(browser, site, "Leila", "en", PHONE)
    problems = watch(page)
    made = post(challenger, f"{site}/api/challenges", {"name": "Leila"})
    page.clock.install()
    page.goto(f"{site}/friends")
    page.locator(f"[data-challenge='{made['id']}']").wait_for()
    accepted = post(challenged, f"{site}/api/challenges/{made['id']}/accept")
    page.clock.run_for(5_000)
    page.get_by_role("button", name=TEXTS["en"][1]).click()
    page.clock.run_for(10_000)
    assert page.locator("#challenge-accepted").is_hidden()
    assert page.url.endswith("/friends")
    link = page.locator(f"[data-challenge='{made['id']}'] a")
    assert link.get_attribute("href") == accepted["table_url"]
    # Opening the friends page later shows the link and never jumps to the table by itself.
    page.reload()
    page.locator(f"[data-challenge='{made['id']}'] a").wait_for()
    page.clock.run_for(10_000)
    assert page.url.endswith("/friends")
    assert problems == []
    challenger.close()
    challenged.close()
