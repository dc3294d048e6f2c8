"""The table as a card table, in real Chromium against the real ``pasur serve``: a whole round at
each player count played by clicks at 1280×800 and at 360×740 (turned to landscape before every
play too), with hand, felt and every seat on screen, apart and uncovered, and the table's cards
on the felt; captures held long enough to read and gathered into the capturer's pile; reduced
motion fading instead of moving; events shown in the server's order; keyboard play; a move the
turn timer made said in the log and on the seat; the invite link's reach; no request leaving the
server's origin; the accessibility scan. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from axe_support import serious_violations
from browser_support import ARTIFACTS, DESKTOP, PHONE, screenshot, watch
from test_play_browser import SHEET, _play_once, _server_events
from websockets.sync.client import connect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

SIZES = {"desktop": (1280, 800), "phone": (360, 740), "landscape": (740, 360)}

LAYOUT = """() => {
  const rect = (element) => {
    const r = element.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const named = (element) => element.id ? `#${element.id}`
    : element.dataset.seat !== undefined ? `seat ${element.dataset.seat}`
    : element.className || element.tagName;
  const shown = (element) => element.checkVisibility({ visibilityProperty: true });
  const parts = [document.querySelector('#hand'), document.querySelector('#felt'),
                 ...document.querySelectorAll('.seat-panel')].filter((e) => e && e.offsetParent);
  // What the eye would meet at points spread over each box: the box itself or something inside
  // it, never an element laid over it. The corners are taken inside the box's rounding.
  const covered = [];
  for (const part of parts) {
    const r = part.getBoundingClientRect();
    const radius = parseFloat(getComputedStyle(part).borderStartStartRadius) || 0;
    const inset = Math.min(Math.max(3, radius * 0.35 + 2), r.width / 2 - 1, r.height / 2 - 1);
    const xs = [r.left + inset, r.left + r.width / 2, r.right - inset];
    const ys = [r.top + inset, r.top + r.height / 2, r.bottom - inset];
    for (const x of xs) for (const y of ys) {
      const found = document.elementFromPoint(x, y);
      if (found && !part.contains(found)) {
        const at = `(${Math.round(x)}, ${Math.round(y)})`;
        covered.push(`${named(part)} at ${at} is under ${named(found)}`);
      }
    }
  }
  // The other things on the page that could be laid over the table, when shown; some are not
  // hit by elementFromPoint (pointer-events: none), so their boxes are compared too.
  const others = [...document.querySelectorAll(
      '.app-bar, #notice, #toast, #choices, #hints, #guide, #tools, #log-dialog, .emote-menu,'
      + ' .emote-bubble, dialog[open]')].filter(shown).map((e) => ({ name: named(e), ...rect(e) }));
  const cards = [...document.querySelectorAll('#table-cards .table-card')].map(rect);
  const felt = document.querySelector('#felt');
  const f = felt.getBoundingClientRect();
  const pack = document.querySelector('.pack');
  return { boxes: parts.map((e) => ({ name: named(e), ...rect(e) })), others, covered, cards,
           pack: pack && shown(pack) ? rect(pack) : null,
           felt: { left: f.left + felt.clientLeft, top: f.top + felt.clientTop,
                   right: f.left + felt.clientLeft + felt.clientWidth,
                   bottom: f.top + felt.clientTop + felt.clientHeight },
           drawers: [...document.querySelectorAll('dialog[open]')].map(named),
           width: innerWidth, height: innerHeight,
           scroll: document.scrollingElement.scrollHeight };
}"""


def _apart(one: dict[str, Any], other: dict[str, Any]) -> bool:
    return (
        one["right"] <= other["left"] + 0.5
        or other["right"] <= one["left"] + 0.5
        or one["bottom"] <= other["top"] + 0.5
        or other["bottom"] <= one["top"] + 0.5
    )


def _within(inner: dict[str, Any], outer: dict[str, Any]) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def _check_layout(page: Page, where: str) -> None:
    """Hand, felt and every seat inside the viewport, none overlapping another nor covered by
    anything else on the page (the bar, a notice, a toast, the tools, a drawer: none is open
    during play); every table card inside the felt; no scrolling."""
    shown = page.evaluate(LAYOUT)
    boxes = shown["boxes"]
    screen = {"left": 0, "top": 0, "right": shown["width"], "bottom": shown["height"]}
    assert shown["scroll"] <= shown["height"], f"{where}: the page scrolls"
    assert shown["drawers"] == [], f"{where}: open during play: {shown['drawers']}"
    assert shown["covered"] == [], f"{where}: {shown['covered']}"
    for box in boxes:
        assert _within(box, screen), (
            f"{where}: {box} is not inside {shown['width']}×{shown['height']}"
        )
    for index, one in enumerate(boxes):
        for other in boxes[index + 1 :] + shown["others"]:
            assert _apart(one, other), f"{where}: {one} overlaps {other}"
    for card in shown["cards"]:
        assert _within(card, shown["felt"]), f"{where}: a table card {card} is not on the felt"


def _started(context: BrowserContext, server: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table made with ``body``, seat 0 taken by the context's guest, started: the join's
    answer (``rejoin_url``, ``seat_token``)."""
    context.request.post(f"{server}/api/guest", data={"name": "Sara"})
    created = context.request.post(f"{server}/api/tables", data=body).json()
    table_id = created["table_id"]
    joined = context.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 0}).json()
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    answer: dict[str, Any] = joined
    return answer


