"""The play pages in real Chromium, against the real ``pasur serve``.

Two people play a whole round against each other, each only by tapping cards and choices in
their own page; one person practises against a bot with a hint; a page is closed mid-round and
the rejoin link continues it; the Persian table renders right to left on a phone. What the pages
show is checked against the server's own events, read by a spectator socket from Python.

The browser and the server come from ``conftest.py`` (see ``browser_support.py``). Bots play at
once (``bot_delay`` 0) and animations are off (``?anim=0``), so a round takes a few seconds.
"""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from browser_support import (
    DESKTOP,
    PERSIAN_DIGITS,
    PHONE,
    guest_context,
    new_table,
    screenshot,
    watch,
)
from websockets.sync.client import connect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, WebSocket

SHEET = "[data-testid=score-sheet]"
ROUND_SECONDS = 90


def _server_events(server: str, table_path: str, token: str | None) -> list[dict[str, Any]]:
    """Every event of the table so far, as a socket with ``token`` (None: a spectator's)
    receives them."""
    table_id = urlsplit(table_path).path.rsplit("/", 1)[-1]
    events: list[dict[str, Any]] = []
    with connect(f"ws{server.removeprefix('http')}/ws/tables/{table_id}") as socket:
        hello = {"type": "hello", "protocol": 1, "seat_token": token, "since": 0}
        socket.send(json.dumps(hello))
        welcome = json.loads(socket.recv(timeout=5))
        assert welcome["type"] == "welcome", welcome
        while len(events) < welcome["version"]:
            frame = json.loads(socket.recv(timeout=5))
            assert frame["type"] == "event", frame
            events.append(frame["event"])
    return events


def _play_once(page: Page) -> bool:
    """If it is this page's turn, choose a playable card and its first move; True if it did.

    A card with one way to be played plays at a tap; one with several shows its moves."""
    card = page.locator(".hand-card.is-playable")
    if not card.count() or page.locator(SHEET).count():
        return False
    ways = card.first.get_attribute("data-ways")
    card.first.click()
    if ways != "1":
        page.locator("#choices .choice").first.click()
    return True


def _play_round(pages: list[Page], before_play: Any = None) -> int:
    """Play until every page shows the round's score sheet; returns how many plays were made."""
    deadline = time.monotonic() + ROUND_SECONDS
    plays = 0
    while not all(page.locator(SHEET).count() for page in pages):
        assert time.monotonic() < deadline, "the round did not end in time"
        moved = False
        for page in pages:
            if before_play and page.locator(".hand-card.is-playable").count():
                before_play(page)
            if _play_once(page):
                plays += 1
                moved = True
        if not moved:
            pages[0].wait_for_timeout(40)
    return plays


def _shown_row(page: Page, testid: str) -> list[str]:
    return page.locator(f"{SHEET} [data-testid={testid}] td").all_inner_texts()


def _round_ended(server: str, table_path: str, token: str | None = None) -> dict[str, Any]:
    events = _server_events(server, table_path, token)
    ended = [event for event in events if event["kind"] == "round_ended"]
    assert ended, "the server has no round_ended event"
    return ended[0]


