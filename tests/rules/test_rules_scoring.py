"""Scoring a round from its counts: categories, clubs tie rules, Sur settings, checks on counts."""

from __future__ import annotations

import pytest

from pasur.rules import (
    STANDARD,
    CountError,
    RoundCounts,
    ScoreLine,
    make_rules,
    score_round,
)
from pasur.rules.cards import ACES, ALL_CARDS, CLUB_CARDS, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from pasur.rules.scoring import game_winner


def counts(
    clubs: tuple[int, ...],
    *,
    aces: tuple[int, ...] | None = None,
    jacks: tuple[int, ...] | None = None,
    ten: int = 0,
    two: int | None = None,
    surs: tuple[int, ...] | None = None,
) -> RoundCounts:
    """Valid counts: aces and jacks to side 0 unless given, the 2♣ to the first side with clubs."""
    sides = len(clubs)
    zero = (0,) * (sides - 1)
    made = RoundCounts(
        clubs=clubs,
        aces=aces or (4, *zero),
        jacks=jacks or (4, *zero),
        ten_of_diamonds=ten,
        two_of_clubs=two if two is not None else next(i for i, c in enumerate(clubs) if c),
        surs=surs or (0,) * sides,
    )
    made.validate()
    return made


def test_every_category_scores_its_points() -> None:
    score = score_round(
        STANDARD, counts((8, 5), aces=(3, 1), jacks=(2, 2), ten=1, two=0, surs=(0, 1))
    )
    assert score.lines == (
        ScoreLine(
            clubs=8,
            clubs_points=7,
            ten_of_diamonds=0,
            two_of_clubs=2,
            aces=3,
            jacks=2,
            surs=0,
            sur_points=0,
        ),
        ScoreLine(
            clubs=5,
            clubs_points=0,
            ten_of_diamonds=3,
            two_of_clubs=0,
            aces=1,
            jacks=2,
            surs=1,
            sur_points=5,
        ),
    )
    assert [(line.base, line.total) for line in score.lines] == [(14, 14), (6, 11)]
    assert score.points == (14, 11)
    assert score.base_points == 20
    assert score.sur_points == 5
    assert score.clubs_winner == 0


def test_the_issue_tally_example() -> None:
    """Clubs 5,5,3; aces 1,2,1; jacks 2,1,1; 10♦ P1; 2♣ P3; Surs 1,0,0; totals 10,52,30."""
    made = counts((5, 5, 3), aces=(1, 2, 1), jacks=(2, 1, 1), ten=0, two=2, surs=(1, 0, 0))
    score = score_round(STANDARD, made, (10, 52, 30))
    assert score.points == (11, 3, 11)
    assert score.clubs_winner == 2
    assert [line.clubs_points for line in score.lines] == [0, 0, 7]
    assert [line.sur_points for line in score.lines] == [5, 0, 0]
    assert score.base_points == 20


def test_two_players_cannot_tie_for_clubs() -> None:
    for first in range(14):
        score = score_round(STANDARD, counts((first, 13 - first), two=0 if first else 1))
        assert score.clubs_winner == (0 if first >= 7 else 1)
        assert score.base_points == 20


def test_three_players_two_tied_for_most_clubs_give_the_seven_to_the_third() -> None:
    for clubs, third in (((5, 5, 3), 2), ((5, 3, 5), 1), ((3, 5, 5), 0), ((6, 6, 1), 2)):
        score = score_round(STANDARD, counts(clubs))
        assert score.clubs_winner == third
        assert score.lines[third].clubs_points == 7
        assert score.base_points == 20


def test_three_players_without_a_tie_give_the_seven_to_the_most() -> None:
    assert score_round(STANDARD, counts((6, 4, 3))).clubs_winner == 0
    assert score_round(STANDARD, counts((2, 4, 7))).clubs_winner == 2


def test_clubs_tie3_nobody() -> None:
    rules = make_rules(settings={"clubs-tie3": "nobody"})
    score = score_round(rules, counts((5, 5, 3)))
    assert score.clubs_winner is None
    assert score.base_points == 13
    assert score_round(rules, counts((6, 4, 3))).clubs_winner == 0


