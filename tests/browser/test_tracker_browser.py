"""The score tracker page in real Chromium, against the real ``pasur serve``.

A whole game is entered on a phone-sized screen with the steppers, round by round, and the totals
and the winner the page shows are checked against what :mod:`pasur.tracker` computes for the same
counts. The page is then switched to Persian (right to left, Persian digits), and a finished
sheet's read-only link is opened on a desktop-sized screen. Rounds are also entered by marking
the cards each side captured, in English and in Persian, and must score as the same rounds
entered as counts do.

The browser and the server come from ``conftest.py`` (see ``browser_support.py``).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, api, screenshot, watch

from pasur.rules import RoundCounts, make_rules
from pasur.rules.cards import RANKS, SUITS
from pasur.tracker import RoundEntry, ScoreSheet, new_sheet

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

NAMES = ("Ali", "Sara", "Reza")


def _screenshot(page: Page, name: str, *, whole: bool = False) -> None:
    """A screenshot with the passing toast hidden (it would hide what the picture is for)."""
    page.locator("#toast").evaluate("toast => { toast.hidden = true; }")
    screenshot(page, name, whole=whole)


def _split(rng: random.Random, whole: int, sides: int, weights: list[int]) -> tuple[int, ...]:
    counts = [0] * sides
    for _ in range(whole):
        counts[rng.choices(range(sides), weights)[0]] += 1
    return tuple(counts)


def _random_round(rng: random.Random, sides: int) -> RoundCounts:
    """Counts a real round could produce; the first player is a little luckier than the rest."""
    weights = [3, 2, 2, 2][:sides]
    clubs = _split(rng, 13, sides, weights)
    return RoundCounts(
        clubs=clubs,
        aces=_split(rng, 4, sides, weights),
        jacks=_split(rng, 4, sides, weights),
        ten_of_diamonds=rng.randrange(sides),
        two_of_clubs=rng.choice([side for side in range(sides) if clubs[side]]),
        surs=tuple(rng.choice((0, 0, 0, 1, 2)) for _ in range(sides)),
    )


def _shown_totals(page: Page, sides: int) -> list[str]:
    return [page.get_by_test_id(f"total-value-{side}").inner_text() for side in range(1, sides + 1)]


def _step(page: Page, field: str, side: int, times: int, direction: str = "+1") -> None:
    button = page.locator(
        f'button[data-field="{field}"][data-side="{side}"][data-step="{direction}"]'
    )
    for _ in range(times):
        button.tap()


def _enter_round(page: Page, counts: RoundCounts) -> None:
    """Type one round in as a player would: steppers for the counts, a tap for 10♦ and 2♣."""
    for field in ("clubs", "aces", "jacks", "surs"):
        for side, count in enumerate(getattr(counts, field), start=1):
            _step(page, field, side, count)
    page.locator(f'input[name="ten_of_diamonds"][data-side="{counts.ten_of_diamonds + 1}"]').check()
    page.locator(f'input[name="two_of_clubs"][data-side="{counts.two_of_clubs + 1}"]').check()


def _check_validation(page: Page) -> None:
    """Mistakes show at once, at the field that is wrong, and go away when fixed."""
    expect = _expect()
    save = page.locator("#save-round")
    expect(save).to_have_class(re.compile(r"\blooks-disabled\b"))
    # The 2♣ for a player with no clubs: wrong as soon as it is chosen.
    page.locator('input[name="two_of_clubs"][data-side="2"]').check()
    expect(page.locator("#group-two_of_clubs")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#two_of_clubs-status")).to_contain_text("Sara has no clubs")
    # Fourteen clubs: too many for one pack.
    _step(page, "clubs", 1, 13)
    expect(page.locator("#group-clubs")).to_have_class(re.compile(r"\bvalid\b"))
    _step(page, "clubs", 2, 1)
    expect(page.locator("#group-clubs")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#clubs-status")).to_contain_text("add up to 14")
    expect(page.locator("#group-two_of_clubs")).not_to_have_class(re.compile(r"\binvalid\b"))
    # Saving an unfinished round names what is missing and saves nothing.
    save.tap()
    expect(page.get_by_test_id("entry-status")).to_contain_text("Clubs")
    expect(page.locator("#group-aces")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator(".round")).to_have_count(0)
    # Back to no clubs; the 2♣ stays with Sara until the round is typed in.
    _step(page, "clubs", 2, 1, "-1")
    _step(page, "clubs", 1, 13, "-1")


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def test_a_whole_game_on_a_phone(browser: Browser, server: str) -> None:
    expect = _expect()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)

    page.goto(f"{server}/tracker")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("radio", name="3 players").check()
    for seat, name in enumerate(NAMES, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    _screenshot(page, "tracker-phone-new-sheet.png", whole=True)
    page.get_by_role("button", name="Start the score sheet").tap()
    page.wait_for_url(re.compile(r"/tracker/e/[^/]+$"))
    expect(page.locator("#round-form")).to_be_visible()

    expected: ScoreSheet = new_sheet(NAMES, make_rules("standard"))
    sides = expected.sides
    rng = random.Random(62)
    _check_validation(page)
    while expected.winner is None:
        assert len(expected.entries) < 30, "the generated game should end well before 30 rounds"
        counts = _random_round(rng, sides)
        expected = expected.add_round(RoundEntry(counts))
        number = len(expected.entries)
        dealer = expected.names[expected.rounds()[-1].dealer]
        expect(page.locator(".entry-dealer")).to_have_text(f"Dealt by {dealer}")
        _enter_round(page, counts)
        expect(page.get_by_test_id("entry-status")).to_have_text("Ready to save")
        if number == 2:
            _screenshot(page, "tracker-phone-entry.png")
        page.get_by_role("button", name=f"Add round {number}").tap()
        expect(page.locator(f'.round[data-round="{number}"]')).to_be_visible()
        assert _shown_totals(page, sides) == [str(total) for total in expected.totals]
        if expected.winner is None:
            next_dealer = expected.names[expected.next_dealer]
            expect(page.locator(".totals-meta")).to_contain_text(f"{next_dealer} deals")

    winner = expected.side_names()[expected.winner]
    expect(page.get_by_test_id("winner")).to_contain_text(f"{winner} wins")
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.locator(".round")).to_have_count(len(expected.entries))
    last = expected.rounds()[-1]
    points = page.locator(f'.round[data-round="{last.number}"] .round-points .gain')
    expect(points).to_have_text([f"+{gain}" for gain in last.score.points])
    expect(page.locator(".race-chart polyline")).to_have_count(sides)
    page.evaluate("window.scrollTo(0, 0)")
    _screenshot(page, "tracker-phone-en.png")
    _screenshot(page, "tracker-phone-en-full.png", whole=True)

    page.get_by_role("button", name="فارسی").tap()
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("lang", "fa")
    persian = [str(total).translate(PERSIAN_DIGITS) for total in expected.totals]
    assert _shown_totals(page, sides) == persian
    expect(page.get_by_test_id("winner")).to_contain_text(f"{winner} برنده شد")
    page.evaluate("window.scrollTo(0, 0)")
    _screenshot(page, "tracker-phone-fa.png")
    _screenshot(page, "tracker-phone-fa-full.png", whole=True)

    # The choice is remembered.
    page.reload()
    expect(html).to_have_attribute("dir", "rtl")
    assert _shown_totals(page, sides) == persian

    assert problems == []
    context.close()


def _counts_body(counts: RoundCounts) -> dict[str, Any]:
    return {
        "clubs": list(counts.clubs),
        "aces": list(counts.aces),
        "jacks": list(counts.jacks),
        "ten_of_diamonds": counts.ten_of_diamonds + 1,
        "two_of_clubs": counts.two_of_clubs + 1,
        "surs": list(counts.surs),
    }


def _sheet_with_rounds(
    server: str, names: list[str], rounds: int, seed: int, **create: Any
) -> tuple[dict[str, Any], ScoreSheet]:
    """A sheet made through the API, and the same sheet made with :mod:`pasur.tracker`."""
    preset = create.get("preset", "standard")
    settings = create.get("settings", {})
    sheet = api(server, "POST", "/api/tracker/sheets", {"players": names, **create})
    expected = new_sheet(names, make_rules(preset, settings))
    rng = random.Random(seed)
    for _ in range(rounds):
        counts = _random_round(rng, expected.sides)
        expected = expected.add_round(RoundEntry(counts))
        path = f"/api/tracker/sheets/{sheet['edit_token']}/rounds"
        sheet = api(server, "POST", path, {"counts": _counts_body(counts)})
    return sheet, expected


def test_edit_delete_and_undo_on_a_phone(browser: Browser, server: str) -> None:
    expect = _expect()
    sheet, expected = _sheet_with_rounds(server, ["Nima", "Shirin"], 3, seed=7)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['edit_url']}")
    assert _shown_totals(page, 2) == [str(total) for total in expected.totals]

    # Correct round 1: one club moves from Nima to Shirin (Shirin then holds the 2♣ to be safe).
    first = expected.entries[0].counts
    clubs = (first.clubs[0] - 1, first.clubs[1] + 1) if first.clubs[0] else first.clubs
    corrected = RoundCounts(clubs, first.aces, first.jacks, first.ten_of_diamonds, 1, first.surs)
    expected = expected.edit_round(1, RoundEntry(corrected))
    page.locator('.round[data-round="1"] [data-action="edit"]').tap()
    expect(page.locator("#entry-title")).to_have_text("Editing round 1")
    if clubs != first.clubs:
        _step(page, "clubs", 1, 1, "-1")
        _step(page, "clubs", 2, 1)
    page.locator('input[name="two_of_clubs"][data-side="2"]').check()
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("#entry-title")).to_have_text("Round 4")
    expect(page.get_by_test_id("total-value-1")).to_have_text(str(expected.totals[0]))
    assert _shown_totals(page, 2) == [str(total) for total in expected.totals]

    # Delete round 2; later rounds move up and are scored again.
    after_edit = expected
    expected = expected.delete_round(2)
    page.locator('.round[data-round="2"] [data-action="delete"]').tap()
    expect(page.locator(".round")).to_have_count(2)
    assert _shown_totals(page, 2) == [str(total) for total in expected.totals]

    # Undo brings it back.
    page.locator("#undo").tap()
    expect(page.locator(".round")).to_have_count(3)
    assert _shown_totals(page, 2) == [str(total) for total in after_edit.totals]

    # The links: the share link is copied whole, and the CSV holds every round.
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator('[data-copy="share-link"]').tap()
    expect(page.locator('[data-copy="share-link"]')).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{server}{sheet['share_url']}"
    csv_href = page.get_by_test_id("csv").get_attribute("href")
    assert csv_href is not None
    csv = page.request.get(f"{server}{csv_href}").text()
    assert csv.lstrip("\ufeff").startswith("round,dealer,")
    assert len(csv.strip().splitlines()) == 1 + len(after_edit.entries)
    assert problems == []
    context.close()


def test_the_share_link_is_read_only_on_a_desktop(browser: Browser, server: str) -> None:
    expect = _expect()
    sheet, expected = _sheet_with_rounds(
        server,
        ["Ana", "Bahram", "Cyrus", "Dara"],
        3,
        seed=4,
        preset="pagat",
        settings={"partnerships": "on"},
    )
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['share_url']}")
    expect(page.locator(".readonly-banner")).to_be_visible()
    assert _shown_totals(page, 2) == [str(total) for total in expected.totals]
    expect(page.get_by_test_id("total-1")).to_contain_text("Ana & Cyrus")
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.locator("#actions")).to_be_hidden()
    expect(page.locator('[data-action="edit"]')).to_have_count(0)
    expect(page.locator("#edit-link")).to_have_count(0)
    _screenshot(page, "tracker-desktop-share-en.png", whole=True)
    page.get_by_role("button", name="فارسی").click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    _screenshot(page, "tracker-desktop-share-fa.png", whole=True)
    assert problems == []
    context.close()


# ---------------------------------------------------------------- a round entered by its cards

DECK = [rank + suit for suit in SUITS for rank in RANKS]
"""The pack as the page lays it out: by suit, clubs first, ace to king."""


def _random_piles(rng: random.Random, sides: int) -> list[list[str]]:
    """Every card of the pack in somebody's capture pile; the piles differ in size."""
    deck = DECK[:]
    rng.shuffle(deck)
    weights = [3, 2, 2, 1][:sides]
    piles: list[list[str]] = [[] for _ in range(sides)]
    for card in deck:
        piles[rng.choices(range(sides), weights)[0]].append(card)
    return piles


