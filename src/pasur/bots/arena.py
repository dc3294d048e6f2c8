"""The arena: bots play each other on duplicate deals, and we measure who is stronger.

Every pair of named bots ``a`` and ``b`` plays ``sets`` *duplicate sets*. A set is one deck order
(with ``games=True``, one deck order per round of a whole game) played once in every *seating*
of the set's pattern, so each bot holds every seat's cards and luck of the deal cancels out:

- **2 players**: ``a b`` and ``b a``.
- **3 or 4 players**: ``a`` and ``b`` take every ordered pair of distinct seats (6 seatings with
  3 players, 12 with 4); every other seat holds the *reference* bot. Each bot thus holds each
  seat's cards ``players - 1`` times, and for every game in which ``a`` sits at seat ``i`` and
  ``b`` at ``j`` there is one with ``b`` at ``i`` and ``a`` at ``j`` against the same
  reference opponents at the same seats.
- **Partnerships**: ``a a`` against ``b b`` (partners opposite), then the teams change places.

The dealer is seat 1 in every seating (with ``games=True`` the deal passes on round by round,
the same way in every seating), so the same seat gets the same cards in every seating.

Deck orders come from ``(seed, set, round)`` only, so every pair plays the same deals. A bot's
random generator comes from ``(seed, set, seat)``: in mirrored seatings the bot at a seat gets
the generator the other bot had there, so two copies of a deterministic bot tie every set
exactly. A run with a player from outside mixes a secret *deck key* into both (drawn at random
unless given, and reported): the arena's code is public, and an engine that could compute the
decks from the seed would play with every card seen. Nothing depends on the order in which
games finish, so results are the same for any number of worker processes.

The margin of a set is ``a``'s points minus ``b``'s per round, over all rounds of the set; the
match margin is the mean over sets, with standard error ``s / √sets``. The Elo ladder is a
Bradley–Terry fit to every round won, tied (half each way) or lost between the pair, with
bootstrap intervals that resample duplicate sets (see :mod:`pasur.bots.ratings`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from pasur.bots.arena_games import (
    REFERENCE,
    A,
    B,
    GameRecord,
    GameTask,
    Player,
    arena_deck,
    bot_rng,
    deck_key_for,
    play_seating,
    seating_patterns,
)
from pasur.bots.ratings import (
    ELO_SCALE,
    SMOOTHING,
    PairRecord,
    bootstrap_elo,
    fit_elo,
    mean,
    mean_and_se,
    median,
)
from pasur.bots.registry import BOT_NAMES, make_bot
from pasur.rules import STANDARD, DeckError, Rules, check_players

__all__ = [
    "REFERENCE",
    "A",
    "ArenaError",
    "ArenaReport",
    "ArenaSettings",
    "B",
    "Forfeit",
    "GameRecord",
    "MatchResult",
    "Rating",
    "arena_deck",
    "bot_rng",
    "default_reference",
    "run_arena",
    "seatings",
]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` with games finished so far and games in all."""


class ArenaError(ValueError):
    """An arena that cannot be run as asked; the message says why."""


def default_reference() -> str:
    """The bot that fills the other seats with 3 or 4 players: ``casual`` once it exists."""
    return "casual" if "casual" in BOT_NAMES else "random"


def _check_players(players: int, partnerships: bool) -> None:
    try:
        check_players(players, partnerships=partnerships)
    except DeckError as error:
        raise ArenaError(str(error)) from None


def seatings(players: int, *, partnerships: bool = False) -> tuple[tuple[str, ...], ...]:
    """The roles (:data:`A`, :data:`B`, :data:`REFERENCE`) at each seat, seating by seating."""
    _check_players(players, partnerships)
    return seating_patterns(players, partnerships=partnerships)


