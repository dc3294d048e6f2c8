"""J2, a guest becomes an account and plays everywhere (docs/journeys.md, docs/accounts.md "One
identity at every door").

Mina, a guest, goes from the home page to practice, types her name and plays a short game (the
target, in the house rules' advanced settings) to its end. She opens the home page's sign-in
entry: the account page offers her table name as the account's, and she creates the account with
a passkey (a virtual authenticator); her game is still in her history. Signed in, she never types
a name again: every form reads "Playing as Mina", none has a name field, and no page of hers posts
/api/guest. A friend, a guest in a browser of their own, makes a table from the home page's "Play
with friends" and gives her the invite link copied from the waiting room; she sits down through
its seat picker and they play a short game. Both ask the lobby's quick match for a rated game for
two and play it (standard rules, to 62). She practises again, makes a correspondence table (a day
a move) with the friend and plays it, and plays the daily deal to its result. Her history lists
every game at a table; the daily deal, a wing of its own, is not a table game and is not in the
history (docs/daily.md): its page keeps her result and her streak. Her public profile counts
every game and lists the one at a public table, the rated quick match, with the rating it moved.
Runs with Mina on a desktop in English (the friend on a phone in Persian) and on a phone in
Persian (the friend on a desktop in English).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from browser_support import PERSIAN_DIGITS, drawn_in_order
from journey_support import (
    TABLE_URL,
    Person,
    history,
    invite_link,
    person,
    play_game,
    playing_as,
    profile_rating,
    quick_match_rated,
    short_game,
    sign_up,
    sit_by_invite,
    table_id,
)
from playwright.sync_api import expect
from test_daily_browser import _play_to_the_end
from test_identity_browser import no_guest_posted

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator


# (name, screen, language) of Mina, then of her friend.
VARIANTS = {
    "mina-desktop-en": (("Mina", "desktop", "en"), ("دارا", "phone", "fa")),
    "mina-phone-fa": (("مینا", "phone", "fa"), ("Dara", "desktop", "en")),
}


def practise(someone: Person) -> None:
    """Home, then practice: a short game against a bot, started at once."""
    someone.home()
    link = someone.says("Practise against bots", "تمرین با ربات‌ها")
    someone.page.get_by_role("link", name=link).click()
    someone.page.wait_for_url(re.compile(r"/practise(\?|$)"))


def start_practice(someone: Person) -> str:
    """The practice form's short game, started and played to its end, then home; the table's
    id."""
    form = someone.page.locator("#practise-form")
    short_game(someone, form)
    someone.page.get_by_role("button", name=someone.says("Start practising", "شروع تمرین")).click()
    someone.page.wait_for_url(TABLE_URL)
    played = table_id(someone.page)
    to_the_end([someone])
    return played


def start(someone: Person) -> None:
    someone.page.get_by_role("button", name=someone.says("Start the game", "شروع بازی")).click()


def reads_in_order(someone: Person, line: Locator) -> None:
    """A history line of totals ("Mina 6, دارا 14") is drawn in the page's reading order, each
    total beside its name, whatever the script of each name."""
    sides = line.inner_text().split(someone.says(", ", "، "))
    pieces = [piece for side in sides for piece in side.rpartition(" ")[::2]]
    drawn_in_order(line, pieces, rtl=someone.lang == "fa")


def listed(someone: Person) -> list[str]:
    """Home, then History: the table of each game listed, newest first."""
    return [game.get_attribute("data-table") or "" for game in history(someone).all()]


def to_the_end(people: list[Person]) -> None:
    """Every one plays until the game-over panel; then each goes home from it."""
    play_game([someone.page for someone in people])
    for someone in people:
        over = someone.page.locator(".game-over")
        expect(over).to_be_visible()
        someone.shot("game-over")
        over.get_by_role("link", name=someone.says("Home", "خانه"), exact=True).click()
        someone.page.wait_for_url(re.compile(r"^[^?#]*://[^/]+/(\?|#|$)"))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_j2_a_guest_becomes_an_account_and_plays_everywhere(
    browser: Browser, server: str, variant: str
) -> None:
    (name, screen, lang), (friend_name, friend_screen, friend_lang) = VARIANTS[variant]
    mina = person(browser, "Mina", "j2", screen=screen, lang=lang)
    friend = person(browser, "Friend", "j2", screen=friend_screen, lang=friend_lang)

    # A guest: home, practice, her name typed once, a short game against a bot to its end.
    mina.go(server, "/")
    practise(mina)
    field = mina.page.get_by_label(mina.says("Your name", "نام شما"), exact=True)
    expect(field).to_have_value("")
    field.fill(name)
    first_practice = start_practice(mina)

    # She makes an account from the sign-in entry; the page offers her table name.
    sign_up(mina, server, name, offered=name)
    mina.shot("account")
    mina.home()
    expect(mina.page.locator("#account-entry")).to_have_text(name)
    assert listed(mina) == [first_practice]

    # Signed in, no page of hers makes a guest again.
    posted = no_guest_posted(mina.page)

    # The friend makes a table from "Play with friends" (a short game) and copies the invite.
    friend.go(server, "/")
    form = friend.page.locator("#friends-form")
    form.get_by_label(friend.says("Your name", "نام شما"), exact=True).fill(friend_name)
    short_game(friend, form)
    form.get_by_role("button", name=friend.says("Create the table", "ساختن میز")).click()
    friend.page.wait_for_url(TABLE_URL)
    link = invite_link(friend)
    sit_by_invite(mina, link, name)
    mina.shot("invite-seated")
    invited = table_id(mina.page)
    assert table_id(friend.page) == invited
    start(friend)
    to_the_end([mina, friend])

    # Quick match: both ask for a rated game for two and are seated at one table, started.
    quick_match_rated(mina)
    playing_as(mina, mina.page.locator("#guest-box"), name)
    expect(mina.page.locator("#queue-status")).to_be_visible()
    mina.shot("quick-match")
    quick_match_rated(friend)
    for someone in (mina, friend):
        someone.page.wait_for_url(TABLE_URL, timeout=15_000)
    matched = table_id(mina.page)
    assert table_id(friend.page) == matched
    to_the_end([mina, friend])

    # Practice again: no name to type.
    practise(mina)
    playing_as(mina, mina.page.locator("#practise-form"), name)
    mina.shot("practise-form")
    second_practice = start_practice(mina)

    # A correspondence table (a day a move) with the friend, by its invite link.
    form = mina.page.locator("#friends-form")
    playing_as(mina, form, name)
    short_game(mina, form)
    form.get_by_role("radio", name=mina.says("1 day", "۱ روز"), exact=True).check()
    mina.shot("correspondence-form")
    form.get_by_role("button", name=mina.says("Create the table", "ساختن میز")).click()
    mina.page.wait_for_url(TABLE_URL)
    correspondence = table_id(mina.page)
    sit_by_invite(friend, invite_link(mina), friend_name)
    start(mina)
    # The turn's clock reads in hours: a day a move.
    hours = mina.says("23 hours", "۲۳ ساعت")
    expect(mina.page.locator("#clock")).to_have_text(
        re.compile(f"^({hours}|{mina.says('1 day', '۱ روز')})$")
    )
    mina.shot("correspondence")
    to_the_end([mina, friend])

    # The daily deal, played to its result.
    daily = mina.says(
        "The daily deal: today's cards for everyone", "دست روز: کارت‌های امروز برای همه"
    )
    mina.page.get_by_role("link", name=daily).click()
    mina.page.wait_for_url(re.compile(r"/daily(\?|$)"))
    deals = mina.page.locator("#daily-deals")
    playing_as(mina, deals, name)
    deals.get_by_role("button", name=mina.says("Play today's deal", "بازی دست امروز")).first.click()
    mina.page.locator("#hand button").first.wait_for()
    _play_to_the_end(mina.page)
    mina.page.locator("body[data-result]").wait_for(state="attached")
    result = mina.page.locator("#daily-result")
    expect(
        result.get_by_role("heading", name=mina.says("Your result", "نتیجهٔ شما"))
    ).to_be_visible()
    expect(result.locator(".daily-leaders")).to_contain_text(name)
    first_day = mina.says("1 day in a row", "۱ روز (")
    expect(mina.page.locator("#daily-streak")).to_contain_text(first_day)
    mina.shot("daily-result", whole=True)

    # Her history lists every game at a table, under her name; the daily deal's page keeps her
    # result and her first day's streak.
    tables = [first_practice, invited, matched, second_practice, correspondence]
    assert sorted(listed(mina)) == sorted(tables)
    you = mina.says(f"{name} (you)", f"{name} (شما)")
    expect(mina.page.locator("#games li", has_text=you)).to_have_count(len(tables))
    for line in mina.page.locator("#games .game-totals").all():
        reads_in_order(mina, line)
    quick = mina.page.locator(f"#games li[data-table='{matched}'] h2 [class^=result-]")
    won = quick.get_attribute("class") == "result-won"
    mina.shot("history", whole=True)
    mina.home()
    mina.page.get_by_role("link", name=daily).click()
    expect(mina.page.locator("#daily-streak")).to_contain_text(first_day)
    see = mina.says("See your result", "دیدن نتیجه")
    expect(mina.page.locator(".daily-deal").first.get_by_role("button")).to_have_text(see)

    # Her profile counts every game and lists the one at a public table, the rated quick match,
    # with the two-player rating it moved.
    rating = profile_rating(mina, name, "won" if won else "lost")
    assert rating > 0 if won else rating < 0, (won, rating)
    count = str(len(tables))
    played = mina.says(f"{count} games played", f"{count.translate(PERSIAN_DIGITS)} بازی،")
    expect(mina.page.locator("#profile-lead")).to_contain_text(played)
    rated = mina.says("1 rated game", "۱ بازی امتیازی")
    expect(mina.page.locator("[data-format='2']")).to_contain_text(rated)
    recent = mina.page.locator("#recent li")
    expect(recent.get_by_role("link")).to_have_attribute(
        "href", re.compile(f"^/replay/{re.escape(matched)}/1")
    )
    seats = recent.locator(".profile-seats")
    drawn_in_order(seats, seats.locator("bdi").all_inner_texts(), rtl=mina.lang == "fa")
    mina.shot("profile", whole=True)

    assert posted == []
    mina.done()
    friend.done()
