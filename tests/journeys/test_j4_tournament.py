"""J4, a tournament of accounts: four people play a Swiss of short games from the tournaments
page to its final standings (docs/journeys.md, docs/tournaments.md).

Four people make an account each, in a browser of their own. Ava makes a Swiss of two rounds on
the tournaments page, to 11 points (the form's house rules, advanced), at the start the form
offers (an hour away), and joins it; her page offers her "Start now", disabled while too few
have joined to pair. The others find it from the home page, read its house rules and join; once
they are in, Ava starts it now, as a club that has gathered its players does, with one more
press for the line asking "Start the tournament now? Entries close.". Each one's page, left
open, calls them to their table; they sit in the seat kept for them, one of each table starts
the game, and they play it by tapping. Back on the tournament's page the standings fill in; the
second round pairs the two winners and the two losers, and calls them again. At the end the
page reads finished, with the final standings and the last round's results, and each one's
public profile lists their two games, won and lost as the standings say. Ava and Dara on laptops
in English, Babak on a phone in Persian (his name in Persian letters), Cyrus on a phone in
English.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

from journey_support import (
    LATIN_DIGITS,
    TABLE_URL,
    Person,
    in_own_seat,
    person,
    play_game,
    public_profile,
    short_game,
    sign_up,
    table_id,
    wait_until,
)
from playwright.sync_api import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser

NAME = "Friday club cup"
TARGET = 11
"""A club's short game: usually one round (a round deals 20 points, and more with Surs)."""

# (name, screen, language) of each person; Ava makes the tournament.
PEOPLE = (
    ("Ava", "desktop", "en"),
    ("بابک", "phone", "fa"),
    ("Cyrus", "phone", "en"),
    ("Dara", "desktop", "en"),
)


def tournament_page(someone: Person) -> None:
    """Home, the home page's link to the tournaments, then this one by its name in the list."""
    someone.home()
    tournaments = someone.says("Tournaments: Swiss and arena", "مسابقه‌ها: سوئیسی و آرنا")
    someone.page.get_by_role("link", name=tournaments).click()
    someone.page.wait_for_url(re.compile(r"/tournaments(\?|#|$)"))
    someone.page.locator("#tournament-groups").get_by_role("link", name=NAME).click()
    expect(someone.page.locator("#detail-title")).to_have_text(NAME)


def standings(someone: Person) -> dict[str, int]:
    """The standings as the page shows them: each name and its points."""
    rows = someone.page.locator(".standings tbody tr").all()
    cells = [row.locator("td").all_inner_texts() for row in rows]
    return {cell[1]: int(cell[2].translate(LATIN_DIGITS)) for cell in cells}


def called_and_seated(someone: Person, seconds: float) -> str:
    """The tournament's page, left open, calls the person to their table within ``seconds``; they
    go and sit in the seat kept for them. Their table's id."""
    call = someone.page.locator("#your-call")
    ready = someone.says("Your game is ready", "بازی شما آماده است")
    expect(call).to_contain_text(ready, timeout=seconds * 1000)
    someone.shot("called")
    call.get_by_role("link", name=someone.says("Go to your table", "رفتن به میز خودتان")).click()
    someone.page.wait_for_url(TABLE_URL)
    someone.page.get_by_role("button", name=someone.says("Sit here", "اینجا بنشینید")).click()
    in_own_seat(someone, someone.name)
    return table_id(someone.page)


def tournament_round(people: list[Person], seconds: float) -> dict[str, list[Person]]:
    """Everyone is called to their table and sits; one of each table starts its game once both
    sit; they play the games to their ends and go back to the tournament's page. Who sat at
    which table."""
    tables: dict[str, list[Person]] = defaultdict(list)
    for someone in people:
        tables[called_and_seated(someone, seconds)].append(someone)
    assert sorted(len(pair) for pair in tables.values()) == [2, 2], tables
    for first, _ in tables.values():
        start = first.page.get_by_role("button", name=first.says("Start the game", "شروع بازی"))
        expect(start).to_be_enabled()
        start.click()
    play_game([someone.page for someone in people])
    for someone in people:
        expect(someone.page.locator(".game-over")).to_be_visible()
        over = someone.page.locator(".game-over")
        over.get_by_role("link", name=someone.says("Home", "خانه"), exact=True).click()
        tournament_page(someone)
    return tables


def _names(tables: dict[str, list[Person]]) -> list[list[str]]:
    """Who sat together, by name, table by table."""
    return [[someone.name for someone in pair] for pair in tables.values()]


