"""Turn alerts and "my games" in real Chromium, against the real ``pasur serve``.

A table page behind another page (a second page brought to the front; Playwright's focus
emulation is switched off so that ``document.hasFocus()`` tells the truth) changes its title and
favicon when someone joins and when the turn comes, shows a system notification once allowed
(recorded by a wrapper around ``Notification``), and puts the title back when it comes to the
front; in front, the title never changes. The turn bell rings behind another page too (every tone
the page's WebAudio sounds make is recorded by an init script), and not at all once muted. The
home page lists the person's tables with whose turn it is, and one tap opens the table. The
settings page explains notifications before the browser is asked.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, screenshot, watch
from push_browser_support import deliver_push, registered_worker
from websockets.sync.client import connect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  window.__shown = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
    }
  }
  window.Notification = Recorded;
})();
"""


def _guest(browser: Browser, server: str, name: str, **options: Any) -> BrowserContext:
    context = browser.new_context(**{**DESKTOP, **options})
    answer = context.request.post(f"{server}/api/guest", data={"name": name})
    assert answer.ok, answer.text()
    return context


def _table(context: BrowserContext, server: str, players: int = 2, **body: Any) -> tuple[str, str]:
    """A table made and joined in seat 0 by the context's guest: its id and the seat's token."""
    created = context.request.post(f"{server}/api/tables", data={"players": players, **body})
    table_id: str = created.json()["table_id"]
    joined = context.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 0})
    token: str = joined.json()["seat_token"]
    return table_id, token


def _unfocused(context: BrowserContext, page: Page) -> None:
    """Let the page know when another page is in front (headless Chromium says it always has
    the focus otherwise). After the page has loaded: a navigation turns the emulation back on."""
    context.new_cdp_session(page).send("Emulation.setFocusEmulationEnabled", {"enabled": False})


def _play_first_legal(server: str, table_id: str, token: str) -> None:
    """The token's seat plays its first legal move, through a socket of its own."""
    with connect(f"ws{server.removeprefix('http')}/ws/tables/{table_id}") as socket:
        socket.send(json.dumps({"type": "hello", "protocol": 1, "seat_token": token}))
        while True:
            frame = json.loads(socket.recv(timeout=5))
            if frame["type"] == "snapshot":
                shot = frame["snapshot"]
                break
        move = shot["game"]["legal"][0]
        socket.send(json.dumps({"type": "play", "move": move, "version": shot["version"]}))
        while True:
            frame = json.loads(socket.recv(timeout=5))
            assert frame["type"] != "error", frame
            event = frame.get("event", {})
            if event.get("kind") == "played" and event["seat"] == shot["you"]:
                return


def _wait_title(page: Page, wanted: Callable[[str], bool]) -> str:
    """The page's title once ``wanted`` says yes (the pages' CSP forbids wait_for_function)."""
    deadline = time.monotonic() + 15
    while not wanted(title := page.title()):
        assert time.monotonic() < deadline, f"the title stayed {title!r}"
        page.wait_for_timeout(50)
    return title


def _title_and_icon(page: Page) -> tuple[str, str]:
    found: list[str] = page.evaluate(
        "[document.title, document.querySelector('link[rel=icon]').getAttribute('href')]"
    )
    return found[0], found[1]


