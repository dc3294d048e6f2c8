"""The variants at a real table in Chromium: every preset at table creation, Pasur Ru Baaz's open
cards face up on the opponent's seat, and a per shodam claim from its button to the game-over
screen. What the page shows is compared with what the server sent it."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, guest_context, new_table, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, WebSocket


def _frames(page: Any) -> list[dict[str, Any]]:
    """Every frame the page's table socket receives, as it arrives."""
    frames: list[dict[str, Any]] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    return frames


def test_the_table_form_offers_every_preset(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/practise?lang=en")
    page.locator("input[name=preset][value=pasur11]").wait_for(state="attached")
    offered = page.eval_on_selector_all(
        "input[name=preset]", "(inputs) => inputs.map((input) => input.value)"
    )
    assert offered == ["standard", "pagat", "ru-baaz", "varagh", "pasur11"]
    # Choosing a preset puts its values in the advanced panel.
    page.locator("label:has(input[name=preset][value=ru-baaz])").click()
    assert page.locator("input[name=rule-open-cards][value=held]").is_checked()
    assert page.locator("input[name=rule-claims]").count() == 2
    assert problems == []
    context.close()


def test_ru_baaz_open_cards_lie_face_up_on_the_opponents_seat(
    browser: Browser, server: str
) -> None:
    # bypass_csp: the accessibility scan injects axe-core (axe_support.py).
    context = guest_context(browser, server, "Noa", bypass_csp=True)
    rejoin = new_table(context, server, players=2, preset="ru-baaz", bots={"1": "random"})
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    frames = _frames(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=en")
    page.locator(".hand-card.is-playable").first.wait_for()  # nothing moves until Noa plays
    opponent = page.locator("[data-testid=open-1] .card")
    opponent.first.wait_for()
    games = [frame["snapshot"]["game"] for frame in frames if frame["type"] == "snapshot"]
    events = [frame["event"] for frame in frames if frame["type"] == "event"]
    open_now = ([event["open"] for event in events if "open" in event] or [games[-1]["open"]])[-1]
    shown = [card.get_attribute("data-card") for card in opponent.all()]
    assert shown == open_now[1]
    # The opponent's other cards are backs; the viewer's own open card is marked in the hand.
    backs = page.locator("[data-testid=held-1] .card-back")
    assert page.locator("[data-testid=held-1] .card").count() == len(shown) + backs.count()
    assert len(shown) == 1 and backs.count() >= 2
    assert page.locator(f"#hand .hand-card.is-open[data-card='{open_now[0][0]}']").count() == 1
    screenshot(page, "ru-baaz-table.png")
    assert serious_violations(page) == []
    assert problems == []
    context.close()


def test_under_stacks_your_own_hidden_cards_are_backs_too(browser: Browser, server: str) -> None:
    # open-cards=stack: a seat knows only the top card of its own face-down stack.
    context = guest_context(browser, server, "Noa", **PHONE, bypass_csp=True)
    rejoin = new_table(
        context,
        server,
        players=2,
        preset="ru-baaz",
        settings={"open-cards": "stack"},
        bots={"1": "random"},
    )
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=fa")
    page.locator(".hand-card.is-playable").first.wait_for()
    assert page.locator("#hand .hand-card").count() == 1
    assert page.locator("#hand .hand-card.is-open").count() == 1
    assert page.locator("#hand .hand-back .card-back").count() == 3
    assert page.locator("[data-testid=open-1] .card").count() == 1
    screenshot(page, "ru-baaz-stack-fa-phone.png")
    assert serious_violations(page) == []
    assert problems == []
    context.close()


def test_a_wrong_claim_ends_the_game_and_is_said_on_the_game_over_screen(
    browser: Browser, server: str
) -> None:
    context = guest_context(browser, server, "Noa")
    rejoin = new_table(context, server, players=2, settings={"claims": "on"}, bots={"1": "random"})
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    frames = _frames(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=en")
    claim = page.locator("#claim")
    claim.wait_for()
    assert claim.inner_text() == "Claim the game"
    claim.click()  # the first tap asks
    assert claim.inner_text() == "Sure? Claim now"
    claim.click()
    # The round's sheet comes first (a practice table waits for it to be closed), then the end.
    page.locator("#close-sheet").click()
    over = page.locator(".game-over")
    over.wait_for()
    claimed = [
        f["event"] for f in frames if f["type"] == "event" and f["event"]["kind"] == "claimed"
    ]
    assert claimed == [{"n": claimed[0]["n"], "kind": "claimed", "seat": 0, "right": False}]
    assert "Noa claimed the game wrongly and lost it." in over.inner_text()
    assert re.search(r"bot wins!", over.inner_text())
    # The replay's last position says the claim and the record's winner (a claim can make it
    # other than the top total). The bot may have played first, so go to the last position.
    page.locator("#review").click()
    page.wait_for_selector("body[data-ready='true']")
    if page.locator("#last").is_enabled():  # disabled when the claim was the round's first act
        page.locator("#last").click()
    page.locator("#tab-list").click()  # the Moves tab says the position in words
    score = page.locator("#score")
    score.wait_for()
    assert "Noa claimed the game here (per shodam)." in score.inner_text()
    assert re.search(r"bot wins with \d+\.", score.inner_text())
    assert problems == []
    context.close()


DRAWN_GAME_OVER = """async (language) => {
  const { setLanguage } = await import('/static/js/shared/i18n.js');
  const { gameOverView } = await import('/static/js/play/sheet.js');
  await setLanguage(language);
  const seats = ['Ava', 'Babak'].map((name, seat) => ({ seat, kind: 'human', name }));
  const state = {
    you: 0, seats, config: { players: 2, rules: { 'target-tie': 'draw' } },
    game: { round: 1, totals: [62, 62] }, history: [], claim: null, rematch: [null, null],
    gameOver: { game: 1, winner: -2, winners: [], totals: [62, 62] },
  };
  const box = document.createElement('div');
  box.append(...gameOverView(state).filter(Boolean));
  return box.querySelector('.winner').textContent;
}"""


def test_the_game_over_screen_says_a_drawn_game(browser: Browser, server: str) -> None:
    # target-tie=draw: the game_over event's winner -2, said as a draw in both languages.
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/practise?lang=en")
    page.locator("input[name=preset][value=pasur11]").wait_for(state="attached")
    assert page.evaluate(DRAWN_GAME_OVER, "en") == "A draw: the game ends tied at the top."
    assert page.evaluate(DRAWN_GAME_OVER, "fa") == "مساوی: بازی با امتیاز برابر در صدر تمام شد."
    assert problems == []
    context.close()


OPEN_SHOWN = """() => [...document.querySelectorAll('.seat[data-seat]')].map((seat) => ({
  marked: [...seat.querySelectorAll('.hand .card.is-open')].map((card) => card.dataset.card),
  said: seat.querySelector('.open-line')?.dataset.open ?? null,
}))"""


def test_a_ru_baaz_replay_marks_the_open_cards_at_every_position(
    browser: Browser, server: str
) -> None:
    """A short ru-baaz game (Noa plays the open card, then claims the game, per shodam): its
    replay marks, at every position, the cards that lay face up, as the server's positions say."""
    context = guest_context(browser, server, "Noa")
    rejoin = new_table(
        context,
        server,
        players=2,
        preset="ru-baaz",
        settings={"claims": "on"},
        bots={"1": "random"},
    )
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=en")
    page.locator(".hand-card.is-playable").first.wait_for()
    mine = page.locator("#hand .hand-card.is-open")
    card = mine.get_attribute("data-card")
    ways = mine.get_attribute("data-ways")
    mine.click()
    if ways != "1":
        page.locator("#choices .choice").first.click()
    page.locator(f".hand-card[data-card='{card}']").wait_for(state="detached")
    page.locator("#claim").click()
    page.locator("#claim").click()
    page.locator("#close-sheet").click()
    page.locator("#review").click()
    page.wait_for_selector("body[data-ready='true']")
    positions = context.request.get(f"{server}/api/tables/{table_id}/games/1/positions").json()
    shown = positions["rounds"][0]["positions"]
    assert len(shown) >= 2 and shown[0]["open"] != shown[-1]["open"]
    if page.locator("#first").is_enabled():  # to the deal
        page.locator("#first").click()
    for index, position in enumerate(shown):
        expected = [
            {"marked": cards, "said": " ".join(cards) if cards else None}
            for cards in position["open"]
        ]
        assert page.evaluate(OPEN_SHOWN) == expected, index
        if index + 1 < len(shown):
            page.locator("#next").click()
    said = page.locator(".seat .open-line").first.inner_text()
    assert re.fullmatch(r"Open card: (10|[2-9AJQK])[♣♦♥♠]", said), said
    assert "the rest of a hand only by the one holding it" in page.locator("main").inner_text()
    for lang, (width, height) in [
        ("en", (1280, 800)),
        ("en", (360, 740)),
        ("fa", (1280, 800)),
        ("fa", (360, 740)),
    ]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}/replay/{table_id}/1?seat=0&lang={lang}")
        page.wait_for_selector(f"html[lang='{lang}'] body[data-ready='true']")
        if page.locator("#first").is_enabled():
            page.locator("#first").click()
        assert [seat["marked"] for seat in page.evaluate(OPEN_SHOWN)] == shown[0]["open"]
        screenshot(page, f"ru-baaz-replay-{lang}-{width}.png", whole=True)
    assert problems == []
    context.close()
