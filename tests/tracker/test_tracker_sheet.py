"""The score sheet model: scoring through the engine, tie rules, cutoff, teams, edits, undo."""

from __future__ import annotations

import pytest

from pasur.rules import RoundCounts, make_rules, parse_cards
from pasur.rules.cards import CARDS
from pasur.tracker import RoundEntry, SheetError, SheetHistory, entry_from_cards, new_sheet

STANDARD = make_rules()


def entry(
    clubs: tuple[int, ...],
    aces: tuple[int, ...],
    jacks: tuple[int, ...],
    ten: int,
    two: int,
    surs: tuple[int, ...] | None = None,
) -> RoundEntry:
    return RoundEntry(
        RoundCounts(
            clubs=clubs,
            aces=aces,
            jacks=jacks,
            ten_of_diamonds=ten,
            two_of_clubs=two,
            surs=surs or (0,) * len(clubs),
        )
    )


def test_issue_example_scores_through_the_engine() -> None:
    sheet = new_sheet(["Ana", "Bahram", "Cyrus"], STANDARD)
    sheet = sheet.add_round(entry((5, 5, 3), (1, 2, 1), (2, 1, 1), 0, 2, (1, 0, 0)))
    (scored,) = sheet.rounds()
    # 5-5-3: the two leaders tie, so the 7 for clubs go to the third player.
    assert scored.score.points == (11, 3, 11)
    assert sheet.totals == (11, 3, 11)


def test_three_player_tie_can_give_clubs_to_nobody() -> None:
    rules = make_rules("standard", ["clubs-tie3=nobody"])
    sheet = new_sheet(["A", "B", "C"], rules).add_round(
        entry((5, 5, 3), (1, 2, 1), (2, 1, 1), 0, 2)
    )
    assert sheet.rounds()[0].score.clubs_winner is None
    assert sheet.totals == (6, 3, 4)


def test_four_player_tie_for_most_clubs_gives_the_award_to_nobody() -> None:
    sheet = new_sheet(["A", "B", "C", "D"], STANDARD).add_round(
        entry((4, 4, 3, 2), (1, 1, 1, 1), (1, 1, 1, 1), 2, 3)
    )
    score = sheet.rounds()[0].score
    assert score.clubs_winner is None
    assert score.base_points == 13


def test_two_players_always_have_a_clubs_winner() -> None:
    sheet = new_sheet(["A", "B"], STANDARD).add_round(entry((7, 6), (2, 2), (2, 2), 0, 1))
    assert sheet.rounds()[0].score.clubs_winner == 0
    assert sheet.totals == (7 + 3 + 2 + 2, 2 + 2 + 2)


ALL_TO_A = entry((13, 0), (4, 0), (4, 0), 0, 0)  # 7 + 3 + 2 + 4 + 4 = 20 for player 1
NINE_TO_A = entry((13, 0), (0, 4), (0, 4), 1, 0)  # clubs 7 + 2♣ 2 = 9
TEN_TO_A = entry((12, 1), (0, 4), (0, 4), 0, 1)  # clubs 7 + 10♦ 3 = 10


@pytest.mark.parametrize(
    ("last", "total_before", "sur_points"), [(NINE_TO_A, 49, 5), (TEN_TO_A, 50, 0)]
)
def test_sur_cutoff_is_judged_on_the_total_before_the_round(
    last: RoundEntry, total_before: int, sur_points: int
) -> None:
    sheet = new_sheet(["A", "B"], make_rules("standard", ["target=200"]))
    for made in (ALL_TO_A, ALL_TO_A, last):
        sheet = sheet.add_round(made)
    assert sheet.totals[0] == total_before
    sheet = sheet.add_round(entry((0, 13), (0, 4), (0, 4), 1, 1, (1, 1)))
    assert sheet.rounds()[-1].score.lines[0].sur_points == sur_points
    assert sheet.rounds()[-1].score.lines[1].sur_points == 5


