"""The arena on tiny runs: the duplicate rotation, margins and their SEs, W/T/L, determinism.

Two toy bots stand in for real levels so that the pair really differs: ``first`` always plays the
first legal move, ``grab`` takes the most cards it can. They are given to the arena by replacing
the ``make_bot`` it calls (where it checks names, and where each game makes its bots); every game
here is played in this process (``jobs=1``) except where the real registry is used to compare
worker processes.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence

import pytest

import pasur.bots.arena as arena_module
import pasur.bots.arena_games as games_module
from pasur.bots import BOT_NAMES, Bot
from pasur.bots.arena import (
    REFERENCE,
    A,
    ArenaError,
    ArenaReport,
    ArenaSettings,
    B,
    GameRecord,
    run_arena,
    seatings,
)
from pasur.bots.random_bot import RandomBot
from pasur.rules import STANDARD, Move, Rules, SeatView, make_rules
from pasur.rules.deal import HAND_SIZE


class FirstBot:
    name = "first"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[0]


class GrabBot:
    name = "grab"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        return max(legal, key=lambda m: (m.taken.bit_count(), -m.card))


@dataclasses.dataclass
class Recorder:
    """Wraps a bot and notes the hand it was dealt at its first move of each round."""

    inner: Bot
    seen: list[tuple[int, int, int]] = dataclasses.field(default_factory=list)
    """(seat, round, first hand) for each round this bot played."""

    @property
    def name(self) -> str:
        return self.inner.name

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        if not self.seen or self.seen[-1][1] != view.round_no:
            assert view.hand.bit_count() == HAND_SIZE
            self.seen.append((view.seat, view.round_no, view.hand))
        return self.inner.choose(view, legal, rng)


TOYS: dict[str, Callable[[], Bot]] = {"first": FirstBot, "grab": GrabBot, "random": RandomBot}


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Recorder]]:
    """Let the arena make the toy bots; yields every bot it made, in the order it made them."""
    made: list[Recorder] = []

    def make(name: str, *, time_cap: float | None = 1.5) -> Bot:
        # The arena lifts the time cap, so that the budgets alone decide the moves.
        assert time_cap is None
        bot = Recorder(TOYS[name]())
        made.append(bot)
        return bot

    monkeypatch.setattr(arena_module, "make_bot", make)
    monkeypatch.setattr(games_module, "make_bot", make)
    yield made


FORMATS = [
    pytest.param(2, STANDARD, id="2-players"),
    pytest.param(3, STANDARD, id="3-players"),
    pytest.param(4, STANDARD, id="4-players"),
    pytest.param(4, make_rules("standard", ["partnerships=on"]), id="partnerships"),
]


@pytest.mark.parametrize(("players", "rules"), FORMATS)
def test_mirrored_seatings_pair_up_against_the_same_opponents(players: int, rules: Rules) -> None:
    patterns = seatings(players, partnerships=rules.partnerships)
    assert len(set(patterns)) == len(patterns)
    swap = {A: B, B: A, REFERENCE: REFERENCE}
    for roles in patterns:
        assert tuple(swap[r] for r in roles) in patterns
    for seat in range(players):
        held_by_a = sum(roles[seat] == A for roles in patterns)
        assert held_by_a == sum(roles[seat] == B for roles in patterns) >= 1


def test_seating_counts() -> None:
    assert seatings(2) == ((A, B), (B, A))
    assert len(seatings(3)) == 6
    assert len(seatings(4)) == 12
    assert seatings(4, partnerships=True) == ((A, B, A, B), (B, A, B, A))
    with pytest.raises(ArenaError):
        seatings(3, partnerships=True)


@pytest.mark.parametrize(("players", "rules"), FORMATS)
@pytest.mark.parametrize("games", [False, True], ids=["rounds", "games"])
def test_each_bot_holds_each_seats_cards_of_every_deal(
    toys: list[Recorder], players: int, rules: Rules, games: bool
) -> None:
    """Checked from the bots' side: the hands they were dealt, not what the arena reports."""
    settings = ArenaSettings(
        bots=("first", "grab"),
        players=players,
        sets=2,
        seed=9,
        rules=rules,
        games=games,
        reference="random",
        bootstrap=20,
    )
    report = run_arena(settings)
    seatings_per_set = len(report.seatings)
    # Which bot held which (seat, round, first hand) deal, over the whole run.
    holders: dict[tuple[int, int, int], list[str]] = {}
    for bot in toys:
        for seat, round_no, hand in bot.seen:
            holders.setdefault((seat, round_no, hand), []).append(bot.name)
    # Single rounds: every seat's cards of every set, played by every seating.
    first_rounds = {key: names for key, names in holders.items() if key[1] == 0}
    assert len(first_rounds) == players * settings.sets
    partnerships = rules.partnerships
    each = 1 if partnerships else players - 1
    for names in first_rounds.values():
        assert len(names) == seatings_per_set
        assert names.count("first") == names.count("grab") == each
        assert names.count("random") == seatings_per_set - 2 * each
    # The arena's own record agrees with what the bots saw.
    for record in report.records:
        deck = record.decks[0]
        dealt = [0] * players
        for i in range(players):
            for card in deck[HAND_SIZE * i : HAND_SIZE * (i + 1)]:
                dealt[(i + 1) % players] |= 1 << card
        for seat, role in enumerate(record.roles):
            name = {A: "first", B: "grab", REFERENCE: "random"}[role]
            assert name in holders[(seat, 0, dealt[seat])]
    # Every game of a set starts from the same deck.
    for set_no in range(settings.sets):
        decks = {r.decks[0] for r in report.records if r.set_no == set_no}
        assert len(decks) == 1


