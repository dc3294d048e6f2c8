"""What every journey does: a person with a browser of their own, their language and their screen;
playing at the table page by tapping, as a person does; passkeys on a virtual authenticator.

A journey asserts what the person sees at each step, and that no page of theirs logged a script
error or a refused resource on the way (:attr:`Person.problems`, checked by :meth:`Person.done`).
Screenshots go to ``test-artifacts/journey-<name>-<step>.png``.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from browser_support import DESKTOP, PERSIAN_DIGITS, PHONE, screenshot, watch
from browser_support import authenticator as virtual_authenticator
from playwright.sync_api import expect

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Browser, BrowserContext, CDPSession, Locator, Page

SHEET = "[data-testid=score-sheet]"
"""The round's score sheet on the table page."""

TABLE_URL = re.compile(r"/play/t/[\w-]+(\?|$)")
"""A table page's address."""

GAME_SECONDS = 420
"""Long enough for a whole game to 62 between two people tapping (about 5 rounds): a minute or
two alone, three to four minutes where the journeys start together, four to a two-core machine."""


SCREENS = {"phone": PHONE, "desktop": DESKTOP}

LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹−٫", "0123456789-.")
"""What a page in Persian writes as a number, read back (formatNumber's digits, minus and decimal
separator)."""

NO_ANIMATIONS = """
try {
  if (localStorage.getItem('pasur.prefs') === null)
    localStorage.setItem('pasur.prefs', JSON.stringify({anim: 'off'}));
} catch {}  // about:blank has no storage
"""
"""Run before every page's scripts: animations off unless the person has chosen otherwise."""


@dataclass
class Person:
    """One person with a browser of their own (its cookies, storage and screen) and one page."""

    name: str
    journey: str
    context: BrowserContext
    page: Page
    lang: str
    screen: str
    problems: list[str] = field(default_factory=list)

    def go(self, server: str, path: str) -> None:
        """Open ``path``; animations stay off so the journeys spend their time on steps."""
        joiner = "&" if "?" in path else "?"
        self.page.goto(f"{server}{path}{joiner}anim=0")

    def home(self) -> None:
        """Back to the home page by the app bar's brand, which every page has."""
        self.page.locator(".app-bar a.brand").click()
        self.page.wait_for_url(re.compile(r"^[^?#]*://[^/]+/(\?|#|$)"))

    def shot(self, step: str, *, whole: bool = False) -> None:
        """A screenshot of what the person sees now, named by journey, step, language and
        screen."""
        screenshot(
            self.page, f"journey-{self.journey}-{step}-{self.lang}-{self.screen}.png", whole=whole
        )

    def says(self, english: str, persian: str) -> str:
        """The words the person reads for ``english`` in their language."""
        return persian if self.lang == "fa" else english

    def done(self, *, refused: int | None = None) -> None:
        """No page of this person's logged a script error on the way; their browser closes.

        ``refused``: the HTTP status of a refusal the journey led them into on purpose (the
        page said it in words); the browser logs that call as a failed resource, and only that
        is let pass.
        """
        failed = (
            f"console: Failed to load resource: the server responded with a status of {refused}"
        )
        unexpected = [problem for problem in self.problems if not problem.startswith(failed)]
        assert unexpected == [], unexpected
        self.context.close()


def person(
    browser: Browser, name: str, journey: str, *, screen: str = "desktop", lang: str = "en"
) -> Person:
    """A person arriving with a new browser: no cookie, nothing stored, the page in ``lang``
    (their browser's language).

    Their browser keeps one preference, animations off (``pasur.prefs``, as Settings would
    save it): ``?anim=0`` stays on the pages :meth:`Person.go` opens, but a table reached by a
    link or a redirect would animate every play, and a whole game would take minutes more.
    """
    options: dict[str, Any] = {**SCREENS[screen], "locale": "fa-IR" if lang == "fa" else "en-US"}
    context = browser.new_context(**options)
    context.add_init_script(NO_ANIMATIONS)
    page = context.new_page()
    someone = Person(name, journey, context, page, lang, screen)
    someone.problems = watch(page)
    return someone


def authenticator(someone: Person) -> tuple[CDPSession, str]:
    """A virtual authenticator on the person's page (DevTools' WebAuthn domain)."""
    return virtual_authenticator(someone.context, someone.page)


