"""Swiss pairings: published first-round pairings, hand-checked later rounds, and invariants."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from pasur.server.tournaments.swiss import (
    BYE,
    DRAW,
    LOSS,
    WIN,
    Result,
    Round,
    pair_round,
    progress,
    standings,
)

EIGHT = [f"p{n}" for n in range(1, 9)]


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    # The FIDE Handbook's Dutch system (C.04.3): in round one, seed 1 meets seed n/2+1 and so on.
    assert pair_round(EIGHT, {}, [], []) == Round(
        (("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")), None
    )


def test_three_rounds_pair_as_the_dutch_rules_without_colours_would() -> None:
    """Rounds two and three of eight players, worked by hand by the FIDE Handbook's Dutch system
    (C.04.3): A.2 ranks by score then pairing number; A.3 makes score brackets, and a player
    left unpaired moves down to the next bracket, where the moved-down player is paired first;
    A.6 pairs a bracket's upper half S1 against its lower half S2; B.1 forbids a rematch. The
    colour rules (A.7, and the exchanges they cause) are left out, as Pasur has no colours. The
    results are this test's own; the expected rounds follow from them by those rules alone."""
    players = [f"p{n}" for n in range(1, 9)]
    results: list[Result] = []

    def next_round(*played: tuple[str, str, int]) -> Round:
        results.extend(Result(a, b, points) for a, b, points in played)
        done = progress(players, results, [])
        return pair_round(players, done.scores, done.met, done.byes)

    assert next_round() == Round((("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")), None)
    # After round one: p1, p4, p6 on a point; p3, p7 on a half; p2, p5, p8 on nothing.
    # The point bracket [p1 | p4 p6] pairs p1-p4; p6 moves down and meets the top of [p3 p7];
    # p7 moves down and meets p2, the top of [p2 p5 p8]; p5-p8 remain.
    second = next_round(
        ("p1", "p5", WIN), ("p2", "p6", LOSS), ("p3", "p7", DRAW), ("p4", "p8", WIN)
    )
    assert second == Round((("p1", "p4"), ("p6", "p3"), ("p7", "p2"), ("p5", "p8")), None)
    # After round two: p4 2; p6, p7 1.5; p1, p3 1; p5, p8 0.5; p2 0.
    # p4, alone, moves down to [p6 p7] and meets p6; p7 moves down to [p1 p3] and meets p1
    # (p3 it has met); p3 moves down to [p5 p8] and meets p5; p8 moves down and meets p2.
    third = next_round(
        ("p1", "p4", LOSS), ("p6", "p3", DRAW), ("p7", "p2", WIN), ("p5", "p8", DRAW)
    )
    assert third == Round((("p4", "p6"), ("p7", "p1"), ("p3", "p5"), ("p8", "p2")), None)


def test_an_odd_field_gives_the_bye_to_the_lowest_seed() -> None:
    seven = EIGHT[:7]
    assert pair_round(seven, {}, [], []) == Round((("p1", "p4"), ("p2", "p5"), ("p3", "p6")), "p7")


def test_the_bye_skips_whoever_has_had_one() -> None:
    three = ["a", "b", "c"]
    first = pair_round(three, {}, [], [])
    assert first.bye == "c"
    done = progress(three, [Result("a", "b", WIN)], ["c"])
    second = pair_round(three, done.scores, done.met, done.byes)
    # a and c lead with a point each; b, last, sits out rather than c again.
    assert second == Round((("a", "c"),), "b")


def test_a_leader_who_has_met_their_group_floats_down() -> None:
    four = ["p1", "p2", "p3", "p4"]
    results = [
        Result("p1", "p3", WIN),
        Result("p2", "p4", WIN),
        Result("p1", "p2", WIN),
        Result("p3", "p4", WIN),
    ]
    done = progress(four, results, [])
    assert done.scores == {"p1": 4, "p2": 2, "p3": 2, "p4": 0}
    # p1 has met p2 and p3: only p4 is left for them, and p2 meets p3.
    assert pair_round(four, done.scores, done.met, done.byes) == Round(
        (("p1", "p4"), ("p2", "p3")), None
    )


