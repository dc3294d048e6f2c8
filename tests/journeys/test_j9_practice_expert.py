"""J9, practice against the expert: a guest and a signed-in account each start a short game
against the expert with a double click, find the one table under "My games", ask for a hint,
play to the end while the expert thinks, and find the one game in their history
(docs/journeys.md).

The expert searches for a moment each move; the server does it in its worker processes, so the
table (and everyone else's) stays quick meanwhile, and the hint is searched there too. A guest
on a phone, in Persian, types their name on the practice form; an account on a desktop, in
English, is already named there. Each picks the expert for the bot's seat, sets the target to 1
(one round, unless it is tied) and double-clicks "Start practising": one table is made, the one
the home page's "My games" lists and leads back to. On their first turn they ask for a hint: the
best moves the expert finds for them are listed and the best one's card is lit up in their hand.
They play to the game-over panel; their history lists that table's game, and no other.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from journey_support import (
    TABLE_URL,
    history,
    person,
    play_game,
    playing_as,
    short_game,
    sign_up,
    table_id,
)
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# (who, name, screen, language)
VARIANTS = {
    "guest-phone-fa": ("guest", "ترانه", "phone", "fa"),
    "account-desktop-en": ("account", "Taraneh", "desktop", "en"),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_j9_practice_against_the_expert_with_a_hint(
    browser: Browser, server: str, variant: str
) -> None:
    who, name, screen, lang = VARIANTS[variant]
    player = person(browser, "Player", "j9", screen=screen, lang=lang)
    page = player.page
    if who == "account":
        sign_up(player, server, name)
        player.home()
    else:
        player.go(server, "/")

    # Home, then practice: the expert in the bot's seat, a short game.
    link = player.says("Practise against bots", "تمرین با ربات‌ها")
    page.get_by_role("link", name=link).click()
    page.wait_for_url(re.compile(r"/practise(\?|$)"))
    form = page.locator("#practise-form")
    if who == "account":
        playing_as(player, form, name)
    else:
        field = form.get_by_label(player.says("Your name", "نام شما"), exact=True)
        expect(field).to_have_value("")
        field.fill(name)
    short_game(player, form)
    form.locator("#level-1").select_option("expert")
    player.shot("practise-expert")

    # A double click starts one game.
    start = player.says("Start practising", "شروع تمرین")
    page.get_by_role("button", name=start).dblclick()
    page.wait_for_url(TABLE_URL)
    played = table_id(page)
    # Home: "My games" lists that one table, and takes them back to it.
    player.home()
    mine = page.locator("#my-games .my-game")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-table", played)
    player.shot("my-games")
    mine.click()
    page.wait_for_url(TABLE_URL)
    assert table_id(page) == played

    # Their first turn: a hint, the expert's ranking, its best card lit up in the hand.
    page.locator(".hand-card.is-playable").first.wait_for(timeout=60_000)
    hint = page.get_by_role("button", name=player.says("Hint", "راهنمایی"), exact=True)
    hint.click()
    best = page.locator("#hints .hint-list li.is-best")
    best.wait_for(timeout=60_000)
    expect(page.locator("#hints")).to_contain_text(
        player.says("Your best moves", "بهترین حرکت‌های شما")
    )
    card = (best.get_attribute("data-move") or "").split("+")[0].split(" ")[0]
    expect(page.locator(f".hand-card.is-hinted[data-card='{card}']")).to_have_count(1)
    player.shot("hint")

    # The round played to its end against the expert.
    play_game([page])
    over = page.locator(".game-over")
    expect(over).to_be_visible()
    player.shot("game-over")
    over.get_by_role("link", name=player.says("Home", "خانه"), exact=True).click()
    page.wait_for_url(re.compile(r"^[^?#]*://[^/]+/(\?|#|$)"))

    # Their history: that game, and only that one (the double click made one table).
    games = history(player)
    expect(games).to_have_count(1)
    expect(games.first).to_have_attribute("data-table", played)
    expect(games.first).to_contain_text(player.says(f"{name} (you)", f"{name} (شما)"))
    player.shot("history")
    player.done()