def test_a_table_behind_another_page_calls_for_attention(browser: Browser, server: str) -> None:
    ava = _guest(browser, server, "Ava")
    ava.grant_permissions(["notifications"], origin=server)
    ava.add_init_script(RECORD_NOTIFICATIONS)
    ava.add_init_script("localStorage.setItem('pasur.alerts', 'on')")
    table_id, token = _table(ava, server)
    page = ava.new_page()
    problems = watch(page)
    page.goto(f"{server}/play/t/{table_id}?seat_token={token}&anim=0")
    page.wait_for_selector("#waiting:not([hidden])")
    _unfocused(ava, page)
    plain = _title_and_icon(page)
    assert "●" not in plain[0] and plain[1] == "/static/img/icon.svg"

    other = ava.new_page()
    other.goto(f"{server}/settings")
    _unfocused(ava, other)
    other.bring_to_front()
    babak = _guest(browser, server, "Babak")
    joined = babak.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 1})
    token_b = joined.json()["seat_token"]
    _wait_title(page, lambda title: title.startswith("●"))
    assert _title_and_icon(page) == ("● Someone joined — Pasur", "/static/img/icon-turn.svg")
    shown = page.evaluate("window.__shown")
    assert shown == [
        {
            "title": "● Someone joined — Pasur",
            "body": "Babak sat down at your table.",
            "tag": f"pasur-{table_id}",
        }
    ]

    page.bring_to_front()
    _wait_title(page, lambda title: not title.startswith("●"))
    assert _title_and_icon(page) == plain

    other.bring_to_front()
    assert ava.request.post(f"{server}/api/tables/{table_id}/start").ok
    page.wait_for_selector("#board:not([hidden])")
    turn = page.evaluate("document.title")
    if turn.startswith("● The game started"):
        # Babak plays first: the page says the game started, then waits for Ava's turn.
        _play_first_legal(server, table_id, token_b)
    _wait_title(page, lambda title: title == "● Your turn — Pasur")
    assert _title_and_icon(page)[1] == "/static/img/icon-turn.svg"
    titles = [item["title"] for item in page.evaluate("window.__shown")]
    assert titles[0] == "● Someone joined — Pasur" and titles[-1] == "● Your turn — Pasur"
    assert "● The game started — Pasur" in titles
    screenshot(other, "alerts-behind.png")

    page.bring_to_front()
    _wait_title(page, lambda title: not title.startswith("●"))
    assert _title_and_icon(page) == plain
    assert problems == []
    ava.close()
    babak.close()


RECORD_TONES = """
(() => {
  // Every tone the page's sounds make (sound.js), by its frequency: the turn bell is 988 Hz.
  window.__tones = [];
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    const node = make.call(this);
    const set = node.frequency.setValueAtTime.bind(node.frequency);
    node.frequency.setValueAtTime = (value, at) => {
      window.__tones.push(value);
      return set(value, at);
    };
    return node;
  };
})();
"""

TURN_BELL = 988


def test_the_turn_bell_rings_behind_another_page_unless_muted(
    browser: Browser, server: str
) -> None:
    ava = _guest(browser, server, "Ava")
    ava.add_init_script(RECORD_TONES)
    table_id, token = _table(ava, server, bots={"1": "random"})
    page = ava.new_page()
    problems = watch(page)
    page.goto(f"{server}/play/t/{table_id}?seat_token={token}&anim=0")
    page.wait_for_selector("#waiting:not([hidden])")
    page.keyboard.press("Shift")  # a browser starts audio only after the page's first key or tap
    _unfocused(ava, page)
    plain = page.title()
    other = ava.new_page()
    other.goto(f"{server}/settings")
    _unfocused(ava, other)

    def turn_comes_behind(play: bool) -> list[float]:
        """Bring the other page to the front, let Ava's turn come, and return the tones since."""
        page.bring_to_front()
        _wait_title(page, lambda title: title == plain)
        other.bring_to_front()
        before = len(page.evaluate("window.__tones"))
        if play:
            _play_first_legal(server, table_id, token)  # from another device: the bot answers
        else:
            assert ava.request.post(f"{server}/api/tables/{table_id}/start").ok
        _wait_title(page, lambda title: title == "● Your turn — Pasur")
        tones: list[float] = page.evaluate("window.__tones")
        return tones[before:]

    assert TURN_BELL in turn_comes_behind(play=False)
    assert turn_comes_behind(play=True).count(TURN_BELL) == 1  # the bell, once for the turn
    page.evaluate("localStorage.setItem('pasur.prefs', JSON.stringify({sound: 'off'}))")
    assert turn_comes_behind(play=True) == []  # muted: no bell, nor any other sound
    assert problems == []
    ava.close()


