"""One game of the arena: its deals, its bots, its seats' generators, and what came of it.

:mod:`pasur.bots.arena` plans the duplicate sets and sums them up; this module plays a single
seating of a set, in this process or in a worker. A player from outside (an engine program)
that fails a move — it crashes, runs out of time or answers an illegal move — loses the game
there and then (:data:`GameRecord.forfeit`); the arena goes on with the next game.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import time
from collections.abc import Callable, Sequence

from pasur.bots.base import Bot, BotFailure, OutsideBot
from pasur.bots.registry import make_bot
from pasur.bots.selfplay import IllegalBotMoveError
from pasur.rules import (
    GameState,
    Rules,
    claim_if_right,
    new_game,
    next_round,
    play_legal,
    shuffle_deck,
    view,
)
from pasur.rules.scoring import (
    ACES_IN_PACK,
    JACKS_IN_PACK,
    TEN_OF_DIAMONDS_POINTS,
    TWO_OF_CLUBS_POINTS,
)

A, B, REFERENCE = "a", "b", "r"
"""The roles in a seating: the pair's first bot, its second, and the seat filler."""

Player = str | OutsideBot
"""Who sits at a seat: a level's name, or a player from outside."""


def seating_patterns(players: int, *, partnerships: bool = False) -> tuple[tuple[str, ...], ...]:
    """The roles at each seat, seating by seating (``players`` already checked)."""
    if partnerships:
        return ((A, B, A, B), (B, A, B, A))
    patterns = []
    for seat_a in range(players):
        for seat_b in range(players):
            if seat_a != seat_b:
                roles = [REFERENCE] * players
                roles[seat_a], roles[seat_b] = A, B
                patterns.append(tuple(roles))
    return tuple(patterns)


def deck_key_for(players: Sequence[Player], given: str | None) -> str | None:
    """The deck key of a run: ``given``, else a new secret when a player is from outside (an
    engine must not compute the decks from the seed and the arena's public code), else None
    (the built-in bots see only their views: the seed alone gives the games, as it always did)."""
    if given is not None or all(isinstance(player, str) for player in players):
        return given
    return secrets.token_hex(16)


def _stem(seed: int, key: str) -> str:
    return f"pasur-arena:{seed}:{key}" if key else f"pasur-arena:{seed}"


def arena_deck(
    rules: Rules, players: int, seed: int, set_no: int, round_no: int, key: str = ""
) -> tuple[int, ...]:
    """The deck order of one round of one duplicate set (the same for every pair and seating),
    from the seed and the run's deck key, if it has one."""
    rng = random.Random(f"{_stem(seed, key)}:deck:{set_no}:{round_no}")
    return shuffle_deck(rules, players, rng)


def bot_rng(seed: int, set_no: int, seat: int, key: str = "") -> random.Random:
    """The generator of the bot at ``seat`` in every seating of a duplicate set (an engine's
    seed is drawn from it: with a deck key, nothing it is sent follows from the seed alone)."""
    return random.Random(f"{_stem(seed, key)}:bot:{set_no}:{seat}")


def forfeit_points(rules: Rules) -> int:
    """What the other side scores in a round its opponent forfeits: every card point, no Sur."""
    return (
        rules.clubs_points
        + TEN_OF_DIAMONDS_POINTS
        + TWO_OF_CLUBS_POINTS
        + ACES_IN_PACK
        + JACKS_IN_PACK
    )


@dataclasses.dataclass(frozen=True, slots=True)
class GameTask:
    """One game: a seating of a duplicate set, everything a worker process needs."""

    rules: Rules
    players: int
    seed: int
    key: str
    """The run's deck key, or "" (:func:`deck_key_for`)."""
    games: bool
    pair: int
    set_no: int
    seating: int
    roles: tuple[str, ...]
    seats: tuple[Player, ...]
    """Who sits at each seat."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of the arena: who sat where, on which decks, and what came of it."""

    pair: int
    """The pair's index in :meth:`ArenaSettings.pairs`."""
    set_no: int
    """The duplicate set."""
    seating: int
    """The seating's index in :func:`seatings`."""
    roles: tuple[str, ...]
    """The role at each seat."""
    decks: tuple[tuple[int, ...], ...]
    """The deck order of each round played."""
    a_points: tuple[int, ...]
    """``a``'s points (its side's, in partnerships) each round."""
    b_points: tuple[int, ...]
    """``b``'s points each round."""
    winner: str | None
    """With whole games, the role of the seat (or team) that won; None for single rounds."""
    a_seconds: tuple[float, ...]
    """Seconds ``a`` took over each of its moves: processor seconds for a built-in bot (what
    one core spends, whatever the load), wall-clock seconds for a player from outside."""
    b_seconds: tuple[float, ...]
    """Seconds ``b`` took over each of its moves."""
    forfeit: str | None = None
    """The role that lost the game by failing a move (its last round scores
    :func:`forfeit_points` to the other role, 0 to it), or None."""
    forfeit_reason: str = ""
    """What the failure was, in words."""


