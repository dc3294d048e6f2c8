"""J7, the tracker: a family keeps the score of a real game on a phone, and a relative follows it
read-only in Persian on a laptop (docs/journeys.md).

Sara opens the home page, goes to the score tracker, starts a sheet for three players, enters
three rounds with the steppers, and a wrong round is refused (14 clubs, the 2♣ given to someone
without clubs) with the sheet unchanged. She copies the share link; Babak opens it in his
Persian browser: right to left, the same totals in Persian digits, no way to change anything. The
totals both see are the rules engine's for the same rounds.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from journey_support import person
from playwright.sync_api import expect
from test_tracker_browser import _enter_round, _random_round, _step

from pasur.rules import make_rules
from pasur.tracker import RoundEntry, new_sheet

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

NAMES = ("Sara", "Maman", "Dariush")
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def totals_shown(page: Page) -> list[str]:
    return [page.get_by_test_id(f"total-value-{side}").inner_text() for side in (1, 2, 3)]


def test_j7_a_sheet_kept_on_a_phone_and_followed_read_only_in_persian(
    browser: Browser, server: str
) -> None:
    sara = person(browser, "Sara", "j7", screen="phone")
    sara.go(server, "/")
    sara.page.get_by_role("link", name="Score tracker").click()
    sara.page.wait_for_url(re.compile(r"/tracker$|/tracker\?"))
    sara.page.get_by_role("radio", name="3 players").check()
    for seat, name in enumerate(NAMES, start=1):
        sara.page.get_by_label(f"Player {seat}", exact=True).fill(name)
    sara.page.get_by_role("button", name="Start the score sheet").tap()
    sara.page.wait_for_url(re.compile(r"/tracker/e/[^/]+$"))

    expected = new_sheet(NAMES, make_rules("standard"))
    rng = random.Random(7)
    for number in (1, 2, 3):
        counts = _random_round(rng, 3)
        expected = expected.add_round(RoundEntry(counts))
        _enter_round(sara.page, counts)
        expect(sara.page.get_by_test_id("entry-status")).to_have_text("Ready to save")
        sara.page.get_by_role("button", name=f"Add round {number}").tap()
        expect(sara.page.locator(f'.round[data-round="{number}"]')).to_be_visible()
        # The toast says what was saved in words (it once read ",[object HTMLElement],…").
        toast = sara.page.locator("#toast")
        expect(toast).to_contain_text(f"Round {number} saved")
        assert "object" not in toast.inner_text()
    assert totals_shown(sara.page) == [str(total) for total in expected.totals]
    sara.shot("three-rounds", whole=True)

    # A wrong round: fourteen clubs, and the 2♣ for a player who took no clubs. Each is said at
    # its field; saving names what is wrong and keeps the sheet as it was.
    sara.page.locator('input[name="two_of_clubs"][data-side="2"]').check()
    expect(sara.page.locator("#two_of_clubs-status")).to_contain_text("Maman has no clubs")
    _step(sara.page, "clubs", 1, 13)
    _step(sara.page, "clubs", 3, 1)
    expect(sara.page.locator("#clubs-status")).to_contain_text("add up to 14")
    sara.page.get_by_role("button", name="Add round 4").tap()
    expect(sara.page.locator("#group-clubs")).to_have_class(re.compile(r"\binvalid\b"))
    sara.shot("wrong-round")
    expect(sara.page.locator(".round")).to_have_count(3)
    assert totals_shown(sara.page) == [str(total) for total in expected.totals]

    # The share link, copied whole, opened by a relative whose browser speaks Persian.
    sara.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sara.page.locator('[data-copy="share-link"]').tap()
    expect(sara.page.locator('[data-copy="share-link"]')).to_have_text("Copied")
    share = sara.page.evaluate("navigator.clipboard.readText()")
    assert "/tracker/s/" in share

    babak = person(browser, "Babak", "j7", lang="fa")
    babak.page.goto(share)
    expect(babak.page.locator("html")).to_have_attribute("dir", "rtl")
    expect(babak.page.locator(".readonly-banner")).to_be_visible()
    persian = [str(total).translate(PERSIAN_DIGITS) for total in expected.totals]
    assert totals_shown(babak.page) == persian
    expect(babak.page.locator(".round")).to_have_count(3)
    expect(babak.page.locator("#round-form")).to_have_count(0)
    expect(babak.page.locator('[data-action="edit"]')).to_have_count(0)
    babak.shot("read-only", whole=True)
    sara.done()
    babak.done()