def test_two_people_play_a_round_against_each_other(browser: Browser, server: str) -> None:
    ava = guest_context(browser, server, "Ava")
    bea = guest_context(browser, server, "Bea")
    host = ava.new_page()
    guest = bea.new_page()
    problems_host, problems_guest = watch(host), watch(guest)

    host.goto(f"{server}/?anim=0")
    host.locator("#friends-name").fill("Ava")
    host.locator("#create-table").click()
    host.wait_for_url(re.compile(r"/play/t/"))
    invite = host.locator("#invite-url").input_value()
    assert "seat_token" not in invite and "seat_token" not in host.url

    guest.goto(f"{invite}?anim=0")
    # Bea's browser already has her guest name: the seat picker says so, and asks for none.
    guest.locator("#seat-picker [data-playing-as]", has_text="Playing as Bea").wait_for()
    assert guest.locator("#picker-name").count() == 0
    guest.locator("[data-take-seat='1']").click()
    guest.locator("#start").wait_for()
    host.locator("#start:not([disabled])").click()
    host.locator(".hand-card").first.wait_for()
    guest.locator(".hand-card").first.wait_for()
    screenshot(host, "play-table.png")
    # Chat: a line typed by one is shown to the other as text, never as markup.
    host.locator("#chat-button").click()
    host.locator("#chat-text").fill("<b>hello</b> Bea")
    host.locator("#chat-form button").click()
    guest.locator("#chat-button.has-unread").click()
    guest.locator("#chat-log li", has_text="<b>hello</b> Bea").wait_for()
    assert guest.locator("#chat-log b").count() == 0

    plays = _play_round([host, guest])
    assert plays == 48  # 2 players: 6 deals of 4 cards each

    ended = _round_ended(server, urlsplit(host.url).path)
    for page in (host, guest):
        assert _shown_row(page, "sheet-points") == [str(n) for n in ended["points"]]
        assert _shown_row(page, "sheet-totals") == [str(n) for n in ended["totals"]]
        page.locator("[data-testid=fair].fair-ok").wait_for()
    screenshot(host, "play-score-sheet.png", whole=True)

    # Someone with the invite link but no seat watches: both seats, no hand.
    viewer = browser.new_context(**PHONE)
    watching = viewer.new_page()
    problems_viewer = watch(watching)
    watching.goto(f"{invite}?anim=0")
    watching.locator("#watch").click()
    watching.locator("#others .seat-panel").nth(1).wait_for()
    assert watching.locator("#others .seat-panel").count() == 2
    assert watching.locator(".hand-card").count() == 0

    # A person whose page closes is shown as dropped to the others.
    guest.close()
    host.locator("#others .seat-panel.is-away", has_text="Connection lost").wait_for()
    assert problems_host == [] and problems_guest == [] and problems_viewer == []
    viewer.close()
    ava.close()
    bea.close()


def test_practise_against_a_bot_with_a_hint(browser: Browser, server: str) -> None:
    context = guest_context(browser, server, "Sam")
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/practise?anim=0")
    # The master is offered with the server's bots, and not in this browser (no NumPy there).
    master = page.locator("#level-1 option[value='master']")
    page.locator("#level-1").select_option("master")
    page.locator("#practise-offline").check()
    assert master.is_disabled() and page.locator("#level-1").input_value() == "expert"
    page.locator("#practise-offline").uncheck()
    assert master.is_enabled()
    page.locator("#level-1").select_option("casual")
    page.locator("#start-practice").click()
    page.wait_for_url(re.compile(r"/play/t/"))
    asked: list[str] = []

    def ask_for_a_hint(page: Page) -> None:
        if asked or not page.locator("#hint:visible").count():
            return
        page.locator("#hint").click()
        # The answer: the ranked moves, or the button gone (a server without hints).
        answer = page.locator("#hints:not([hidden]), #hint[hidden]").first
        answer.wait_for(state="attached", timeout=60_000)  # the expert thinks (a busy CI box)
        if page.locator("#hints:visible").count():
            best = page.locator("#hints .hint-list li.is-best")
            assert best.count() == 1
            card, *taken = (best.get_attribute("data-move") or "").split(" ")[0].split("+")
            assert page.locator(f".hand-card.is-hinted[data-card='{card}']").count() == 1
            # In place: the cards it takes light on the felt, and the panel says the best move
            # alone until the others are asked for.
            lit = page.locator(".table-card.is-hinted").evaluate_all(
                "(cards) => cards.map((card) => card.dataset.card)"
            )
            assert sorted(lit) == sorted(taken)
            lines = page.locator("#hints .hint-list li")
            if lines.count() > 1:
                assert not lines.nth(1).is_visible()
                page.locator("#hints .hint-more").click()
                assert lines.nth(1).is_visible()
            # Each move in words, from the facts the server sends with it: "7♦ takes 4♠: +0
            # points now, but leaves no Sur — the expert's choice".
            for line in page.locator("#hints .hint-list li").all_inner_texts():
                assert re.search(r"\+\d+ points? now", line), line
                assert re.search(r"leaves no Sur|% likely", line), line
            asked.append("shown")
        else:
            asked.append("unsupported")

    _play_round([page], before_play=ask_for_a_hint)
    # The server ranked the moves: the list was shown with its best move marked.
    assert asked == ["shown"], asked
    table_id = urlsplit(page.url).path.rsplit("/", 1)[-1]
    # Practice tables take no spectators: the server's record is read with the seat's token.
    token = page.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")
    ended = _round_ended(server, urlsplit(page.url).path, token)
    assert _shown_row(page, "sheet-points") == [str(n) for n in ended["points"]]
    assert problems == []
    context.close()