def _practice(
    browser: Browser, server: str, body: dict[str, Any], query: str, **options: Any
) -> tuple[BrowserContext, Page, list[str], str]:
    """A started table with bots in every other seat, opened at seat 0."""
    context = browser.new_context(**{**DESKTOP, **options})
    joined = _started(context, server, body)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{joined['rejoin_url']}&{query}")
    page.locator(".hand-card").first.wait_for()
    return context, page, problems, joined["seat_token"]


TABLES = {
    "2": {"players": 2, "bots": {"1": "casual"}},
    "3": {"players": 3, "bots": {"1": "casual", "2": "random"}},
    "4": {"players": 4, "bots": {"1": "casual", "2": "random", "3": "beginner"}},
    "partners": {
        "players": 4,
        "bots": {"1": "casual", "2": "random", "3": "beginner"},
        "settings": {"partnerships": "on"},
    },
}


CROWD = """(count) => {
  // Table cards as the table draws them (a card in a span.table-card), from a card in the
  // hand: the table itself may be empty (a bot's first play can take every card on it).
  const face = document.querySelector('.hand-card .card');
  const one = () => {
    const card = document.createElement('span');
    card.className = 'table-card';
    card.append(face.cloneNode(true));
    return card;
  };
  document.querySelector('#table-cards').replaceChildren(...Array.from({ length: count }, one));
}"""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_crowded_table_keeps_every_card_on_the_felt(
    browser: Browser, server: str, lang: str
) -> None:
    """Laid cards stay until taken, so the table can hold many: however many (up to 20), and at
    every card size, they shrink to stay on the felt at each screen size, clear of the pack."""
    locale = "fa-IR" if lang == "fa" else "en-US"
    context, page, problems, _ = _practice(
        browser, server, {**TABLES["2"], "bot_delay": 0}, "anim=0", **{**PHONE, "locale": locale}
    )
    # The person's turn: the bot waits for the person, so nothing redraws the table meanwhile.
    page.locator(".hand-card.is-playable").first.wait_for()
    for shown, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scale in ("0.85", "1", "1.18"):
            page.evaluate(f"document.documentElement.style.setProperty('--card-scale', '{scale}')")
            for count in range(1, 21):
                page.evaluate(CROWD, count)
                laid = page.evaluate(LAYOUT)
                assert len(laid["cards"]) == count
                for card in laid["cards"]:
                    where = f"{shown}, card size {scale}, {count} cards"
                    assert _within(card, laid["felt"]), f"{where}: {card} is off the felt"
                    pack = laid["pack"]
                    assert pack is None or _apart(card, pack), f"{where}: {card} is on the pack"
                if scale == "1" and count == 12:
                    screenshot(page, f"table-crowded-{shown}-{lang}.png")
    assert problems == []
    context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("shape", list(TABLES))
