"""The guided first game (``/play/t/first-game``) in real Chromium, against the real
``pasur serve``, with animations on: played from the home page's link to the count at 360×740,
740×360 and 1280×800, in English and Persian.

- Each taught step's sentence, and the card it lights up, come only once the table has shown
  what the sentence speaks of: when the guide says the 3♥ is the only card left, the felt holds
  the 3♥ and nothing else; when it asks for a card, that card is in the hand and the felt holds
  the table the script has before that move (``web/learn/first-game.json``).
- The guide's box never lies over a card on the felt or in the hand, at any of those sizes,
  while the lessons are taught and while the rest of the round plays itself.
- The deal is arranged to teach, not shuffled: the sheet, the bar and the fairness panel call it
  a practice deal, and nothing calls it unfair. A real table whose round's deck does not match
  its commitment, or has none, is still called unfair, whatever its server claims.

Screenshots of each step, the sheet and the fairness panel go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from browser_support import DESKTOP, PHONE, WEB, guest_context, new_table, screenshot, watch
from test_play_browser import SHEET, _play_once

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, WebSocketRoute

SCRIPT: dict[str, Any] = json.loads((WEB / "learn" / "first-game.json").read_text("utf-8"))
SIZES = {
    "phone": {**PHONE},
    "landscape": {**PHONE, "viewport": {"width": 740, "height": 360}},
    "desktop": {**DESKTOP},
}
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _catalog(lang: str) -> dict[str, str]:
    """The table page's messages in ``lang`` (the shared catalog and the play and table areas)."""
    messages: dict[str, str] = {}
    for name in (lang, f"play.{lang}", f"table.{lang}"):
        messages |= json.loads((WEB / "i18n" / f"{name}.json").read_text("utf-8"))
    return messages


def _short(code: str) -> str:
    """A card as the page writes it: ``7D`` → ``7♦`` (in Persian words, ``۷♦``: see _read)."""
    return code[:-1] + SUIT[code[-1]]


LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


def _read(text: str) -> str:
    """Words as this test reads them: Persian sentences write a card's rank in Persian digits
    («۱۰♦»), read here as the card it names (10♦)."""
    return text.translate(LATIN_DIGITS)


def _lessons() -> list[dict[str, Any]]:
    """Each taught move with the table and the hand the script has just before it."""
    table: list[str] = []
    hand: list[str] = []
    lessons = []
    for event in SCRIPT["events"]:
        if event["kind"] in ("round_started", "dealt"):
            table = [*event.get("table", table)]
            hand = [*event["hand"]]
        if event["kind"] != "played":
            continue
        if "teach" in event:
            lessons.append({**event, "table": sorted(table), "hand": sorted(hand)})
        if event["seat"] == 0:
            hand.remove(event["card"])
        if event["taken"]:
            table = [card for card in table if card not in event["taken"]]
        else:
            table.append(event["card"])
    return lessons


# Every sentence the guide says, with what the page shows at that moment: recorded in the page
# when the panel changes, before anything else can draw.
RECORD = """() => document.addEventListener('DOMContentLoaded', () => {
  window.guideSaid = [];
  const guide = document.querySelector('#guide');
  if (!guide) return; // not the table page
  new MutationObserver(() => {
    const step = guide.dataset.step;
    const last = window.guideSaid.at(-1);
    if (step && last?.step !== step) window.guideSaid.push({ step, ...window.seen() });
  }).observe(guide, { attributes: true, childList: true, subtree: true });
})"""

# What the page shows now: the guide's sentence and box, the felt's and the hand's cards (those
# not on their way somewhere: a card flying in passes the guide), the card lit up.
SEEN = """() => {
  const rect = (element) => {
    const r = element.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const still = (element) => !element.getAnimations({ subtree: true }).length;
  const cards = (selector) => [...document.querySelectorAll(selector)];
  const guide = document.querySelector('#guide');
  return {
    text: guide.querySelector('.guide-text')?.textContent ?? '',
    guide: guide.hidden ? null : rect(guide),
    table: cards('#table-cards .table-card').map((card) => card.dataset.card).sort(),
    hand: cards('#hand .hand-card').map((card) => card.dataset.card).sort(),
    hinted: cards('#hand .hand-card.is-hinted').map((card) => card.dataset.card),
    boxes: cards('#table-cards .table-card, #hand .hand-card').filter(still)
      .map((card) => ({ card: card.dataset.card, ...rect(card) })),
  };
}"""

