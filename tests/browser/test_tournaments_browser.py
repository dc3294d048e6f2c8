"""The tournaments page in real Chromium against the real ``pasur serve``: a signed-in account
makes a Swiss with the form, joins it and sees itself in the standings; the standings follow
the server live and call the player to a new table; a 4-player Swiss asks for a partner; the
lobby lists the tournaments; a Swiss played out reads finished and one nobody could play
cancelled; pairings show their results; what each stage offers and how its start reads (a running
Swiss takes no one new, and says so; an arena over marks nobody on fire); its creator starts a
Swiss now and both players are called to their table. In English and Persian, with no serious
accessibility violation."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from axe_support import serious_violations
from browser_support import PHONE, database_url, guest_context, run_server, screenshot, watch
from sqlalchemy import update
from test_account_browser import new_account

from pasur.server.db.database import Database
from pasur.server.db.rows import TournamentRow
from pasur.server.tournaments import store
from pasur.server.tournaments.swiss import DRAW, LOSS, WIN

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


def _shots(page: Page, name: str, lang: str) -> None:
    """Whole-page screenshots ``name-phone-lang.png`` and ``name-desktop-lang.png``: at the
    page's size first, then at the other, where the page is left."""
    now = "phone" if (page.viewport_size or {}).get("width", 0) < 760 else "desktop"
    other = "desktop" if now == "phone" else "phone"
    screenshot(page, f"{name}-{now}-{lang}.png", whole=True)
    page.set_viewport_size(SIZES[other])
    screenshot(page, f"{name}-{other}-{lang}.png", whole=True)


@pytest.fixture(scope="module")
def server_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("server")


@pytest.fixture(scope="module")
def server(server_folder: Path) -> Iterator[str]:
    """``pasur serve`` as everywhere, in a folder these tests know: one writes a Swiss played out
    straight into its database (two people playing a whole game at their table would take
    minutes)."""
    yield from run_server(server_folder)


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


def test_an_account_makes_and_joins_a_swiss_in_both_languages(
    browser: Browser, server: str
) -> None:
    site = server.replace("127.0.0.1", "localhost")  # passkeys need a domain, not an address
    context, page = new_account(browser, site, "Parisa", "en")
    problems = watch(page)
    page.goto(f"{site}/tournaments?lang=en")
    _ready(page)
    page.fill("#create-name", "Friday Swiss")
    page.fill("#create-length", "3")
    page.locator("#create-form button[type=submit]").click()
    page.wait_for_selector("#detail-title:has-text('Friday Swiss')")
    assert "Nobody has joined yet." in page.locator("#tournament-detail").inner_text()
    page.locator("#join").click()
    page.wait_for_selector(".standings tbody tr:has-text('Parisa')")
    upcoming = page.locator("[data-stage='upcoming']")
    upcoming.locator("li:has-text('Friday Swiss'):has-text('1 entrant')").wait_for()
    assert "3 rounds" in page.locator("#tournament-detail").inner_text()
    assert serious_violations(page) == [], "the list and the standings in English"
    screenshot(page, "tournaments-phone-en.png", whole=True)
    tournament = page.evaluate("() => window.location.hash")

    page.goto(f"{site}/tournaments?lang=fa{tournament}")
    _ready(page)
    page.wait_for_selector(".standings tbody tr:has-text('Parisa')")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator(".page-title").inner_text() == "مسابقه‌ها"
    assert "سوئیسی" in page.locator("#tournament-detail").inner_text()
    assert page.locator("[data-stage='upcoming'] h3").inner_text() == "پیش رو"
    assert serious_violations(page) == [], "the list and the standings in Persian"
    _shots(page, "tournaments", "fa")

    page.locator("#leave").click()
    page.wait_for_selector(
        ".standings tbody tr:has-text('withdrawn'), .standings tbody tr:has-text('کناره')"
    )
    assert problems == []
    context.close()


