"""Take-backs in Chromium (docs/protocol.md, 8a): a table made with take-backs "Ask" on the home
page's form, two people in two browser contexts (English on a desktop, Persian on a phone); the
one who played asks, the other accepts and the card is back in the asker's hand; then the other
way round, declined by keyboard. The request is screenshot at both sizes in both languages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from axe_support import serious_violations
from browser_support import DESKTOP, PHONE, screenshot, watch
from test_play_browser import _play_once

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {"phone": (360, 740), "desktop": (1280, 800)}


def _mover(pages: dict[int, Page]) -> int:
    """The seat whose page can play now (waiting a little for the turn to show)."""
    for _ in range(100):
        for seat, page in pages.items():
            if page.locator(".hand-card.is-playable").count():
                return seat
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody can play")


def _play(page: Page) -> str:
    """Play a card on ``page``; returns its code once it has left the hand."""
    page.locator(".hand-card.is-playable").first.wait_for()
    card = page.locator(".hand-card.is-playable").first.get_attribute("data-card")
    assert card and _play_once(page)
    page.locator(f"#hand .hand-card[data-card='{card}']").wait_for(state="detached")
    return card


def _shots(page: Page, name: str) -> None:
    """The request as ``page`` shows it, at the phone's and the desktop's size."""
    viewport = page.viewport_size
    assert viewport is not None
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#take-back").scroll_into_view_if_needed()
        screenshot(page, f"take-back-{name}-{size}.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.set_viewport_size(viewport)


def _ava_and_sara(browser: Browser, server: str) -> tuple[dict[int, Page], list[str]]:
    """Ava (a desktop, English) makes a table with take-backs "Ask" on the home page's form;
    Sara (a phone, Persian) joins it; it starts. Both pages by seat, and the problems watched."""
    ava_context = browser.new_context(**DESKTOP, bypass_csp=True)  # bypass: the axe scan
    sara_context = browser.new_context(**{**PHONE, "locale": "fa-IR"})
    assert sara_context.request.post(f"{server}/api/guest", data={"name": "Sara"}).ok
    ava = ava_context.new_page()
    problems = watch(ava)
    ava.goto(f"{server}/?anim=0")
    ava.locator("#friends-name").fill("Ava")
    ava.locator("input[name=take_backs][value=ask]").check()
    ava.locator("#create-table").click()
    ava.wait_for_url("**/play/t/**")
    table_id = ava.url.split("/play/t/")[1].split("?")[0]
    joined = sara_context.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 1})
    assert ava_context.request.post(f"{server}/api/tables/{table_id}/start").ok
    sara = sara_context.new_page()
    problems += watch(sara)
    sara.goto(f"{server}{joined.json()['rejoin_url']}&lang=fa")
    pages = {0: ava, 1: sara}
    for page in pages.values():
        page.locator(".hand-card").first.wait_for()
    return pages, problems


def test_a_play_is_taken_back_when_the_other_accepts_and_kept_when_they_decline(
    browser: Browser, server: str
) -> None:
    pages, problems = _ava_and_sara(browser, server)
    ava, sara = pages[0], pages[1]

    # Whoever leads plays, asks, and the other accepts: the card is back in the asker's hand.
    mover = _mover(pages)
    asker, other = pages[mover], pages[1 - mover]
    card = _play(asker)
    asker.locator("#take-back-button").wait_for()
    screenshot(asker, "take-back-button-" + ("fa" if asker is sara else "en") + ".png")
    asker.locator("#take-back-button").click()
    accept = other.locator("#take-back-accept")
    accept.wait_for()
    asker.locator("#take-back .take-back-text").wait_for()  # "waiting for the others"
    _shots(other, "asks-" + ("fa" if other is sara else "en"))
    _shots(asker, "waiting-" + ("fa" if asker is sara else "en"))
    if other is ava:
        assert serious_violations(ava) == [], "the take-back banner"
    accept.click()
    asker.locator(f"#hand .hand-card[data-card='{card}']").wait_for()
    assert asker.locator("#hand .hand-card").count() == 4
    other.locator("#take-back").wait_for(state="hidden")
    ava.locator("#toast", has_text="took back").wait_for()  # the outcome, to both
    sara.locator("#toast", has_text="را پس گرفت").wait_for()
    assert not asker.locator("#take-back-button").is_visible()  # one take-back: none is left

    # The asker plays on from the game as it was; then the other plays and asks, and is refused
    # by keyboard: the play stands.
    _play(asker)
    card = _play(other)
    other.locator("#take-back-button").click()
    decline = asker.locator("#take-back-decline")
    decline.wait_for()
    _shots(asker, "asks-" + ("fa" if asker is sara else "en"))
    _shots(other, "waiting-" + ("fa" if other is sara else "en"))
    if asker is ava:
        assert serious_violations(ava) == [], "the take-back banner"
    decline.focus()
    asker.keyboard.press("Enter")
    other.locator("#take-back").wait_for(state="hidden")
    other.locator("#toast", has_text="declined" if other is ava else "نپذیرفت").wait_for()
    assert other.locator(f"#hand .hand-card[data-card='{card}']").count() == 0
    assert not other.locator("#take-back-button").is_visible()  # declined: not asked again
    assert problems == []
    ava.context.close()
    sara.context.close()


def test_on_a_phone_the_chat_yields_to_escape_a_tap_outside_and_a_question(
    browser: Browser, server: str
) -> None:
    """Sara (a phone, Persian) has the chat open over most of the table: Escape closes it, so does
    a tap on the felt; and when Ava asks to take a play back, the chat closes by itself so that
    Sara's Accept is on top, not under the drawer."""
    pages, problems = _ava_and_sara(browser, server)
    ava, sara = pages[0], pages[1]
    chat = sara.locator("#chat")

    sara.locator("#chat-button").click()
    chat.wait_for()
    sara.keyboard.press("Escape")
    chat.wait_for(state="hidden")
    sara.locator("#chat-button").click()
    chat.wait_for()
    felt, drawer = sara.locator("#felt").bounding_box(), chat.bounding_box()
    assert felt is not None and drawer is not None
    # The felt's edge away from the drawer (which opens on the left in Persian).
    x = felt["x"] + felt["width"] - 5 if drawer["x"] < felt["x"] + 5 else felt["x"] + 5
    sara.mouse.click(x, felt["y"] + felt["height"] / 2)
    chat.wait_for(state="hidden")

    # Ava must be the one who asks: if Sara leads, she plays first.
    if _mover(pages) == 1:
        _play(sara)
    _play(ava)
    sara.locator("#chat-button").click()
    chat.wait_for()
    ava.locator("#take-back-button").click()
    accept = sara.locator("#take-back-accept")
    accept.wait_for()
    chat.wait_for(state="hidden")
    screenshot(sara, "take-back-over-chat-fa-phone.png")
    accept.click()  # on top: a click on anything over it would fail
    sara.locator("#take-back").wait_for(state="hidden")
    assert problems == []
    ava.context.close()
    sara.context.close()