# The cards' own animations (show.js, motion.js) are over; CSS ones (a glow) may go on.
STILL = """() => document.getAnimations()
  .every((animation) => animation instanceof CSSAnimation || animation instanceof CSSTransition)"""


def _overlaps(guide: dict[str, float], box: dict[str, float]) -> bool:
    return (
        min(guide["right"], box["right"]) - max(guide["left"], box["left"]) > 0.5
        and min(guide["bottom"], box["bottom"]) - max(guide["top"], box["top"]) > 0.5
    )


def _uncovered(seen: dict[str, Any], where: str) -> None:
    """The guide's box lies over no card on the felt or in the hand."""
    if seen["guide"] is None:
        return
    covered = [box["card"] for box in seen["boxes"] if _overlaps(seen["guide"], box)]
    assert covered == [], f"{where}: the guide {seen['guide']} covers {covered}"


def _in_step(seen: dict[str, Any], lesson: dict[str, Any], where: str) -> None:
    """The sentence and the light are about what the felt and the hand show."""
    card, taken = _short(lesson["card"]), [_short(code) for code in lesson["taken"]]
    assert seen["table"] == lesson["table"], f"{where}: the felt shows {seen['table']}"
    assert lesson["card"] in seen["hand"], f"{where}: {card} is not in the hand {seen['hand']}"
    assert seen["hinted"] == [lesson["card"]], f"{where}: {seen['hinted']} is lit up"
    assert card in _read(seen["text"]), f"{where}: {seen['text']!r}"
    named = set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", _read(seen["text"])))
    shown = {_short(code) for code in seen["table"] + seen["hand"]}
    assert named <= shown, f"{where}: {seen['text']!r} names cards the page does not show"
    if lesson["teach"] in ("eleven", "sur"):
        assert set(taken) <= named, f"{where}: {seen['text']!r}"
    if lesson["teach"] == "sur":  # "Only the 3♥ is left": the felt holds exactly that
        assert seen["table"] == sorted(lesson["taken"]), f"{where}: the felt shows {seen['table']}"


def _not_unfair(page: Page, messages: dict[str, str], where: str) -> None:
    """Nothing on the page, nor the fairness mark's name, calls the deal unfair."""
    said = page.evaluate("document.body.innerText") + (
        page.locator("#fair-mark").get_attribute("aria-label") or ""
    )
    for word in (messages["play.fair.bad"], messages["table.fair.mark_bad"], "Mismatch", "unfair"):
        assert word not in said, f"{where}: {word!r} is on the page"