def sign_up(someone: Person, server: str, name: str, *, offered: str = "") -> None:
    """The person makes an account called ``name`` as a newcomer does: the home page's sign-in
    entry, then a passkey on the account page (a virtual authenticator of theirs).

    ``offered``: the account name the page offers, a guest's table name ('' for a newcomer).
    """
    authenticator(someone)
    someone.go(server, "/")
    entry = someone.page.locator("#account-entry")
    expect(entry).to_have_text(someone.says("Sign in", "ورود"))
    entry.click()
    someone.page.wait_for_url(re.compile(r"/account(\?|$)"))
    expect(someone.page.locator("#account-name")).to_have_value(offered)
    someone.page.locator("#account-name").fill(name)
    create = someone.says("Create account with a passkey", "ساختن حساب با کلید عبور")
    someone.page.get_by_role("button", name=create).click()
    someone.page.locator("#passkeys li").first.wait_for()


def short_game(someone: Person, form: Locator, target: int = 1) -> None:
    """A short game on a form that makes a table (or a tournament): its house rules' advanced
    settings, the target typed in the person's digits (1: one round, unless it is tied)."""
    form.locator("details.advanced summary").click()
    typed = form.get_by_label(someone.says("The target", "امتیاز پایان بازی"), exact=True)
    typed.fill(someone.says(str(target), str(target).translate(PERSIAN_DIGITS)))


def playing_as(someone: Person, where: Locator, name: str) -> None:
    """``where`` reads "Playing as <name>" and has no name field."""
    shown = where.locator("[data-playing-as]")
    expect(shown).to_have_text(someone.says(f"Playing as {name}", f"بازی با نام {name}"))
    expect(where.get_by_label(someone.says("Your name", "نام شما"), exact=True)).to_have_count(0)


def invite_link(someone: Person) -> str:
    """The waiting room's invite link, as its Copy button puts it on the clipboard."""
    someone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    someone.page.locator("#waiting").get_by_role(
        "button", name=someone.says("Copy", "رونوشت"), exact=True
    ).first.click()
    link: str = someone.page.evaluate("navigator.clipboard.readText()")
    assert TABLE_URL.search(link), link
    return link


def sit_by_invite(someone: Person, link: str, name: str) -> None:
    """The invite link opened (pasted in the address bar): the seat picker says who sits, and
    they take the free seat; the waiting room shows them in it."""
    someone.page.goto(link)
    picker = someone.page.locator("#seat-picker")
    playing_as(someone, picker, name)
    picker.get_by_role("button", name=someone.says("Sit here", "اینجا بنشینید")).click()
    in_own_seat(someone, name)


def in_own_seat(someone: Person, name: str) -> None:
    """The waiting room shows the person in their own seat: their name, marked as theirs."""
    mine = someone.page.locator("#waiting .seat-panel.is-you")
    expect(mine.locator(".seat-name")).to_have_text(name)
    expect(mine.locator(".seat-note")).to_have_text(someone.says("You", "شما"))


def play_once(page: Page) -> bool:
    """If it is this page's turn, tap a playable card and, when it can be played several ways,
    its first way; True if it played.

    While a card's ways are shown, the strip stands in for the hand (the hand is hidden): a way
    not chosen in time is chosen on the next look. A way is chosen from the keyboard (Enter on
    its button): with five or six ways on a phone the strip scrolls sideways, and a tap at the
    first way's place met another way's badge or the felt (left for the strip's layout: see
    docs/journeys.md)."""
    card = page.locator(".hand-card.is-playable")
    if not card.count() or page.locator(SHEET).count():
        return False
    way = page.locator("#choices:not([hidden]) .choice").first
    try:
        if way.count():
            way.press("Enter", timeout=2_000)
            return True
        ways = card.first.get_attribute("data-ways")
        card.first.click(timeout=2_000)
        if ways != "1":
            way.press("Enter", timeout=2_000)
    except Exception:  # the turn passed meanwhile (a timer, a redraw): look again
        return False
    return True


def play_round(pages: list[Page], *, seconds: float = 120) -> None:
    """Every page plays its turns until each shows the round's score sheet."""
    deadline = time.monotonic() + seconds
    while not all(page.locator(SHEET).count() for page in pages):
        assert time.monotonic() < deadline, "the round did not end in time"
        moved = [play_once(page) for page in pages]  # every page, not the first that played
        if not any(moved):
            pages[0].wait_for_timeout(50)


