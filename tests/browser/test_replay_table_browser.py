"""The replay's Table tab in real Chromium, against the real ``pasur serve``: a finished game on
the live table's felt, every hand face up, stepped by the timeline's buttons, its scrubber and
the arrow keys; the coach's note beside the felt at a reviewed turn with the expert's card marked
as a hint marks it; the Moves tab and back. At 1280×800, 360×740 and 740×360, in English and in
Persian, the felt, the note and the timeline lie inside the screen with no page scroll, and axe
finds nothing serious. The game is played for real as test_learn_browser plays it: a guest and a
random bot to 30, the guest always playing its first legal move, so that the coach has notes.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, api, screenshot, watch
from test_learn_browser import play_a_game

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {
    "desktop": DESKTOP,
    "phone": PHONE,
    "landscape": {**PHONE, "viewport": {"width": 740, "height": 360}},
}

# Where the page stands, whether it scrolls, and whether each part lies inside the screen.
FITS = """() => {
  const inside = (selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth;
  };
  const page = document.documentElement;
  return {
    scrolls: page.scrollHeight > innerHeight || page.scrollWidth > innerWidth,
    felt: inside('#felt'),
    hand: inside('#hand'),
    note: inside('#note'),
    timeline: inside('.timeline'),
  };
}"""


@pytest.fixture(scope="module")
def game(server: str) -> Iterator[dict[str, Any]]:
    """A finished game: ``{"table_id", "record", "positions", "turns"}``, ``turns`` the coach's
    review of seat 0."""
    table_id, _ = play_a_game(server)
    path = f"/api/tables/{table_id}/games/1"
    # The coach searches for some seconds (more on a busy machine); the server keeps its answer.
    with urllib.request.urlopen(f"{server}{path}/review?seat=0", timeout=120) as answer:
        turns = json.loads(answer.read())["turns"]
    assert turns, "a seat that always plays its first legal move loses points somewhere"
    yield {
        "table_id": table_id,
        "record": api(server, "GET", f"{path}/record"),
        "positions": api(server, "GET", f"{path}/positions"),
        "turns": turns,
    }


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


def _shown(page: Page) -> tuple[int, int]:
    body = page.locator("body")
    return int(body.get_attribute("data-round") or -1), int(body.get_attribute("data-index") or -1)


def _cards(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all("cs => cs.map(c => c.dataset.card)")
    return sorted(found)


def _felt(page: Page) -> list[str]:
    return _cards(page, "#table-cards .table-card")


def _table_after(record: dict[str, Any], plays: int) -> list[str]:
    """The table cards of the first round after its first `plays` plays, from the record alone:
    the deck's 9th to 12th cards are dealt to it, a card that takes nothing is laid on it, and a
    capture takes its cards away (the deals between take nothing from it)."""
    first = record["rounds"][0]
    table = list(first["deck"][8:12])
    for play in first["plays"][:plays]:
        card, *taken = play.split()[0].split("+")
        if taken:
            table = [each for each in table if each not in taken]
        else:
            table.append(card)
    return sorted(table)


def _scrub_to(page: Page, at: int) -> None:
    """Move the timeline's scrubber as a drag does: its value, then an input event."""
    page.locator("#scrub").evaluate(
        "(scrub, at) => { scrub.value = String(at); scrub.dispatchEvent(new Event('input')); }", at
    )


def test_the_table_replay_steps_through_the_game_on_the_felt(
    browser: Browser, server: str, game: dict[str, Any]
) -> None:
    record, positions = game["record"], game["positions"]
    first = positions["rounds"][0]["positions"]
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/replay/{game['table_id']}/1?seat=0")
    _ready(page)
    # The Table tab opens: the felt, the list beside it hidden.
    assert page.locator("#tab-table").get_attribute("aria-selected") == "true"
    assert page.locator("#felt").is_visible() and page.locator("#list-view").is_hidden()
    assert _shown(page) == (0, 0)
    # The deal: the table's four cards, and both hands face up, the reviewed seat's at the bottom.
    assert _felt(page) == _table_after(record, 0)
    assert _cards(page, "#hand .hand-card") == sorted(first[0]["hands"][0])
    assert _cards(page, '#others .seat-panel[data-seat="1"] .fan .card') == sorted(
        first[0]["hands"][1]
    )
    assert page.locator("#others .fan .card-back").count() == 0, "no card is hidden"
    # Forward and back, by button and by key; after each play the felt is the record's.
    page.locator("#next").click()
    assert _shown(page) == (0, 1)
    assert _felt(page) == _table_after(record, 1)
    page.keyboard.press("ArrowRight")
    assert _shown(page) == (0, 2)
    assert _felt(page) == _table_after(record, 2)
    page.keyboard.press("ArrowLeft")
    page.locator("#prev").click()
    assert _shown(page) == (0, 0)
    assert page.locator("#prev").is_disabled() and page.locator("#first").is_disabled()
    # Play 10, past the second deal, by the scrubber: the felt, the hands and the seat to play.
    _scrub_to(page, 10)
    assert _shown(page) == (0, 10)
    assert _felt(page) == _table_after(record, 10)
    assert _cards(page, "#hand .hand-card") == sorted(first[10]["hands"][0])
    turn = first[10]["turn"]
    assert "is-turn" in (
        page.locator(f'.seat-panel[data-seat="{turn}"]').get_attribute("class") or ""
    )
    assert "10" in page.locator("#position").inner_text()
    # End and Home: the round's end, then on to the next round's end; its start, then the first's.
    page.keyboard.press("End")
    assert _shown(page) == (0, len(first) - 1)
    page.keyboard.press("End")
    if len(positions["rounds"]) > 1:  # a game to 30 in one round takes several Surs: rare
        second = positions["rounds"][1]["positions"]
        assert _shown(page) == (1, len(second) - 1)
        page.keyboard.press("Home")
        assert _shown(page) == (1, 0)
        assert page.locator("#scrub").input_value() == str(len(first))
    else:
        assert _shown(page) == (0, len(first) - 1), "the game's end: End goes no further"
    page.locator("#first").click()
    assert _shown(page) == (0, 0)
    # The Moves tab shows the same position as a list, its move list at the play shown; a move
    # chosen there is where the felt stands when the Table tab comes back.
    _scrub_to(page, 4)
    page.locator("#tab-list").click()
    assert page.locator("#list-view").is_visible() and page.locator("#felt").is_hidden()
    assert page.locator("#moves button[aria-current='step']").get_attribute("data-index") == "4"
    page.locator("#moves button").nth(6).click()
    assert _shown(page) == (0, 7)
    page.locator("#tab-table").focus()
    page.keyboard.press("ArrowRight")  # the tabs' own keys: to the Moves tab and back
    assert page.locator("#tab-list").get_attribute("aria-selected") == "true"
    assert _shown(page) == (0, 7), "a tab's arrow key is not a step"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#tab-table").get_attribute("aria-selected") == "true"
    assert page.locator("#felt").is_visible()
    assert _felt(page) == _table_after(record, 7)
    assert problems == []
    context.close()