# Every size, and the landscape phone (where the guide once covered the cards) in both
# languages; journey J1 walks the same game on a desktop in English and a phone in Persian.
@pytest.mark.parametrize(
    ("size", "lang"),
    [("desktop", "fa"), ("phone", "en"), ("landscape", "en"), ("landscape", "fa")],
)
def test_the_first_game_is_in_step_uncovered_and_called_a_practice_deal(
    browser: Browser, server: str, size: str, lang: str
) -> None:
    messages = _catalog(lang)
    context = browser.new_context(**SIZES[size])
    context.add_init_script(f"({RECORD})(); window.seen = {SEEN};")
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/?lang={lang}")
    page.locator("#first-game").click()
    page.wait_for_url("**/play/t/first-game")
    page.goto(f"{server}/play/t/first-game?anim=fast&lang={lang}")
    for lesson in _lessons():
        step = lesson["teach"]
        where = f"{size} {lang}, {step}"
        page.locator(f"#guide[data-step='{step}']").wait_for()
        said = page.evaluate("window.guideSaid").pop()
        _in_step(said, lesson, f"{where}, as it is said")
        _uncovered(said, f"{where}, as it is said")
        # And while it stands, once every card has come to rest.
        page.wait_for_function(STILL)
        seen = page.evaluate("window.seen()")
        _in_step(seen, lesson, where)
        _uncovered(seen, where)
        screenshot(page, f"first-game-{step}-{size}-{lang}.png")
        if step == "eleven":
            # Another card is refused with the guide's word, and nothing changes.
            page.locator(".hand-card:not(.is-hinted)").first.click()
            notice = page.locator("#notice")
            notice.wait_for()
            assert _short(lesson["card"]) in _read(notice.inner_text())
            assert page.locator(".hand-card").count() == 4
        page.locator(".hand-card.is-hinted").click()
        if step == "sur":
            page.locator("#sur-banner:not([hidden])").wait_for()
            page.locator("[data-testid=surs-0] .sur-mark").wait_for()
    # The rest of the round plays itself beside the guide's last words.
    page.locator("#guide[data-step='count']").wait_for()
    samples = 0
    while not page.locator(SHEET).count():
        _uncovered(page.evaluate("window.seen()"), f"{size} {lang}, the rest of the round")
        samples += 1
        page.wait_for_timeout(100)
    assert samples > 10
    # The count: the round's points, and the deal called what it is.
    page.locator(SHEET).wait_for()
    assert page.locator("[data-testid=sheet-totals] td").all_inner_texts()[0] in ("20", "۲۰")
    fair = page.locator("#sheet-dialog [data-testid=fair]")
    assert fair.inner_text() == messages["play.fair.practice"]
    assert "practice" in (fair.get_attribute("class") or "")
    _not_unfair(page, messages, f"{size} {lang}, the sheet")
    fair.evaluate("(line) => line.scrollIntoView({ block: 'center' })")
    screenshot(page, f"first-game-sheet-{size}-{lang}.png")
    page.locator("#close-sheet").click()
    page.locator("#guide[data-step='count'] #guide-practise").wait_for()
    mark = page.locator("#fair-mark")
    assert "is-practice" in (mark.get_attribute("class") or "")
    assert mark.get_attribute("aria-label") == messages["table.fair.practice_title"]
    _uncovered(page.evaluate("window.seen()"), f"{size} {lang}, the end")
    _not_unfair(page, messages, f"{size} {lang}, the end")
    screenshot(page, f"first-game-end-{size}-{lang}.png")
    mark.click()
    panel = page.locator("#fair-dialog")
    panel.locator("[data-testid=fair]").wait_for()
    assert messages["table.fair.practice_lead"] in panel.inner_text()
    _not_unfair(page, messages, f"{size} {lang}, the fairness panel")
    screenshot(page, f"first-game-fairness-{size}-{lang}.png")
    assert problems == []
    context.close()


def _tamper(how: str) -> Any:
    """A socket route that changes the server's frames as a dishonest or broken server would:
    it claims its deal is a practice one, and reveals a deck that is not the one committed to
    (``wrong``) or publishes no commitment at all (``missing``)."""

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def changed(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame["type"] == "snapshot":
                frame["snapshot"]["arranged"] = True
            event = frame.get("event") if frame["type"] == "event" else None
            if event is not None:
                event["arranged"] = True
                if event["kind"] == "round_ended" and how == "wrong":
                    deck = event["deck"]
                    deck[0], deck[1] = deck[1], deck[0]
                if event["kind"] in ("round_started", "round_ended") and how == "missing":
                    for key in ("commitment", "salt"):
                        event.pop(key, None)
            socket.send(json.dumps(frame))

        server.on_message(changed)

    return route


@pytest.mark.parametrize("how", ["wrong", "missing"])
def test_a_real_round_whose_deck_does_not_match_is_called_unfair(
    browser: Browser, server: str, how: str
) -> None:
    messages = _catalog("en")
    context = guest_context(browser, server, "Noa")
    rejoin = new_table(context, server, players=2, bots={"1": "random"}, bot_delay=0)
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.route_web_socket(re.compile(r"/ws/tables/"), _tamper(how))
    page.goto(f"{server}{rejoin}&anim=0")
    page.locator(".hand-card").first.wait_for()
    mark = page.locator("#fair-mark")
    assert "is-practice" not in (mark.get_attribute("class") or "")
    while not page.locator(SHEET).count():
        if not _play_once(page):
            page.wait_for_timeout(30)
    fair = page.locator("#sheet-dialog [data-testid=fair].fair-bad")
    fair.wait_for()
    assert fair.inner_text() == messages["play.fair.bad"]
    page.locator("#fair-mark.is-bad").wait_for()
    assert mark.inner_text() == messages["table.fair.mark_bad"]
    fair.evaluate("(line) => line.scrollIntoView({ block: 'center' })")
    screenshot(page, f"fairness-unfair-{how}.png")
    assert problems == []
    context.close()
