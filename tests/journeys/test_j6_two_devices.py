"""J6, one account on two devices: a phone signed in by a one-time code continues a
correspondence game, and the laptop is told when the turn comes back (docs/journeys.md,
docs/accounts.md "Becoming an account, signing in", docs/alerts.md).

Ava makes an account on her laptop (in Persian) and a correspondence table from the home page's
"Play with friends" form, a day a move; her friend Babak, an account in a browser of his own,
sits down by its invite link and she starts the game. She leaves the table open in its tab and
opens the site in another tab, where her account page shows her a one-time code. On her phone
(in English, a new browser) she signs in with the code, finds the game in "My games" on the home
page, marked as her turn, opens it (the table page takes her seat on this device) and plays.
Babak plays. On the laptop, the table's tab, behind the other, reads "● Your turn" in its title
with the badged icon, and the home page's "My games" marks the game as hers to play; back in the
table's tab, the title is plain again.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from browser_support import watch
from journey_support import (
    TABLE_URL,
    invite_link,
    person,
    play_once,
    playing_as,
    sign_up,
    sit_by_invite,
    table_id,
    wait_until,
)
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

AVA = "آوا"
TURN_TITLE = "● نوبت شماست — پاسور"
"""The laptop's table tab, behind another, when the turn is Ava's (in Persian, as her laptop)."""

BADGED_ICON = "/static/img/icon-turn.svg"


def her_turn(page: Page) -> bool:
    """The page shows the person's hand with a card to play: it is their turn."""
    return page.locator(".hand-card.is-playable").count() > 0


def icon(page: Page) -> str | None:
    return page.locator("link[rel=icon]").get_attribute("href")


def test_j6_a_phone_signed_in_by_code_continues_the_game_and_the_laptop_is_told(
    browser: Browser, server: str
) -> None:
    laptop = person(browser, AVA, "j6", lang="fa")
    babak = person(browser, "Babak", "j6")
    sign_up(laptop, server, AVA)
    sign_up(babak, server, "Babak")

    # On her laptop Ava makes a correspondence table, a day a move; Babak sits by its invite link.
    laptop.home()
    form = laptop.page.locator("#friends-form")
    playing_as(laptop, form, AVA)
    form.get_by_role("radio", name="۱ روز", exact=True).check()
    form.get_by_role("button", name="ساختن میز").click()
    laptop.page.wait_for_url(TABLE_URL)
    table = table_id(laptop.page)
    sit_by_invite(babak, invite_link(laptop), "Babak")
    laptop.page.get_by_role("button", name="شروع بازی").click()
    expect(laptop.page.locator("#clock")).to_have_text(re.compile("^(۱ روز|۲۳ ساعت)$"))

    # Babak plays if the game opens with his turn, until the turn is Ava's.
    def avas_turn() -> bool:
        play_once(babak.page)
        return her_turn(laptop.page)

    wait_until(avas_turn, "Ava's turn")
    laptop.shot("table")

    # The table stays open in its tab. (Headless Chromium tells every page it has the focus; a
    # real browser's tab behind another knows it has not, and the table page's alerts ask.)
    table_tab = laptop.page
    laptop.context.new_cdp_session(table_tab).send(
        "Emulation.setFocusEmulationEnabled", {"enabled": False}
    )
    plain = table_tab.title()
    assert plain != TURN_TITLE

    # In another tab, her account page shows a one-time code for another device.
    laptop.page = laptop.context.new_page()
    tab_problems = watch(laptop.page)
    laptop.page.bring_to_front()
    laptop.go(server, "/")
    laptop.page.locator("#account-entry").click()
    laptop.page.get_by_role("button", name="نشان دادن کد برای دستگاه دیگر").click()
    code = laptop.page.locator("#link-code-shown").inner_text()
    laptop.shot("link-code")

    # Her phone, a new browser: she signs in with the code from the home page's sign-in entry.
    phone = person(browser, AVA, "j6", screen="phone")
    phone.go(server, "/")
    phone.page.locator("#account-entry").click()
    phone.page.wait_for_url(re.compile(r"/account(\?|$)"))
    phone.page.get_by_label("Code from your other device").fill(code)
    phone.page.get_by_role("button", name="Sign in with the code").click()
    expect(phone.page.get_by_text(f"Signed in as {AVA}.")).to_be_visible()
    phone.shot("signed-in")

    # "My games" lists the game, her turn; she opens it and plays on the phone.
    phone.home()
    expect(phone.page.locator("#account-entry")).to_have_text(AVA)
    row = phone.page.locator(f"#my-games .my-game[data-table='{table}']")
    expect(row).to_contain_text("Babak")
    expect(row.locator(".my-game-status")).to_have_text("Your turn")
    expect(row).to_have_class("my-game is-mine")
    phone.shot("my-games")
    row.click()
    phone.page.wait_for_url(TABLE_URL)
    assert table_id(phone.page) == table
    wait_until(lambda: play_once(phone.page), "Ava's play on her phone")
    wait_until(lambda: not her_turn(phone.page), "the turn passing to Babak")
    phone.shot("played")

    # Babak plays; the laptop's table tab, behind the other, says it is Ava's turn.
    assert table_tab.title() == plain
    wait_until(lambda: play_once(babak.page), "Babak's play")
    wait_until(lambda: table_tab.title() == TURN_TITLE, "the turn's title on the laptop")
    assert icon(table_tab) == BADGED_ICON
    expect(phone.page.locator(".hand-card.is-playable").first).to_be_visible()  # and the phone

    # The laptop's home page marks the game as hers to play.
    laptop.home()
    mine = laptop.page.locator(f"#my-games .my-game[data-table='{table}']")
    expect(mine.locator(".my-game-status")).to_have_text("نوبت شما")
    expect(mine).to_have_class("my-game is-mine")
    laptop.shot("my-games")

    # Back in the table's tab, the title and the icon are plain again.
    table_tab.bring_to_front()
    wait_until(lambda: table_tab.title() == plain, "the plain title back")
    assert icon(table_tab) != BADGED_ICON
    assert tab_problems == []
    for someone in (phone, babak, laptop):
        someone.done()