def test_j4_four_accounts_play_a_swiss_to_its_final_standings(
    browser: Browser, server: str
) -> None:
    people = [
        person(browser, name, "j4", screen=screen, lang=lang) for name, screen, lang in PEOPLE
    ]
    for someone in people:
        sign_up(someone, server, someone.name)
    ava, babak, cyrus, dara = people

    # Ava makes a Swiss of two rounds to 11, at the start the form offers, and joins it: alone
    # in it, she cannot start it yet.
    ava.home()
    ava.page.get_by_role("link", name="Tournaments: Swiss and arena").click()
    form = ava.page.locator("#create-form")
    form.get_by_label("Name", exact=True).fill(NAME)
    expect(form.get_by_label("Starts at (your local time)")).not_to_have_value("")
    form.get_by_label("Rounds (1–15)").fill("2")
    short_game(ava, form, TARGET)
    ava.shot("form")
    form.get_by_role("button", name="Make the tournament").click()
    expect(ava.page.locator("#detail-title")).to_have_text(NAME)
    ava.page.get_by_role("button", name="Join", exact=True).click()
    expect(ava.page.locator(".standings tbody tr")).to_have_count(1)
    start_now = ava.page.get_by_role("button", name="Start now")
    expect(start_now).to_be_disabled()
    expect(ava.page.locator("#start-hint")).to_have_text(
        "A Swiss needs at least two players to start: with fewer it would be cancelled."
    )

    # The others find it from the home page, read its house rules and join.
    for someone in (babak, cyrus, dara):
        tournament_page(someone)
        expect(someone.page.locator("#detail-rules")).to_have_text(
            someone.says(
                "House rules: Standard · The target: 11",
                "قوانین: استاندارد · امتیاز پایان بازی: ۱۱",
            )
        )
        someone.page.get_by_role("button", name=someone.says("Join", "پیوستن"), exact=True).click()
        expect(someone.page.locator(".standings")).to_contain_text(someone.name)
        start_theirs = someone.page.get_by_role(
            "button", name=someone.says("Start now", "شروع فوری")
        )
        expect(start_theirs).to_have_count(0)  # the tournament is Ava's to start
    babak.shot("joined")

    # Everyone is in: Ava's page, left open, sees them (it reads the tournament every 5 s) and
    # she starts it now. Each one's page, left open, calls them to their table. Round one.
    expect(ava.page.locator(".standings tbody tr")).to_have_count(4, timeout=10_000)
    expect(start_now).to_be_enabled()
    start_now.click()
    expect(ava.page.locator("#start-question")).to_have_text(
        "Start the tournament now? Entries close."
    )
    ava.shot("start-now")
    ava.page.get_by_role("button", name="Yes, start it").click()
    expect(ava.page.locator("#detail-meta")).to_contain_text("Running")
    first = tournament_round(people, 20)  # the others' pages look again within 5 s
    cyrus.shot("round-one-over")
    wait_until(lambda: sorted(standings(ava).values()) == [0, 0, 2, 2], "round one's standings")
    after_one = standings(ava)

    # Round two pairs the winners together, and the losers.
    second = tournament_round(people, 30)
    assert not set(map(frozenset, _names(first))) & set(map(frozenset, _names(second)))
    winners = {name for name, points in after_one.items() if points == 2}
    assert winners in [set(pair) for pair in _names(second)], (winners, _names(second))

    # The tournament is finished: the final standings, the last round's results.
    for someone in (ava, babak):
        finished = someone.says("Finished", "پایان‌یافته")
        expect(someone.page.locator("#detail-meta")).to_contain_text(finished, timeout=15_000)
        expect(someone.page.locator("#detail-live h3")).to_have_text(
            someone.says("Last round's pairings", "جفت‌های دور آخر")
        )
        beat = someone.says(" beat ", " پیروز شد")
        expect(someone.page.locator(".pairings li")).to_have_count(2)
        assert all(beat in line for line in someone.page.locator(".pairings li").all_inner_texts())
        someone.shot("final-standings", whole=True)
    final = standings(ava)
    assert sorted(final.values()) == [0, 2, 2, 4], final
    assert standings(babak) == final
    assert list(final.values()) == sorted(final.values(), reverse=True)  # ranked by points

    # Each one's profile lists their two games, won as many as their points say.
    for someone in people:
        public_profile(someone)
        recent = someone.page.locator("#recent li .profile-result")
        expect(recent).to_have_count(2)
        won = recent.all_inner_texts().count(someone.says("Won", "برد"))
        assert won * 2 == final[someone.name], (someone.name, won, final)
    babak.shot("profile", whole=True)
    for someone in people:
        someone.done()