def _counted(piles: list[list[str]], surs: tuple[int, ...]) -> RoundCounts:
    """The counts a table would write for these piles, counted here card by card."""

    def count(pile: list[str], test: Any) -> int:
        return sum(1 for card in pile if test(card))

    return RoundCounts(
        clubs=tuple(count(pile, lambda card: card.endswith("C")) for pile in piles),
        aces=tuple(count(pile, lambda card: card.startswith("A")) for pile in piles),
        jacks=tuple(count(pile, lambda card: card.startswith("J")) for pile in piles),
        ten_of_diamonds=next(side for side, pile in enumerate(piles) if "10D" in pile),
        two_of_clubs=next(side for side, pile in enumerate(piles) if "2C" in pile),
        surs=surs,
    )


def _choose_pile(page: Page, side: int) -> None:
    page.locator(f'input[name="pile-owner"][data-owner="{side}"]').check()


def _tap_cards(page: Page, cards: list[str]) -> None:
    for card in cards:
        page.locator(f'.card-mark[data-card="{card}"]').tap()


def _mark_round(page: Page, piles: list[list[str]], surs: tuple[int, ...]) -> None:
    """Mark a round as a table would: each pile but the last tapped in, the rest to the last."""
    page.locator('input[name="entry-mode"][value="cards"]').check()
    for side, pile in enumerate(piles[:-1], start=1):
        _choose_pile(page, side)
        _tap_cards(page, pile)
    _choose_pile(page, len(piles))
    page.locator('[data-action="rest"]').tap()
    for side, count in enumerate(surs, start=1):
        _step(page, "surs", side, count)


