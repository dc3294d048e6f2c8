"""``benchmarks/deck_aware.py``: its deck-aware copy of a level searches the real deal, and the
honest level plays exactly the arena's rounds, so the docs' comparison of the two stands on both."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pasur.bots import make_bot
from pasur.bots.arena import ArenaSettings, arena_deck, run_arena
from pasur.bots.search import WorldSearch
from pasur.rules import STANDARD, moves_for, new_game, view

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "deck_aware.py"


@pytest.fixture(scope="module")
def deck_aware() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deck_aware", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["deck_aware"] = module
    spec.loader.exec_module(module)
    return module


def test_the_deck_aware_expert_searches_the_real_deal(
    deck_aware: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_game(STANDARD, players=2, deck=arena_deck(STANDARD, 2, 7, 0, 0), dealer=0)
    seat_view = view(state, state.turn)
    legal = moves_for(seat_view.hand, seat_view.table, seat_view.rules)
    searched: list[Any] = []
    real_values = WorldSearch.values

    def spy(self: WorldSearch, world: Any, moves: Any, **limits: Any) -> Any:
        searched.append(world)
        return real_values(self, world, moves, **limits)

    monkeypatch.setattr(WorldSearch, "values", spy)
    move = deck_aware.DeckAware().decide(state, seat_view, legal, random.Random(1))
    assert move in legal
    assert searched and all(world is state for world in searched)
    # The honest expert never gets the state: the worlds it searches are drawn from its view.
    searched.clear()
    deck_aware.Honest(make_bot("expert", time_cap=None)).decide(
        state, seat_view, legal, random.Random(1)
    )
    assert searched and all(world is not state for world in searched)


def test_the_honest_level_plays_the_arena_s_rounds(deck_aware: ModuleType) -> None:
    # intermediate: the cheapest search level, through the same code as the expert.
    report = run_arena(ArenaSettings(bots=("intermediate", "random"), sets=2, seed=5))
    honest = deck_aware.Honest(make_bot("intermediate", time_cap=None))
    opponent = deck_aware.Honest(make_bot("random", time_cap=None))
    margins = [deck_aware.set_margin(honest, opponent, 5, set_no) for set_no in (0, 1)]
    assert margins == list(report.matches[0].set_margins)


def test_only_search_levels_have_a_deck_aware_copy(deck_aware: ModuleType) -> None:
    with pytest.raises(ValueError, match="does not search worlds"):
        deck_aware.DeckAware("casual")
    assert deck_aware.DeckAware("advanced").bot.plan.worlds == 1