def test_a_swiss_of_short_games_is_made_with_the_house_rules_in_both_languages(
    browser: Browser, server: str
) -> None:
    """The form's house rules are the practice form's, with every setting under "Advanced": a
    club's tournament to 11 is made, and its page says so to whoever would join. A target out
    of its limits is refused at its field, in words, and nothing is made."""
    site = server.replace("127.0.0.1", "localhost")
    context, page = new_account(browser, site, "Golnar", "en")
    problems = watch(page)
    page.goto(f"{site}/tournaments?lang=en")
    _ready(page)
    page.fill("#create-name", "Club cup to 11")
    page.fill("#create-length", "2")
    page.get_by_text("Advanced: every house rule").click()
    target = page.locator("#rule-target")
    assert target.input_value() == "62"  # the preset's, until changed
    target.fill("0")
    page.get_by_role("button", name="Make the tournament").click()
    refused = page.locator("#create-problem")
    assert refused.inner_text() == "The target: give a whole number from 1 to 10000."
    assert target.get_attribute("aria-invalid") == "true"
    listed = _call(page, "GET", "/api/tournaments")["tournaments"]
    assert "Club cup to 11" not in [made["name"] for made in listed]  # nothing was made
    target.fill("11")
    assert serious_violations(page) == [], "the form with its house rules in English"
    _shots(page, "tournament-form-rules", "en")
    page.set_viewport_size(SIZES["phone"])
    page.get_by_role("button", name="Make the tournament").click()
    page.wait_for_selector("#detail-title:has-text('Club cup to 11')")
    assert page.locator("#create-problem").is_hidden()
    rules = page.locator("#detail-rules")
    assert rules.inner_text() == "House rules: Standard · The target: 11"
    made = page.evaluate("() => window.location.hash.slice(1)")
    assert _call(page, "GET", f"/api/tournaments/{made}")["rules"] == {
        "preset": "standard",
        "settings": {"target": "11"},
    }
    _shots(page, "tournament-rules", "en")

    # In Persian, typed in Persian digits; the page says it in them too.
    page.goto(f"{site}/tournaments?lang=fa")
    _ready(page)
    page.fill("#create-name", "جام باشگاه")
    page.fill("#create-length", "3")
    page.get_by_text("پیشرفته: همهٔ قانون‌های خانگی").click()
    page.fill("#rule-target", "۲۱")
    assert serious_violations(page) == [], "the form with its house rules in Persian"
    _shots(page, "tournament-form-rules", "fa")
    page.get_by_role("button", name="ساختن مسابقه").click()
    page.wait_for_selector("#detail-title:has-text('جام باشگاه')")
    assert rules.inner_text() == "قوانین: استاندارد · امتیاز پایان بازی: ۲۱"
    persian = page.evaluate("() => window.location.hash.slice(1)")
    assert _call(page, "GET", f"/api/tournaments/{persian}")["rules"]["settings"] == {
        "target": "21"
    }
    _shots(page, "tournament-rules", "fa")
    assert problems == []
    context.close()


def _call(page: Page, method: str, path: str, body: object = None) -> Any:
    """A JSON call from the page, with its account's cookie (as the page's own calls are)."""
    answer = page.evaluate(
        """async ([method, path, body]) => {
            const response = await fetch(path, {
                method,
                headers: { 'Content-Type': 'application/json' },
                body: body === null ? undefined : JSON.stringify(body),
            });
            return { status: response.status, text: await response.text() };
        }""",
        [method, path, body],
    )
    assert answer["status"] < 300, answer
    return json.loads(answer["text"] or "null")