@dataclasses.dataclass(frozen=True, slots=True)
class ArenaSettings:
    """What to run. Bot names are levels as :func:`~pasur.bots.make_bot` takes them."""

    bots: tuple[Player, ...]
    """The bots (levels by name, or players from outside such as engines); every pair of them
    plays. A name may repeat (it is then labelled ``name#2``)."""
    players: int = 2
    """Seats at the table: 2, 3 or 4."""
    sets: int = 10
    """Duplicate sets per pair (``--pairs`` on the command line)."""
    seed: int = 1
    """Seed of every deck order and every bot's generator."""
    rules: Rules = STANDARD
    """The house rules."""
    games: bool = False
    """Play whole games to the target instead of single rounds."""
    reference: str | None = None
    """The seat filler with 3 or 4 players; :func:`default_reference` when None."""
    jobs: int = 1
    """Worker processes (1 plays in this process)."""
    bootstrap: int = 1000
    """Bootstrap samples for the Elo intervals."""
    deck_key: str | None = None
    """The secret mixed into the decks and generators of a run with players from outside;
    :func:`run_arena` draws one when None (the report gives it, to run the same games again)."""

    def check(self) -> None:
        """Raise :class:`ArenaError` if these settings cannot be run."""
        if len(self.bots) < 2:
            raise ArenaError("name at least two bots: each pair of them plays")
        _check_players(self.players, self.rules.partnerships)
        if self.sets < 1:
            raise ArenaError(f"play at least one duplicate set per pair, not {self.sets}")
        if self.jobs < 1:
            raise ArenaError(f"use at least one worker process, not {self.jobs}")
        if self.bootstrap < 1:
            raise ArenaError(f"take at least one bootstrap sample, not {self.bootstrap}")

    @property
    def needs_reference(self) -> bool:
        """Whether seats are left for the reference bot."""
        return self.players > 2 and not self.rules.partnerships

    @property
    def reference_bot(self) -> str | None:
        """The seat filler actually used, or None when every seat is ``a``'s or ``b``'s."""
        if not self.needs_reference:
            return None
        return self.reference or default_reference()

    @property
    def labels(self) -> tuple[str, ...]:
        """The bots' names made unique: a repeated name gets ``#2``, ``#3``…"""
        seen: dict[str, int] = {}
        labels = []
        for name in (bot if isinstance(bot, str) else bot.name for bot in self.bots):
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
        return tuple(labels)

    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of bots, by index, in the order given."""
        count = len(self.bots)
        return [(i, j) for i in range(count) for j in range(i + 1, count)]


@dataclasses.dataclass(frozen=True, slots=True)
class Forfeit:
    """A game a player from outside lost by failing a move (crash, timeout, illegal move)."""

    bot: str
    """The label of the player that failed."""
    set_no: int
    """The duplicate set."""
    seating: int
    """The seating's index in :func:`seatings`."""
    reason: str
    """What went wrong, in words."""

    def as_dict(self) -> dict[str, object]:
        """The forfeit as JSON-ready data."""
        return {"bot": self.bot, "set": self.set_no, "seating": self.seating, "reason": self.reason}


@dataclasses.dataclass(frozen=True, slots=True)
class MatchResult:
    """How one pair of bots did against each other."""

    a: str
    """The first bot's label."""
    b: str
    """The second bot's label."""
    sets: int
    """Duplicate sets played."""
    rounds: int
    """Rounds played, over every seating of every set."""
    set_margins: tuple[float, ...]
    """Per set: ``a``'s points minus ``b``'s per round."""
    set_rounds: tuple[tuple[int, int, int], ...]
    """Per set: rounds ``a`` won, tied and lost (on points in the round)."""
    margin: float
    """The mean of :attr:`set_margins`: ``a``'s points minus ``b``'s per round."""
    margin_se: float | None
    """The standard error of :attr:`margin` (None with a single set)."""
    a_wins: int
    """Rounds in which ``a`` scored more than ``b``."""
    ties: int
    """Rounds in which they scored the same."""
    b_wins: int
    """Rounds in which ``b`` scored more."""
    a_seconds_median: float | None
    """Median seconds per move of ``a``."""
    a_seconds_mean: float | None
    """Mean seconds per move of ``a`` (what a whole game costs it, per move)."""
    a_seconds_max: float | None
    """Slowest move of ``a``, in seconds."""
    a_moves: int
    """Moves ``a`` made."""
    b_seconds_median: float | None
    """Median seconds per move of ``b``."""
    b_seconds_mean: float | None
    """Mean seconds per move of ``b``."""
    b_seconds_max: float | None
    """Slowest move of ``b``, in seconds."""
    b_moves: int
    """Moves ``b`` made."""
    games: int
    """Whole games played (0 unless the arena plays games)."""
    a_game_wins: int
    """Games ``a`` (or its team) won."""
    b_game_wins: int
    """Games ``b`` (or its team) won."""
    other_game_wins: int
    """Games a reference bot won (3 or 4 players)."""
    forfeits: tuple[Forfeit, ...] = ()
    """Games lost by a player from outside that failed a move, in game order."""

    def as_dict(self) -> dict[str, object]:
        """The match as JSON-ready data (the keys of ``pasur arena --json``)."""
        data: dict[str, object] = {
            "a": self.a,
            "b": self.b,
            "pairs": self.sets,
            "rounds": self.rounds,
            "margin": round(self.margin, 4),
            "margin_se": None if self.margin_se is None else round(self.margin_se, 4),
            "a_wins": self.a_wins,
            "ties": self.ties,
            "b_wins": self.b_wins,
            "a_seconds_per_move_median": _seconds(self.a_seconds_median),
            "b_seconds_per_move_median": _seconds(self.b_seconds_median),
            "a_seconds_per_move_mean": _seconds(self.a_seconds_mean),
            "b_seconds_per_move_mean": _seconds(self.b_seconds_mean),
            "a_seconds_per_move_max": _seconds(self.a_seconds_max),
            "b_seconds_per_move_max": _seconds(self.b_seconds_max),
            "a_moves": self.a_moves,
            "b_moves": self.b_moves,
            # Per set, in set order: two versions of a bot run on the same seed meet the same
            # deals set by set, so their difference can be judged pair by pair (much less noisy
            # than comparing two means).
            "set_margins": [round(margin, 4) for margin in self.set_margins],
            "forfeits": [forfeit.as_dict() for forfeit in self.forfeits],
        }
        if self.games:
            data |= {
                "games": self.games,
                "a_game_wins": self.a_game_wins,
                "b_game_wins": self.b_game_wins,
                "other_game_wins": self.other_game_wins,
                "a_game_win_rate": round(self.a_game_wins / self.games, 4),
                "b_game_win_rate": round(self.b_game_wins / self.games, 4),
            }
        return data


