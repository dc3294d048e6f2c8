"""An engine cannot learn the deck (issue 32): the arena's code is public, so with the seed
alone an engine could compute every deck — from the seed it is sent (the generator of its seat)
or from the first cards it sees. A run with a player from outside mixes a secret deck key into
the decks and the generators, reports it, and plays the same games again when given it.

The thief (deck_thief_support.py) first shows that the attack works where there is no key, then
fails in a real arena run against it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from deck_thief_support import recover

from pasur.bots.arena import ArenaReport, ArenaSettings, arena_deck, bot_rng, run_arena
from pasur.cli.engines import EngineSpec
from pasur.rules import STANDARD, new_game, view
from pasur.rules.cards import cards_of

THIEF = Path(__file__).with_name("deck_thief_support.py")


def test_without_a_key_the_seed_and_the_first_cards_give_the_deck_away() -> None:
    deck = arena_deck(STANDARD, 2, 7, 1, 0)
    seat_view = view(new_game(STANDARD, players=2, deck=deck, dealer=1), 0)
    seen = {*cards_of(seat_view.hand), *cards_of(seat_view.table)}
    found = recover(bot_rng(7, 1, 0).getrandbits(63), 0, 2, seen)
    assert found == {"by_seed": [[7, 1]], "by_deck": [[7, 1]]}


def _arena(log: Path, key: str | None = None) -> ArenaReport:
    thief = EngineSpec("thief", (sys.executable, str(THIEF), str(log)))
    settings = ArenaSettings(bots=("random", thief), sets=2, seed=7, bootstrap=10, deck_key=key)
    report = run_arena(settings)
    assert report.matches[0].forfeits == ()
    return report


def test_an_engine_in_the_arena_cannot_find_the_deck(tmp_path: Path) -> None:
    log = tmp_path / "found.jsonl"
    report = _arena(log)
    key = report.as_dict()["deck_key"]
    assert isinstance(key, str) and len(key) == 32, "a fresh secret, reported"
    tries = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(tries) == 4, "two sets, two seatings"
    assert all(found == {"by_seed": [], "by_deck": []} for found in tries), tries
    # The report's key plays the same games again; another run draws another key.
    assert isinstance(key, str)
    again = _arena(tmp_path / "again.jsonl", key)
    assert [r.decks for r in again.records] == [r.decks for r in report.records]
    assert again.matches[0].set_margins == report.matches[0].set_margins
    other = _arena(tmp_path / "other.jsonl")
    assert other.settings.deck_key != key
    assert other.records[0].decks != report.records[0].decks


def test_a_run_of_built_in_bots_has_no_key_and_keeps_its_games() -> None:
    report = run_arena(ArenaSettings(bots=("random", "random"), sets=1, seed=7, bootstrap=10))
    assert report.as_dict()["deck_key"] is None
    assert report.records[0].decks[0] == arena_deck(STANDARD, 2, 7, 0, 0)