def test_the_standings_are_live_and_call_the_player_to_their_new_table(
    browser: Browser, server: str
) -> None:
    site = server.replace("127.0.0.1", "localhost")
    context, page = new_account(browser, site, "Shirin", "en")
    other, babak = new_account(browser, site, "Babak", "en")
    problems = watch(page)
    now = datetime.now(UTC)
    arena = {"name": "Evening arena", "kind": "arena", "minutes": 30}
    made = _call(page, "POST", "/api/tournaments", arena | {"starts_at": now.isoformat()})
    later = {"name": "Team cup", "kind": "swiss", "rounds": 3, "players": 4}
    cup = _call(
        page,
        "POST",
        "/api/tournaments",
        later | {"starts_at": (now + timedelta(days=1)).isoformat()},
    )
    _call(page, "POST", f"/api/tournaments/{made['id']}/join", {"players": 2})
    page.goto(f"{site}/tournaments?lang=en#{made['id']}")
    _ready(page)
    page.wait_for_selector(".standings tbody tr:has-text('Shirin')")
    assert page.locator("#your-table").count() == 0  # alone: nobody to play yet

    # Babak joins elsewhere; within a tick of the server's clock the page, never reloaded, shows
    # him in the standings, the pairing, and the call to Shirin's table.
    _call(babak, "POST", f"/api/tournaments/{made['id']}/join", {"players": 2})
    call = page.locator("#your-table")
    call.wait_for(timeout=20_000)
    table = call.get_attribute("href")
    assert table is not None and table.startswith("/play/t/")
    assert "Your game is ready" in page.locator("#your-call").inner_text()
    page.wait_for_selector(".standings tbody tr:has-text('Babak')")
    assert "Shirin against Babak" in page.locator(".pairings").inner_text()
    assert serious_violations(page) == [], "the live tournament in English"
    _shots(page, "tournaments-live", "en")
    page.goto(f"{site}/tournaments?lang=fa#{made['id']}")
    _ready(page)
    page.wait_for_selector("#your-table")
    assert "میزتان منتظر شماست" in page.locator("#your-call").inner_text()
    _shots(page, "tournaments-live", "fa")

    # The table keeps its seats for the two: a third person, who read its id, only watches.
    table_id = table.rsplit("/", 1)[1]
    assert _call(babak, "GET", f"/api/tables/{table_id}")["reserved"] == ["other", "you"]
    stranger = guest_context(browser, site, "Mallory", **PHONE)
    onlooker = stranger.new_page()
    problems += watch(onlooker)
    for lang, kept in (("en", "Kept for a tournament player"), ("fa", "بازیکنان مسابقه")):
        onlooker.goto(f"{site}{table}?lang={lang}")
        onlooker.locator("[data-kept='1']").wait_for()
        assert onlooker.locator("[data-take-seat]").count() == 0
        assert kept in onlooker.locator("[data-kept='0']").inner_text()
        screenshot(onlooker, f"tournament-table-kept-phone-{lang}.png")
    onlooker.locator("#watch").click()
    onlooker.locator("#seat-picker").wait_for(state="hidden")
    # The waiting room says why nobody else may sit (not "put bots in the empty seats").
    lead = onlooker.locator("#waiting .lead")
    lead.wait_for()
    assert "جفت شده" in lead.inner_text(), lead.inner_text()  # drawn with the picker's description
    screenshot(onlooker, "tournament-waiting-phone-fa.png")
    onlooker.set_viewport_size({"width": 1280, "height": 800})
    screenshot(onlooker, "tournament-waiting-desktop-fa.png")
    onlooker.goto(f"{site}{table}?lang=en")
    onlooker.locator("#watch").click()
    lead.wait_for()
    assert "kept for the people it paired" in lead.inner_text(), lead.inner_text()
    screenshot(onlooker, "tournament-waiting-desktop-en.png")
    onlooker.set_viewport_size({"width": 360, "height": 740})
    screenshot(onlooker, "tournament-waiting-phone-en.png")
    stranger.close()

    # A 4-player Swiss asks for a partner when joining.
    page.goto(f"{site}/tournaments?lang=en#{cup['id']}")
    _ready(page)
    page.fill("#join-partner", "Babak")
    screenshot(page, "tournaments-partner-phone-en.png")
    page.locator("#join").click()
    page.wait_for_selector("#tournament-detail :text('Partner asked for: Babak')")
    assert "4 players in partnerships" in page.locator("#detail-meta").inner_text()

    # The lobby lists both, running first, each a link to its page.
    page.goto(f"{site}/lobby?lang=en")
    listed = page.locator("#lobby-tournaments li")
    listed.first.wait_for()
    names = page.locator("#lobby-tournaments li a").all_inner_texts()
    assert names[0] == "Evening arena" and "Team cup" in names  # running, then upcoming
    assert listed.first.locator("a").get_attribute("href") == f"/tournaments#{made['id']}"
    assert serious_violations(page) == [], "the lobby in English"
    _shots(page, "lobby-tournaments", "en")
    page.goto(f"{site}/lobby?lang=fa")
    page.locator("#lobby-tournaments li").first.wait_for()
    assert page.locator("#lobby-tournaments h2").inner_text() == "مسابقه‌ها"
    _shots(page, "lobby-tournaments", "fa")
    assert problems == []
    other.close()
    context.close()