class _Forfeit(Exception):
    """The seat ``seat`` failed a move; the round stops there."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


def _play_round(
    state: GameState,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    clocks: Sequence[list[float] | None],
    timers: Sequence[Callable[[], float]],
) -> GameState:
    claims = state.rules.claims
    while state.turn >= 0:
        seat = state.turn
        seat_view = view(state, seat)
        legal = seat_view.legal_moves()
        started = timers[seat]()
        try:
            move = bots[seat].choose(seat_view, legal, rngs[seat])
        except BotFailure as failure:
            raise _Forfeit(seat, str(failure)) from None
        elapsed = timers[seat]() - started
        clock = clocks[seat]
        if clock is not None:
            clock.append(elapsed)
        if move not in legal:
            raise IllegalBotMoveError(f"the {bots[seat].name} bot chose {move}, which is not legal")
        state = play_legal(state, move)
        if claims:
            state = claim_if_right(state, seat)
    return state


def _seat_bots(seats: Sequence[Player]) -> tuple[list[Bot], list[Callable[[], float]]]:
    """The players of one game, and the clock each is timed by; a failed start is a forfeit."""
    bots: list[Bot] = []
    timers: list[Callable[[], float]] = []
    for seat, player in enumerate(seats):
        if isinstance(player, str):
            # No time cap: the node budgets alone decide the moves, so results do not depend
            # on the machine or its load (the cap is a safety net for play, with tests of its
            # own).
            bots.append(make_bot(player, time_cap=None))
            timers.append(time.process_time)
            continue
        try:
            bots.append(player.make())
        except BotFailure as failure:
            _close(bots)
            raise _Forfeit(seat, str(failure)) from None
        timers.append(time.perf_counter)
    return bots, timers


def _close(bots: Sequence[Bot]) -> None:
    for bot in bots:
        close = getattr(bot, "close", None)
        if callable(close):
            close()


def play_seating(task: GameTask) -> GameRecord:
    """Play one game of the arena; runs in a worker process when there are several jobs."""
    players = task.players
    rngs = [bot_rng(task.seed, task.set_no, seat, task.key) for seat in range(players)]
    a_clock: list[float] = []
    b_clock: list[float] = []
    clocks = [a_clock if r == A else b_clock if r == B else None for r in task.roles]
    seat_a, seat_b = task.roles.index(A), task.roles.index(B)
    deck = arena_deck(task.rules, players, task.seed, task.set_no, 0, task.key)
    decks = [deck]
    a_points: list[int] = []
    b_points: list[int] = []
    forfeit: _Forfeit | None = None
    state = new_game(task.rules, players=players, deck=deck, dealer=0)
    bots: list[Bot] = []
    try:
        bots, timers = _seat_bots(task.seats)
        while True:
            state = _play_round(state, bots, rngs, clocks, timers)
            assert state.result is not None
            a_points.append(state.result.points[state.side_of(seat_a)])
            b_points.append(state.result.points[state.side_of(seat_b)])
            if not task.games or state.is_over:
                break
            deck = arena_deck(
                task.rules, players, task.seed, task.set_no, state.round_no + 1, task.key
            )
            decks.append(deck)
            state = next_round(state, deck=deck)
    except _Forfeit as failed:
        forfeit = failed
    finally:
        _close(bots)
    winner = None
    forfeit_role = None
    if forfeit is not None:
        forfeit_role = task.roles[forfeit.seat]
        full = forfeit_points(task.rules)
        a_points.append(0 if forfeit_role == A else full)
        b_points.append(0 if forfeit_role == B else full)
        winner = (B if forfeit_role == A else A) if task.games else None
    elif task.games:
        # A side is a seat, or a team whose seats 0/1 hold the team's role; a drawn game has
        # no winner.
        winner = task.roles[state.winner] if state.winner >= 0 else None
    return GameRecord(
        pair=task.pair,
        set_no=task.set_no,
        seating=task.seating,
        roles=task.roles,
        decks=tuple(decks),
        a_points=tuple(a_points),
        b_points=tuple(b_points),
        winner=winner,
        a_seconds=tuple(a_clock),
        b_seconds=tuple(b_clock),
        forfeit=forfeit_role,
        forfeit_reason=forfeit.reason if forfeit is not None else "",
    )