def test_a_round_at_each_player_count_keeps_the_table_on_screen(
    browser: Browser, server: str, shape: str, size: str
) -> None:
    """A whole round played by clicks at one size, the layout checked before every play; the
    phone is also turned to landscape and checked there before every play."""
    body = {**TABLES[shape], "bot_delay": 0}
    context, page, problems, _ = _practice(
        browser, server, body, "anim=0", **(DESKTOP if size == "desktop" else PHONE)
    )
    assert page.locator(".seat-panel").count() == body["players"]
    if shape == "partners":
        # The partner sits across, marked; the others are the other side's colour.
        assert page.locator(".seat-panel.is-partner").get_attribute("data-place") == "top"
        assert page.locator(".seat-panel.side-0").count() == 2
        assert page.locator(".seat-panel.side-1").count() == 2
    turned = ["landscape"] if size == "phone" else []
    plays = 0
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the round did not end in time"
        page.locator(f".hand-card.is-playable, {SHEET}").first.wait_for()
        if page.locator(SHEET).count():
            break
        for shown in [*turned, size]:
            width, height = SIZES[shown]
            page.set_viewport_size({"width": width, "height": height})
            _check_layout(page, f"{shape} players, {shown}, play {plays}")
            if plays == 4 and shape != "partners":
                screenshot(page, f"table-{shape}-{shown}.png")
        card = page.locator(".hand-card.is-playable").first.get_attribute("data-card")
        assert _play_once(page)  # the first playable card
        plays += 1
        page.locator(f".hand-card[data-card='{card}']").wait_for(state="detached")
    assert plays == 48 // body["players"]  # the 48 cards dealt after the table's 4
    screenshot(page, f"table-{shape}-sheet-{size}.png")
    assert problems == []
    context.close()


CAPTURE_WATCH = """() => {
  // Each capture held on the felt: when its outline appears and goes, and every seat's pile
  // count just before and just after, so the test can see where the cards went.
  window.captures = [];
  const piles = () => [...document.querySelectorAll('.seat-panel')].map(
    (seat) => [seat.dataset.seat, seat.querySelector('.seat-pile .pile')?.textContent]);
  let current = null;
  new MutationObserver(() => {
    const held = document.querySelectorAll('#table-cards .is-taken, #table-cards .is-capturing');
    if (held.length && !current) {
      current = { start: performance.now(), cards: held.length, before: piles() };
    } else if (!held.length && current) {
      current.end = performance.now();
      const done = current;
      current = null;
      requestAnimationFrame(() => { done.after = piles(); window.captures.push(done); });
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
  // Every Web Animation's keyframes, to tell moving from fading.
  window.keyframes = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    window.keyframes.push(JSON.stringify(frames));
    return animate.call(this, frames, options);
  };
}"""


def _count(text: str) -> int:
    return int(text.split()[0])


def _play_until_captures(
    page: Page, wanted: int, seconds: float = 120, shot: str | None = None
) -> list[dict[str, Any]]:
    """Play until `wanted` captures were seen; `shot` names a screenshot of one held."""
    deadline = time.monotonic() + seconds
    while page.evaluate("window.captures.length") < wanted:
        assert time.monotonic() < deadline, "no capture was made in time"
        if page.locator(SHEET).count():
            page.locator("#close-sheet").click()
        if shot and page.locator("#table-cards .is-taken").count():
            screenshot(page, shot)
            shot = None
        if not _play_once(page):
            page.wait_for_timeout(50)
    captures: list[dict[str, Any]] = page.evaluate("window.captures")
    return captures