def test_a_closed_page_rejoins_with_its_link_and_finishes_the_round(
    browser: Browser, server: str
) -> None:
    context = guest_context(browser, server, "Ray")
    rejoin = new_table(context, server, players=2, bots={"1": "random"}, bot_delay=0)
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0")
    page.locator(".hand-card").first.wait_for()
    assert "seat_token" not in page.url  # the token leaves the address bar
    for _ in range(3):
        page.locator(".hand-card.is-playable").first.wait_for()
        assert _play_once(page)
    page.locator(".hand-card").nth(1).wait_for(state="detached")  # the third play went through
    assert page.locator(".hand-card").count() == 1
    page.close()

    # The link opens the seat in a fresh page (a fresh context: no stored token, no cookie).
    other = browser.new_context(**DESKTOP)
    again = other.new_page()
    problems_again = watch(again)
    again.goto(f"{server}{rejoin}&anim=0")
    again.locator(".hand-card").first.wait_for()
    assert again.locator(".hand-card").count() == 1  # the same hand, one card left
    assert again.locator("#mine .seat-name").inner_text() == "Ray"
    _play_round([again])
    ended = _round_ended(server, rejoin)
    assert _shown_row(again, "sheet-points") == [str(n) for n in ended["points"]]
    assert problems == [] and problems_again == []
    context.close()
    other.close()


def test_a_rejoin_link_on_another_device_seats_a_bot_and_starts(
    browser: Browser, server: str
) -> None:
    """The waiting room's calls carry the seat's token: the device that opened the rejoin link
    has no guest cookie of the person who took the seat, and still manages the table."""
    context = guest_context(browser, server, "Ray")
    rejoin = new_table(context, server, players=2)
    context.close()
    phone = browser.new_context(**PHONE)  # no stored token, no cookie
    page = phone.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0")
    page.locator("[data-put-bot='1']").click()
    page.locator("#start:not([disabled])").click()
    page.locator(".hand-card").first.wait_for()
    assert page.locator("#mine .seat-name").inner_text() == "Ray"
    assert problems == []
    phone.close()


def test_the_persian_table_is_right_to_left_with_persian_digits(
    browser: Browser, server: str
) -> None:
    context = guest_context(browser, server, "Sara", **{**PHONE, "locale": "fa-IR"})
    rejoin = new_table(
        context, server, players=3, bots={"1": "random", "2": "random"}, turn_timer=60
    )
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=fa")
    page.locator(".hand-card").first.wait_for()
    assert page.evaluate("[document.documentElement.dir, document.documentElement.lang]") == [
        "rtl",
        "fa",
    ]
    held = page.locator("[data-testid=held-1]").inner_text()
    assert re.search("[۰-۹]", held) and not re.search("[0-9]", held), held
    # The turn timer counts down in Persian digits (it is Sara's turn or soon will be).
    page.locator("#clock").wait_for()
    assert re.fullmatch("[۰-۹]:[۰-۹]{2}", page.locator("#clock").inner_text())
    pack = page.locator("[data-testid=pack]").inner_text()
    assert pack.endswith(str(52 - 3 * 4 - 4).translate(PERSIAN_DIGITS)), pack
    # Mirrored: the first card of the hand sits to the right of the second.
    boxes = [box for box in page.locator("#hand .hand-card").all() if box.bounding_box()]
    first, second = boxes[0].bounding_box(), boxes[1].bounding_box()
    assert first and second and first["x"] > second["x"]
    # Still 360 px wide: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "play-table-fa-phone.png", whole=True)
    assert problems == []
    context.close()


