"""The house rules of issue #16, each from its source's own words (``docs/rules.md``, Part 2).

Pasur Ru Baaz (``open-cards``) has its own file, test_rules_ru_baaz.py, and claims per shodam
theirs, test_rules_claims.py.
"""

from __future__ import annotations

import random

import pytest
from rules_support import game_with, moves_text, play_text, position
from test_rules_sur import clearing_game

from pasur.rules import (
    DRAW,
    PASUR11,
    PRESETS,
    RU_BAAZ,
    VARAGH,
    GameOverError,
    IllegalMoveError,
    Move,
    check_deck,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    shuffle_deck,
    why_illegal,
)
from pasur.rules.cards import ALL_CARDS
from pasur.rules.deal import shuffled_pack
from pasur.rules.scoring import RoundCounts, game_winner, score_round
from pasur.rules.settings import TargetTie
from pasur.rules.testing import check_invariants

SWEEP = make_rules(settings={"last-card-sweep": "on"})

# Presets.


def test_the_new_presets() -> None:
    assert PRESETS["ru-baaz"] == RU_BAAZ == make_rules("ru-baaz")
    assert RU_BAAZ.changes() == {"open-cards": "held"}
    assert VARAGH.changes() == {"sum-sets": "union", "target-tie": "draw"}
    assert PASUR11.changes() == {
        "opening-table": "jacks-under",
        "face-capture": "all",
        "capture": "optional",
        "sum-cards": "3",
        "sur-cutoff": "none",
        "sur-cancel": "reply",
        "no-capture-leftovers": "nobody",
    }


# last-card-sweep. Seed 002: "When a player only has a single card left in the last hand of the
# deck, all remaining cards in the pool are picked up when the player is able to match: a) a
# king-king b) queen-queen c) combine to form a sum of 11."


def test_a_last_number_card_that_makes_eleven_takes_the_whole_pool() -> None:
    state = position(SWEEP, hands=["7D", "KS"], table="AC 2D 2H 4S 10C QH", pack=0, dealer=1)
    assert moves_text(state) == ["7D+AC+2D+2H+4S+10C+QH"]
    after = play_text(state, "7D+AC+2D+2H+4S+10C+QH")
    assert after.table == 0
    check_invariants(after)


def test_a_last_king_or_queen_that_matches_takes_the_whole_pool() -> None:
    state = position(SWEEP, hands=["KD", "2S"], table="KS KH 3C QH", pack=0, dealer=1)
    assert moves_text(state) == ["KD+3C+QH+KH+KS"]
    state = position(SWEEP, hands=["QD", "2S"], table="KS 3C QH", pack=0, dealer=1)
    assert moves_text(state) == ["QD+3C+QH+KS"]


def test_a_last_jack_takes_what_a_jack_takes_and_no_more() -> None:
    state = position(SWEEP, hands=["JD", "2S"], table="KS 3C 5H", pack=0, dealer=1)
    assert moves_text(state) == ["JD+3C+5H"]


def test_a_last_card_that_cannot_match_is_laid() -> None:
    state = position(SWEEP, hands=["KD", "2S"], table="QS 3C", pack=0, dealer=1)
    assert moves_text(state) == ["KD"]


def test_the_sweep_needs_the_last_card_of_the_final_deal() -> None:
    two_left = position(SWEEP, hands=["7D 8D", "KS 2S"], table="4S QH", pack=0, dealer=1)
    assert "7D+4S" in moves_text(two_left)
    earlier = position(SWEEP, hands=["7D", "KS"], table="4S QH", pack=8, dealer=1)
    assert moves_text(earlier) == ["7D+4S"]


def test_under_optional_capture_the_last_card_may_still_be_laid() -> None:
    rules = make_rules(settings={"last-card-sweep": "on", "capture": "optional"})
    state = position(rules, hands=["7D", "KS"], table="4S QH", pack=0, dealer=1)
    assert moves_text(state) == ["7D+4S+QH", "7D"]


def test_the_normal_capture_of_a_last_card_is_refused_with_the_reason() -> None:
    state = position(SWEEP, hands=["7D", "KS"], table="4S QH", pack=0, dealer=1)
    reason = why_illegal(state, Move.parse("7D+4S"))
    assert (
        reason
        == "7D is the last card of the hand in the final deal: it takes the whole table, 4S QH"
    )
    with pytest.raises(IllegalMoveError, match="takes the whole table"):
        play(state, Move.parse("7D+4S"))
    assert why_illegal(state, Move.parse("7D")) == "7D must capture: it can take 4S QH"


