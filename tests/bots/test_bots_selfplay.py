"""The self-play loop: a bot that answers an illegal move is named, and rounds are reproducible."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pasur.bots import make_bot, play_round, selfplay
from pasur.bots.selfplay import IllegalBotMoveError
from pasur.rules import STANDARD, Move, SeatView, new_game


class Cheater:
    """Takes the whole table with its first card, whatever the table holds."""

    name = "cheater"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        return Move(legal[0].card, view.table | 1)


def test_an_illegal_choice_names_the_bot_that_made_it() -> None:
    state = new_game(players=2, seed=5)
    bots = [Cheater(), Cheater()]
    refused = r"^the cheater bot chose \S+, which is not legal$"
    with pytest.raises(IllegalBotMoveError, match=refused):
        play_round(state, bots, [random.Random(0), random.Random(1)])


def test_the_same_seed_gives_the_same_run() -> None:
    bots = [make_bot("random"), make_bot("random")]
    first = selfplay(STANDARD, 2, bots, 30, seed=9)
    again = selfplay(STANDARD, 2, bots, 30, seed=9)
    assert first.points == again.points and first.surs == again.surs
    assert first.game_wins == again.game_wins
    assert first.rounds == 30 and sum(first.points) > 0