def test_partnerships_score_per_team() -> None:
    rules = make_rules("standard", ["partnerships=on"])
    sheet = new_sheet(["Ana", "Bahram", "Cyrus", "Dara"], rules)
    assert sheet.sides == 2
    assert sheet.side_names() == ("Ana & Cyrus", "Bahram & Dara")
    sheet = sheet.add_round(entry((8, 5), (3, 1), (1, 3), 0, 1, (0, 2)))
    assert sheet.totals == (7 + 3 + 3 + 1, 2 + 1 + 3 + 10)
    with pytest.raises(SheetError) as refused:
        sheet.add_round(entry((5, 5, 3), (1, 2, 1), (2, 1, 1), 0, 2))
    assert refused.value.field == "clubs"


def test_partnerships_need_four_names() -> None:
    with pytest.raises(SheetError, match="partnerships need 4 players"):
        new_sheet(["A", "B"], make_rules("standard", ["partnerships=on"]))


def test_the_game_ends_at_the_target_and_a_tie_at_the_top_plays_on() -> None:
    rules = make_rules("standard", ["target=20"])
    sheet = new_sheet(["A", "B"], rules)
    sheet = sheet.add_round(entry((7, 6), (0, 4), (0, 4), 1, 0))  # A 7+2=9, B 3+4+4=11
    assert sheet.winner is None
    sheet = sheet.add_round(entry((6, 7), (4, 0), (4, 0), 1, 1))  # A 8 -> 17, B 7+3+2 -> 23
    assert sheet.totals == (17, 23)
    assert sheet.winner == 1
    with pytest.raises(SheetError, match="the game is over"):
        sheet.add_round(entry((7, 6), (2, 2), (2, 2), 0, 0))

    draw = new_sheet(["A", "B"], rules)
    draw = draw.add_round(entry((7, 6), (0, 4), (0, 4), 1, 0))  # A 7+2 = 9, B 3+4+4 = 11
    draw = draw.add_round(entry((6, 7), (4, 0), (4, 0), 0, 1))  # A 3+4+4 = 11 -> 20, B 7+2 -> 20
    assert draw.totals == (20, 20)
    assert draw.winner is None
    assert draw.tied_at_target
    draw = draw.add_round(entry((7, 6), (2, 2), (2, 2), 0, 0))
    assert draw.winner == 0


def test_under_target_tie_draw_a_tie_at_the_top_ends_the_game_drawn() -> None:
    rules = make_rules("varagh", ["target=20"])
    sheet = new_sheet(["A", "B"], rules)
    sheet = sheet.add_round(entry((7, 6), (0, 4), (0, 4), 1, 0))
    assert not sheet.is_over
    sheet = sheet.add_round(entry((6, 7), (4, 0), (4, 0), 0, 1))
    assert sheet.totals == (20, 20)
    assert sheet.drawn
    assert sheet.is_over
    assert sheet.winner is None
    assert not sheet.tied_at_target
    with pytest.raises(SheetError, match="the top totals are tied at the target"):
        sheet.add_round(entry((7, 6), (2, 2), (2, 2), 0, 0))


def test_a_side_at_the_cutoff_still_cancels_under_net_when_the_rules_say_so() -> None:
    rules = make_rules("standard", ["sur-cancel=net", "sur-cutoff-cancels=on"])
    sheet = new_sheet(["A", "B"], rules)
    sheet = sheet.add_round(entry((13, 0), (4, 0), (4, 0), 0, 0))  # A: 20 points
    sheet = sheet.add_round(entry((13, 0), (4, 0), (4, 0), 0, 0))  # A: 40
    sheet = sheet.add_round(entry((13, 0), (4, 0), (4, 0), 0, 0))  # A: 60, at the cutoff
    last = sheet.add_round(entry((13, 0), (4, 0), (4, 0), 0, 0, surs=(1, 1))).rounds()[-1]
    assert [line.surs for line in last.score.lines] == [0, 0]  # A's Sur still nets B's away