def _margins_from_records(records: Sequence[GameRecord], sets: int) -> list[float]:
    margins = []
    for set_no in range(sets):
        diffs = [
            a - b
            for r in records
            if r.set_no == set_no
            for a, b in zip(r.a_points, r.b_points, strict=True)
        ]
        margins.append(sum(diffs) / len(diffs))
    return margins


@pytest.mark.parametrize(("players", "games"), [(2, False), (3, False), (2, True), (3, True)])
def test_margin_is_the_mean_of_set_margins_with_its_standard_error(
    toys: list[Recorder], players: int, games: bool
) -> None:
    sets = 6
    report = run_arena(
        ArenaSettings(
            bots=("first", "grab"),
            players=players,
            sets=sets,
            seed=4,
            games=games,
            reference="random",
            bootstrap=50,
        )
    )
    (match,) = report.matches
    margins = _margins_from_records(report.records, sets)
    assert match.set_margins == pytest.approx(margins)
    assert match.margin == pytest.approx(statistics.fmean(margins))
    assert match.margin_se == pytest.approx(statistics.stdev(margins) / math.sqrt(sets))
    rounds = sum(len(r.a_points) for r in report.records)
    assert match.rounds == rounds
    assert match.a_wins + match.ties + match.b_wins == rounds
    assert match.a_wins == sum(
        a > b for r in report.records for a, b in zip(r.a_points, r.b_points, strict=True)
    )
    if games:
        assert match.games == sets * len(report.seatings)
        assert match.a_game_wins + match.b_game_wins + match.other_game_wins == match.games
        if players == 2:
            assert match.other_game_wins == 0
    else:
        assert rounds == sets * len(report.seatings)
        assert match.games == 0
    # Every move of a and b was timed: 48 cards a round go round the table.
    assert match.a_moves == match.b_moves == rounds * 48 // players
    assert match.a_seconds_max is not None and match.a_seconds_median is not None
    assert 0 <= match.a_seconds_median <= match.a_seconds_max
    timed = [seconds for r in report.records for seconds in r.a_seconds]
    assert match.a_seconds_mean == pytest.approx(sum(timed) / len(timed))


