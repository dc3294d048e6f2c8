"""Surs during play, the table's last cards at the end of a round, and the Sur house rules."""

from __future__ import annotations

import pytest
from rules_support import game_with, mask, moves_text, play_text, position

from pasur.rules import (
    STANDARD,
    GameState,
    Move,
    Rules,
    legal_moves,
    make_rules,
    new_game,
    play,
)
from pasur.rules.cards import ALL_CARDS
from pasur.rules.testing import check_invariants

# Seat 1 leads (the dealer is the last seat) holding 4C, which makes eleven with the whole table.
CLEARING_HANDS = ["4C 5C 6C 9C", "KS KH QS QH", "KD KC QD QC", "10S 10H 10D 10C"]
CLEARING_TABLE = "AC AD 2H 3S"


def clearing_game(rules: Rules = STANDARD, players: int = 2, **changes: object) -> GameState:
    """A first deal in which seat 1 can clear the table with 4C+AC+AD+2H+3S."""
    state = game_with(
        rules,
        players=players,
        dealer=players - 1,
        hands=CLEARING_HANDS[:players],
        table=CLEARING_TABLE,
    )
    return state._replace(**changes)  # type: ignore[arg-type]


def test_a_capture_that_clears_the_table_is_a_sur() -> None:
    state = clearing_game()
    assert [m for m in moves_text(state) if m.startswith("4C")] == ["4C+AC+AD+2H+3S"]
    after = play_text(state, "4C+AC+AD+2H+3S")
    assert after.table == 0
    assert after.surs == (1, 0)
    assert after.plays[-1].sur is True
    assert after.piles[0] == mask("4C AC AD 2H 3S")
    # The next seat faces an empty table and lays its card.
    assert moves_text(after) == ["QH", "QS", "KH", "KS"]
    check_invariants(after)


def test_a_capture_that_leaves_cards_is_not_a_sur() -> None:
    after = play_text(clearing_game(), "9C+2H")
    assert after.surs == (0, 0)
    assert after.plays[-1].sur is False


def test_a_jack_that_clears_the_table_is_not_a_sur() -> None:
    state = game_with(
        dealer=1, hands=["JC 5C 6C 9C", "KS KH QS QH"], table=CLEARING_TABLE
    )  # the jack takes everything
    after = play_text(state, "JC+AC+AD+2H+3S")
    assert after.table == 0
    assert after.surs == (0, 0)
    assert after.plays[-1].sur is False


def test_a_queen_or_king_that_clears_the_table_is_a_sur() -> None:
    for hand, table, move in (("QH 2C", "QC", "QH+QC"), ("KH 2C", "KS", "KH+KS")):
        state = position(hands=[hand, "5D 3C"], table=table, pack=8, dealer=1)
        after = play_text(state, move)
        assert after.surs == (1, 0), move
        assert after.plays[-1].sur is True


def test_no_sur_in_the_final_deal_unless_the_setting_allows_it() -> None:
    for rules, expected in (
        (STANDARD, (0, 0)),
        (make_rules(settings={"sur-final-deal": "allowed"}), (1, 0)),
    ):
        state = position(rules, hands=["QH 2C", "5D 3C"], table="QC", pack=0, dealer=1)
        assert state.is_final_deal
        after = play_text(state, "QH+QC")
        assert after.surs == expected
        assert after.plays[-1].sur is (expected == (1, 0))


def test_the_deal_before_the_final_one_still_scores_surs() -> None:
    state = position(hands=["QH 2C", "5D 3C"], table="QC", pack=4, dealer=1)
    assert not state.is_final_deal
    assert play_text(state, "QH+QC").surs == (1, 0)


@pytest.mark.parametrize(
    ("cutoff", "totals", "scores"),
    [
        ("50", (49, 0), True),
        ("50", (50, 0), False),
        ("50", (0, 50), True),  # only the capturing side's total matters
        ("none", (50, 0), True),
        ("none", (900, 0), True),
        ("60", (59, 0), True),
        ("60", (60, 0), False),
    ],
)
def test_the_sur_cutoff_is_the_total_before_the_round(
    cutoff: str, totals: tuple[int, int], scores: bool
) -> None:
    rules = make_rules(settings={"sur-cutoff": cutoff})
    after = play_text(clearing_game(rules, totals=totals), "4C+AC+AD+2H+3S")
    assert after.surs == ((1, 0) if scores else (0, 0))
    assert after.plays[-1].sur is scores
    assert after.table == 0


def test_leftover_cards_go_to_the_last_capturer_and_are_never_a_sur() -> None:
    # Final deal: seat 1 takes 6H with 5C, seat 2 lays KD; 3D and KD are left on the table.
    state = position(hands=["5C", "KD"], table="6H 3D", pack=0, dealer=1)
    state = play_text(state, "5C+6H")
    assert state.last_capturer == 0
    end = play_text(state, "KD")
    assert end.result is not None
    assert end.result.leftover == mask("3D KD")
    assert end.result.leftover_to == 0
    assert end.piles[0] & mask("3D KD 5C 6H") == mask("3D KD 5C 6H")
    assert end.surs == (0, 0)
    assert not any(p.sur for p in end.plays)
    assert end.result.score.sur_points == 0
    check_invariants(end)


