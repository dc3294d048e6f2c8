"""J1, a newcomer: the guided first game, then a short practice game, its review and the history
(docs/journeys.md).

A first-time visitor, with no cookie and no name, opens the home page and follows the guided
first game. The guide's panel names the card to tap and lights it up in the hand; they tap it,
lesson after lesson (eleven, the jack, a Sur, a lay), and the rest of the round plays itself to
the count: the score sheet and the bar call the deal a practice deal, and nothing calls it
unfair. From the guide's last words they go to practice, type their name (the field is empty:
the first time), open the house rules' advanced settings and set the target to 1 (one round,
unless it is tied), and play against a bot to the game-over panel. Its review link opens the
replay on the felt, whose Moves tab holds the coach's review of their seat; the home page's
History link lists the game with its result, under their name, and the home page's form now has
their name filled in. Runs on a desktop in English and on a phone in Persian (who types the
target in Persian digits).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from browser_support import PERSIAN_DIGITS
from journey_support import SHEET, Person, history_result, person, play_game, short_game
from playwright.sync_api import expect
from test_first_game_browser import _catalog, _not_unfair, _short

if TYPE_CHECKING:
    from playwright.sync_api import Browser

LESSONS = ["eleven", "jack", "sur", "lay"]
"""The moves the first deal teaches, in order (web/learn/first-game.json)."""

CATALOGS = [_catalog("en"), _catalog("fa")]
"""The table page's words in English and Persian: a deal called unfair in either is a failure."""

# (name, screen, language) of the newcomer.
VARIANTS = {"desktop-en": ("Nika", "desktop", "en"), "phone-fa": ("نیکا", "phone", "fa")}


def not_unfair(someone: Person, where: str) -> None:
    """Nothing on the page, nor the fairness mark's name, calls the deal unfair, in English or
    Persian."""
    for messages in CATALOGS:
        _not_unfair(someone.page, messages, where)


def first_game(someone: Person) -> None:
    """Each lesson as the guide gives it: its words name the card lit up in the hand; they tap
    it. Then the rest of the round plays itself to the count."""
    guide = someone.page.locator("#guide")
    for lesson in LESSONS:  # in this order
        expect(guide).to_have_attribute("data-step", lesson)
        hinted = someone.page.locator("#hand .hand-card.is-hinted")
        expect(hinted).to_have_count(1)
        card = hinted.get_attribute("data-card") or ""
        named = _short(card)  # in Persian words with the rank in Persian digits («۷♦»)
        expect(guide.locator(".guide-text")).to_contain_text(
            someone.says(named, named.translate(PERSIAN_DIGITS))
        )
        expect(guide.locator(".guide-text")).to_contain_text(someone.says("Tap", "بزنید"))
        if lesson == "eleven":
            someone.shot("first-game-lesson")
        hinted.click()
        expect(someone.page.locator(f"#hand .hand-card[data-card='{card}']")).to_have_count(0)
    expect(guide).to_have_attribute("data-step", "count")
    someone.page.locator(SHEET).wait_for(timeout=60_000)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_j1_a_newcomer_learns_practises_and_looks_back(
    browser: Browser, server: str, variant: str
) -> None:
    name, screen, lang = VARIANTS[variant]
    newcomer = person(browser, "Newcomer", "j1", screen=screen, lang=lang)
    page = newcomer.page
    newcomer.go(server, "/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
    assert newcomer.context.cookies() == []  # nobody yet

    # The guided first game, from the home page's link.
    first = newcomer.says(
        "New to Pasur? Play a guided first game", "تازه‌کارید؟ یک بازی آموزشی کنید"
    )
    page.get_by_role("link", name=re.compile(re.escape(first))).click()
    page.wait_for_url(re.compile(r"/play/t/first-game$"))
    first_game(newcomer)

    # The count: a practice deal, in the sheet and in the bar, and never "unfair".
    practice = newcomer.says(
        "Practice deal — arranged to teach, not shuffled.",
        "دست تمرینی — برای آموزش چیده شده، نه بُر خورده.",
    )
    expect(page.locator("#sheet-dialog [data-testid=fair]")).to_have_text(practice)
    not_unfair(newcomer, "the sheet")
    newcomer.shot("first-game-count")
    page.locator("#close-sheet").click()
    mark = page.locator("#fair-mark")
    expect(mark).to_have_class(re.compile(r"\bis-practice\b"))
    expect(mark).to_have_text(newcomer.says("practice deal", "دست تمرینی"))
    not_unfair(newcomer, "the bar")
    newcomer.shot("first-game-end")

    # From the guide's last words to practice: their name, typed the first time, and a short
    # game (the target, in the house rules' advanced settings) against a bot.
    guide = page.locator("#guide")
    guide.get_by_role("link", name=newcomer.says("Play a real game", "یک بازی واقعی")).click()
    page.wait_for_url(re.compile(r"/practise$"))
    field = page.get_by_label(newcomer.says("Your name", "نام شما"), exact=True)
    expect(field).to_have_value("")
    field.fill(name)
    short_game(newcomer, page.locator("#practise-form"))
    newcomer.shot("practise-form")
    page.get_by_role("button", name=newcomer.says("Start practising", "شروع تمرین")).click()
    page.wait_for_url(re.compile(r"/play/t/[\w-]+"))
    play_game([page])
    over = page.locator(".game-over")
    expect(over).to_be_visible()
    newcomer.shot("game-over")

    # The game-over panel's review: the replay opens on the coach's review of their seat.
    review = newcomer.says("Replay and review this game", "بازبینی و مرور این بازی")
    over.get_by_role("link", name=review).click()
    page.wait_for_url(re.compile(r"/replay/[\w-]+/1\?seat=0$"))
    expect(page.locator("#coach-seat")).to_have_value("0")
    # The replay opens on the felt; the coach's whole review is listed in its Moves tab.
    page.get_by_role("tab", name=newcomer.says("Moves", "حرکت‌ها")).click()
    coach = page.locator("#coach-body")
    # The coach searches for a few seconds: then a list of costly turns, or a sentence.
    coach.locator(".review-list, p:not(.loading)").first.wait_for(timeout=60_000)
    if not coach.locator(".review-item").count():
        nothing = newcomer.says(
            "No costly mistakes: the expert would have played much the same.",
            "اشتباه پرهزینه‌ای نبود: استاد هم تقریباً همین‌طور بازی می‌کرد.",
        )
        expect(coach).to_have_text(nothing)
    page.locator("#coach-title").evaluate("(title) => title.scrollIntoView({ block: 'center' })")
    newcomer.shot("review")

    # Their history, from the home page: the game with its result, under their name.
    history_result(newcomer)  # won or lost, as the page says it
    newest = page.locator("#games li").first
    expect(newest).to_contain_text(newcomer.says(f"{name} (you)", f"{name} (شما)"))
    newcomer.shot("history")
    # Named once: the home page's form knows them now.
    newcomer.home()
    expect(page.locator("#friends-name")).to_have_value(name)
    newcomer.done()