@pytest.mark.parametrize("clubs", [(4, 4, 3, 2), (4, 4, 4, 1), (3, 4, 2, 4), (4, 3, 3, 3)])
def test_four_players_tied_for_most_clubs_give_the_seven_to_nobody(
    clubs: tuple[int, ...],
) -> None:
    score = score_round(STANDARD, counts(clubs))
    if clubs.count(max(clubs)) > 1:
        assert score.clubs_winner is None
        assert score.base_points == 13
        assert all(line.clubs_points == 0 for line in score.lines)
    else:
        assert score.clubs_winner == clubs.index(max(clubs))


def test_four_players_without_a_tie() -> None:
    score = score_round(STANDARD, counts((5, 3, 3, 2)))
    assert score.clubs_winner == 0
    assert score.base_points == 20
    # The third-player rule is only for three players: it never applies to four.
    assert score_round(STANDARD, counts((4, 4, 5, 0))).clubs_winner == 2


def test_clubs_points_13() -> None:
    rules = make_rules(settings={"clubs-points": "13"})
    score = score_round(rules, counts((8, 5)))
    assert score.lines[0].clubs_points == 13
    assert score.base_points == 26


def test_clubs_award_seven_or_more() -> None:
    rules = make_rules(settings={"clubs-award": "seven-or-more"})
    assert score_round(rules, counts((6, 4, 3))).clubs_winner is None
    assert score_round(rules, counts((6, 4, 3))).base_points == 13
    assert score_round(rules, counts((7, 3, 3))).clubs_winner == 0
    assert score_round(rules, counts((7, 6))).clubs_winner == 0
    assert score_round(rules, counts((6, 7))).clubs_winner == 1
    assert score_round(rules, counts((5, 5, 3))).clubs_winner is None
    assert score_round(rules, counts((6, 3, 2, 2))).clubs_winner is None


def test_clubs_award_per_club() -> None:
    rules = make_rules(settings={"clubs-award": "per-club"})
    assert [line.clubs_points for line in score_round(rules, counts((6, 4, 3))).lines] == [6, 0, 0]
    assert [line.clubs_points for line in score_round(rules, counts((9, 4))).lines] == [7, 0]
    # Two tied among three: the third player, with fewer clubs, scores one point per club.
    assert [line.clubs_points for line in score_round(rules, counts((5, 5, 3))).lines] == [0, 0, 3]
    thirteen = make_rules(settings={"clubs-award": "per-club", "clubs-points": "13"})
    assert score_round(thirteen, counts((9, 4))).lines[0].clubs_points == 9
    assert score_round(thirteen, counts((13, 0))).lines[0].clubs_points == 13


def test_sur_points_setting() -> None:
    ten = make_rules(settings={"sur-points": "10"})
    score = score_round(ten, counts((8, 5), surs=(2, 1)))
    assert [line.sur_points for line in score.lines] == [20, 10]
    assert score.sur_points == 30
    assert score.points == (13 + 20 + 7, 10)


def test_sur_cutoff_in_scoring() -> None:
    made = counts((8, 5), surs=(1, 1))
    assert [line.surs for line in score_round(STANDARD, made, (50, 49)).lines] == [0, 1]
    assert [line.surs for line in score_round(STANDARD, made, (49, 50)).lines] == [1, 0]
    assert [line.surs for line in score_round(STANDARD, made).lines] == [1, 1]
    no_cutoff = make_rules(settings={"sur-cutoff": "none"})
    assert [line.surs for line in score_round(no_cutoff, made, (80, 90)).lines] == [1, 1]
    sixty = make_rules(settings={"sur-cutoff": "60"})
    assert [line.surs for line in score_round(sixty, made, (59, 60)).lines] == [1, 0]


def test_sur_cancel_net_keeps_only_the_surs_beyond_the_best_opponent() -> None:
    net = make_rules(settings={"sur-cancel": "net"})

    def standing(surs: tuple[int, ...], totals: tuple[int, ...] | None = None) -> list[int]:
        clubs = {2: (8, 5), 3: (6, 4, 3), 4: (5, 3, 3, 2)}[len(surs)]
        return [line.surs for line in score_round(net, counts(clubs, surs=surs), totals).lines]

    assert standing((3, 1)) == [2, 0]
    assert standing((1, 3)) == [0, 2]
    assert standing((2, 2)) == [0, 0]
    assert standing((3, 2, 0)) == [1, 0, 0]
    assert standing((1, 1, 3, 0)) == [0, 0, 2, 0]
    # A side at the cutoff neither scores nor cancels.
    assert standing((2, 1), (55, 0)) == [0, 1]