def test_leftover_cards_go_to_an_earlier_capturer_when_the_last_plays_are_lays() -> None:
    state = position(hands=["KD", "QD"], table="5H", pack=0, dealer=1, last_capturer=1, rest_to=1)
    end = play_text(state, "KD", "QD")
    assert end.result is not None
    assert end.result.leftover_to == 1
    assert end.result.leftover == mask("5H QD KD")
    assert end.piles[1] & mask("5H QD KD") == mask("5H QD KD")


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_the_dealer_takes_the_table_when_nobody_captured_all_round(
    players: int, dealer: int
) -> None:
    rules = make_rules(settings={"capture": "optional"})
    state = new_game(rules, players=players, seed=11, dealer=dealer)
    while state.turn >= 0:
        # Always lay: every card may be laid when capture is optional.
        state = play(state, Move.lay(next(m.card for m in legal_moves(state))))
    assert state.result is not None
    assert state.last_capturer == -1
    assert state.result.leftover_to == dealer
    assert state.result.leftover == ALL_CARDS
    assert state.piles[dealer] == ALL_CARDS
    assert state.result.points[dealer] == 20
    assert sum(state.result.points) == 20


def test_a_round_sur_scores_its_points_in_the_result() -> None:
    for points in ("5", "10"):
        rules = make_rules(settings={"sur-final-deal": "allowed", "sur-points": points})
        state = position(rules, hands=["4C", "KD"], table=CLEARING_TABLE, pack=0, dealer=1)
        end = play_text(state, "4C+AC+AD+2H+3S", "KD")
        assert end.result is not None
        line = end.result.score.lines[0]
        assert (line.surs, line.sur_points) == (1, int(points))
        assert end.result.points[0] == line.base + int(points)
        # KD was laid after the Sur and goes to seat 1 as the last capturer: still one Sur.
        assert end.result.leftover == mask("KD")
        assert end.result.leftover_to == 0


# sur-cancel=opponent: the engine cancels during play.


def test_an_opponents_sur_cancels_one_of_yours() -> None:
    rules = make_rules(settings={"sur-cancel": "opponent"})
    after = play_text(clearing_game(rules, surs=(0, 1)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 0)
    assert after.plays[-1].sur is True
    after = play_text(clearing_game(rules, surs=(1, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (2, 0)


def test_the_cancelled_sur_is_the_opponent_with_most_then_the_next_in_turn() -> None:
    rules = make_rules(settings={"sur-cancel": "opponent"})
    after = play_text(clearing_game(rules, players=3, surs=(0, 1, 2)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 1, 1)
    after = play_text(clearing_game(rules, players=3, surs=(0, 1, 1)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 0, 1)


def test_a_player_at_the_cutoff_neither_scores_nor_cancels() -> None:
    rules = make_rules("pagat")
    after = play_text(clearing_game(rules, surs=(0, 1), totals=(50, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 1)
    assert after.plays[-1].sur is False


def test_partners_do_not_cancel_each_others_surs() -> None:
    rules = make_rules(settings={"sur-cancel": "opponent", "partnerships": "on"})
    after = play_text(clearing_game(rules, players=4, surs=(0, 0, 1, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (1, 0, 1, 0)
    after = play_text(clearing_game(rules, players=4, surs=(0, 1, 0, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 0, 0, 0)


def test_sur_cancel_net_at_the_round_end() -> None:
    rules = make_rules(settings={"sur-cancel": "net"})
    state = position(rules, hands=["KD", "QD"], table="5H", pack=0, dealer=1, surs=(3, 1))
    end = play_text(state, "KD", "QD")
    assert end.result is not None
    assert [line.surs for line in end.result.score.lines] == [2, 0]
    assert end.result.score.sur_points == 10


def test_a_partnership_sur_scores_for_the_team() -> None:
    rules = make_rules(settings={"partnerships": "on"})
    state = clearing_game(rules, players=4)
    after = play_text(state, "4C+AC+AD+2H+3S")
    assert after.surs == (1, 0, 0, 0)
    # Play the round out with first moves; the Sur counts in side 0's line (seats 1 and 3).
    while after.turn >= 0:
        after = play(after, legal_moves(after)[0])
    assert after.result is not None
    assert after.result.score.lines[0].surs >= 1
    assert sum(line.surs for line in after.result.score.lines) == sum(after.surs)
    assert len(after.result.points) == 2


def test_partnership_points_come_from_the_team_piles() -> None:
    rules = make_rules(settings={"partnerships": "on"})
    # Final deal, every card a lay; seat 3 (index 2) captured last and takes the table.
    state = position(
        rules,
        players=4,
        dealer=3,
        hands=["9D", "9H", "9S", "9C"],
        table="5H",
        piles={0: "10D AC", 1: "AH JD", 2: "2C AD JC", 3: "AS JH JS"},
        rest_to=1,
        last_capturer=2,
        totals=(10, 20),
    )
    end = play_text(state, "9D", "9H", "9S", "9C")
    assert end.result is not None
    assert end.result.leftover_to == 2
    # Side 0 (seats 1 and 3): 10♦ 3, 2♣ 2, AC AD 2, JC 1 = 8. Side 1: 9 clubs 7, 2 aces, 3 jacks.
    assert end.result.points == (8, 12)
    assert [line.clubs for line in end.result.score.lines] == [4, 9]
    assert end.totals == (18, 32)