def _started(
    folder: Path, name: str, entrants: tuple[str, ...], *outcomes: int, minutes: int | None = None
) -> None:
    """A Swiss of one round that started a minute ago (or, given ``minutes``, an arena that long
    whose time ran out a minute ago), written into the server's database with the server's own
    store: ``entrants`` joined before the start, and each of ``outcomes`` decides the next game
    paired (the first player's; a Swiss's round is paired at once, its bye last, an arena's
    games one after another)."""

    async def write() -> None:
        database = Database(database_url(folder))
        soon = datetime.now(UTC) + timedelta(days=1)
        rules = {"preset": "standard", "settings": {}}
        kind, rounds = (store.SWISS, 1) if minutes is None else (store.ARENA, None)
        new = store.NewTournament(name, kind, 2, rules, soon, minutes=minutes, rounds=rounds)
        started = datetime.now(UTC) - timedelta(minutes=(minutes or 0) + 1)
        try:
            async with database.engine.begin() as connection:
                made = await store.create(connection, "host", new)
                for who in entrants:
                    await store.join(connection, made, who.casefold(), who, 2)
                pair = store.pair_swiss_round if minutes is None else store.pair_arena
                paired: list[int] = []
                for outcome in outcomes:
                    paired = paired or await pair(connection, made)
                    await store.record(connection, paired.pop(0), outcome)
                await connection.execute(
                    update(TournamentRow).where(TournamentRow.id == made).values(starts_at=started)
                )
        finally:
            await database.engine.dispose()

    with ThreadPoolExecutor(1) as beside:  # Playwright's own event loop holds this thread
        beside.submit(asyncio.run, write()).result()


def test_a_swiss_played_out_reads_finished_and_one_too_small_to_pair_cancelled(
    browser: Browser, server: str, server_folder: Path
) -> None:
    """Both read as past: "started" (a cancelled one "was to start"), never "starts"; the Swiss
    played out heads its pairings as its last round's, not the current ones, each with its result;
    an arena over with nobody in it says nobody joined, not "yet", and one whose winner was on a
    streak no longer marks them on fire."""
    _started(server_folder, "Played cup", ("Ava", "Babak", "Cyrus", "Dara", "Elham"), LOSS, DRAW)
    _started(server_folder, "Lonely cup", ("Ava",))
    _started(server_folder, "Quiet arena", (), minutes=30)
    _started(server_folder, "Hot arena", ("Ava", "Babak"), WIN, WIN, minutes=30)
    context = guest_context(browser, server, "Nika", **PHONE, bypass_csp=True)  # for axe
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/tournaments?lang=en")
    _ready(page)
    finished = page.locator("[data-stage='finished']")
    played = finished.locator("li:has-text('Played cup')")
    lonely = finished.locator("li:has-text('Lonely cup')")
    played.wait_for()
    assert played.locator(".cancelled").count() == 0
    assert lonely.locator(".cancelled").inner_text() == "Cancelled: fewer than two players joined"
    assert "started " in played.inner_text() and "starts" not in played.inner_text()
    assert "was to start " in lonely.inner_text()
    running = page.locator("[data-stage='running']").inner_text()
    assert "Played cup" not in running and "Lonely cup" not in running
    assert serious_violations(page) == [], "a finished and a cancelled Swiss in English"
    screenshot(page, "tournaments-over-phone-en.png", whole=True)
    lonely.locator("a").click()
    page.locator("#detail-cancelled").wait_for()
    assert "Cancelled" in page.locator("#detail-meta").inner_text()
    assert "was to start " in page.locator("#detail-meta").inner_text()
    assert page.locator("#join").count() == 0
    screenshot(page, "tournament-cancelled-phone-en.png", whole=True)
    finished.locator("li:has-text('Quiet arena') a").click()
    page.wait_for_selector("#detail-title:has-text('Quiet arena')")
    assert "Nobody joined." in page.locator("#detail-live").inner_text()
    finished.locator("li:has-text('Hot arena') a").click()
    page.wait_for_selector("#detail-title:has-text('Hot arena')")
    hot = page.evaluate("() => window.location.hash.slice(1)")
    assert _call(page, "GET", f"/api/tournaments/{hot}")["standings"][0]["on_fire"]
    assert "on fire" not in page.locator(".standings").inner_text()
    assert page.locator("#detail-live h3").count() == 0  # no "Current pairings": nothing is on
    _shots(page, "tournament-arena-over", "en")
    page.set_viewport_size({"width": 360, "height": 740})
    played.locator("a").click()
    page.wait_for_selector("#detail-title:has-text('Played cup')")
    meta = page.locator("#detail-meta").inner_text()
    assert "Finished" in meta and "started " in meta and "starts" not in meta
    assert page.locator("#detail-live h3").inner_text() == "Last round's pairings"
    pairings = page.locator(".pairings li").all_inner_texts()
    assert pairings == ["Cyrus beat Ava", "Babak and Dara drew", "Elham has a bye"]
    assert page.locator("#detail-cancelled").count() == 0
    _shots(page, "tournament-finished", "en")

    page.goto(f"{server}/tournaments?lang=fa")
    _ready(page)
    finished.locator("li:has-text('Played cup')").wait_for()
    cancelled = page.locator("[data-stage='finished'] li:has-text('Lonely cup') .cancelled")
    assert cancelled.inner_text() == "لغو شد: کمتر از دو بازیکن پیوستند"
    assert "آغاز شد:" in played.inner_text()
    assert serious_violations(page) == [], "a finished and a cancelled Swiss in Persian"
    screenshot(page, "tournaments-over-desktop-fa.png", whole=True)
    played.locator("a").click()
    page.wait_for_selector("#detail-title:has-text('Played cup')")
    assert "آغاز شد:" in page.locator("#detail-meta").inner_text()
    assert page.locator("#detail-live h3").inner_text() == "جفت‌های دور آخر"
    assert page.locator(".pairings li").first.inner_text() == "Cyrus بر Ava پیروز شد"
    _shots(page, "tournament-finished", "fa")
    finished.locator("li:has-text('Hot arena') a").click()
    page.wait_for_selector("#detail-title:has-text('Hot arena')")
    assert "داغ" not in page.locator(".standings").inner_text()
    _shots(page, "tournament-arena-over", "fa")

    # The lobby lists what is running or to come: neither of them.
    page.goto(f"{server}/lobby?lang=en")
    page.locator("#lobby-tournaments h2").wait_for()
    page.locator("#lobby-tournaments li, #lobby-tournaments p.hint").first.wait_for()
    listed = page.locator("#lobby-tournaments").inner_text()
    assert "Played cup" not in listed and "Lonely cup" not in listed
    assert problems == []
    context.close()


