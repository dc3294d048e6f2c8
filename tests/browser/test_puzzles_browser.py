"""The puzzle page in real Chromium against the real ``pasur serve``: from the home page's link a
new person sees a position on the felt, names themselves, plays the solution's first play and is
told "Solved" with the rating risen, steps through the line, goes on to the next puzzle, plays a
play that is not the best and reads the coach's words naming the best play with the rating
fallen; a double click on a card sends one attempt. On a phone in Persian and on a desktop in
English, with no serious accessibility violation and no sideways scrolling; and the daily puzzle
on a phone held sideways. The solutions are read from the shipped sets by the puzzle's id."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, ROOT, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Page

SETS = ROOT / "src" / "pasur" / "bots" / "puzzles" / "sets"
PUZZLES: dict[str, dict[str, Any]] = {
    puzzle["id"]: puzzle
    for path in sorted(SETS.glob("*.json"))
    for puzzle in json.loads(path.read_text("utf-8"))["puzzles"]
}
LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹−", "0123456789-")
WORDS = {
    "en": {"solved": "Solved!", "failed": "Not the best play", "best": "The best play was "},
    "fa": {"solved": "حل شد!", "failed": "بهترین بازی نبود", "best": "بهترین بازی "},
}
NOT_RATED = {
    "en": "Not rated: you had tried this puzzle before.",
    "fa": "بی‌امتیاز: این معما را پیش‌تر امتحان کرده بودید.",
}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")
    page.wait_for_selector("#hand .hand-card.is-playable")


def _short(card: str, lang: str) -> str:
    """A card as the page writes it in a sentence: "10♦", its rank in Persian digits in Persian."""
    text = card[:-1] + SUITS[card[-1]]
    return text.translate(PERSIAN_DIGITS) if lang == "fa" else text


def _rating(page: Page) -> int:
    return int(page.locator("#puzzle-rating").inner_text().translate(LATIN_DIGITS))


def _shown(page: Page) -> dict[str, Any]:
    """The puzzle on the page, from the shipped sets."""
    return PUZZLES[page.evaluate("document.body.dataset.puzzle")]


def _play(page: Page, play: str) -> None:
    """Tap the play's card, and its way among several when it has more than one."""
    card, *taken = play.split("+")
    page.locator(f"#hand .hand-card[data-card='{card}']").click()
    if taken:
        choices = page.locator("#choices")
        if choices.is_visible():
            moves = choices.locator("button.choice").evaluate_all(
                "buttons => buttons.map(b => b.dataset.move)"
            )
            chosen = next(m for m in moves if sorted(m.split("+")) == sorted(play.split("+")))
            choices.locator(f"button[data-move='{chosen}']").click()


def _attempted(page: Page, verdict: str, rating: str) -> None:
    """Wait for the verdict, and for the record above read again (`rating` was shown before)."""
    page.wait_for_selector(f"body[data-attempt='{verdict}']", state="attached", timeout=60_000)
    page.wait_for_function(
        "(before) => document.querySelector('#puzzle-rating').innerText !== before", arg=rating
    )


def _next_puzzle(page: Page) -> None:
    before = page.evaluate("document.body.dataset.puzzle")
    page.locator("#next-puzzle").click()
    page.wait_for_function(
        "(before) => document.body.dataset.puzzle !== before && !document.body.dataset.attempt",
        arg=before,
    )
    page.wait_for_selector("#hand .hand-card.is-playable")


