"""Every level plays only legal moves: 2, 3 and 4 players, partnerships, and house-rule mixes.

``play_round`` and ``selfplay`` raise ``IllegalBotMoveError`` the moment a bot answers a move that
is not among the legal moves it was given, so playing whole rounds is the test.
"""

from __future__ import annotations

import random

import pytest
from bots_support import quick_bots

from pasur.bots import BOT_NAMES, make_bot, parse_bot_names
from pasur.bots.registry import UnknownBotError
from pasur.bots.selfplay import play_round, selfplay
from pasur.rules import Rules, make_rules, new_game, shuffle_deck

HOUSE_RULES = {
    "standard": make_rules(),
    "pagat": make_rules("pagat"),
    "optional-several-all": make_rules(
        settings=["capture=optional", "sum-sets=several", "face-capture=all"]
    ),
    "cancel-net-no-cutoff": make_rules(
        settings=[
            "sur-cancel=net",
            "sur-cutoff=none",
            "sur-final-deal=allowed",
            "clubs-award=per-club",
            "clubs-points=13",
            "sur-points=10",
        ]
    ),
    "cancel-opponent-seven": make_rules(
        settings=["sur-cancel=opponent", "clubs-award=seven-or-more", "clubs-tie3=nobody"]
    ),
    "ru-baaz": make_rules("ru-baaz"),
    "ru-baaz-stack-sweep": make_rules("ru-baaz", ["open-cards=stack", "last-card-sweep=on"]),
    "varagh": make_rules("varagh"),
    "pasur11": make_rules("pasur11"),
    "sweep-last-card-all-others": make_rules(
        settings=[
            "last-card-sweep=on",
            "sur-final-deal=last-card",
            "sur-cancel=all-others",
            "sur-cutoff-cancels=on",
            "opening-table=skip-jacks",
            "claims=on",
            "target=20",
        ]
    ),
    "reply-union-three": make_rules(
        settings=[
            "sur-cancel=reply",
            "sum-sets=union",
            "sum-cards=3",
            "capture=optional",
            "no-capture-leftovers=previous-capturer",
        ]
    ),
}


def _seats(players: int) -> list[list[int]]:
    """Level indexes per seat: every level meets every seat over the rounds played."""
    levels = len(quick_bots())
    return [[(start + seat) % levels for seat in range(players)] for start in range(levels)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_legal_rounds(players: int) -> None:
    rules = make_rules()
    bots = quick_bots()
    for game, seating in enumerate(_seats(players)):
        deck = shuffle_deck(rules, players, random.Random(f"legal:{players}:{game}"))
        rngs = [random.Random(f"seat:{game}:{seat}") for seat in range(players)]
        state = play_round(
            new_game(rules, players=players, deck=deck), [bots[i] for i in seating], rngs
        )
        assert state.result is not None


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_under_house_rules(name: str, players: int) -> None:
    rules = HOUSE_RULES[name]
    bots = quick_bots()
    seating = _seats(players)[players]
    deck = shuffle_deck(rules, players, random.Random(f"house:{name}:{players}"))
    rngs = [random.Random(f"seat:{name}:{seat}") for seat in range(players)]
    state = play_round(
        new_game(rules, players=players, deck=deck), [bots[i] for i in seating], rngs
    )
    assert state.result is not None


@pytest.mark.parametrize("settings", [[], ["capture=optional", "sum-sets=several"]])
def test_every_level_in_partnerships(settings: list[str]) -> None:
    rules = make_rules(settings=["partnerships=on", *settings])
    bots = quick_bots()
    for game, seating in enumerate(_seats(4)[:3]):
        deck = shuffle_deck(rules, 4, random.Random(f"teams:{game}"))
        rngs = [random.Random(f"seat:{game}:{seat}") for seat in range(4)]
        state = play_round(new_game(rules, players=4, deck=deck), [bots[i] for i in seating], rngs)
        assert state.result is not None


def test_whole_games_near_the_target_and_the_sur_cutoff() -> None:
    # A low target and cutoff put every round past the first in the expert's game mode, and
    # sides at the cutoff can no longer score Surs.
    rules: Rules = make_rules(settings=["target=30", "sur-cutoff=12"])
    bots = quick_bots()
    summary = selfplay(rules, 2, [bots[5], bots[2]], rounds=4, seed=3)
    assert summary.rounds == 4
    summary = selfplay(rules, 3, [bots[5], bots[4], bots[3]], rounds=2, seed=4)
    assert summary.rounds == 2


def test_the_ladder_is_registered_weakest_first() -> None:
    assert BOT_NAMES == (
        "random",
        "beginner",
        "casual",
        "intermediate",
        "advanced",
        "expert",
        "master",
    )
    for name in BOT_NAMES:
        assert make_bot(name).name == name
        assert make_bot(name.upper(), seconds=0.01).name == name
    assert make_bot("greedy").name == "casual"
    assert parse_bot_names("expert, Greedy,random") == ("expert", "casual", "random")
    with pytest.raises(UnknownBotError, match="unknown bot 'wizard'"):
        make_bot("wizard")


def test_a_time_budget_still_gives_a_legal_move() -> None:
    rules = make_rules()
    deck = shuffle_deck(rules, 2, random.Random("timed"))
    bots = [make_bot("expert", seconds=0.02), make_bot("advanced", seconds=0.02)]
    rngs = [random.Random(1), random.Random(2)]
    state = play_round(new_game(rules, players=2, deck=deck), bots, rngs)
    assert state.result is not None