def test_the_search_backtracks_instead_of_repeating() -> None:
    four = ["p1", "p2", "p3", "p4"]
    met = [frozenset(("p1", "p3")), frozenset(("p2", "p3"))]
    # Greedy p1-p4 would leave p2-p3, a repeat; the only repeat-free round is p1-p2, p3-p4.
    assert pair_round(four, {}, met, []) == Round((("p1", "p2"), ("p3", "p4")), None)


def test_a_repeat_is_made_only_when_nothing_else_is_possible() -> None:
    two = ["a", "b"]
    done = progress(two, [Result("a", "b", DRAW)], [])
    assert pair_round(two, done.scores, done.met, done.byes) == Round((("a", "b"),), None)


def repeat_free_round_exists(
    entrants: Sequence[str], met: set[frozenset[str]], byes: set[str]
) -> bool:
    """Brute force: some allowed bye and some perfect matching of the rest without a repeat."""

    def matchable(left: list[str]) -> bool:
        if not left:
            return True
        head = left[0]
        return any(
            frozenset((head, other)) not in met and matchable([e for e in left[1:] if e != other])
            for other in left[1:]
        )

    if len(entrants) % 2 == 0:
        return matchable(list(entrants))
    return any(matchable([e for e in entrants if e != bye]) for bye in entrants if bye not in byes)


@settings(max_examples=150, deadline=None)
@given(
    size=st.integers(min_value=2, max_value=9),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_every_round_pairs_everyone_once_without_avoidable_repeats(
    size: int, rounds: int, seed: int
) -> None:
    entrants = [f"e{n}" for n in range(size)]
    outcomes = random.Random(seed)
    results: list[Result] = []
    byes: list[str] = []
    for _ in range(min(rounds, size)):
        done = progress(entrants, results, byes)
        avoidable = repeat_free_round_exists(entrants, set(done.met), set(done.byes))
        round_ = pair_round(entrants, done.scores, done.met, done.byes)
        seated = [e for pair in round_.pairings for e in pair]
        seated += [round_.bye] if round_.bye else []
        assert sorted(seated) == sorted(entrants)
        assert (round_.bye is not None) == (size % 2 == 1)
        assert round_.bye not in done.byes
        if avoidable:
            assert not any(frozenset(pair) in done.met for pair in round_.pairings)
        for first, second in round_.pairings:
            assert done.scores[first] >= done.scores[second]
            results.append(Result(first, second, outcomes.choice((WIN, DRAW, LOSS))))
        byes += [round_.bye] if round_.bye else []
    assert len(byes) == len(set(byes))


def test_sixteen_players_over_five_rounds_match_an_independent_table() -> None:
    entrants = [f"player{n:02}" for n in range(16)]
    outcomes = random.Random(2026)
    results: list[Result] = []
    pairs_seen: list[frozenset[str]] = []
    for _ in range(5):
        done = progress(entrants, results, [])
        round_ = pair_round(entrants, done.scores, done.met, done.byes)
        assert round_.bye is None and len(round_.pairings) == 8
        for first, second in round_.pairings:
            pairs_seen.append(frozenset((first, second)))
            results.append(Result(first, second, outcomes.choice((WIN, WIN, DRAW, LOSS))))
    assert len(set(pairs_seen)) == len(pairs_seen) == 40

    # The independent count: whole points as floats, straight from the game list.
    points = dict.fromkeys(entrants, 0.0)
    faced: dict[str, list[str]] = {e: [] for e in entrants}
    for result in results:
        share = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}[result.points]
        points[result.first] += share
        points[result.second] += 1.0 - share
        faced[result.first].append(result.second)
        faced[result.second].append(result.first)
    buchholz = {e: sum(points[o] for o in faced[e]) for e in entrants}
    expected = sorted(entrants, key=lambda e: (-points[e], -buchholz[e], entrants.index(e)))

    table = standings(entrants, results, [])
    assert [line.entrant for line in table] == expected
    for line in table:
        assert line.score == 2 * points[line.entrant]
        assert line.buchholz == 2 * buchholz[line.entrant]
    assert sum(line.score for line in table) == 16 * 5


def test_a_bye_scores_a_win_and_adds_no_buchholz() -> None:
    table = standings(["a", "b", "c"], [Result("a", "b", LOSS)], ["c"])
    assert [(line.entrant, line.score, line.buchholz) for line in table] == [
        ("b", WIN, 0),
        ("c", BYE, 0),
        ("a", 0, WIN),
    ]