def play_game(pages: list[Page], *, seconds: float = GAME_SECONDS) -> None:
    """Play round after round, closing each round's sheet, until every page shows the game's
    end."""
    deadline = time.monotonic() + seconds
    while not all(page.locator(".game-over").count() for page in pages):
        assert time.monotonic() < deadline, f"the game did not end in time: {seen(pages)}"
        for page in pages:
            if page.locator(".game-over").count():
                continue
            if page.locator(SHEET).count() and page.locator("#close-sheet").count():
                # The game's end may open over the sheet meanwhile: then look again.
                with contextlib.suppress(Exception):
                    page.locator("#close-sheet").click(timeout=2_000)
                continue
            play_once(page)
        pages[0].wait_for_timeout(30)


def seen(pages: list[Page]) -> list[str]:
    """What each page shows of the game now, to say where a game that did not end stood."""
    looks = {
        "playable cards": ".hand-card.is-playable",
        "ways shown": "#choices:not([hidden]) .choice",
        "sheet": SHEET,
        "game over": ".game-over",
    }
    return [
        ", ".join(f"{name} {page.locator(selector).count()}" for name, selector in looks.items())
        + "; "
        + repr(page.evaluate("document.querySelector('#game-info')?.innerText ?? ''"))
        for page in pages
    ]


def wait_until(check: Callable[[], bool], what: str, seconds: float = 20) -> None:
    """Wait for ``check`` to hold, looking every 100 ms; fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} did not happen in {seconds} s"
        time.sleep(0.1)


def table_id(page: Page) -> str:
    """The id of the table the page shows (``/play/t/{id}``)."""
    found = re.search(r"/play/t/([^/?#]+)", page.url)
    assert found, page.url
    return found.group(1)


def history(someone: Person) -> Locator:
    """Home, then History: their finished games, newest first, once the page lists them."""
    someone.home()
    someone.page.get_by_role("link", name=someone.says("History", "تاریخچه"), exact=True).click()
    games = someone.page.locator("#games li")
    games.first.wait_for()
    return games


def history_result(someone: Person) -> str:
    """Home, then History: the newest game's result as the page says it ("won" or "lost")."""
    newest = history(someone).first
    heading = newest.locator("h2 [class^=result-]")
    result = (heading.get_attribute("class") or "").removeprefix("result-")
    words = {"won": someone.says("Won", "بردید"), "lost": someone.says("Lost", "باختید")}
    assert result in words, result
    expect(heading).to_have_text(words[result])
    return result


def quick_match_rated(someone: Person) -> None:
    """Home, the lobby, quick match: a rated game for two; the form says it looks for players."""
    someone.home()
    quick = someone.says("Quick match: the public lobby", "بازی سریع: میزهای عمومی")
    someone.page.get_by_role("link", name=quick).click()
    someone.page.wait_for_url(re.compile(r"/lobby(\?|$)"))
    someone.page.locator("#queue-form").get_by_label(
        someone.says("Rated game", "بازی امتیازی")
    ).check()
    someone.page.locator("#queue-join").click()


def public_profile(someone: Person) -> None:
    """Home, the account entry, then their public profile (``/@/<name>``)."""
    someone.home()
    someone.page.locator("#account-entry").click()
    someone.page.wait_for_url(re.compile(r"/account(\?|$)"))
    link = someone.says("Your public profile", "نمایهٔ عمومی شما")
    someone.page.get_by_role("link", name=link).click()
    someone.page.wait_for_url(re.compile(r"/@/"))


def profile_rating(someone: Person, name: str, result: str) -> int:
    """Their account page, then their public profile: their one game at a public table (a rated
    one) listed with its result ("won" or "lost"), and the two-player rating it moved (the
    cautious figure, provisional, as a number)."""
    public_profile(someone)
    expect(someone.page.locator("#profile-name")).to_have_text(name)
    card = someone.page.locator("[data-format='2']")
    card.locator("svg.race-chart").wait_for()
    expect(card).to_contain_text(someone.says("provisional", "موقت"))
    recent = someone.page.locator("#recent li")
    expect(recent).to_have_count(1)
    said = {"won": someone.says("Won", "برد"), "lost": someone.says("Lost", "باخت")}[result]
    expect(recent.locator(".profile-result")).to_have_text(said)
    return int(card.locator(".profile-rating strong").inner_text().translate(LATIN_DIGITS))


def texts(locator: Locator) -> list[str]:
    return [" ".join(text.split()) for text in locator.all_inner_texts()]