def test_a_table_in_front_keeps_its_title(browser: Browser, server: str) -> None:
    ava = _guest(browser, server, "Ava")
    ava.grant_permissions(["notifications"], origin=server)
    ava.add_init_script(RECORD_NOTIFICATIONS)
    ava.add_init_script("localStorage.setItem('pasur.alerts', 'on')")
    table_id, token = _table(ava, server)
    page = ava.new_page()
    problems = watch(page)
    page.goto(f"{server}/play/t/{table_id}?seat_token={token}&anim=0")
    page.wait_for_selector("#waiting:not([hidden])")
    _unfocused(ava, page)
    plain = page.title()
    babak = _guest(browser, server, "Babak")
    babak.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 1})
    page.wait_for_selector("#waiting >> text=Babak")
    assert page.title() == plain
    assert page.evaluate("window.__shown") == []
    assert problems == []
    ava.close()
    babak.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_my_games_on_the_home_page_open_the_table(browser: Browser, server: str, lang: str) -> None:
    ava = _guest(browser, server, "Ava", **PHONE, bypass_csp=True)
    babak = _guest(browser, server, "Babak")
    playing, token_a = _table(ava, server, turn_timer=60)
    # The seat's token, where the table page keeps it when the seat is taken in the page.
    ava.add_init_script(f"localStorage.setItem('pasur.seat.{playing}', '{token_a}')")
    joined = babak.request.post(f"{server}/api/tables/{playing}/join", data={"seat": 1})
    token_b = joined.json()["seat_token"]
    assert ava.request.post(f"{server}/api/tables/{playing}/start").ok
    mine = ava.request.get(f"{server}/api/my-games").json()["games"]
    if not mine[0]["your_turn"]:
        _play_first_legal(server, playing, token_b)
    waiting, _ = _table(ava, server, players=3)

    page = ava.new_page()
    problems = watch(page)
    page.goto(f"{server}/?lang={lang}")
    rows = page.locator("#my-games .my-game")
    rows.first.wait_for()
    assert rows.count() == 2
    texts = {row.get_attribute("data-table"): row.inner_text() for row in rows.all()}
    your_turn = "Your turn" if lang == "en" else "نوبت شما"
    assert your_turn in texts[playing] and "Babak" in texts[playing]
    left = "left" if lang == "en" else "مانده"
    assert left in texts[playing]
    assert ("Waiting for players" if lang == "en" else "در انتظار بازیکن") in texts[waiting]
    if lang == "fa":
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert not any(digit in texts[playing] for digit in "0123456789")
        assert any(digit in texts[playing] for digit in "0123456789".translate(PERSIAN_DIGITS))
    assert (
        page.locator(f"#my-games .my-game[data-table='{playing}']").get_attribute("class")
        == "my-game is-mine"
    )
    assert serious_violations(page) == []
    screenshot(page, f"alerts-my-games-phone-{lang}.png")
    page.set_viewport_size(DESKTOP["viewport"])
    screenshot(page, f"alerts-my-games-desktop-{lang}.png")
    page.locator(f"#my-games .my-game[data-table='{playing}']").click()
    page.wait_for_url(f"**/play/t/{playing}")
    page.wait_for_selector("#board:not([hidden])")
    assert [p for p in problems if "401" not in p] == []
    ava.close()
    babak.close()


