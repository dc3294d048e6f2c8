"""A bot's think time (issue 30, a lively pace): the only move at once, a Sur on offer quickly,
a choice among many longer, each level at its own tempo, and always the same for the same
moment of the same game (a table read back from its log waits as it did)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pasur.rules import GameState, legal_moves, new_game, next_round, play
from pasur.server.tables.pace import FORCED, LONGEST, OBVIOUS, RHYTHM, VARIATION, think_time

LOW, HIGH = 1 - VARIATION / 2, 1 + VARIATION / 2


def positions(games: int = 12) -> Iterator[GameState]:
    """Every position of random 2- and 3-player games, each to its end."""
    rng = random.Random(7)
    for number in range(games):
        game = new_game(players=2 + number % 2, seed=number)
        while True:
            while game.turn >= 0:
                yield game
                game = play(game, rng.choice(legal_moves(game)))
            if game.is_over:
                break
            game = next_round(game)


def clears(game: GameState) -> bool:
    """Whether a move clears the table with a card other than a jack (a Sur on offer)."""
    jacks = sum(1 << (10 * 4 + suit) for suit in range(4))
    return any(
        m.taken and m.taken == game.table and not (1 << m.card) & jacks for m in legal_moves(game)
    )


def test_no_delay_plays_at_once() -> None:
    assert all(think_time(game, "expert", 0.0) == 0.0 for game in positions(2))


def test_the_time_follows_what_the_position_asks() -> None:
    seen = {"forced": 0, "sur": 0, "choice": 0}
    for game in positions():
        moves = len(legal_moves(game))
        factor = think_time(game, "intermediate", 1.0)  # intermediate's tempo is 1
        if moves == 1:
            seen["forced"] += 1
            assert FORCED * LOW <= factor < FORCED * HIGH
        elif clears(game):
            seen["sur"] += 1
            assert OBVIOUS * LOW <= factor < OBVIOUS * HIGH
        else:
            seen["choice"] += 1
            assert 0.85 * LOW <= factor < LONGEST * HIGH
            if moves >= 8:
                assert factor >= 1.35 * LOW, "a choice among eight takes longer than a lay"
    assert all(count > 10 for count in seen.values()), seen


def test_each_level_keeps_its_tempo_and_the_same_moment_takes_the_same_time() -> None:
    ordered = sorted(RHYTHM, key=RHYTHM.__getitem__)
    assert ordered[0] == "random" and ordered[-1] == "master"
    for game in positions(2):
        times = [think_time(game, level, 0.8) for level in ordered]
        assert times == sorted(times)
        assert times == [think_time(game, level, 0.8) for level in ordered]
        assert think_time(game, "some future level", 1.0) == think_time(game, "intermediate", 1.0)


def test_moves_alike_do_not_all_take_the_same_time() -> None:
    forced = {
        round(think_time(g, "casual", 1.0), 6) for g in positions(4) if len(legal_moves(g)) == 1
    }
    assert len(forced) > 5, "a little variation, as a person's"