def test_a_running_swiss_is_closed_to_newcomers_and_a_running_arena_is_not(
    browser: Browser, server: str, server_folder: Path
) -> None:
    """The server refuses a Swiss's join once it starts (``tournament_started``), so its page
    offers none but says why (to someone not in it); an arena's does throughout its window, and
    the join goes through. Both read "started", on their pages, in the list and in the lobby. A
    game of the Swiss's round already decided shows its result beside the one still played."""
    _started(server_folder, "Running cup", ("Ava", "Babak", "Cyrus", "Elham"), WIN)
    site = server.replace("127.0.0.1", "localhost")
    context, page = new_account(browser, site, "Dara", "en")
    problems = watch(page)
    start = datetime.now(UTC).isoformat()
    arena = {"name": "Open arena", "kind": "arena", "minutes": 30, "starts_at": start}
    made = _call(page, "POST", "/api/tournaments", arena)
    page.goto(f"{site}/tournaments?lang=en")
    _ready(page)
    running = page.locator("[data-stage='running'] li:has-text('Running cup')")
    running.wait_for()
    assert "started " in running.inner_text() and "starts" not in running.inner_text()
    running.locator("a").click()
    page.wait_for_selector("#detail-title:has-text('Running cup')")
    meta = page.locator("#detail-meta").inner_text()
    assert "Running" in meta and "started " in meta and "starts" not in meta
    assert page.locator("#join").count() == 0
    assert page.locator("#entries-closed").inner_text() == "Entries closed when it started."
    assert page.locator("#detail-live h3").inner_text() == "Current pairings"
    pairings = page.locator(".pairings li").all_inner_texts()
    assert pairings == ["Ava beat Cyrus", "Babak against Elham"]
    assert serious_violations(page) == [], "a running Swiss in English"
    _shots(page, "tournament-running", "en")

    page.goto(f"{site}/tournaments?lang=fa")
    _ready(page)
    page.locator("[data-stage='running'] li:has-text('Running cup') a").click()
    page.wait_for_selector("#detail-title:has-text('Running cup')")
    assert "آغاز شد:" in page.locator("#detail-meta").inner_text()
    assert page.locator("#join").count() == 0
    assert "پیوستن به آن بسته شد" in page.locator("#entries-closed").inner_text()
    assert page.locator(".pairings li").first.inner_text() == "Ava بر Cyrus پیروز شد"
    _shots(page, "tournament-running", "fa")

    page.goto(f"{site}/tournaments?lang=en#{made['id']}")
    _ready(page)
    page.locator("#join").click()
    page.wait_for_selector(".standings tbody tr:has-text('Dara')")
    assert page.locator("#tournaments-problem").is_hidden()

    page.goto(f"{site}/lobby?lang=en")
    listed = page.locator("#lobby-tournaments li:has-text('Running cup')")
    listed.wait_for()
    assert "started " in listed.inner_text() and "starts" not in listed.inner_text()
    assert problems == []
    context.close()