def test_the_coach_s_note_lies_beside_the_felt_with_the_expert_s_card_marked(
    browser: Browser, server: str, game: dict[str, Any]
) -> None:
    turns = sorted(game["turns"], key=lambda turn: (turn["round"], turn["index"]))
    rounds = game["positions"]["rounds"]
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    # The game's end, where no seat plays: the strip leads on, round again, to the first note.
    end = f"#r{len(rounds)}-{len(rounds[-1]['positions']) - 1}"
    page.goto(f"{server}/replay/{game['table_id']}/1?seat=0{end}")
    _ready(page)
    page.locator("#next-note").click(timeout=60_000)  # the coach searches for a few seconds
    turn = turns[0]
    assert _shown(page) == (turn["round"], turn["index"])
    note = page.locator("#note .coach-note")
    words = note.locator(".review-words").inner_text()
    assert re.match(r"You lost about \d+ points? here: the expert (plays|lays) ", words), words
    best, *taken = turn["best"].split()[0].split("+")
    played = turn["played"].split()[0].split("+")
    assert _cards(page, "#note .review-move .card") == sorted([*played, best, *taken])
    # The expert's card is marked in the hand as a hint is, and the cards it takes on the felt.
    assert _cards(page, "#hand .hand-card.is-hinted") == [best]
    assert _cards(page, "#table-cards .table-card.is-hinted") == sorted(taken)
    screenshot(page, "replay-table-note.png")
    # One play on, the note and the marks are gone, and the strip leads to the next note.
    page.locator("#next").click()
    assert page.locator("#note .coach-note").count() == 0
    assert page.locator(".is-hinted").count() == 0
    following = turns[1] if len(turns) > 1 else turns[0]
    page.locator("#next-note").click()
    assert _shown(page) == (following["round"], following["index"])
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_table_replay_fits_every_screen_and_passes_the_scan(
    browser: Browser, server: str, game: dict[str, Any], lang: str
) -> None:
    turn = game["turns"][0]
    where = f"#r{turn['round'] + 1}-{turn['index']}"
    for size, options in SIZES.items():
        context = browser.new_context(**options, bypass_csp=True)
        page = context.new_page()
        problems = watch(page)
        page.goto(f"{server}/replay/{game['table_id']}/1?seat=0&lang={lang}{where}")
        _ready(page)
        page.locator("#note .coach-note").wait_for(timeout=60_000)
        assert page.evaluate(FITS) == {
            "scrolls": False,
            "felt": True,
            "hand": True,
            "note": True,
            "timeline": True,
        }, size
        assert page.locator("#hand .hand-card.is-hinted").count() == 1, size
        # In Persian the timeline runs right to left: forward lies left of back, and is the
        # left arrow key.
        next_box = page.locator("#next").bounding_box()
        prev_box = page.locator("#prev").bounding_box()
        assert next_box and prev_box
        assert (next_box["x"] < prev_box["x"]) == (lang == "fa"), size
        page.locator("#position").focus()
        page.keyboard.press("ArrowLeft" if lang == "fa" else "ArrowRight")
        assert _shown(page) == (turn["round"], turn["index"] + 1), size
        page.keyboard.press("ArrowRight" if lang == "fa" else "ArrowLeft")
        if lang == "fa":
            pack = page.locator("#pack .pack-count").inner_text()
            assert pack and pack == pack.translate(PERSIAN_DIGITS), "the pack in Persian digits"
            assert not re.search(r"[0-9]", page.locator("#replay-info").inner_text())
        assert serious_violations(page) == [], size
        screenshot(page, f"replay-table-{lang}-{size}.png")
        assert problems == [], size
        context.close()
