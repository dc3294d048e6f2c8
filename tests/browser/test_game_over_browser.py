"""The game-over moment in Chromium (js/play/over.js, over-stats.js; issue 30): a short game
against a bot played to its end by clicks, then the moment names the winner ("You won!" when it
is this seat), and its final sheet and statistics say what the server's record and positions
say: each round's clubs add up to 13, the 10♦ and the 2♣ to one a round, the cards taken to
52 a round, and every figure equals the one counted here from the positions. After a reload the
page has seen no round, reads the positions itself, and shows the same. An unrated game has no
rating line; a rated game between two people has one, equal to what the rating call answers.
In English and Persian, at 1280×800, 360×740 and 740×360, the moment lies inside the screen
with no page scroll, and axe finds nothing serious. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import PERSIAN_DIGITS, PHONE, guest_context, new_table, screenshot, watch
from playwright.sync_api import expect
from test_learn_browser import _play_out
from test_left_result_browser import play_to_the_end

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 360, "height": 740},
    "landscape": {"width": 740, "height": 360},
}
STATS = ("surs", "clubs", "ten_of_diamonds", "two_of_clubs", "captures", "taken")
YOU_WON = {"en": "You won!", "fa": "شما بردید!"}
BOT_WINS = {"en": "random bot wins!", "fa": "ربات تصادفی برنده شد!"}
LATIN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹−", "0123456789-")

SHOWN = """() => {
  const cells = (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
  const stats = {};
  for (const row of document.querySelectorAll('[data-testid=game-stats] tr[data-stat]')) {
    stats[row.dataset.stat] = cells(row);
  }
  const sheet = document.querySelector('[data-testid=final-sheet]');
  return {
    stats,
    totals: cells(sheet.querySelector('.over-totals')),
    rounds: sheet.querySelectorAll('tbody:not(.over-stats) tr:not(.over-totals)').length,
  };
}"""

FITS = """() => {
  const box = document.querySelector('#over-dialog').getBoundingClientRect();
  const page = document.documentElement;
  return {
    scrolls: page.scrollHeight > innerHeight || page.scrollWidth > innerWidth,
    inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
    winnerShown: document.querySelector('.game-over .winner').getBoundingClientRect().bottom
      <= innerHeight,
  };
}"""


def number(text: str) -> int:
    return int(text.translate(LATIN_DIGITS))


def expected_stats(positions: dict[str, Any]) -> dict[str, list[int]]:
    """Each statistic per seat (two players: a seat is a side), counted from the positions."""
    sums = {stat: [0, 0] for stat in STATS}
    for round_ in positions["rounds"]:
        for side, line in enumerate(round_["score"]["lines"]):
            sums["surs"][side] += line["surs"]
            sums["clubs"][side] += line["clubs"]
            sums["ten_of_diamonds"][side] += line["ten_of_diamonds"] > 0
            sums["two_of_clubs"][side] += line["two_of_clubs"] > 0
        for position in round_["positions"]:
            if position["played"] and "+" in position["played"]:
                sums["captures"][position["turn"]] += 1
        for seat, pile in enumerate(round_["positions"][-1]["piles"]):
            sums["taken"][seat] += len(pile)
    return sums


def check_sheet(page: Page, record: dict[str, Any], positions: dict[str, Any], lang: str) -> None:
    """The final sheet and the statistics say what the record and the positions say."""
    shown = page.evaluate(SHOWN)
    if lang == "fa":
        assert all(not any(c.isascii() and c.isdigit() for c in cell) for cell in shown["totals"])
    stats = {stat: [number(cell) for cell in cells] for stat, cells in shown["stats"].items()}
    rounds = len(positions["rounds"])
    assert shown["rounds"] == rounds
    assert [number(cell) for cell in shown["totals"]] == record["totals"]
    assert stats == expected_stats(positions)
    # Sums that hold whatever the deal, for a game whose rounds were all played out.
    assert sum(stats["clubs"]) == 13 * rounds
    assert sum(stats["ten_of_diamonds"]) == sum(stats["two_of_clubs"]) == rounds
    assert sum(stats["taken"]) == 52 * rounds


def check_fit(page: Page, name: str) -> None:
    """At each size the moment lies inside the screen, the page unscrolled; screenshots."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        assert page.evaluate(FITS) == {"scrolls": False, "inside": True, "winnerShown": True}, size
        screenshot(page, f"{name}-{size}.png")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_moment_names_the_winner_and_counts_the_game(
    browser: Browser, server: str, lang: str
) -> None:
    context = guest_context(browser, server, "Ava", **PHONE, bypass_csp=True)
    rejoin = new_table(context, server, players=2, bots={"1": "random"}, settings={"target": "1"})
    table_id = rejoin.split("/play/t/")[1].split("?")[0]
    assert context.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang={lang}")
    page.locator("#hand .hand-card").first.wait_for()
    play_to_the_end(page)

    game = f"{server}/api/tables/{table_id}/games/1"
    record = context.request.get(f"{game}/record").json()
    positions = context.request.get(f"{game}/positions").json()
    winner = YOU_WON[lang] if record["winner"] == 0 else BOT_WINS[lang]
    moment = page.locator("#over-dialog[open] .game-over")
    expect(moment.locator(".winner")).to_have_text(winner)
    check_sheet(page, record, positions, lang)
    assert moment.locator("[data-testid=over-rating]").count() == 0  # an unrated game
    assert serious_violations(page) == []
    check_fit(page, f"game-over-{lang}")

    # A reload: the page saw no round, and reads them from the positions.
    page.set_viewport_size(PHONE["viewport"])
    page.reload()
    expect(page.locator("#over-dialog[open] [data-testid=game-stats]")).to_be_visible()
    expect(moment.locator(".winner")).to_have_text(winner)
    check_sheet(page, record, positions, lang)
    # Play again, by a double click: one vote, the next game against the bot, and no refusal
    # (a second vote reached the table after the rematch had started).
    sent: list[str] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(frame)))
    page.reload()  # the socket again, now watched
    page.locator("#over-dialog[open] #rematch").dblclick()
    page.locator("#hand .hand-card").first.wait_for()
    expect(page.locator("#over-dialog")).not_to_have_attribute("open", "")
    assert sum('"rematch"' in str(frame) for frame in sent) == 1, sent
    page.wait_for_timeout(300)  # a refusal would come back now
    assert problems == []
    context.close()


