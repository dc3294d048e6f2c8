"""The practise form in Chromium: each bot's level by its name with a line on how it plays, and
four in two teams, where the person's partner is the bot across the table (issue 30)."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import DESKTOP, PHONE, guest_context, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, WebSocket

WORDS = {
    "en": {
        "partner": "Your partner, in seat 3",
        "expert": "Expert",
        "about": "Remembers every card",
    },
    "fa": {"partner": "یار شما، جای ۳", "expert": "استاد", "about": "همهٔ کارت‌ها را"},
}


@pytest.mark.parametrize(("lang", "screen"), [("en", DESKTOP), ("fa", PHONE)])
def test_practise_four_in_two_teams_with_a_bot_partner(
    browser: Browser, server: str, lang: str, screen: dict[str, Any]
) -> None:
    words = WORDS[lang]
    context = guest_context(browser, server, "Noor", **screen)
    page = context.new_page()
    problems = watch(page)
    configs: list[dict[str, Any]] = []

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame["type"] == "snapshot":
                configs.append(frame["snapshot"]["config"])

        socket.on("framereceived", received)

    page.on("websocket", listen)
    page.goto(f"{server}/practise?anim=0&lang={lang}")
    page.locator("input[name=players][value='4p']").check(force=True)
    page.locator("#level-3").wait_for()
    assert page.locator("label[for=level-2]").inner_text() == words["partner"]
    # Each level by its name, and what the chosen one does in a line under it.
    page.locator("#level-2").select_option("expert")
    assert page.locator("#level-2 option:checked").inner_text() == words["expert"]
    assert words["about"] in page.locator("#level-2-about").inner_text()
    about = [page.locator(f"#level-{seat}-about").inner_text() for seat in (1, 2)]
    assert about[0] != about[1], "the line follows the level chosen"
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["viewport"]["width"]
    screenshot(page, f"practise-teams-{lang}.png", whole=True)
    page.locator("#start-practice").click()
    page.wait_for_url(re.compile(r"/play/t/"))
    page.locator(".hand-card").first.wait_for()
    assert configs, "the table's snapshot"
    config = configs[0]
    assert config["players"] == 4
    assert config["rules"]["partnerships"] == "on", config
    assert problems == []
    context.close()
