"""J8, a rated game left early: it counts as a loss for the one who left, and both see it
(docs/journeys.md, docs/accounts.md "Leaving a rated game early is a loss").

Ava (a laptop, English) and Babak (a phone, Persian) each make an account from the home page's
sign-in entry and ask the lobby's quick match for a rated game for two, which seats them at one
table and starts it. After a few plays Babak leaves from the table's menu: its confirmation
says, in Persian, that leaving a rated game counts as a loss; he confirms and is home. Ava sees
a bot take his seat (her log says he left) and plays the game to its end; her game-over panel
names her the winner and says his leaving counts as a loss. Then Babak's history and profile
show a loss (his history adds that he left the game before its end) and a rating that went down,
and Ava's a win and a rating up, whatever the cards said.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from journey_support import (
    history_result,
    person,
    play_game,
    play_once,
    profile_rating,
    quick_match_rated,
    sign_up,
    table_id,
)
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PLAYS = 6
"""The plays made before Babak leaves (a hand and a half)."""


def test_j8_a_rated_game_left_early_is_a_loss_that_both_see(browser: Browser, server: str) -> None:
    ava = person(browser, "Ava", "j8")
    babak = person(browser, "Babak", "j8", screen="phone", lang="fa")
    sign_up(ava, server, "Ava")
    sign_up(babak, server, "بابک")

    # Quick match, rated: Ava asks first and waits; Babak's asking seats them both, started.
    quick_match_rated(ava)
    expect(ava.page.locator("#queue-status")).to_contain_text("Looking for players")
    quick_match_rated(babak)
    for someone in (ava, babak):
        someone.page.wait_for_url(re.compile(r"/play/t/"), timeout=15_000)
        someone.page.locator("#hand .hand-card").first.wait_for()
    assert table_id(ava.page) == table_id(babak.page)

    # A few plays, by whoever's turn it is.
    played = 0
    deadline = time.monotonic() + 60
    while played < PLAYS:
        assert time.monotonic() < deadline, "the first plays did not happen"
        played += sum(play_once(page) for page in (ava.page, babak.page))
        ava.page.wait_for_timeout(50)

    # Babak leaves from the menu: the confirmation says what it costs, in his words.
    babak.page.locator("#menu-button").click()
    babak.page.get_by_role("button", name="ترک میز…").click()
    expect(babak.page.locator("#leave-cost")).to_have_text(
        "این بازی امتیازی است: ترک آن باخت حساب می‌شود."
    )
    babak.shot("leave-confirmation")
    babak.page.get_by_role("button", name="ترک میز", exact=True).click()
    babak.page.wait_for_url(f"{server}/")

    # Ava sees a bot in his seat, and plays the game on to its end against it.
    others = ava.page.locator("#others .seat-panel")
    expect(others.locator(".seat-name")).to_have_text("casual bot")
    expect(ava.page.locator("#log .log-note")).to_have_text(
        ["بابک left the table; casual bot plays for them."]
    )
    ava.shot("bot-in-the-seat")
    play_game([ava.page])
    # Her game-over panel names her the winner whatever the cards said, as her rating counts it.
    over = ava.page.locator(".game-over")
    expect(over).to_be_visible()
    expect(over.locator(".winner")).to_have_text("You won!")
    expect(over.locator(".over-left")).to_have_text(["بابک left the game: it counts as a loss."])
    ava.shot("game-over")

    # The result as both see it: the leaver lost, whatever the cards said, and his rating went
    # down; Ava won, and hers went up.
    ava.page.locator(".game-over").get_by_role("link", name="Home", exact=True).click()
    assert history_result(ava) == "won"
    expect(ava.page.locator("#games li").first.locator("h2")).to_contain_text("Won")
    expect(ava.page.locator("#games li .game-left")).to_have_count(0)
    ava.shot("history")
    assert history_result(babak) == "lost"
    newest = babak.page.locator("#games li").first
    expect(newest.locator("h2")).to_contain_text("باختید")
    expect(newest.locator(".game-left")).to_have_text("شما این بازی را پیش از پایانش ترک کردید.")
    babak.shot("history")
    rating = profile_rating(ava, "Ava", "won")
    assert rating > 0, rating
    ava.shot("profile", whole=True)
    rating = profile_rating(babak, "بابک", "lost")
    assert rating < 0, rating
    babak.shot("profile", whole=True)
    ava.done()
    babak.done()