def _tally_column(page: Page, field: str) -> list[str]:
    return page.locator(f'.card-tally tbody td[data-field="{field}"]').all_inner_texts()


def _twin_points(server: str, create: dict[str, Any], counts: RoundCounts) -> list[int]:
    """The points of the same round entered as counts, on a new sheet made the same way."""
    twin = api(server, "POST", "/api/tracker/sheets", create)
    path = f"/api/tracker/sheets/{twin['edit_token']}/rounds"
    points: list[int] = api(server, "POST", path, {"counts": _counts_body(counts)})["rounds"][-1][
        "points"
    ]
    return points


def test_a_round_entered_by_its_cards_on_a_phone(browser: Browser, server: str) -> None:
    expect = _expect()
    create: dict[str, Any] = {"players": list(NAMES), "first_dealer": 2}
    sheet = api(server, "POST", "/api/tracker/sheets", create)
    expected = new_sheet(NAMES, make_rules("standard"), first_dealer=1)
    rng = random.Random(52)
    piles = _random_piles(rng, 3)
    surs = (1, 0, 2)
    counts = _counted(piles, surs)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['edit_url']}")
    page.locator('input[name="entry-mode"][value="cards"]').check()
    expect(page.locator("#round-form")).to_have_attribute("data-mode", "cards")
    expect(page.locator(".card-mark")).to_have_count(52)

    # Each card says whose it is, to the eye (a badge) and to screen readers (its name).
    _choose_pile(page, 2)
    seven = page.locator('.card-mark[data-card="7D"]')
    expect(seven).to_have_attribute("aria-label", "seven of diamonds: not marked")
    seven.tap()
    expect(seven).to_have_attribute("aria-label", "seven of diamonds: Sara")
    expect(seven).to_have_attribute("aria-pressed", "true")
    expect(seven.locator(".owner-badge")).to_have_text("S")
    _choose_pile(page, 1)
    expect(seven).to_have_attribute("aria-pressed", "false")

    # The keyboard: arrows move along the cards, a digit chooses the pile, Space marks.
    seven.focus()
    page.keyboard.press("ArrowRight")
    eight = page.locator('.card-mark[data-card="8D"]')
    expect(eight).to_be_focused()
    page.keyboard.press("3")
    expect(page.locator('input[name="pile-owner"][data-owner="3"]')).to_be_checked()
    page.keyboard.press("Space")
    expect(eight).to_have_attribute("aria-label", "eight of diamonds: Reza")
    page.keyboard.press("ArrowDown")  # the same rank in the next suit
    expect(page.locator('.card-mark[data-card="8H"]')).to_be_focused()

    # Clear all, and undo the clear from the toast.
    page.locator('[data-action="clear-all"]').tap()
    expect(page.locator(".card-mark.is-unmarked")).to_have_count(52)
    page.locator("#toast").get_by_role("button", name="Undo").tap()
    expect(page.locator(".card-mark.is-unmarked")).to_have_count(50)
    page.locator('[data-action="clear-all"]').tap()

    # An incomplete assignment is refused at the page, saying how many cards are nobody's.
    _choose_pile(page, 1)
    _tap_cards(page, piles[0])
    left = 52 - len(piles[0])
    status = page.get_by_test_id("entry-status")
    expect(status).to_have_text(f"Cards: {left} still to mark")
    page.locator("#save-round").tap()
    expect(status).to_contain_text(f"Cards: {left} are not marked for anyone")
    expect(page.locator(".card-mark.is-missing")).to_have_count(left)
    first_missing = page.locator(
        f'.card-mark[data-card="{next(card for card in DECK if card not in piles[0])}"]'
    )
    expect(first_missing).to_be_focused()
    expect(first_missing).to_have_attribute("tabindex", "0")
    expect(page.locator("#group-cards")).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator(".round")).to_have_count(0)
    page.evaluate("window.scrollTo(0, 0)")
    _screenshot(page, "tracker-phone-cards-refused.png")

    # The whole round: the counts the cards give are shown as they are marked.
    _tap_cards(page, piles[0])  # unmark the first pile: _mark_round marks it again
    expect(page.locator(".card-mark.is-unmarked")).to_have_count(52)
    _mark_round(page, piles, surs)
    expect(status).to_have_text("Ready to save")
    assert _tally_column(page, "field.clubs") == [str(n) for n in counts.clubs]
    assert _tally_column(page, "field.aces") == [str(n) for n in counts.aces]
    assert _tally_column(page, "field.jacks") == [str(n) for n in counts.jacks]
    tens = _tally_column(page, "field.ten_of_diamonds")
    assert tens == ["✓" if side == counts.ten_of_diamonds else "" for side in range(3)]
    expect(page.locator(".card-mark.is-unmarked")).to_have_count(0)
    _screenshot(page, "tracker-phone-cards.png")
    page.locator("#group-cards").scroll_into_view_if_needed()
    page.locator(".card-tally").scroll_into_view_if_needed()
    _screenshot(page, "tracker-phone-cards-tally.png")
    page.get_by_role("button", name="Add round 1").tap()
    expect(page.locator('.round[data-round="1"]')).to_be_visible()

    expected = expected.add_round(RoundEntry(counts))
    assert _shown_totals(page, 3) == [str(total) for total in expected.totals]
    gains = page.locator('.round[data-round="1"] .round-points .gain')
    expect(gains).to_have_text([f"+{gain}" for gain in expected.rounds()[-1].score.points])
    saved = api(server, "GET", f"/api/tracker/sheets/{sheet['edit_token']}")["rounds"][-1]
    assert saved["counts"] == _counts_body(counts)
    assert saved["points"] == _twin_points(server, create, counts)
    assert saved["points"] == list(expected.rounds()[-1].score.points)

    # The next round starts in the same way, with nothing marked; a correction starts from
    # the counts, since the API keeps a round's counts and not its cards.
    expect(page.locator("#round-form")).to_have_attribute("data-mode", "cards")
    expect(page.locator(".card-mark.is-unmarked")).to_have_count(52)
    page.locator('.round[data-round="1"] [data-action="edit"]').tap()
    expect(page.locator("#round-form")).to_have_attribute("data-mode", "counts")
    expect(page.locator("#clubs-0")).to_have_value(str(counts.clubs[0]))
    assert problems == []
    context.close()