def test_every_play_page_loads_and_the_lobby_lists_a_public_table(
    browser: Browser, server: str
) -> None:
    host = guest_context(browser, server, "Lia")
    page = host.new_page()
    problems = watch(page)
    for path in ("/", "/practise", "/settings", "/lobby"):
        page.goto(f"{server}{path}?anim=0")
        page.locator("[data-lang-switch] button").wait_for()
    page.locator("#lobby-name").fill("Lia")
    page.locator("input[name=players][value='3']").check()
    page.locator("#create-public").click()
    page.wait_for_url(re.compile(r"/play/t/"))
    table_id = urlsplit(page.url).path.rsplit("/", 1)[-1]

    visitor = browser.new_context(**PHONE)
    lobby = visitor.new_page()
    problems_lobby = watch(lobby)
    lobby.goto(f"{server}/lobby?anim=0")
    lobby.locator("#lobby-name").fill("Max")
    lobby.locator(f"[data-join='{table_id}']").click()
    lobby.wait_for_url(re.compile(table_id))
    lobby.locator("#start").wait_for()
    assert "Max" in lobby.locator("#waiting").inner_text()
    page.locator("#waiting", has_text="Max").wait_for()

    # Max leaves the seat and takes it again, under the name this browser remembers.
    lobby.locator("#leave").click()
    page.locator("#waiting .bot-row").nth(1).wait_for()  # two empty seats at the host's
    lobby.locator("[data-take-seat='1']").wait_for()
    assert "Max" in lobby.locator("#seat-picker").inner_text()
    lobby.locator("[data-take-seat='1']").click()
    page.locator("#waiting", has_text="Max").wait_for()

    # The third seat gets a bot from the waiting room (the server's bots include the master,
    # which the browser's own engine does not run); then the game can start.
    levels = page.locator("select[data-bot-level='2'] option").evaluate_all(
        "options => options.map((option) => option.value)"
    )
    assert levels[-2:] == ["expert", "master"]
    page.locator("select[data-bot-level='2']").select_option("beginner")
    page.locator("[data-put-bot='2']").click()
    page.locator("#start:not([disabled])").click()
    for seated in (page, lobby):
        seated.locator(".hand-card").first.wait_for()
    assert "beginner bot" in lobby.locator("#others").inner_text()

    page.goto(f"{server}/settings?anim=0")
    page.locator("input[name=suits][value=four]").check()
    assert page.evaluate("document.documentElement.dataset.suits") == "four"
    page.reload()
    assert page.locator("input[name=suits][value=four]").is_checked()
    assert problems == [] and problems_lobby == []
    host.close()
    visitor.close()


def _focused_card(page: Page) -> str | None:
    card: str | None = page.evaluate("document.activeElement?.dataset?.card ?? null")
    return card