def test_the_creator_starts_a_swiss_now_and_its_players_are_called_in_both_languages(
    browser: Browser, server: str
) -> None:
    """Its creator, and only they, sees "Start now" while it is upcoming: disabled, saying why,
    while a Swiss has too few to pair; once two have joined (the page, never reloaded, sees it),
    a press asks once more in a line, "Not yet" takes it back, and the start (pressed twice,
    sent once) makes the page read running and call both players to their table, as at a timed
    start: the other's page too, never reloaded. In English, then in Persian."""
    site = server.replace("127.0.0.1", "localhost")
    context, page = new_account(browser, site, "Roya", "en")
    other, kian = new_account(browser, site, "Kian", "en")
    problems = watch(page) + watch(kian)
    starts = []
    page.on("request", lambda sent: starts.append(sent) if sent.url.endswith("/start") else None)
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    for lang, name in (("en", "Club night"), ("fa", "شب باشگاه")):
        body = {"name": name, "kind": "swiss", "rounds": 2, "starts_at": tomorrow}
        made = _call(page, "POST", "/api/tournaments", body)["id"]
        _call(page, "POST", f"/api/tournaments/{made}/join", {"players": 2})
        page.goto(f"{site}/tournaments?lang={lang}#{made}")
        _ready(page)
        press = page.locator("#start-now")
        expected = {
            "en": (
                "Start now",
                "A Swiss needs at least two players to start: with fewer it would be cancelled.",
                "Start the tournament now? Entries close.",
                ("Yes, start it", "Not yet"),
            ),
            "fa": (
                "شروع فوری",
                "مسابقهٔ سوئیسی برای شروع دست‌کم دو بازیکن می‌خواهد: با کمتر از آن لغو می‌شود.",
                "مسابقه همین حالا شروع شود؟ پیوستن به آن بسته می‌شود.",
                ("بله، شروع شود", "هنوز نه"),
            ),
        }[lang]
        words, too_few, asked, (confirm, not_yet) = expected
        assert press.inner_text() == words and press.is_disabled()
        assert page.locator("#start-hint").inner_text() == too_few
        assert press.get_attribute("aria-describedby") == "start-hint"
        _shots(page, "tournament-start-too-few", lang)

        # Kian joins on his own page, which offers him no start: the tournament is not his.
        kian.goto(f"{site}/tournaments?lang={lang}#{made}")
        _ready(kian)
        kian.locator("#join").click()
        kian.wait_for_selector(".standings tbody tr:has-text('Kian')")
        assert kian.locator("#start-now").count() == 0
        page.wait_for_selector("#start-now:enabled", timeout=15_000)  # the next look sees him
        assert page.locator("#start-hint").count() == 0

        press.click()
        assert page.locator("#start-question").inner_text() == asked
        page.get_by_role("button", name=not_yet).click()
        assert page.locator("#start-question").count() == 0 and press.is_enabled()
        press.click()
        yes = page.get_by_role("button", name=confirm)
        assert yes.evaluate("(button) => button === document.activeElement")
        assert serious_violations(page) == [], f"the question before a start, {lang}"
        _shots(page, "tournament-start-question", lang)
        page.set_viewport_size(SIZES["phone"])
        before = len(starts)
        yes.dblclick()
        stage = {"en": "Running", "fa": "در جریان"}[lang]
        page.wait_for_selector(f"#detail-meta:has-text('{stage}')")
        assert len(starts) == before + 1, "pressed twice, the start is sent once"
        assert page.locator("#start-now, #start-question").count() == 0
        ready = {"en": "Your game is ready", "fa": "بازی شما آماده است"}[lang]
        page.wait_for_selector(f"#your-call:has-text('{ready}')")
        [pairing] = page.locator(".pairings li").all_inner_texts()
        assert pairing.startswith({"en": "Roya against Kian", "fa": "Roya در برابر Kian"}[lang])
        kian.wait_for_selector(f"#your-call:has-text('{ready}')", timeout=15_000)
        assert kian.locator("#your-table").get_attribute("href") == page.locator(
            "#your-table"
        ).get_attribute("href")
        assert kian.locator("#join").count() == 0
        _shots(page, "tournament-started-now", lang)
    assert problems == []
    other.close()
    context.close()