def test_a_round_entered_by_its_cards_in_persian(browser: Browser, server: str) -> None:
    expect = _expect()
    names = ["Ana", "Bahram", "Cyrus", "Dara"]
    create: dict[str, Any] = {"players": names, "settings": {"partnerships": "on"}}
    sheet = api(server, "POST", "/api/tracker/sheets", create)
    expected = new_sheet(names, make_rules("standard", {"partnerships": "on"}))
    piles = _random_piles(random.Random(11), 2)
    surs = (0, 1)
    counts = _counted(piles, surs)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{sheet['edit_url']}?lang=fa")
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    _mark_round(page, piles, surs)
    expect(page.get_by_test_id("entry-status")).to_have_text("آمادهٔ ثبت")
    persian = [str(n).translate(PERSIAN_DIGITS) for n in counts.clubs]
    assert _tally_column(page, "field.clubs") == persian
    expect(page.locator('.card-mark[data-card="AS"]')).to_have_attribute(
        "aria-label", re.compile(r"^آس پیک: (Ana & Cyrus|Bahram & Dara)$")
    )
    page.evaluate("window.scrollTo(0, 0)")
    _screenshot(page, "tracker-phone-cards-fa.png")
    page.locator(".card-tally").scroll_into_view_if_needed()
    _screenshot(page, "tracker-phone-cards-tally-fa.png")
    page.locator("#save-round").tap()
    expect(page.locator('.round[data-round="1"]')).to_be_visible()

    expected = expected.add_round(RoundEntry(counts))
    totals = [str(total).translate(PERSIAN_DIGITS) for total in expected.totals]
    assert _shown_totals(page, 2) == totals
    saved = api(server, "GET", f"/api/tracker/sheets/{sheet['edit_token']}")["rounds"][-1]
    assert saved["points"] == _twin_points(server, create, counts)
    assert saved["points"] == list(expected.rounds()[-1].score.points)
    assert problems == []
    context.close()