def test_no_games_no_section(browser: Browser, server: str) -> None:
    cyrus = _guest(browser, server, "Cyrus")
    page = cyrus.new_page()
    problems = watch(page)
    page.goto(server)
    page.wait_for_load_state("networkidle")
    assert page.locator("#my-games").is_hidden()
    assert problems == []
    cyrus.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_settings_explain_notifications_before_the_browser_asks(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(**PHONE, bypass_csp=True)
    context.add_init_script(
        """(() => {
          window.__asked = 0;
          const ask = Notification.requestPermission.bind(Notification);
          Notification.requestPermission = (...args) => {
            window.__asked += 1;
            return ask(...args);
          };
        })();"""
    )
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/settings?lang={lang}")
    button = page.locator("#alerts-toggle")
    button.wait_for()
    assert page.evaluate("window.__asked") == 0  # never on a page load
    off = "Notifications are off" if lang == "en" else "اعلان روی این دستگاه خاموش است"
    assert off in page.locator("#alerts-state").inner_text()
    assert serious_violations(page) == []
    screenshot(page, f"alerts-settings-{lang}.png", whole=True)
    context.grant_permissions(["notifications"], origin=server)
    button.click()
    on = "Notifications are on" if lang == "en" else "اعلان روی این دستگاه روشن است"
    page.wait_for_selector(f"#alerts-state >> text={on}")
    assert page.evaluate("window.__asked") == 1
    assert page.evaluate("localStorage.getItem('pasur.alerts')") == "on"
    button.click()  # now "turn off on this device"
    page.wait_for_selector(f"#alerts-state >> text={off}")
    assert page.evaluate("localStorage.getItem('pasur.alerts')") == "off"
    # Chromium says on the console why it cannot sign up for pushes here (no Push API in
    # incognito contexts).
    assert [p for p in problems if "Push API" not in p] == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_correspondence_table_is_made_with_a_day_a_move(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/?anim=0&lang={lang}")
    page.locator("#friends-name").fill("Ava")
    labels = page.locator("input[name=timer] + span").all_inner_texts()
    if lang == "en":
        assert labels == ["Off", "15 s", "30 s", "60 s", "1 hour", "12 hours", "1 day", "3 days"]
    else:
        assert labels[-2:] == ["۱ روز", "۳ روز"]
    screenshot(page, f"alerts-timers-{lang}.png", whole=True)
    page.locator("input[name=timer][value='86400']").check()
    page.locator("#create-table").click()
    page.wait_for_url("**/play/t/**")
    table_id = page.url.split("/play/t/", 1)[1].split("?", 1)[0]
    assert context.request.get(f"{server}/api/tables/{table_id}").json()["turn_timer"] == 86_400
    bot = context.request.post(
        f"{server}/api/tables/{table_id}/bots", data={"seat": 1, "level": "random"}
    )
    assert bot.ok, bot.text()
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page.wait_for_selector("#board:not([hidden])")
    clock = page.locator("#clock")
    clock.wait_for()
    # The day's clock reads in words (its minutes and seconds would say nothing).
    assert clock.inner_text() in (["1 day", "23 hours"] if lang == "en" else ["۱ روز", "۲۳ ساعت"])
    assert problems == []
    context.close()


SHOWN = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const shown = await registration.getNotifications();
  return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url ?? null }));
}"""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_push_reaches_the_service_worker_and_shows_the_turn(
    browser: Browser, server: str, lang: str
) -> None:
    """The service worker registers from /sw.js; a push delivered to it through the DevTools
    protocol shows a notification naming the table, worded in the browser's language. (Its tap:
    test_alerts_devices_browser.py.)"""
    context = browser.new_context(**{**DESKTOP, "locale": "fa-IR" if lang == "fa" else "en-US"})
    context.grant_permissions(["notifications"], origin=server)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/settings")
    page.locator("#alerts-toggle").wait_for()
    cdp, registration = registered_worker(context, page)
    assert registration["scopeURL"] == f"{server}/"
    data = {
        "kind": "turn",
        "table_id": "t123",
        "seat": 1,
        "others": ["Babak"],
        "url": "/play/t/t123",
    }
    deliver_push(cdp, registration, data)
    deadline = time.monotonic() + 10
    while not (shown := page.evaluate(SHOWN)):
        assert time.monotonic() < deadline, "no notification was shown"
        page.wait_for_timeout(50)
    if lang == "en":
        expected = ("● Your turn — Pasur", "Your move at the table with Babak.")
    else:
        expected = ("● نوبت شماست — پاسور", "نوبت شما سر میز با Babak.")
    assert shown == [
        {"title": expected[0], "body": expected[1], "tag": "pasur-t123", "url": "/play/t/t123"}
    ]
    assert problems == []
    context.close()


def test_allowing_notifications_signs_the_browser_up_for_pushes_or_says_why_not(
    browser: Browser, server: str
) -> None:
    """Headless Chromium has no push service to sign up with (it would be Google's, on the
    internet): the settings say that notifications then show only while a tab is open."""
    context = _guest(browser, server, "Ava")
    context.grant_permissions(["notifications"], origin=server)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/settings")
    page.locator("#alerts-toggle").click()
    page.locator("#alerts-push:not([hidden])").wait_for(timeout=30_000)
    said = page.locator("#alerts-push").inner_text()
    assert said in (
        "Pasur can tell this device even when no Pasur tab is open.",
        "This browser could not sign up for pushes, so notifications show only while a Pasur "
        "tab is open.",
    )
    assert page.evaluate("navigator.serviceWorker.controller !== undefined")
    # Chromium says on the console why it cannot (incognito contexts have no Push API).
    assert [p for p in problems if "Push API" not in p] == []
    context.close()
