"""The daily deal itself: one committed deck order per format and day, and the game played on it.

Everyone who plays a day's deal sits in seat 1 (seat 0 here) with the same cards, against bots of
fixed levels (:data:`OPPONENTS`). A bot's move depends only on the deal's secret seed, the number
of plays before it and the position, never on the clock or the machine (search by a fixed node
budget, no time cap), so the same moves get the same answers for everyone and a game replays
exactly from its list of moves. This module is pure: no database, no web framework.

A day's deal is committed to as in :mod:`pasur.rules.fairness`: ``sha256(salt + deck)``, with the
deck order and salt (and the seed the bots draw from) revealed once the day is over.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from pasur.bots import make_bot
from pasur.rules import STANDARD, GameState, Move, legal_moves, new_game, play_legal, view
from pasur.rules.deal import seeded_rng, shuffle_deck
from pasur.rules.fairness import commitment, new_salt

FORMATS = (2, 3)
"""The daily deal's formats: 2 players and 3 players."""

PLAYER_SEAT = 0
"""The seat the person plays, the same for everyone; the dealer is the last seat, so it leads."""

EXPERT = "expert"
"""The level that plays the deal from the person's seat, for comparison."""

OPPONENTS: dict[int, dict[int, str]] = {2: {1: "expert"}, 3: {1: "expert", 2: "advanced"}}
"""The bots of each format, by seat: the expert, and in the 3-player deal also the advanced."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One day's deal of one format, with its secrets (never sent before the day is over)."""

    day: str
    """The UTC day, ``YYYY-MM-DD``."""
    players: int
    seed: str
    """The secret the deck order and the bots' generators come from."""
    salt: bytes
    deck: tuple[int, ...]

    @property
    def commitment(self) -> str:
        """The published SHA-256 of salt + deck order (:func:`pasur.rules.fairness.commitment`)."""
        return commitment(self.deck, self.salt)

    def first_state(self) -> GameState:
        """The deal as it is dealt: the person's seat leads."""
        return new_game(STANDARD, players=self.players, deck=self.deck, dealer=self.players - 1)


def new_deal(day: str, players: int) -> Deal:
    """A fresh deal for ``day``: a secret seed, the deck order shuffled from it, a secret salt."""
    seed = secrets.token_hex(16)
    deck = shuffle_deck(STANDARD, players, seeded_rng(seed, 0))
    return Deal(day, players, seed, new_salt(), deck)


def bot_move(deal: Deal, state: GameState, level: str) -> Move:
    """The move the bot of ``level`` plays for the seat to play, the same on every machine.

    A fresh bot per move with a generator seeded by the deal's seed and the number of plays so far:
    nothing a bot remembers from another game, or another person's game, can change its answer.
    """
    legal = legal_moves(state)
    rng = random.Random(f"pasur-daily:{deal.seed}:{len(state.plays)}")
    bot = make_bot(level, seconds=None, time_cap=None)
    move = bot.choose(view(state, state.turn), legal, rng)
    return Move(move[0], move[1])


def replay(deal: Deal, moves: Sequence[str]) -> GameState:
    """The game after ``moves`` (each seat's, in order, as stored): no bot is asked again."""
    state = deal.first_state()
    for text in moves:
        state = play_legal(state, Move.parse(text))
    return state


def answer(deal: Deal, state: GameState) -> tuple[GameState, list[str]]:
    """Play the bots' moves until the person is to play again or the round is over.

    Returns the state and the moves played, as stored.
    """
    played: list[str] = []
    bots = OPPONENTS[deal.players]
    while state.result is None and state.turn != PLAYER_SEAT:
        move = bot_move(deal, state, bots[state.turn])
        state = play_legal(state, move)
        played.append(str(move))
    return state, played


def expert_game(deal: Deal) -> GameState:
    """The round as the expert plays it from the person's seat, against the same bots."""
    state, _ = answer(deal, deal.first_state())
    while state.result is None:
        state = play_legal(state, bot_move(deal, state, EXPERT))
        state, _ = answer(deal, state)
    return state


def margin(state: GameState) -> int:
    """The daily score of a finished round: the person's points minus the best bot's.

    With two players that is the person's points minus the expert's; with three, the margin over
    the stronger of the two bots' rounds, so a positive score always means the person won it.
    """
    assert state.result is not None
    points = state.result.points
    return points[PLAYER_SEAT] - max(p for seat, p in enumerate(points) if seat != PLAYER_SEAT)
