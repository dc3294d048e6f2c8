"""J3, friends: two accounts follow each other and play a rated challenge, then one blocks the
other (docs/journeys.md).

Ava and Babak each make an account from the home page's sign-in entry, in a browser of their
own, and follow each other on the friends page, where each sees the other online. Ava sends a
rated challenge; Babak accepts and lands seated at the table; Ava's friends page, left open,
takes her to the same table, seated, with no reload. Babak starts, they play the game to its end
by tapping, and both see the game-over panel. Each one's history lists the game, won or lost;
each profile lists it and shows the rating it moved, up for the winner and down for the loser.
Then Babak blocks Ava: the challenge she was writing is refused in her language, and nothing
reaches Babak. Runs twice: Ava on a laptop in English and Babak on a phone in Persian, and the
other way round. A person in Persian takes a name in Persian letters.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from journey_support import (
    Person,
    history_result,
    in_own_seat,
    person,
    play_game,
    profile_rating,
    sign_up,
    table_id,
)
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser

TABLE_URL = re.compile(r"/play/t/[\w-]+$")

# (name, screen, language) of Ava, then Babak.
VARIANTS = {
    "ava-desktop-en-babak-phone-fa": (("Ava", "desktop", "en"), ("بابک", "phone", "fa")),
    "ava-phone-fa-babak-desktop-en": (("آوا", "phone", "fa"), ("Babak", "desktop", "en")),
}


def account_page(someone: Person) -> None:
    """Home, then the home page's account entry, which now reads their name."""
    someone.home()
    someone.page.locator("#account-entry").click()
    someone.page.wait_for_url(re.compile(r"/account(\?|$)"))


def friends_page(someone: Person) -> None:
    """From the account page to their friends page."""
    account_page(someone)
    someone.page.get_by_role("link", name=someone.says("Friends", "دوستان"), exact=True).click()
    someone.page.wait_for_url(re.compile(r"/friends(\?|$)"))
    someone.page.locator("#friends-view .panel").first.wait_for()


def follow(someone: Person, name: str) -> None:
    """Follow ``name`` by typing it; their row says they are online."""
    someone.page.locator("#follow-name").fill(name)
    label = someone.says("Follow", "دنبال کردن")
    someone.page.get_by_role("button", name=label, exact=True).click()
    row = someone.page.locator(f"[data-friend='{name}']")
    expect(row.locator(".presence")).to_have_text(someone.says("online", "آنلاین"))


def seated(someone: Person, name: str) -> None:
    """The table's waiting room with the person in their own seat."""
    someone.page.wait_for_url(TABLE_URL)
    in_own_seat(someone, name)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_j3_friends_play_a_rated_challenge_then_one_blocks_the_other(
    browser: Browser, server: str, variant: str
) -> None:
    (ava_name, ava_screen, ava_lang), (babak_name, babak_screen, babak_lang) = VARIANTS[variant]
    ava = person(browser, "Ava", "j3", screen=ava_screen, lang=ava_lang)
    babak = person(browser, "Babak", "j3", screen=babak_screen, lang=babak_lang)
    sign_up(ava, server, ava_name)
    sign_up(babak, server, babak_name)
    for someone in (ava, babak):
        expect(someone.page.locator("html")).to_have_attribute(
            "dir", "rtl" if someone.lang == "fa" else "ltr"
        )

    # Both go home, then to their friends page, and follow each other by name.
    for someone in (ava, babak):
        friends_page(someone)
    babak.page.get_by_text(
        babak.says("No challenges right now.", "اکنون مبارزه‌ای نیست.")
    ).wait_for()
    follow(ava, babak_name)
    follow(babak, ava_name)
    ava.shot("following")

    # Ava challenges Babak to a rated game.
    friend = ava.page.locator(f"[data-friend='{babak_name}']")
    friend.get_by_role("button", name=ava.says("Challenge", "مبارزه"), exact=True).click()
    friend.get_by_label(ava.says("Rated game", "بازی امتیازی")).check()
    friend.get_by_role("button", name=ava.says("Send the challenge", "فرستادن مبارزه")).click()
    sent = ava.page.locator("#challenges li")
    expect(sent.locator(".badge")).to_have_text(ava.says("rated", "امتیازی"))
    ava.shot("challenge-sent")

    # Babak's page, open all along, brings it within a reading of the lists; he accepts.
    incoming = babak.page.locator("#challenges li")
    expect(incoming.locator(".badge")).to_have_text(babak.says("rated", "امتیازی"), timeout=10_000)
    expect(incoming).to_contain_text(ava_name)
    babak.shot("challenge-received")
    incoming.get_by_role("button", name=babak.says("Accept", "پذیرفتن"), exact=True).click()
    seated(babak, babak_name)
    table = table_id(babak.page)

    # Ava's page, left open, says who accepted and takes her to the same table, seated.
    banner = ava.page.locator("#challenge-accepted")
    accepted = ava.says(
        f"{babak_name} accepted your challenge.", f"{babak_name} مبارزهٔ شما را پذیرفت."
    )
    expect(banner).to_contain_text(accepted, timeout=10_000)
    ava.shot("challenge-accepted")
    seated(ava, ava_name)
    assert table_id(ava.page) == table
    ava.shot("seated")

    # Babak starts; they play the whole game by tapping; both see its end.
    babak.page.get_by_role("button", name=babak.says("Start the game", "شروع بازی")).click()
    play_game([ava.page, babak.page])
    for someone in (ava, babak):
        expect(someone.page.locator(".game-over")).to_be_visible()
        someone.shot("game-over")

    # Their histories list the game, one won and one lost; their profiles list it too, with the
    # rating it moved: up from the first rating's 0 for the winner, down for the loser.
    results = {}
    for someone, name in ((ava, ava_name), (babak, babak_name)):
        over = someone.page.locator(".game-over")
        over.get_by_role("link", name=someone.says("Home", "خانه"), exact=True).click()
        results[name] = history_result(someone)
        someone.shot("history")
        rating = profile_rating(someone, name, results[name])
        assert rating > 0 if results[name] == "won" else rating < 0, (name, rating)
        someone.shot("profile", whole=True)
    assert sorted(results.values()) == ["lost", "won"], results

    # Ava opens a new challenge to Babak; meanwhile Babak blocks her. Sending it is refused in
    # her words, and nothing reaches Babak.
    friends_page(ava)
    friend = ava.page.locator(f"[data-friend='{babak_name}']")
    friend.get_by_role("button", name=ava.says("Challenge", "مبارزه"), exact=True).click()
    friends_page(babak)
    blocked = babak.page.locator(f"[data-friend='{ava_name}']")
    blocked.get_by_role("button", name=babak.says("Block", "مسدود کردن")).click()
    expect(babak.page.locator(f"[data-friend='{ava_name}']")).to_have_count(0)
    friend.get_by_role("button", name=ava.says("Send the challenge", "فرستادن مبارزه")).click()
    refused = ava.says("That is not possible with this person.", "با این بازیکن این کار شدنی نیست.")
    expect(ava.page.locator("#friends-error")).to_have_text(refused)
    expect(ava.page.locator("#friends-error")).to_be_in_viewport()  # a phone's too
    ava.shot("challenge-refused")
    babak.page.reload()
    babak.page.locator("#friends-view .panel").first.wait_for()
    accept = babak.says("Accept", "پذیرفتن")
    expect(babak.page.get_by_role("button", name=accept, exact=True)).to_have_count(0)
    babak.shot("blocked")
    ava.done(refused=403)  # the refused challenge, said in words above
    babak.done()