def test_edits_rescore_later_rounds_and_undo_restores() -> None:
    rules = make_rules("standard", ["target=200"])
    history = SheetHistory(new_sheet(["A", "B"], rules))
    history = history.change(history.sheet.add_round(entry((7, 6), (4, 0), (4, 0), 0, 0)))  # A 20
    history = history.change(history.sheet.add_round(entry((7, 6), (4, 0), (4, 0), 0, 0)))  # A 40
    history = history.change(
        history.sheet.add_round(entry((6, 7), (0, 4), (0, 4), 1, 1, (1, 0)))  # Sur at 40: counts
    )
    assert history.sheet.rounds()[2].score.lines[0].sur_points == 5
    # Raise round 2 by giving A more: A is then at 40 still; change round 1 so A reaches 50.
    edited = history.sheet.edit_round(1, entry((7, 6), (4, 0), (4, 0), 0, 0, (2, 0)))
    history = history.change(edited)
    assert history.sheet.rounds()[1].totals[0] == 50
    assert history.sheet.rounds()[2].score.lines[0].sur_points == 0
    history = history.change(history.sheet.delete_round(2))
    assert len(history.sheet.entries) == 2
    assert history.sheet.rounds()[1].score.lines[0].sur_points == 5
    history = history.undo()
    assert len(history.sheet.entries) == 3
    history = history.undo().undo().undo().undo()
    assert history.sheet.entries == ()
    with pytest.raises(SheetError, match="nothing to undo"):
        history.undo()


def test_the_deal_passes_round_by_round() -> None:
    sheet = new_sheet(["A", "B", "C"], STANDARD, first_dealer=2)
    assert sheet.next_dealer == 2
    sheet = sheet.add_round(entry((5, 5, 3), (1, 2, 1), (2, 1, 1), 0, 2))
    assert sheet.rounds()[0].dealer == 2
    assert sheet.next_dealer == 0


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (entry((6, 6), (2, 2), (2, 2), 0, 0), "clubs"),
        (entry((7, 6), (2, 3), (2, 2), 0, 0), "aces"),
        (entry((7, 6), (2, 2), (1, 2), 0, 0), "jacks"),
        (entry((13, 0), (2, 2), (2, 2), 0, 1), "two_of_clubs"),
        (entry((7, 6), (2, 2), (2, 2), 2, 0), "ten_of_diamonds"),
        (entry((7, 6), (2, 2), (2, 2), 0, 0, (-1, 0)), "surs"),
    ],
)
def test_bad_counts_are_refused_naming_the_field(bad: RoundEntry, field: str) -> None:
    sheet = new_sheet(["A", "B"], STANDARD)
    with pytest.raises(SheetError) as refused:
        sheet.add_round(bad)
    assert refused.value.field == field
    assert sheet.entries == ()


def test_names_must_be_present_and_distinct() -> None:
    with pytest.raises(SheetError, match="same name"):
        new_sheet(["Ana", "ana"], STANDARD)
    with pytest.raises(SheetError, match="needs a name"):
        new_sheet(["Ana", " "], STANDARD)
    with pytest.raises(SheetError, match="2, 3 or 4"):
        new_sheet(["Ana"], STANDARD)


def test_entering_cards_derives_the_counts() -> None:
    first = parse_cards("2C 3C 4C 5C 6C 7C 8C AD AH 10D JC JD")
    first_mask = sum(1 << card for card in first)
    second = [card for card in CARDS if not first_mask >> card & 1]
    made = entry_from_cards([first, second], [1, 0])
    counts = made.counts
    assert counts.clubs == (8, 5)
    assert counts.aces == (2, 2)
    assert counts.jacks == (2, 2)
    assert (counts.ten_of_diamonds, counts.two_of_clubs) == (0, 0)
    sheet = new_sheet(["A", "B"], STANDARD).add_round(made)
    assert sheet.totals == (7 + 3 + 2 + 2 + 2 + 5, 2 + 2)
    with pytest.raises(SheetError, match="not marked"):
        entry_from_cards([first, second[:-1]], [0, 0])
    with pytest.raises(SheetError, match="two sides"):
        entry_from_cards([first, [*second, first[0]]], [0, 0])