def test_a_capture_stays_on_the_felt_then_goes_to_the_capturers_pile(
    browser: Browser, server: str
) -> None:
    body = {"players": 3, "bots": {"1": "casual", "2": "casual"}, "bot_delay": 0}
    context, page, problems, token = _practice(browser, server, body, "anim=normal")
    page.evaluate(CAPTURE_WATCH)
    captures = _play_until_captures(page, 3, shot="table-capture-desktop.png")
    for capture in captures:
        held = capture["end"] - capture["start"]
        assert held >= 800, f"a capture was on the felt for only {held:.0f} ms"
        grew = [
            (_count(after[1]) - _count(before[1]))
            for before, after in zip(capture["before"], capture["after"], strict=True)
        ]
        # One pile took every card held (the card played and what it took), the others none.
        assert sorted(grew)[-1] == capture["cards"] and sorted(grew)[:-1] == [0] * (len(grew) - 1)
    # The moves shown in the log are the server's, in its order, none left out (bots played
    # during the animations: their events waited). Once this seat's turn is shown, every event
    # before it has been; the log starts with the first event this page received (the bots may
    # have played before it opened).
    # Three captures may come in the first three plays this page saw: it plays on until the log
    # holds four, so the order is checked over more than the captures.
    deadline = time.monotonic() + 60
    while page.locator("#log li[data-move]").count() < 4:
        assert time.monotonic() < deadline, "no fourth play in time"
        if page.locator(SHEET).count():
            page.locator("#close-sheet").click()
        if not _play_once(page):
            page.wait_for_timeout(50)
    page.locator(f".hand-card.is-playable, {SHEET}").first.wait_for()
    shown = page.locator("#log li[data-move]").evaluate_all(
        "lines => lines.map(l => l.dataset.move)"
    )
    played = [
        event["move"]
        for event in _server_events(server, urlsplit(page.url).path, token)
        if event["kind"] == "played"
    ]
    assert len(shown) >= 4 and played[len(played) - len(shown) :] == shown, (shown, played)
    frames = page.evaluate("window.keyframes")
    assert any("translate" in frame for frame in frames), "cards travel at normal speed"
    page.set_viewport_size({"width": 360, "height": 740})
    _play_until_captures(page, len(captures) + 1, shot="table-capture-phone.png")
    assert problems == []
    context.close()


def test_with_reduced_motion_cards_fade_and_never_move(browser: Browser, server: str) -> None:
    body = {"players": 2, "bots": {"1": "casual"}, "bot_delay": 0}
    context, page, problems, _ = _practice(
        browser, server, body, "anim=fast", reduced_motion="reduce"
    )
    page.evaluate(CAPTURE_WATCH)
    _play_until_captures(page, 1)
    frames = page.evaluate("window.keyframes")
    assert frames, "something was animated"
    assert not [frame for frame in frames if "transform" in frame], frames[:3]
    css = page.evaluate(
        "document.getAnimations().filter((a) => !(a instanceof CSSTransition) &&"
        " a.effect.getKeyframes().some((k) => k.transform && k.transform !== 'none')).length"
    )
    assert css == 0
    assert problems == []
    context.close()


def test_a_whole_round_by_keyboard(browser: Browser, server: str) -> None:
    body = {"players": 2, "bots": {"1": "random"}, "bot_delay": 0}
    context, page, problems, _ = _practice(browser, server, body, "anim=0")
    plays = 0
    deadline = time.monotonic() + 90
    while not page.locator(SHEET).count():
        assert time.monotonic() < deadline, "the round did not end in time"
        if not page.locator(".hand-card.is-playable").count():
            page.wait_for_timeout(30)
            continue
        page.locator(".hand-card[tabindex='0']").focus()
        page.keyboard.press("End")
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")  # the card: its moves, the first in focus
        page.locator("#choices .choice").first.wait_for()
        page.keyboard.press("Enter")  # the move
        page.locator(f".hand-card[data-card='{card}']").wait_for(state="detached")
        plays += 1
    assert plays == 24  # 6 deals of 4 cards
    # The sheet is a dialog with the keyboard in it; Enter on "Next round" closes it.
    assert page.evaluate("document.activeElement.closest('dialog')?.id") == "sheet-dialog"
    page.keyboard.press("Enter")
    page.locator(SHEET).wait_for(state="detached")
    assert problems == []
    context.close()


