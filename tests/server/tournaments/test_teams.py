"""Partnerships in a 4-player Swiss: teams formed at the start (named partners first, the rest
in the order of joining), seated as partners, paired as one entrant, and ranked by team."""

from __future__ import annotations

import random

from pasur.server.tournaments.games import seating
from pasur.server.tournaments.swiss import DRAW, LOSS, WIN, Result, Round, pair_round, progress
from pasur.server.tournaments.teams import Entry, form_teams, members, team_key


def test_two_who_name_each_other_are_partners_and_the_rest_are_teamed_in_order() -> None:
    entries = [
        Entry("a", "Ava", "dara"),  # named back (names match whatever their case)
        Entry("b", "Babak", "Elham"),  # Elham names someone else: Babak is teamed in order
        Entry("c", "Cyrus"),
        Entry("d", "Dara", "AVA"),
        Entry("e", "Elham", "Farid"),
        Entry("f", "Farid", "Elham"),
        Entry("g", "Golnar"),
    ]
    teams, alone = form_teams(entries)
    assert teams == ["a+d", "b+c", "e+f"]  # by the earlier member's order of joining
    assert alone == ["g"]  # the odd one out
    assert form_teams(entries[:6])[1] == []
    assert form_teams([Entry("a", "Ava", "Ava")]) == ([], ["a"])  # oneself is nobody's partner


def test_a_team_key_holds_its_members_and_seats_them_as_partners() -> None:
    assert members(team_key("a", "d")) == ("a", "d")
    # Seats 0 and 2 are side 0 (the first team), 1 and 3 side 1; two players: seats 0 and 1.
    assert seating("a+d", "b+c") == ("a", "b", "d", "c")
    assert seating("a", "b") == ("a", "b")


def test_teams_pair_as_the_published_round_one_of_eight() -> None:
    # The FIDE Handbook's Dutch system (C.04.3), round one of eight: 1-5, 2-6, 3-7, 4-8; here
    # each of the eight is a team, ranked by its earlier member's order of joining.
    entries = [Entry(f"p{n:02}", f"P{n:02}") for n in range(16)]
    teams, alone = form_teams(entries)
    assert alone == [] and teams[0] == "p00+p01" and teams[7] == "p14+p15"
    assert pair_round(teams, {}, [], []) == Round(
        tuple((teams[n], teams[n + 4]) for n in range(4)), None
    )


def test_sixteen_teams_over_five_rounds_never_meet_twice_and_rank_as_counted_apart() -> None:
    entries = [Entry(f"id{n:02}", f"Player{n:02}") for n in range(32)]
    teams, _ = form_teams(entries)
    assert len(teams) == 16
    outcomes = random.Random(17)
    results: list[Result] = []
    for _ in range(5):
        done = progress(teams, results, [])
        paired = pair_round(teams, done.scores, done.met, done.byes)
        assert paired.bye is None and len(paired.pairings) == 8
        assert not any(frozenset(pair) in done.met for pair in paired.pairings)
        results += [Result(a, b, outcomes.choice((WIN, DRAW, LOSS))) for a, b in paired.pairings]
    # Apart: each member's whole points from the game list, as a crosstable would count them.
    points = {entry.id: 0.0 for entry in entries}
    for result in results:
        share = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}[result.points]
        for who in members(result.first):
            points[who] += share
        for who in members(result.second):
            points[who] += 1 - share
    scores = progress(teams, results, []).scores
    for team in teams:
        one, two = members(team)
        assert points[one] == points[two] == scores[team] / 2
    assert sum(scores.values()) == 2 * 8 * 5