def test_sur_cancel_none_and_opponent_score_the_surs_as_counted() -> None:
    # With "opponent" the engine cancels during play, so the counts are already net.
    for value in ("none", "opponent"):
        rules = make_rules(settings={"sur-cancel": value})
        assert [line.surs for line in score_round(rules, counts((8, 5), surs=(3, 1))).lines] == [
            3,
            1,
        ]


# Checking typed-in counts: the error names the field.


@pytest.mark.parametrize(
    ("made", "field", "reason"),
    [
        ({"clubs": (6, 6)}, "clubs", "the counts add up to 12, but a pack has 13"),
        ({"clubs": (14, -1)}, "clubs", "player 1 has 14; it must be 0 to 13"),
        (
            {"clubs": (13,), "aces": (4,), "jacks": (4,), "surs": (0,)},
            "clubs",
            "2, 3 or 4 players, not 1",
        ),
        ({"aces": (2, 1)}, "aces", "the counts add up to 3, but a pack has 4"),
        ({"aces": (4, 0, 0)}, "aces", "3 numbers given for 2 players"),
        ({"jacks": (5, -1)}, "jacks", "player 1 has 5; it must be 0 to 4"),
        ({"jacks": (1, 1)}, "jacks", "the counts add up to 2, but a pack has 4"),
        ({"ten_of_diamonds": 2}, "ten_of_diamonds", "player 3 does not exist; give 1 to 2"),
        ({"two_of_clubs": -1}, "two_of_clubs", "player 0 does not exist; give 1 to 2"),
        ({"clubs": (13, 0), "two_of_clubs": 1}, "two_of_clubs", "player 2 took the 2♣ but has no"),
        ({"surs": (0, -1)}, "surs", "player 2 has -1 Surs; it must be 0 to 48"),
        ({"surs": (0,)}, "surs", "1 numbers given for 2 players"),
    ],
)
def test_impossible_counts_are_refused_naming_the_field(
    made: dict[str, object], field: str, reason: str
) -> None:
    fields: dict[str, object] = {
        "clubs": (8, 5),
        "aces": (2, 2),
        "jacks": (2, 2),
        "ten_of_diamonds": 0,
        "two_of_clubs": 0,
        "surs": (0, 0),
    }
    fields.update(made)
    with pytest.raises(CountError) as caught:
        RoundCounts(**fields).validate()  # type: ignore[arg-type]
    assert caught.value.field == field
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"{field}: ")


def test_counts_from_piles() -> None:
    first = CLUB_CARDS | ACES | TEN_OF_DIAMONDS
    second = ALL_CARDS & ~first
    made = RoundCounts.from_piles([first, second], [1, 0])
    made.validate()
    assert made.clubs == (13, 0)
    assert made.aces == (4, 0)
    assert made.jacks == (1, 3)  # JC is a club
    assert (made.ten_of_diamonds, made.two_of_clubs) == (0, 0)
    assert made.surs == (1, 0)
    assert first & TWO_OF_CLUBS
    assert (second & JACKS).bit_count() == 3


# When the game ends.


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ((62, 40), 0),
        ((40, 62), 1),
        ((61, 40), None),
        ((61, 61), None),
        ((70, 65, 10), 0),
        ((65, 70, 10), 1),
        ((70, 70), None),
        ((70, 70, 80), 2),
        ((63, 63, 10, 0), None),
        ((0, 0, 0, 100), 3),
    ],
)
def test_game_winner_highest_total_at_the_target_and_no_winner_on_a_tie(
    totals: tuple[int, ...], winner: int | None
) -> None:
    assert game_winner(totals, 62) == winner


def test_game_winner_uses_the_target() -> None:
    assert game_winner((99, 50), 100) is None
    assert game_winner((100, 50), 100) == 0
    assert game_winner((5, 1), 5) == 0