def test_a_sweep_is_a_sur_only_if_the_card_alone_would_clear_the_table() -> None:
    rules = make_rules(settings={"last-card-sweep": "on", "sur-final-deal": "allowed"})
    swept = play_text(
        position(rules, hands=["7D", "8S"], table="4S QH", pack=0, dealer=1), "7D+4S+QH"
    )
    assert swept.table == 0
    assert swept.plays[-1].sur is False
    cleared = play_text(position(rules, hands=["7D", "8S"], table="4S", pack=0, dealer=1), "7D+4S")
    assert cleared.plays[-1].sur is True


# opening-table=skip-jacks (the SWEN30006 trainer: a jack drawn for the pool stays in the deck and
# another card is drawn) and jacks-under (Pasur11: the jack goes under the pack).


def _first_table_with_jack(players: int) -> list[int]:
    seeds = []
    for seed in range(400):
        first = shuffled_pack(random.Random(seed))
        table = first[4 * players : 4 * players + 4]
        if sum(card // 4 + 1 == 11 for card in table) >= 2:
            seeds.append(seed)
    return seeds[:10]


@pytest.mark.parametrize("mode", ["skip-jacks", "jacks-under"])
def test_jacks_drawn_for_the_table_are_skipped_never_redealt(mode: str) -> None:
    players = 2
    rules = make_rules(settings={"opening-table": mode})
    for seed in _first_table_with_jack(players):
        first = shuffled_pack(random.Random(seed))
        deck = shuffle_deck(rules, players, random.Random(seed))
        assert list(deck[: 4 * players]) == first[: 4 * players]  # the same hands: no redeal
        table = deck[4 * players : 4 * players + 4]
        non_jacks = [card for card in first[4 * players :] if card // 4 + 1 != 11]
        assert list(table) == non_jacks[:4]
        assert check_deck(rules, players, deck) == deck
        if mode == "jacks-under":
            skipped = []
            for card in first[4 * players :]:
                if card in table:
                    if card == table[-1]:
                        break
                else:
                    skipped.append(card)
            assert skipped
            assert list(deck[-len(skipped) :]) == skipped


# sum-sets=union (Varagh: a number card takes every set of eleven at once) and sum-cards=3
# (Pasur11: a set holds at most three table cards).


def test_union_takes_every_set_at_once() -> None:
    rules = make_rules(settings={"sum-sets": "union"})
    state = game_with(rules, dealer=1, hands=["9D 7D 2C 3C", "KS KH QS QH"], table="2D 2H 4S 10C")
    assert [m for m in moves_text(state) if m[0] in "79"] == ["7D+2D+2H+4S", "9D+2D+2H"]


def test_at_most_three_table_cards_in_a_set() -> None:
    rules = make_rules(settings={"sum-cards": "3"})
    state = game_with(rules, dealer=1, hands=["2C 6D 9C 5C", "KS KH QS QH"], table="AC 2D 2H 4S")
    moves = moves_text(state)
    assert [m for m in moves if m.startswith("2C")] == ["2C"]  # AC 2D 2H 4S is four cards
    assert [m for m in moves if m.startswith("6D")] == ["6D+AC+2D+2H", "6D+AC+4S"]
    standard = game_with(dealer=1, hands=["2C 6D 9C 5C", "KS KH QS QH"], table="AC 2D 2H 4S")
    assert "2C+AC+2D+2H+4S" in moves_text(standard)


# sur-final-deal=last-card (Pasur11's switches: a Sur in the last deal, a Sur with the last card).


def test_only_the_very_last_card_scores_no_sur() -> None:
    rules = make_rules(settings={"sur-final-deal": "last-card"})
    state = position(rules, hands=["4C 5C", "KS 9D"], table="7D", pack=0, dealer=1)
    assert play_text(state, "4C+7D").plays[-1].sur is True
    last = play_text(position(rules, hands=["8S", "4C"], table="7D", pack=0, dealer=1), "8S")
    assert play_text(last, "4C+7D").plays[-1].sur is False


# sur-cancel=all-others (SWEN30006: a Sur cancels only when every other player holds one; then each
# of them loses one) and reply (Pasur11: only the reply to an opponent's Sur cancels it).


def test_all_others_cancels_only_when_every_opponent_holds_a_sur() -> None:
    rules = make_rules(settings={"sur-cancel": "all-others"})
    after = play_text(clearing_game(rules, players=3, surs=(0, 1, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (1, 1, 0)
    after = play_text(clearing_game(rules, players=3, surs=(0, 2, 1)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 1, 0)
    assert after.plays[-1].sur is True


REPLY_HANDS = ["5D 2C 3C 9D", "6C 9H 3S QS"]
"""Seat 1 (the dealer) and seat 2; seat 2 leads with a Sur, 6C+AC+AD+AH+2S."""


def test_reply_cancels_an_opponents_sur_at_once() -> None:
    rules = make_rules(settings={"sur-cancel": "reply"})
    state = game_with(rules, dealer=0, hands=REPLY_HANDS, table="AC AD AH 2S")
    state = play_text(state, "6C+AC+AD+AH+2S", "5D", "3S")
    assert state.surs == (0, 1)
    replied = play_text(state, "3C+5D+3S")
    assert replied.plays[-1].sur is True
    assert replied.surs == (0, 0)


def test_reply_window_closes_when_the_opponent_captures_and_leaves_cards() -> None:
    rules = make_rules(settings={"sur-cancel": "reply"})
    state = game_with(rules, dealer=0, hands=REPLY_HANDS, table="AC AD AH 2S")
    state = play_text(state, "6C+AC+AD+AH+2S", "5D", "9H", "2C+9H", "3S")
    after = play_text(state, "3C+5D+3S")
    assert after.surs == (1, 1)
    # Under sur-cancel=opponent the same Sur cancels.
    opponent = make_rules(settings={"sur-cancel": "opponent"})
    state = game_with(opponent, dealer=0, hands=REPLY_HANDS, table="AC AD AH 2S")
    after = play_text(state, "6C+AC+AD+AH+2S", "5D", "9H", "2C+9H", "3S", "3C+5D+3S")
    assert after.surs == (0, 0)


# sur-cutoff-cancels=on (Taim's rules: at 50 or more a player scores no Surs but still cancels).


def test_at_the_cutoff_a_sur_still_cancels_when_the_setting_says_so() -> None:
    rules = make_rules("pagat", {"sur-cutoff-cancels": "on"})
    after = play_text(clearing_game(rules, surs=(0, 1), totals=(50, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 0)
    assert after.plays[-1].sur is True
    after = play_text(clearing_game(rules, surs=(0, 0), totals=(50, 0)), "4C+AC+AD+2H+3S")
    assert after.surs == (0, 0)
    assert after.plays[-1].sur is False


def test_net_cancelling_counts_the_cutoff_sides_surs_against_the_others() -> None:
    counts = RoundCounts((13, 0), (4, 0), (4, 0), 0, 0, (1, 2))
    neither = make_rules(settings={"sur-cancel": "net"})
    cancels = neither.with_settings({"sur-cutoff-cancels": "on"})
    assert [line.surs for line in score_round(neither, counts, (55, 0)).lines] == [0, 2]
    assert [line.surs for line in score_round(cancels, counts, (55, 0)).lines] == [0, 1]


# no-capture-leftovers: after a round in which nobody captured.


def _lay_everything(state: object) -> object:
    while state.turn >= 0:  # type: ignore[attr-defined]
        state = play(state, Move.lay(legal_moves(state)[-1].card))  # type: ignore[arg-type]
    return state


def test_nobody_takes_the_table_when_it_is_left_out_of_the_count() -> None:
    rules = make_rules(settings={"capture": "optional", "no-capture-leftovers": "nobody"})
    end = _lay_everything(new_game(rules, players=2, seed=3))
    result = end.result  # type: ignore[attr-defined]
    assert result.leftover_to == -1
    assert result.leftover == ALL_CARDS
    assert result.points == (0, 0)
    check_invariants(end)  # type: ignore[arg-type]


def test_the_previous_rounds_last_capturer_takes_the_table() -> None:
    rules = make_rules(
        settings={"capture": "optional", "no-capture-leftovers": "previous-capturer"}
    )
    first = new_game(rules, players=3, seed=4, dealer=0)
    while first.turn >= 0:
        first = play(first, legal_moves(first)[0])
    assert first.result is not None and first.last_capturer >= 0
    second = _lay_everything(next_round(first))
    assert second.result.leftover_to == first.last_capturer  # type: ignore[attr-defined]
    # In a game's first round there is no round before: the dealer takes them.
    opening = _lay_everything(new_game(rules, players=3, seed=4, dealer=2))
    assert opening.result.leftover_to == 2  # type: ignore[attr-defined]


# target-tie=draw (Varagh: a tie at the target is a draw).


def test_a_tie_at_the_target_is_a_draw_or_another_round() -> None:
    assert game_winner((62, 62), 62) is None
    assert game_winner((62, 62), 62, tie=TargetTie.DRAW) == DRAW
    assert game_winner((70, 62, 70), 62, tie=TargetTie.DRAW) == DRAW
    assert game_winner((70, 62), 62, tie=TargetTie.DRAW) == 0


def test_a_drawn_game_is_over() -> None:
    rules = make_rules("varagh", {"target": "1"})
    for seed in range(400):
        state = new_game(rules, players=2, seed=seed)
        while state.turn >= 0:
            state = play(state, legal_moves(state)[0])
        if state.totals[0] == state.totals[1]:
            break
    else:
        raise AssertionError("no tied round in 400 seeds")
    assert state.winner == DRAW
    assert state.is_over
    with pytest.raises(GameOverError):
        next_round(state)
    assert why_illegal(state, Move.parse("2C")) == "the game is over"