def test_the_json_shape_of_a_report(toys: list[Recorder]) -> None:
    report = run_arena(
        ArenaSettings(bots=("grab", "first", "random"), sets=3, seed=2, games=True, bootstrap=50)
    )
    data = report.as_dict()
    assert [(m["a"], m["b"]) for m in data["matches"]] == [
        ("grab", "first"),
        ("grab", "random"),
        ("first", "random"),
    ]
    match = report.matches[0].as_dict()
    for key in (
        "a",
        "b",
        "pairs",
        "margin",
        "margin_se",
        "a_wins",
        "ties",
        "b_wins",
        "a_seconds_per_move_median",
        "b_seconds_per_move_median",
        "a_seconds_per_move_mean",
        "b_seconds_per_move_mean",
        "a_seconds_per_move_max",
        "b_seconds_per_move_max",
        "games",
        "a_game_wins",
        "b_game_wins",
        "a_game_win_rate",
    ):
        assert key in match, key
    assert match["pairs"] == 3
    assert len(match["set_margins"]) == 3
    assert sum(match["set_margins"]) / 3 == pytest.approx(match["margin"], abs=1e-3)
    ratings = report.ratings
    assert [r.elo for r in ratings] == sorted((r.elo for r in ratings), reverse=True)
    for rating in ratings:
        assert rating.low <= rating.elo <= rating.high
    assert sum(r.elo for r in ratings) == pytest.approx(0.0, abs=1e-6)


def test_the_stronger_toy_wins_and_is_rated_higher(toys: list[Recorder]) -> None:
    report = run_arena(ArenaSettings(bots=("random", "grab"), sets=20, seed=1, bootstrap=200))
    (match,) = report.matches
    assert match.margin < 0  # a is random, b is grab
    assert match.margin_se is not None and match.margin + 2 * match.margin_se < 0
    assert report.ratings[0].bot == "grab"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_copies_of_a_bot_tie_every_set_exactly(players: int) -> None:
    """A mirrored seat gets the mirrored generator, so identical bots play identical games."""
    report = run_arena(
        ArenaSettings(bots=("random", "random"), players=players, sets=3, seed=8, bootstrap=10)
    )
    (match,) = report.matches
    assert match.set_margins == (0.0, 0.0, 0.0)
    assert match.a_wins == match.b_wins
    assert report.settings.labels == ("random", "random#2")


def _without_clocks(report: ArenaReport) -> tuple[object, ...]:
    records = [dataclasses.replace(r, a_seconds=(), b_seconds=()) for r in report.records]
    matches = []
    for match in report.matches:
        data = match.as_dict()
        matches.append({k: v for k, v in data.items() if "seconds" not in k})
    return (records, matches, report.ratings)


def test_worker_processes_give_identical_results() -> None:
    names = tuple(BOT_NAMES[:3]) if len(BOT_NAMES) >= 3 else ("random",) * 3
    settings = ArenaSettings(bots=names, players=3, sets=2, seed=6, games=True, bootstrap=50)
    alone = run_arena(settings)
    shared = run_arena(dataclasses.replace(settings, jobs=2))
    assert _without_clocks(alone) == _without_clocks(shared)


def test_progress_is_reported_game_by_game() -> None:
    calls: list[tuple[int, int]] = []
    run_arena(
        ArenaSettings(bots=("random", "random"), sets=3, bootstrap=10),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls[0] == (0, 6)
    assert calls[-1] == (6, 6)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_same_seed_same_games_and_another_seed_other_deals() -> None:
    settings = ArenaSettings(bots=("random", "random"), sets=2, seed=3, bootstrap=10)
    once, twice = run_arena(settings), run_arena(settings)
    other = run_arena(dataclasses.replace(settings, seed=4))
    assert _without_clocks(once) == _without_clocks(twice)
    assert once.records[0].decks != other.records[0].decks


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bots": ("random",)}, "at least two bots"),
        ({"sets": 0}, "at least one duplicate set"),
        ({"players": 5}, "2, 3 or 4 players"),
        ({"players": 3, "rules": make_rules("standard", ["partnerships=on"])}, "4 players"),
        ({"jobs": 0}, "worker process"),
    ],
)
def test_settings_that_cannot_run_are_refused(changes: dict[str, object], message: str) -> None:
    settings = dataclasses.replace(ArenaSettings(bots=("random", "random")), **changes)
    with pytest.raises(ArenaError, match=message):
        run_arena(settings)