def test_the_invite_link_says_when_only_this_device_can_open_it(
    browser: Browser, server: str
) -> None:
    """The server describes a table with ``invite_url`` and ``invite_reach``: serving on the
    loopback address only (the test server's), the waiting room says that only this device can
    open the link; on a network (stubbed: the test server cannot listen on one) it says nothing."""
    context = browser.new_context(**PHONE)
    context.request.post(f"{server}/api/guest", data={"name": "Ava"})
    created = context.request.post(f"{server}/api/tables", data={"players": 2}).json()
    table_id = created["table_id"]
    assert created["invite_reach"] == "this-device"
    joined = context.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 0}).json()
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{joined['rejoin_url']}&anim=0")
    page.locator("#invite-reach").wait_for()
    assert page.locator("#invite-url").input_value() == f"{server}/play/t/{table_id}"
    assert "pasur serve --host 0.0.0.0" in page.locator("#invite-reach").inner_text()
    screenshot(page, "table-invite-this-device-phone.png")

    def described(route: Any) -> None:
        answer = route.fetch().json()
        answer.update(
            invite_url=f"http://192.168.1.20:8000/play/t/{table_id}", invite_reach="network"
        )
        route.fulfill(json=answer)

    page.route(f"**/api/tables/{table_id}", described)
    page.reload()
    page.locator("#invite-url").wait_for()
    # The page draws the link from its own address first and the server's once GET
    # /api/tables/{id} answers (on a busy machine, a moment later): wait for that answer.
    page.wait_for_function(
        "(url) => document.querySelector('#invite-url')?.value === url",
        arg=f"http://192.168.1.20:8000/play/t/{table_id}",
    )
    assert (
        page.locator("#invite-url").input_value() == f"http://192.168.1.20:8000/play/t/{table_id}"
    )
    assert page.locator("#invite-reach").count() == 0
    assert problems == []
    context.close()


def test_the_table_page_asks_only_its_own_server_and_its_weight(
    browser: Browser, server: str
) -> None:
    body = {"players": 2, "bots": {"1": "casual"}, "bot_delay": 0}
    context = browser.new_context(**{**DESKTOP, "locale": "fa-IR"})
    joined = _started(context, server, body)
    page = context.new_page()
    problems = watch(page)
    asked: list[str] = []
    sizes: dict[str, int] = {}
    page.on("request", lambda request: asked.append(request.url))

    def weighed(response: Any) -> None:
        if response.request.resource_type in {"document", "script", "stylesheet", "font", "fetch"}:
            sizes[urlsplit(response.url).path] = len(response.body())

    page.on("response", weighed)
    page.goto(f"{server}{joined['rejoin_url']}&anim=0&lang=fa")
    page.locator(".hand-card").first.wait_for()
    page.evaluate("document.fonts.ready")
    page.wait_for_load_state("networkidle")
    origins = {f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" for url in asked}
    assert origins == {server}, origins
    kinds = {"html": 0, "js": 0, "css": 0, "font": 0, "json": 0}
    counts = dict.fromkeys(kinds, 0)
    for path, size in sizes.items():
        kind = (
            "font"
            if path.endswith(".woff2")
            else "js"
            if path.endswith(".js")
            else "css"
            if path.endswith(".css")
            else "json"
            if path.endswith(".json") or path.startswith("/api/")
            else "html"
        )
        kinds[kind] += size
        counts[kind] += 1
    ARTIFACTS.mkdir(exist_ok=True)
    weight = {
        "bytes": kinds,
        "files": len(sizes),
        "files_of_each": counts,
        "total": sum(kinds.values()),
        "paths": sorted(sizes),
    }
    (ARTIFACTS / "table-page-weight.json").write_text(json.dumps(weight, indent=2))
    assert kinds["js"] and kinds["css"] and kinds["font"] and kinds["html"]
    assert weight["total"] < 400_000, weight  # docs/performance.md, "The table page"
    screenshot(page, "table-persian-desktop.png")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "table-persian-phone.png")
    assert problems == []
    context.close()