# ---------------------------------------------------------------- accessibility


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_sheet_with_rounds_passes_the_accessibility_scan(
    browser: Browser, server: str, lang: str
) -> None:
    """A sheet in use, as its keeper sees it (the rounds, the race chart, the round form, with
    counts and with cards) and as its share link shows it: no serious or critical violation."""
    sheet, expected = _sheet_with_rounds(server, ["Nima", "Shirin", "Omid"], 2, seed=5)
    context = browser.new_context(**PHONE, bypass_csp=True)
    page = context.new_page()
    problems = watch(page)
    found = {}
    page.goto(f"{server}{sheet['edit_url']}?lang={lang}")
    _expect()(page.locator(".round")).to_have_count(2)
    _expect()(page.locator("html")).to_have_attribute("lang", lang)
    found["the sheet"] = serious_violations(page)
    page.locator('input[name="entry-mode"][value="cards"]').check()
    _expect()(page.locator(".card-mark")).to_have_count(52)
    _choose_pile(page, 1)
    _tap_cards(page, DECK[:3])
    found["the round by its cards"] = serious_violations(page)
    page.goto(f"{server}{sheet['share_url']}?lang={lang}")
    _expect()(page.locator(".readonly-banner")).to_be_visible()
    assert _shown_totals(page, 3) == [
        str(total).translate(PERSIAN_DIGITS if lang == "fa" else {}) for total in expected.totals
    ]
    found["the share link"] = serious_violations(page)
    assert {where: lines for where, lines in found.items() if lines} == {}
    assert problems == []
    context.close()
