"""Arena scoring and re-pairing, and a 50-player arena checked against an independent count."""

from __future__ import annotations

import heapq
import random

import pytest

from pasur.server.tournaments.arena import Arena, game_points, restore
from pasur.server.tournaments.swiss import DRAW, LOSS, WIN


def test_two_wins_light_the_streak_and_the_first_non_win_puts_it_out() -> None:
    arena = Arena()
    for name in ("a", "b"):
        arena.join(name)
    worth = []
    for outcome in (WIN, WIN, WIN, DRAW, WIN, LOSS, WIN, WIN, DRAW):
        arena.pair()
        before = arena.entrants["a"].points
        arena.finish("a", "b", outcome)
        worth.append(arena.entrants["a"].points - before)
    assert worth == [2, 2, 4, 2, 2, 0, 2, 2, 2]
    assert arena.entrants["b"].points == 1 + 2 + 1  # two draws and one win, never on fire
    assert not arena.entrants["a"].on_fire


def test_an_unknown_outcome_is_refused() -> None:
    with pytest.raises(ValueError):
        game_points(0, 3)


def test_waiting_players_meet_their_neighbours_in_the_standings() -> None:
    arena = Arena()
    for name in "abcde":
        arena.join(name)
    assert arena.pair() == [("a", "b"), ("c", "d")]
    assert arena.waiting == {"e"}
    arena.finish("c", "d", WIN)
    # c leads now; e has been waiting and meets c; d waits alone.
    assert arena.pair() == [("c", "e")]
    assert arena.waiting == {"d"}


def test_an_immediate_rematch_is_avoided_when_someone_else_waits() -> None:
    arena = Arena()
    for name in "abc":
        arena.join(name)
    assert arena.pair() == [("a", "b")]
    arena.finish("a", "b", DRAW)
    assert arena.pair() == [("a", "c")]


def test_a_withdrawn_player_keeps_their_points_and_is_not_paired() -> None:
    arena = Arena()
    for name in "abc":
        arena.join(name)
    arena.pair()
    arena.withdraw("a")
    arena.finish("a", "b", WIN)
    assert arena.entrants["a"].points == 2
    assert arena.pair() == [("b", "c")]


def test_finishing_a_game_that_is_not_being_played_is_refused() -> None:
    arena = Arena()
    arena.join("a")
    arena.join("b")
    with pytest.raises(ValueError):
        arena.finish("a", "b", WIN)


def independent_points(outcomes: list[int]) -> int:
    """A game counts double when the two games just before it were both wins."""
    base = {WIN: 2, DRAW: 1, LOSS: 0}
    return sum(
        base[o] * (2 if i >= 2 and outcomes[i - 1] == outcomes[i - 2] == WIN else 1)
        for i, o in enumerate(outcomes)
    )


def test_fifty_scripted_players_match_an_independent_count_and_survive_a_replay() -> None:
    script = random.Random(50)
    names = [f"player{n:02}" for n in range(50)]
    strength = {name: script.random() for name in names}
    arena = Arena()
    finished: list[tuple[str, str, int]] = []
    played: dict[str, list[int]] = {name: [] for name in names}
    clock, window = 0.0, 60.0
    ends: list[tuple[float, str, str]] = []
    for name in names:
        arena.join(name)
    while True:
        if clock < window:
            for first, second in arena.pair():
                heapq.heappush(ends, (clock + script.uniform(1.0, 6.0), first, second))
            # Re-paired at once: at most one player waits for a partner.
            assert len(arena.waiting) <= 1
        if not ends:
            break
        clock, first, second = heapq.heappop(ends)
        chance = strength[first] / (strength[first] + strength[second])
        roll = script.random()
        outcome = WIN if roll < chance * 0.9 else DRAW if roll < chance * 0.9 + 0.1 else LOSS
        arena.finish(first, second, outcome)
        finished.append((first, second, outcome))
        played[first].append(outcome)
        played[second].append(WIN - outcome)
        if script.random() < 0.01:
            arena.withdraw(first)
        if len(finished) == 300:
            # A restart: the arena rebuilt from its rows carries on exactly as the live one.
            rows = [(n, arena.entrants[n].withdrawn) for n in names]
            open_games = [(a, b) for _, a, b in ends]
            rebuilt = restore(rows, finished, open_games)
            assert rebuilt == arena
            arena = rebuilt

    assert sum(len(games) for games in played.values()) > 500
    expected = {name: independent_points(games) for name, games in played.items()}
    table = arena.standings()
    assert {line.name: line.points for line in table} == expected
    assert [line.name for line in table] == sorted(
        names, key=lambda n: (-expected[n], names.index(n))
    )