def _no_sideways_scroll(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(
    ("size", "lang"),
    [pytest.param(PHONE, "fa", id="phone-fa"), pytest.param(DESKTOP, "en", id="desktop-en")],
)
def test_a_person_solves_one_misses_one_and_a_double_click_counts_once(
    browser: Any, server: str, size: dict[str, Any], lang: str
) -> None:
    words = WORDS[lang]
    shot = f"{'phone' if size is PHONE else 'desktop'}-{lang}"
    context = browser.new_context(**size, bypass_csp=True)
    page = context.new_page()
    problems = watch(page)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{server}/")
    if lang != "en":  # chosen once on the home page, kept for the next pages
        page.locator(f"[data-lang-switch] button[data-lang='{lang}']").click()
        page.wait_for_selector(f"html[lang='{lang}']")
    page.locator("a[href='/puzzles']").click()
    _ready(page)
    puzzle = _shown(page)
    position = puzzle["position"]
    hand = page.locator("#hand .hand-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(hand) == sorted(position["hand"].split())
    # The other hand face down: as many backs as the cards the seat has not seen.
    seen = {
        card
        for text in [position["hand"], position["table"], *position["piles"]]
        for card in text.split()
    }
    assert page.locator("#others .seat-hand .card-back").count() == 52 - len(seen)
    # The theme is a hint, hidden until asked for.
    assert not page.locator("#puzzle-hint-text").is_visible()
    _no_sideways_scroll(page)
    assert serious_violations(page) == [], "the position"
    screenshot(page, f"puzzles-position-{shot}.png", whole=True)

    # The solution's first play: solved, the rating up.
    before, shown = _rating(page), page.locator("#puzzle-rating").inner_text()
    page.fill("#puzzle-name", "Parisa")
    _play(page, puzzle["solution"][0])
    _attempted(page, "solved", shown)
    assert page.locator("#verdict").inner_text() == words["solved"]
    assert page.evaluate("document.activeElement.id") == "next-puzzle"
    assert _rating(page) > before
    change = page.locator(".puzzle-rating-change").inner_text()
    assert (
        f"(+{_rating(page) - before})".translate(PERSIAN_DIGITS if lang == "fa" else LATIN_DIGITS)
        in change
    ), change
    assert serious_violations(page) == [], "the result"
    screenshot(page, f"puzzles-solved-{shot}.png", whole=True)

    # The line, step by step to the round's end, and back.
    said = [page.locator("#line-words").inner_text()]
    while page.locator("#line-next").is_enabled():
        page.locator("#line-next").click()
        said.append(page.locator("#line-words").inner_text())
    assert len(said) >= len(puzzle["solution"])
    you, other = ("You", "The other side") if lang == "en" else ("شما", "حریف")
    assert you in said[0] and any(other in step for step in said[1:]), said
    assert _short(puzzle["solution"][0].split("+")[0], lang) in said[0]
    page.locator("#line-back").click()
    assert page.locator("#line-words").inner_text() == said[-2]
    screenshot(page, f"puzzles-line-{shot}.png")

    # The next puzzle, and a play that is not the best: the coach names the best one.
    _next_puzzle(page)
    puzzle = _shown(page)
    wrong = puzzle["alternatives"][-1]
    best = puzzle["solution"][0]
    assert wrong["play"] != best
    before, shown = _rating(page), page.locator("#puzzle-rating").inner_text()
    _play(page, wrong["play"])
    _attempted(page, "failed", shown)
    assert page.locator("#verdict").inner_text() == words["failed"]
    coach = page.locator(".puzzle-coach").inner_text()
    assert coach.startswith(words["best"]), coach
    assert _short(best.split("+")[0], lang) in coach
    assert page.locator(".puzzle-alternatives li").count() == len(puzzle["alternatives"])
    assert _rating(page) < before
    assert "\u2212" in page.locator(".puzzle-rating-change").inner_text()
    # The best line can be replayed too.
    page.locator("#line-choice button[data-line='best']").click()
    assert _short(best.split("+")[0], lang) in page.locator("#line-words").inner_text()
    screenshot(page, f"puzzles-failed-{shot}.png", whole=True)

    # A double click on a card with one way sends one attempt.
    _next_puzzle(page)
    one_way = page.locator("#hand .hand-card.is-playable[data-ways='1']")
    for _ in range(4):
        if one_way.count():
            break
        _next_puzzle(page)
    one_way.first.dblclick()
    page.wait_for_selector("body[data-attempt]", state="attached", timeout=60_000)
    summary = page.evaluate("fetch('/api/puzzles').then((answer) => answer.json())")
    assert summary["attempts"] == 3, summary
    attempts = [url for url in asked if url.endswith("/attempt")]
    assert len(attempts) == 3, attempts
    # Nothing is fetched off the site (axe's script is put in the page, not fetched).
    assert [url for url in asked if not url.startswith(server)] == []
    # The last puzzles tried, newest first, each a link to its puzzle.
    page.wait_for_function("() => document.querySelectorAll('#history li').length === 3")
    newest = page.locator("#history li a").first.get_attribute("href")
    assert newest == f"/puzzles?id={summary['history'][0]['id']}"
    _no_sideways_scroll(page)
    # Opened again from there, a puzzle can be played again, unrated.
    page.locator("#history li a").first.click()
    _ready(page)
    assert page.locator("#puzzle-tried").is_visible()
    page.locator("#hand .hand-card.is-playable[data-ways='1']").first.click()
    page.wait_for_selector("body[data-attempt]", state="attached", timeout=60_000)
    assert page.locator(".puzzle-rating-change").inner_text() == NOT_RATED[lang]
    assert problems == []
    context.close()


def test_the_daily_puzzle_on_a_phone_held_sideways(browser: Any, server: str) -> None:
    context = browser.new_context(
        **{**PHONE, "viewport": {"width": 740, "height": 360}}, bypass_csp=True
    )
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/puzzles?daily=1")
    _ready(page)
    day = page.evaluate("fetch('/api/puzzles/daily').then((answer) => answer.json())")
    assert page.evaluate("document.body.dataset.puzzle") == day["id"]
    assert day["day"] in page.locator("#puzzle-title").inner_text()
    _no_sideways_scroll(page)
    assert serious_violations(page) == []
    screenshot(page, "puzzles-daily-landscape-en.png")
    assert problems == []
    context.close()
