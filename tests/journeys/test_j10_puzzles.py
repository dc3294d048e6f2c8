"""J10, puzzles as a guest, then as the account the guest becomes (docs/journeys.md).

A newcomer opens the home page's "Puzzles" link, goes to the daily puzzle, types their name (the
page asks for one before the first attempt, as the daily deal does) and misses it: the coach
names the best play and the rating falls. "Next puzzle" brings one not tried yet, which they
solve: the rating rises, and "Your last puzzles" lists both, the daily one first as a miss. They
make an account from the sign-in entry (the account page offers the name they typed), come back to
the puzzles by the home page's link, and find the same rating, the same two puzzles and the daily
puzzle marked done; the page asks for no name now. They solve or miss one more, and it is listed
third. The solutions are read from the shipped sets by the puzzle's id, as the page's own test
does (tests/browser/test_puzzles_browser.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from journey_support import Person, person, sign_up
from playwright.sync_api import expect
from test_puzzles_browser import PUZZLES, _attempted, _play, _rating, _ready

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# (name, screen, language)
VARIANTS = {"phone-fa": ("پرستو", "phone", "fa"), "desktop-en": ("Parastoo", "desktop", "en")}


def open_puzzles(someone: Person) -> None:
    """Home, then the puzzles link; the page is ready when a position is on the felt."""
    someone.home()
    link = someone.says("Puzzles: find the best play", "معماها: بهترین بازی را پیدا کنید")
    someone.page.get_by_role("link", name=link).click()
    shown(someone.page)


def shown(page: Page) -> str:
    """The id of the puzzle on the felt, once its cards can be played."""
    _ready(page)
    return page.evaluate("document.body.dataset.puzzle")


def attempt(someone: Person, play: str, verdict: str) -> int:
    """Play ``play`` and wait for the verdict and the record read again; the rating after."""
    page = someone.page
    before = page.locator("#puzzle-rating").inner_text()
    _play(page, play)
    _attempted(page, verdict, before)
    words = {"solved": ("Solved!", "حل شد!"), "failed": ("Not the best play", "بهترین بازی نبود")}
    expect(page.locator("#verdict")).to_have_text(someone.says(*words[verdict]))
    return _rating(page)


def listed(page: Page) -> list[tuple[str, bool]]:
    """ "Your last puzzles": each puzzle's id and whether it was solved, newest first."""
    entries = page.locator("#history li a")
    return [
        (
            entries.nth(n).get_attribute("data-id") or "",
            bool(entries.nth(n).locator(".mark-solved").count()),
        )
        for n in range(entries.count())
    ]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_j10_puzzles_as_a_guest_then_as_the_account_it_becomes(
    browser: Browser, server: str, variant: str
) -> None:
    name, screen, lang = VARIANTS[variant]
    player = person(browser, "Player", "j10", screen=screen, lang=lang)
    page = player.page
    player.go(server, "/")

    # The daily puzzle, missed: the coach names the best play; the rating falls from 1500.
    open_puzzles(player)
    with page.expect_navigation():
        page.locator("#daily-link").click()
    daily = PUZZLES[shown(page)]
    title = page.locator("#puzzle-title").inner_text()
    assert title.startswith(player.says("The daily puzzle of ", "معمای روز ")), title
    page.locator("#puzzle-name").fill(name)
    worst = daily["alternatives"][-1]["play"]
    after_miss = attempt(player, worst, "failed")
    assert after_miss < 1500
    expect(page.locator("#result-words")).to_contain_text(
        player.says("The best play was ", "بهترین بازی ")
    )
    player.shot("daily-missed")

    # The next puzzle is one not tried yet; solved, the rating rises.
    page.locator("#next-puzzle").click()
    page.wait_for_function(
        "(daily) => document.body.dataset.puzzle !== daily && !document.body.dataset.attempt",
        arg=daily["id"],
    )
    second = PUZZLES[shown(page)]
    after_solve = attempt(player, second["solution"][0], "solved")
    assert after_solve > after_miss
    expect(page.locator("#history li")).to_have_count(2)
    assert listed(page) == [(second["id"], True), (daily["id"], False)]
    player.shot("solved")

    # An account from the sign-in entry, offered the name typed for the puzzles.
    sign_up(player, server, name, offered=name)
    player.shot("account")

    # Back at the puzzles as the account: the same record, the daily marked done, no name asked.
    open_puzzles(player)
    expect(page.locator("#history li")).to_have_count(2)
    assert _rating(page) == after_solve
    assert listed(page) == [(second["id"], True), (daily["id"], False)]
    expect(page.locator("#daily-link")).to_have_text(
        player.says("Daily puzzle: tried", "معمای روز: امتحان شد")
    )
    expect(page.locator("#puzzle-who")).to_be_hidden()
    third = PUZZLES[shown(page)]
    assert third["id"] not in (daily["id"], second["id"])
    attempt(player, third["solution"][0], "solved")
    expect(page.locator("#history li")).to_have_count(3)
    assert listed(page)[0] == (third["id"], True)
    player.shot("as-account")
    player.done()