RATING = {
    "en": "Your two-player rating: {ordinal}, {change} this game (provisional)",
    "fa": "امتیاز دو نفرهٔ شما: {ordinal}، {change} در این بازی (موقت)",
}


def test_a_rated_game_says_how_the_rating_moved(browser: Browser, server: str) -> None:
    ava = guest_context(browser, server, "Ava", **PHONE, bypass_csp=True)
    babak = guest_context(browser, server, "Babak")
    rejoin = new_table(ava, server, players=2, private=False, rated=True, settings={"target": "1"})
    table_id = rejoin.split("/play/t/")[1].split("?")[0]
    joined = babak.request.post(f"{server}/api/tables/{table_id}/join", data={"seat": 1}).json()
    assert ava.request.post(f"{server}/api/tables/{table_id}/start").ok
    page = ava.new_page()
    problems = watch(page)
    page.goto(f"{server}{rejoin}&anim=0&lang=en")
    # Babak plays from a socket of his own, his first legal move each turn.
    other = threading.Thread(target=_play_out, args=(server, table_id, joined["seat_token"]))
    other.start()
    play_to_the_end(page)
    other.join()

    rating = ava.request.get(f"{server}/api/tables/{table_id}/games/1/rating").json()["rating"]
    assert (rating["format"], rating["games"], rating["provisional"]) == ("2", 1, True)
    record = ava.request.get(f"{server}/api/tables/{table_id}/games/1/record").json()
    # A first rated game moves the figure from 0; the winner's goes up, the other's down.
    assert rating["change"] == rating["ordinal"]
    assert (rating["change"] > 0) == (record["winner"] == 0)
    for lang in ("en", "fa"):
        page.goto(f"{server}{rejoin}&anim=0&lang={lang}")
        line = page.locator("#over-dialog[open] [data-testid=over-rating]")
        sign = "+" if rating["change"] > 0 else "−"
        change = f"{sign}{abs(rating['change'])}"
        ordinal = str(rating["ordinal"]).replace("-", "−")  # a true minus sign
        if lang == "fa":
            change, ordinal = change.translate(PERSIAN_DIGITS), ordinal.translate(PERSIAN_DIGITS)
        expect(line).to_have_text(RATING[lang].format(ordinal=ordinal, change=change))
        way = "up" if rating["change"] > 0 else "down"
        assert line.locator(".over-change").get_attribute("class") == f"over-change {way}"
        assert serious_violations(page) == []
        check_fit(page, f"game-over-rated-{lang}")
    assert problems == []
    ava.close()
    babak.close()