def test_the_table_and_its_sheet_pass_the_accessibility_scan(browser: Browser, server: str) -> None:
    body = {"players": 2, "bots": {"1": "random"}, "bot_delay": 0}
    for lang in ("en", "fa"):
        context, page, problems, _ = _practice(
            browser, server, body, f"anim=0&lang={lang}", bypass_csp=True
        )
        assert serious_violations(page) == [], f"the table in play ({lang})"
        while not page.locator(SHEET).count():
            if not _play_once(page):
                page.wait_for_timeout(30)
        assert serious_violations(page) == [], f"the round's sheet ({lang})"
        assert problems == []
        context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_other_pages_pass_the_accessibility_scan(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(**PHONE, bypass_csp=True)
    page = context.new_page()
    problems = watch(page)
    found = {}
    for path in ("/", "/lobby", "/practise", "/settings", "/rules", "/history", "/tracker"):
        page.goto(f"{server}{path}?lang={lang}")
        page.wait_for_selector(f"html[lang='{lang}'] [data-lang-switch] button", state="attached")
        page.wait_for_load_state("networkidle")
        found[path] = serious_violations(page)
    assert {path: lines for path, lines in found.items() if lines} == {}
    assert [p for p in problems if "401" not in p] == []
    context.close()


def test_every_house_rule_can_be_chosen_when_a_table_is_made(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/?anim=0")
    page.locator("#friends-name").fill("Ava")
    page.locator(".advanced summary").click()
    rules = json.loads(page.evaluate("fetch('/api/rules').then((r) => r.text())"))
    shown = page.locator(".advanced .rule").evaluate_all(
        "rules => rules.map(r => r.dataset.setting)"
    )
    assert shown == [s["name"] for s in rules["settings"] if s["name"] != "partnerships"]
    # Pagat's values are ticked when Pagat is chosen.
    page.locator("input[name=preset][value=pagat]").check()
    assert page.locator("input[name='rule-clubs-award'][value='seven-or-more']").is_checked()
    page.locator("input[name='rule-sur-points'][value='10']").check()
    # A number out of its limits is refused here, with a sentence, and nothing is sent.
    page.locator("#rule-target").fill("0")
    page.locator("#create-table").click()
    error = page.locator("#friends-form .error-text")
    error.wait_for()
    assert "1" in error.inner_text() and "10000" in error.inner_text()
    assert "/play/t/" not in page.url
    page.locator("#rule-target").fill("100")
    page.locator("#create-table").click()
    page.wait_for_url("**/play/t/**")
    table_id = urlsplit(page.url).path.rsplit("/", 1)[-1]
    token = page.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")
    with connect(f"ws{server.removeprefix('http')}/ws/tables/{table_id}") as socket:
        socket.send(json.dumps({"type": "hello", "protocol": 1, "seat_token": token}))
        frames = [json.loads(socket.recv(timeout=5)) for _ in range(2)]
    made = frames[1]["snapshot"]["config"]["rules"]
    assert (made["target"], made["sur-points"], made["clubs-award"]) == (
        "100",
        "10",
        "seven-or-more",
    )
    assert problems == []
    context.close()


SOUNDS = """() => {
  // Count the sounds made: every oscillator or noise burst started.
  window.sounds = 0;
  for (const kind of [OscillatorNode, AudioBufferSourceNode]) {
    const start = kind.prototype.start;
    kind.prototype.start = function (...args) {
      window.sounds += 1;
      return start.apply(this, args);
    };
  }
}"""


def test_sound_is_on_after_a_tap_and_the_mute_is_remembered(browser: Browser, server: str) -> None:
    body = {"players": 2, "bots": {"1": "casual"}, "bot_delay": 0}
    context, page, problems, _ = _practice(browser, server, body, "anim=0")
    context.add_init_script(f"({SOUNDS})()")
    page.reload()
    page.locator(".hand-card.is-playable").first.wait_for()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert _play_once(page)  # the first tap unlocks the audio; the play sounds
    page.wait_for_function("() => window.sounds > 0")
    page.locator("#sound-toggle").click()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"
    page.reload()
    page.locator(".hand-card").first.wait_for()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "false"
    page.locator(".hand-card.is-playable").first.wait_for()
    assert _play_once(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.sounds") == 0, "muted: no sound"
    # With "confirm before playing" (the menu), a card with one way asks before it is played.
    page.locator("#menu-button").click()
    page.locator("#confirm-play").check()
    page.locator("#menu-dialog [data-closes]").click()
    card = page.locator(".hand-card.is-playable[data-ways='1']").first
    if card.count():
        code = card.get_attribute("data-card")
        card.click()
        page.locator("#choices .choice").wait_for()
        assert page.locator(f".hand-card[data-card='{code}']").count() == 1
    # A move the server made for a seat is said in the log and on the seat.
    said = page.evaluate(
        """async () => {
          const { mountLog, byWords } = await import('/static/js/play/log.js');
          const list = document.createElement('ol');
          mountLog(list).played('Mina', { seat: 1, move: '7D+4S', card: '7D', taken: ['4S'],
                                          sur: false, by: 'timer' });
          return [list.textContent, byWords('stand_in'), byWords('player')];
        }"""
    )
    assert said == ["Mina: 7♦ takes 4♠ (played by the timer)", "played by a stand-in bot", None]
    assert problems == []
    context.close()


def test_a_move_the_timer_plays_is_said_in_the_log_and_on_the_seat(
    browser: Browser, server: str
) -> None:
    """The real path: a table with the shortest turn timer offered (15 s), a person who does not
    play, and the server playing for them when the clock runs out."""
    body = {"players": 2, "bots": {"1": "casual"}, "bot_delay": 0, "turn_timer": 15}
    context, page, problems, token = _practice(browser, server, body, "anim=0")
    page.locator(".hand-card.is-playable").first.wait_for()
    assert page.locator(".seat-panel[data-seat='0'] .avatar.has-clock").count() == 1
    flash = page.locator(".seat-panel[data-seat='0'] .seat-flash")
    flash.wait_for(timeout=30_000)
    assert flash.inner_text() == "played by the timer"
    screenshot(page, "table-timer-played-desktop.png")
    said = page.locator("#log li.log-play").evaluate_all(
        "lines => lines.map((line) => [line.dataset.move, line.textContent])"
    )
    timed = [
        event
        for event in _server_events(server, urlsplit(page.url).path, token)
        if event["kind"] == "played" and event.get("by") == "timer"
    ]
    assert len(timed) == 1 and timed[0]["seat"] == 0, timed
    mine = [text for move, text in said if move == timed[0]["move"]]
    # "Sara: 7♦ takes 4♠ (played by the timer)" or, her own lay in her log, "You lay 2♥ (played
    # by the timer)"; a capture that clears the table is a Sur, said first: "Sur! Sara: 2♥ …".
    assert len(mine) == 1 and mine[0].removeprefix("Sur! ").startswith(("Sara", "You lay")), said
    assert mine[0].endswith(" (played by the timer)"), said
    assert problems == []
    context.close()