def test_keyboard_play_and_the_game_end_with_a_rematch(browser: Browser, server: str) -> None:
    context = guest_context(browser, server, "Kai")
    # A game to 1 point ends after its first round (unless that round is tied).
    rejoin = new_table(context, server, players=2, bots={"1": "random"}, settings={"target": "1"})
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0")

    # Keyboard: arrows move along the hand, Enter chooses the card, Enter plays its move.
    page.locator(".hand-card.is-playable").first.wait_for()
    cards = page.locator(".hand-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    page.locator(".hand-card[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    assert _focused_card(page) == cards[1]
    page.keyboard.press("End")
    assert _focused_card(page) == cards[-1]
    page.keyboard.press("Enter")
    page.locator("#choices .choice").first.wait_for()
    assert page.evaluate("document.activeElement.classList.contains('choice')")
    page.keyboard.press("Enter")
    page.locator(f".hand-card[data-card='{cards[-1]}']").wait_for(state="detached")

    while not page.locator(".game-over").count():
        _play_round([page])
        page.locator("#close-sheet").click()  # a tied round: the game goes on
        page.locator(".game-over, .hand-card.is-playable").first.wait_for()
    over = page.locator(".game-over")
    assert re.search(r"wins!|You won!", over.inner_text())
    screenshot(page, "play-game-over.png", whole=True)
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "play-game-over-phone.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()  # the summary comes back from the snapshot
    assert re.search(r"wins!|You won!", page.locator(".game-over").inner_text())
    # The summary leads to the game's replay, opened on this seat's review.
    review = page.locator("#review").get_attribute("href")
    assert review == f"/replay/{table_id}/1?seat=0"
    page.locator("#rematch").click()  # the bot accepts at once: a new game starts
    page.locator(".game-over").wait_for(state="detached")
    page.locator(".hand-card").first.wait_for()
    assert "Game 2" in page.locator("#game-info").inner_text()
    assert problems == []
    context.close()


def test_tapping_table_cards_chooses_between_captures(browser: Browser, server: str) -> None:
    """7D can take 2D+2H or 4S: both light up, and tapping 4S, in one way only, plays it."""
    page = browser.new_page()
    problems = watch(page)
    page.goto(f"{server}/settings?anim=0")
    page.locator("[data-lang-switch] button").wait_for()
    page.evaluate(
        """async () => {
          const { PlayArea } = await import('/static/js/play/hand.js');
          const box = (id) => Object.assign(document.createElement('div'), { id });
          const parts = { hand: box('hand'), table: box('table-cards'), choices: box('choices') };
          document.querySelector('main').append(parts.table, parts.choices, parts.hand);
          window.played = [];
          const area = new PlayArea(parts, { onPlay: (move) => window.played.push(move) });
          area.update({ hand: ['7D', 'KC'], table: ['2D', '2H', '4S', 'QC'],
                        legal: ['7D+2D+2H', '7D+4S', 'KC lay'], enabled: true });
        }"""
    )
    page.locator(".hand-card[data-card='7D']").click()
    assert page.locator("#choices .choice").count() == 2
    takeable = page.locator("#table-cards .is-takeable").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    assert sorted(takeable) == ["2D", "2H", "4S"]  # QC cannot be taken
    # The 4♠ is in one way only: tapping it on the felt plays that way (ways.js).
    page.locator("#table-cards button[data-card='4S']").click()
    assert page.evaluate("window.played") == ["7D+4S"]
    assert problems == []
    page.close()


TAMPER = """(how) => {
  // Change the next play frame on its way out, as a slow or confused client would send it.
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const frame = JSON.parse(data);
    if (frame.type !== 'play') return send.call(this, data);
    WebSocket.prototype.send = send;
    const seen = (selector) =>
      [...document.querySelectorAll(selector)].map((card) => card.dataset.card);
    const held = seen('.hand-card');
    const onTable = seen('#table-cards .table-card');
    // A card neither held nor on the table (nine candidates: four in hand, four on the table).
    const absent = ['KS', 'QS', 'KH', 'QH', 'KD', 'QD', 'KC', 'QC', 'JD'].find(
      (card) => !held.includes(card) && !onTable.includes(card),
    );
    if (how === 'stale') frame.version -= 1;
    else if (how === 'off-table') frame.move = `${held[0]}+${absent}`;
    else frame.move = `${absent} lay`;
    return send.call(this, JSON.stringify(frame));
  };
}"""


def test_a_stale_play_is_resent_and_a_refused_one_explained(browser: Browser, server: str) -> None:
    context = guest_context(browser, server, "Noa")
    rejoin = new_table(context, server, players=2, bots={"1": "random"})
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    errors: list[str] = []

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame["type"] == "error":
                errors.append(frame["code"])

        socket.on("framereceived", received)

    page.on("websocket", listen)
    page.goto(f"{server}{rejoin}&anim=0")

    # A play sent with an old version is refused as stale; the page sends it again, and it lands.
    page.locator(".hand-card.is-playable").first.wait_for()
    page.evaluate(TAMPER, "stale")
    assert _play_once(page)
    page.locator(".hand-card").nth(3).wait_for(state="detached")
    assert errors == ["stale"]
    assert page.locator("#notice").is_hidden()

    # A move the rules refuse is explained in the server's words, and nothing changes.
    page.locator(".hand-card.is-playable").first.wait_for()
    page.evaluate(TAMPER, "illegal")
    assert _play_once(page)
    page.locator("#notice").wait_for()
    # The engine's reason (kind not_in_hand, card KS) is said in the page's own words, the card
    # written as everywhere on the page.
    assert re.fullmatch("[KQJ][♠♥♦♣] is not in your hand", page.locator("#notice").inner_text())
    assert page.locator(".hand-card").count() == 3
    assert errors == ["stale", "illegal"]
    assert _play_once(page)  # the next play goes through and clears the message
    page.locator("#notice").wait_for(state="hidden")
    assert problems == []
    context.close()


@pytest.mark.parametrize(
    ("language", "sentence"), [("en", "{}: not on the table"), ("fa", "{}: روی میز نیست")]
)
def test_a_refusal_is_said_from_its_reason_in_english_and_persian(
    browser: Browser, server: str, language: str, sentence: str
) -> None:
    # The error frame's reason (kind not_on_table, the card named as taken) is translated by
    # its kind: the English and the Persian catalogue's sentence, the card in its own <bdi>.
    context = guest_context(browser, server, "Noa")
    rejoin = new_table(context, server, players=2, bots={"1": "random"})
    table_id = urlsplit(rejoin).path.rsplit("/", 1)[-1]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    reasons: list[dict[str, Any]] = []

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame["type"] == "error":
                reasons.append(frame["reason"])

        socket.on("framereceived", received)

    page.on("websocket", listen)
    page.goto(f"{server}{rejoin}&anim=0&lang={language}")
    page.locator(".hand-card.is-playable").first.wait_for()
    page.evaluate(TAMPER, "off-table")
    assert _play_once(page)
    notice = page.locator("#notice")
    notice.wait_for()
    assert [reason["kind"] for reason in reasons] == ["not_on_table"]
    (missing,) = reasons[0]["taken"]
    shown = missing[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[missing[-1]]
    assert notice.inner_text() == sentence.format(shown)
    assert notice.locator("bdi").all_inner_texts() == [shown]
    assert page.locator(".hand-card").count() == 4
    assert problems == []
    context.close()