def _seconds(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """One bot's place on the Elo ladder."""

    bot: str
    """The bot's label."""
    elo: float
    """Its Elo (the ladder averages 0)."""
    low: float
    """The lower end of its bootstrap interval."""
    high: float
    """The upper end."""


@dataclasses.dataclass(frozen=True, slots=True)
class ArenaReport:
    """Everything an arena run measured."""

    settings: ArenaSettings
    """What was run."""
    matches: tuple[MatchResult, ...]
    """One per pair, in the order of :meth:`ArenaSettings.pairs`."""
    ratings: tuple[Rating, ...]
    """The Elo ladder, strongest first."""
    seatings: tuple[tuple[str, ...], ...]
    """The seatings of every duplicate set."""
    records: tuple[GameRecord, ...]
    """Every game, ordered by pair, set and seating."""

    def as_dict(self) -> dict[str, object]:
        """The report as JSON-ready data; game records are left out."""
        settings = self.settings
        return {
            "players": settings.players,
            "bots": list(settings.labels),
            "pairs": settings.sets,
            "seed": settings.seed,
            "deck_key": settings.deck_key,
            "games": settings.games,
            "rules": settings.rules.changes(),
            "reference": settings.reference_bot,
            "seatings": ["".join(roles) for roles in self.seatings],
            "matches": [match.as_dict() for match in self.matches],
            "elo": {
                "method": "bradley-terry",
                "basis": "rounds won, ties counting half",
                "scale": ELO_SCALE,
                "smoothing": SMOOTHING,
                "bootstrap": settings.bootstrap,
                "level": 0.95,
                "ratings": [
                    {
                        "bot": r.bot,
                        "elo": round(r.elo, 1),
                        "low": round(r.low, 1),
                        "high": round(r.high, 1),
                    }
                    for r in self.ratings
                ],
            },
        }


def _tasks(settings: ArenaSettings, patterns: Sequence[tuple[str, ...]]) -> list[GameTask]:
    reference = settings.reference_bot or ""
    tasks = []
    for pair, (i, j) in enumerate(settings.pairs()):
        role_names: dict[str, Player] = {
            A: settings.bots[i],
            B: settings.bots[j],
            REFERENCE: reference,
        }
        for set_no in range(settings.sets):
            for seating, roles in enumerate(patterns):
                tasks.append(
                    GameTask(
                        rules=settings.rules,
                        players=settings.players,
                        seed=settings.seed,
                        key=settings.deck_key or "",
                        games=settings.games,
                        pair=pair,
                        set_no=set_no,
                        seating=seating,
                        roles=roles,
                        seats=tuple(role_names[r] for r in roles),
                    )
                )
    return tasks


def _run(tasks: Sequence[GameTask], jobs: int, progress: Progress | None) -> list[GameRecord]:
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    if jobs == 1:
        records = []
        for done, task in enumerate(tasks, start=1):
            records.append(play_seating(task))
            if progress is not None:
                progress(done, total)
        return records
    results: dict[int, GameRecord] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[GameRecord], int] = {
            pool.submit(play_seating, task): index for index, task in enumerate(tasks)
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                results[pending.pop(future)] = future.result()
            if progress is not None:
                progress(len(results), total)
    return [results[index] for index in range(total)]


def _match(a: str, b: str, sets: int, records: Sequence[GameRecord]) -> MatchResult:
    by_set: list[list[GameRecord]] = [[] for _ in range(sets)]
    for record in records:
        by_set[record.set_no].append(record)
    set_margins = []
    set_rounds = []
    for games in by_set:
        diffs = [pa - pb for g in games for pa, pb in zip(g.a_points, g.b_points, strict=True)]
        set_margins.append(sum(diffs) / len(diffs))
        set_rounds.append(
            (sum(d > 0 for d in diffs), sum(d == 0 for d in diffs), sum(d < 0 for d in diffs))
        )
    margin, margin_se = mean_and_se(set_margins)
    a_seconds = [s for g in records for s in g.a_seconds]
    b_seconds = [s for g in records for s in g.b_seconds]
    winners = [g.winner for g in records if g.winner is not None]
    return MatchResult(
        a=a,
        b=b,
        sets=sets,
        rounds=sum(len(g.a_points) for g in records),
        set_margins=tuple(set_margins),
        set_rounds=tuple(set_rounds),
        margin=margin,
        margin_se=margin_se,
        a_wins=sum(r[0] for r in set_rounds),
        ties=sum(r[1] for r in set_rounds),
        b_wins=sum(r[2] for r in set_rounds),
        a_seconds_median=median(a_seconds),
        a_seconds_mean=mean(a_seconds),
        a_seconds_max=max(a_seconds, default=None),
        a_moves=len(a_seconds),
        b_seconds_median=median(b_seconds),
        b_seconds_mean=mean(b_seconds),
        b_seconds_max=max(b_seconds, default=None),
        b_moves=len(b_seconds),
        games=len(winners),
        a_game_wins=winners.count(A),
        b_game_wins=winners.count(B),
        other_game_wins=winners.count(REFERENCE),
        forfeits=tuple(
            Forfeit(a if g.forfeit == A else b, g.set_no, g.seating, g.forfeit_reason)
            for g in records
            if g.forfeit is not None
        ),
    )


def run_arena(settings: ArenaSettings, *, progress: Progress | None = None) -> ArenaReport:
    """Play every pair's duplicate sets and measure margins, speed and Elo.

    Args:
        settings: what to run; checked first.
        progress: called with ``(games done, games in all)`` as games finish.

    Raises:
        ArenaError: the settings cannot be run.
        UnknownBotError: a bot name is not a level.
    """
    settings.check()
    settings = dataclasses.replace(
        settings, deck_key=deck_key_for(settings.bots, settings.deck_key)
    )
    for name in (*settings.bots, settings.reference_bot):
        if isinstance(name, str):
            make_bot(name, time_cap=None)
    patterns = seatings(settings.players, partnerships=settings.rules.partnerships)
    records = _run(_tasks(settings, patterns), settings.jobs, progress)
    labels = settings.labels
    pairs = settings.pairs()
    matches = tuple(
        _match(labels[i], labels[j], settings.sets, [r for r in records if r.pair == pair])
        for pair, (i, j) in enumerate(pairs)
    )
    pair_records = [
        PairRecord(
            i, j, tuple((won + tied / 2, lost + tied / 2) for won, tied, lost in match.set_rounds)
        )
        for (i, j), match in zip(pairs, matches, strict=True)
    ]
    elo = fit_elo(len(labels), pair_records)
    intervals = bootstrap_elo(
        len(labels),
        pair_records,
        samples=settings.bootstrap,
        rng=random.Random(f"pasur-arena:{settings.seed}:bootstrap"),
    )
    ratings = sorted(
        (
            Rating(label, rating, low, high)
            for label, rating, (low, high) in zip(labels, elo, intervals, strict=True)
        ),
        key=lambda r: -r.elo,
    )
    return ArenaReport(settings, matches, tuple(ratings), patterns, tuple(records))
