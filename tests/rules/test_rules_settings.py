"""House rules: reading settings, the presets, and what each play-changing setting does.

Scoring settings (Sur and clubs) are tested in test_rules_scoring.py and test_rules_sur.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_support import cards, deck_for, game_with, mask, moves_text, play_text, position

from pasur.rules import (
    PAGAT,
    PRESETS,
    SETTINGS,
    STANDARD,
    Card,
    DeckError,
    IllegalMoveError,
    PasurError,
    Rules,
    SettingError,
    capture_options,
    check_deck,
    format_cards,
    make_rules,
    new_game,
    shuffle_deck,
)
from pasur.rules.cards import CARDS
from pasur.rules.deal import shuffled_pack
from pasur.rules.settings import (
    Capture,
    ClubsAward,
    ClubsTie,
    FaceCapture,
    OpeningTable,
    SumSets,
    SurCancel,
    SurFinalDeal,
)

# Reading settings.


def test_the_standard_rules_are_the_defaults() -> None:
    assert make_rules() == STANDARD == Rules()
    assert STANDARD.settings() == {
        "opening-table": "replace-once",
        "face-capture": "one",
        "capture": "compulsory",
        "sum-sets": "one",
        "sur-points": "5",
        "sur-final-deal": "forbidden",
        "sur-cutoff": "50",
        "sur-cancel": "none",
        "clubs-points": "7",
        "clubs-award": "most",
        "clubs-tie3": "third",
        "target": "62",
        "partnerships": "off",
        "sum-cards": "any",
        "sur-cutoff-cancels": "off",
        "no-capture-leftovers": "dealer",
        "target-tie": "play-on",
        "claims": "off",
        "open-cards": "off",
        "last-card-sweep": "off",
    }
    assert set(STANDARD.settings()) == set(SETTINGS)


def test_the_pagat_preset() -> None:
    assert make_rules("pagat") == PAGAT == PRESETS["pagat"]
    assert PAGAT.opening_table is OpeningTable.PAGAT
    assert PAGAT.sur_cancel is SurCancel.OPPONENT
    assert PAGAT.clubs_award is ClubsAward.SEVEN
    assert PAGAT.changes() == {
        "opening-table": "pagat",
        "sur-cancel": "opponent",
        "clubs-award": "seven-or-more",
    }
    assert make_rules(" PAGAT ") == PAGAT
    assert STANDARD.changes() == {}


def _every_setting_value() -> list[tuple[str, str]]:
    values = []
    for name, spec in SETTINGS.items():
        if spec.choices:
            values += [(name, choice) for choice in spec.choices]
        else:
            values += [(name, str(spec.low)), (name, str(spec.high))]
    return [*values, ("sur-cutoff", "none")]


@pytest.mark.parametrize(("name", "value"), _every_setting_value())
def test_every_setting_value_is_read_and_written_back(name: str, value: str) -> None:
    rules = make_rules(settings={name: value})
    assert rules.settings()[name] == value
    assert make_rules(settings=[f"{name}={value}"]) == rules
    assert make_rules(settings={name.upper().replace("-", "_"): f" {value.upper()} "}) == rules
    assert make_rules("standard", rules.settings()) == rules
    others = {k: v for k, v in rules.changes().items() if k != name}
    assert others == {}


def test_settings_have_the_right_types() -> None:
    rules = make_rules(
        settings={
            "sur-points": "10",
            "sur-cutoff": "none",
            "clubs-points": "13",
            "target": "100",
            "partnerships": "on",
            "face-capture": "all",
            "capture": "optional",
            "sum-sets": "several",
            "sur-final-deal": "allowed",
            "clubs-tie3": "nobody",
        }
    )
    assert rules.sur_points == 10
    assert rules.sur_cutoff is None
    assert rules.clubs_points == 13
    assert rules.target == 100
    assert rules.partnerships is True
    assert rules.face_capture is FaceCapture.ALL
    assert rules.capture is Capture.OPTIONAL
    assert rules.sum_sets is SumSets.SEVERAL
    assert rules.sur_final_deal is SurFinalDeal.ALLOWED
    assert rules.clubs_tie3 is ClubsTie.NOBODY


def test_an_unknown_setting_is_refused_with_every_valid_name() -> None:
    with pytest.raises(SettingError) as caught:
        make_rules(settings={"sur-pionts": "10"})
    message = str(caught.value)
    assert message.startswith("unknown setting 'sur-pionts'; the settings are: ")
    for name in SETTINGS:
        assert name in message
    assert isinstance(caught.value, PasurError)


@pytest.mark.parametrize(
    ("name", "value", "valid"),
    [
        ("opening-table", "twice", "replace-once, pagat, redraw, skip-jacks, jacks-under"),
        ("face-capture", "some", "one, all"),
        ("capture", "never", "compulsory, optional"),
        ("sum-sets", "two", "one, several, union"),
        ("sum-cards", "2", "any, 3"),
        ("sur-points", "7", "5, 10"),
        ("sur-final-deal", "yes", "forbidden, allowed, last-card"),
        ("sur-cutoff", "fifty", "a whole number from 1 to 1000 or none"),
        ("sur-cutoff", "0", "a whole number from 1 to 1000 or none"),
        ("sur-cancel", "all", "none, opponent, net, all-others, reply"),
        ("sur-cutoff-cancels", "yes", "off, on"),
        ("clubs-points", "20", "7, 13"),
        ("clubs-award", "least", "most, seven-or-more, per-club"),
        ("clubs-tie3", "first", "third, nobody"),
        ("target", "-5", "a whole number from 1 to 10000"),
        ("target", "none", "a whole number from 1 to 10000"),
        ("partnerships", "yes", "off, on"),
        ("no-capture-leftovers", "me", "dealer, previous-capturer, nobody"),
        ("target-tie", "replay", "play-on, draw"),
        ("claims", "shodam", "off, on"),
        ("open-cards", "one", "off, held, stack"),
        ("last-card-sweep", "yes", "off, on"),
    ],
)
def test_a_bad_value_is_refused_with_the_valid_ones(name: str, value: str, valid: str) -> None:
    with pytest.raises(SettingError) as caught:
        make_rules(settings={name: value})
    assert str(caught.value) == f"{name}={value!r} is not valid; {name} takes {valid}"


def test_other_bad_input_is_refused() -> None:
    with pytest.raises(SettingError, match="write a setting as NAME=VALUE"):
        make_rules(settings=["sur-points"])
    with pytest.raises(
        SettingError, match="unknown preset 'house'; the presets are: standard, pagat"
    ):
        make_rules("house")


@given(st.sampled_from(sorted(SETTINGS)), st.text(max_size=12))
def test_any_value_text_is_accepted_or_refused_with_a_setting_error(name: str, text: str) -> None:
    try:
        rules = make_rules(settings={name: text})
    except SettingError as error:
        assert f"{name} takes" in str(error)
        return
    written = rules.settings()[name]
    value = text.strip().lower()
    assert written == (str(int(value)) if value.isdigit() else value)


@pytest.mark.parametrize("text", ["²", "٣", "1" * 5000, "10²"])
def test_digits_that_are_not_plain_numbers_are_refused(text: str) -> None:
    for name in ("target", "sur-cutoff"):
        with pytest.raises(SettingError, match=f"{name} takes a whole number"):
            make_rules(settings={name: text})


# opening-table: the dealer's procedure, reproduced from the same random generator.


def _table(deck: tuple[int, ...] | list[int], players: int) -> list[int]:
    return list(deck[4 * players : 4 * players + 4])


def _count(cards_: list[int], rank: int) -> int:
    return sum(card // 4 + 1 == rank for card in cards_)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["replace-once", "pagat", "redraw", "skip-jacks", "jacks-under"])
def test_no_shuffle_leaves_a_jack_on_the_opening_table(mode: str, players: int) -> None:
    rules = make_rules(settings={"opening-table": mode})
    for seed in range(300):
        deck = shuffle_deck(rules, players, random.Random(seed))
        table = _table(deck, players)
        assert _count(table, 11) == 0, (seed, format_cards(mask(" ".join(map(str, table)))))
        if mode == "pagat":
            assert _count(table, 12) <= 2
            assert _count(table, 13) <= 2
        assert sorted(deck) == list(range(52))
        assert check_deck(rules, players, deck) == deck


def _seeds_where(players: int, wanted: object) -> list[int]:
    found = []
    for seed in range(3000):
        first = shuffled_pack(random.Random(seed))
        if wanted(first):  # type: ignore[operator]
            found.append(seed)
    assert found, "no seed gives this first shuffle"
    return found[:20]


def test_replace_once_puts_a_lone_jack_back_and_takes_the_next_card() -> None:
    players = 2
    start = 4 * players

    def lone_jack_then_number(first: list[int]) -> bool:
        return _count(_table(first, players), 11) == 1 and first[start + 4] // 4 + 1 != 11

    for seed in _seeds_where(players, lone_jack_then_number):
        first = shuffled_pack(random.Random(seed))
        deck = shuffle_deck(STANDARD, players, random.Random(seed))
        jack = next(c for c in _table(first, players) if c // 4 + 1 == 11)
        # Same hands; the table lost its jack and gained the top card of the pack.
        assert list(deck[:start]) == first[:start]
        expected_table = {*_table(first, players), first[start + 4]} - {jack}
        assert set(_table(deck, players)) == expected_table
        # The jack went back into the pack somewhere; the rest of the pack keeps its order.
        pack = list(deck[start + 4 :])
        assert jack in pack
        pack.remove(jack)
        assert pack == first[start + 5 :]


def test_replace_once_redeals_when_the_replacement_is_a_jack_too() -> None:
    players = 3
    start = 4 * players

    def lone_jack_then_jack(first: list[int]) -> bool:
        return _count(_table(first, players), 11) == 1 and first[start + 4] // 4 + 1 == 11

    for seed in _seeds_where(players, lone_jack_then_jack):
        first = shuffled_pack(random.Random(seed))
        standard = shuffle_deck(STANDARD, players, random.Random(seed))
        assert list(standard[:start]) != first[:start]  # a whole new deal
        pagat = shuffle_deck(PAGAT, players, random.Random(seed))
        # pagat buries the second jack too and keeps the deal.
        assert list(pagat[:start]) == first[:start]


@pytest.mark.parametrize("players", [2, 4])
def test_two_jacks_mean_a_new_deal_in_every_redealing_mode(players: int) -> None:
    start = 4 * players
    for seed in _seeds_where(players, lambda first: _count(_table(first, players), 11) >= 2):
        first = shuffled_pack(random.Random(seed))
        for mode in ("replace-once", "pagat", "redraw"):
            rules = make_rules(settings={"opening-table": mode})
            assert list(shuffle_deck(rules, players, random.Random(seed))[:start]) != first[:start]


def test_redraw_deals_again_rather_than_replacing_a_jack() -> None:
    players = 2
    start = 4 * players
    redraw = make_rules(settings={"opening-table": "redraw"})
    for seed in _seeds_where(players, lambda first: _count(_table(first, players), 11) == 1):
        first = shuffled_pack(random.Random(seed))
        assert list(shuffle_deck(redraw, players, random.Random(seed))[:start]) != first[:start]


def test_pagat_redeals_three_queens_or_kings_that_standard_keeps() -> None:
    players = 2

    def crowded(first: list[int]) -> bool:
        table = _table(first, players)
        return _count(table, 11) == 0 and (_count(table, 12) >= 3 or _count(table, 13) >= 3)

    for seed in _seeds_where(players, crowded):
        first = shuffled_pack(random.Random(seed))
        assert list(shuffle_deck(STANDARD, players, random.Random(seed))) == first
        assert list(shuffle_deck(PAGAT, players, random.Random(seed))) != first


def test_a_clean_first_shuffle_is_kept_as_it_is() -> None:
    for seed in range(50):
        first = shuffled_pack(random.Random(seed))
        if _count(_table(first, 2), 11) == 0:
            assert list(shuffle_deck(STANDARD, 2, random.Random(seed))) == first


def test_check_deck_refuses_bad_decks() -> None:
    good = deck_for(hands=["2C 3C 4C 5C", "2D 3D 4D 5D"], table="QC QD QH 9S")
    assert check_deck(STANDARD, 2, good) == good
    with pytest.raises(DeckError, match="at most two queens and two kings"):
        check_deck(PAGAT, 2, good)
    with pytest.raises(DeckError, match="each of the 52 cards exactly once"):
        check_deck(STANDARD, 2, good[:51])
    with pytest.raises(DeckError, match="each of the 52 cards exactly once"):
        check_deck(STANDARD, 2, (*good[:51], good[0]))
    with pytest.raises(DeckError, match="each of the 52 cards exactly once"):
        check_deck(STANDARD, 2, (*good[:51], 52))
    with pytest.raises(DeckError, match="each of the 52 cards exactly once"):
        check_deck(STANDARD, 2, (*good[:51], -1))
    with pytest.raises(DeckError, match="a list of card numbers"):
        check_deck(STANDARD, 2, ["AC"] * 52)  # type: ignore[list-item]
    with pytest.raises(DeckError, match="a list of card numbers"):
        check_deck(STANDARD, 2, (*good[:51], "AC"))  # type: ignore[arg-type]
    # A tuple of plain ints is kept as it is; anything else becomes one.
    plain = tuple(good)
    assert check_deck(STANDARD, 2, plain) is plain
    as_cards = check_deck(STANDARD, 2, [CARDS[card] for card in good])
    assert as_cards == good and {type(card) for card in as_cards} == {int}
    with pytest.raises(DeckError, match="played by 2, 3 or 4 players, not 5"):
        check_deck(STANDARD, 5, good)
    jack = deck_for(hands=["2C 3C 4C 5C", "2D 3D 4D 5D"], table="JC QD QH 9S")
    for rules in (STANDARD, PAGAT, make_rules(settings={"opening-table": "redraw"})):
        with pytest.raises(DeckError) as caught:
            check_deck(rules, 2, jack)
        assert "the opening table 9S JC QD QH is not allowed" in str(caught.value)
        assert f"opening-table={rules.opening_table}" in str(caught.value)
        with pytest.raises(DeckError):
            new_game(rules, players=2, deck=jack)


def test_new_game_refuses_bad_arguments() -> None:
    with pytest.raises(DeckError, match="2, 3 or 4 players"):
        new_game(players=5, seed=1)
    with pytest.raises(DeckError, match="partnerships need 4 players"):
        new_game(make_rules(settings={"partnerships": "on"}), players=2, seed=1)
    with pytest.raises(DeckError, match="dealer"):
        new_game(players=2, seed=1, dealer=2)
    with pytest.raises(DeckError, match="give a seed or a deck order"):
        new_game(players=2)


# face-capture=all


def test_face_capture_all_takes_every_matching_face_card() -> None:
    rules = make_rules(settings={"face-capture": "all"})
    table = mask("QC QD KS 5H")
    assert capture_options(Card.parse("QH"), table, rules) == (mask("QC QD"),)
    assert capture_options(Card.parse("KH"), table, rules) == (mask("KS"),)
    assert capture_options(Card.parse("QH"), mask("5H"), rules) == ()
    state = position(rules, hands=["QH KC", "2C 4D"], table="QC QD 5S", dealer=1)
    assert [m for m in moves_text(state) if m.startswith("QH")] == ["QH+QC+QD"]
    with pytest.raises(IllegalMoveError, match="QH cannot take QC: it can take QC QD"):
        play_text(state, "QH+QC")
    assert format_cards(play_text(state, "QH+QC+QD").table) == "5S"


# capture=optional


def test_optional_capture_also_allows_the_lay() -> None:
    rules = make_rules(settings={"capture": "optional"})
    state = game_with(rules, hands=["7D KC QC 9C", "3S 3H 3D 6C"], table="4S 10C 10H QS", dealer=1)
    assert moves_text(state) == ["7D+4S", "7D", "9C", "QC+QS", "QC", "KC"]
    after = play_text(state, "7D")
    assert after.table == mask("4S 7D 10C 10H QS")
    assert after.piles == (0, 0)
    # Under the standard rules the same lay is refused.
    standard = game_with(hands=["7D KC QC 9C", "3S 3H 3D 6C"], table="4S 10C 10H QS", dealer=1)
    assert "7D" not in moves_text(standard)


# sum-sets=several


def test_several_sets_take_disjoint_sets_at_once() -> None:
    rules = make_rules(settings={"sum-sets": "several"})

    def options(card: str) -> list[str]:
        table = mask("AC 2D 2H 4S 10C")
        return [format_cards(o) for o in capture_options(Card.parse(card), table, rules)]

    assert options("7H") == ["4S", "2D 2H", "2D 2H 4S"]
    assert options("9H") == ["2D", "2H", "2D 2H"]
    # Overlapping sets (both use the ace, or both the 4) cannot be taken together.
    assert options("8H") == ["AC 2D", "AC 2H"]
    assert options("5H") == ["2D 4S", "2H 4S"]
    assert options("10H") == ["AC"]
    state = position(rules, hands=["7H KC", "QC QD"], table="AC 2D 2H 4S 10C", dealer=1)
    assert format_cards(play_text(state, "7H+2D+2H+4S").table) == "AC 10C"


# partnerships


def test_partnerships_need_four_players_and_score_per_team() -> None:
    rules = make_rules(settings={"partnerships": "on"})
    state = new_game(rules, players=4, seed=5)
    assert state.sides == 2
    assert state.totals == (0, 0)
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert len(state.piles) == 4


def test_the_opening_deal_follows_the_deck_layout() -> None:
    hands = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"]
    deck = deck_for(players=3, dealer=1, hands=hands, table="6S 7S 8S 9S")
    # Seat 3 (after the dealer, seat 2) gets the first four cards, then seat 1, then seat 2.
    assert deck[:12] == (*cards(hands[2]), *cards(hands[0]), *cards(hands[1]))
    state = new_game(players=3, deck=deck, dealer=1)
    assert [format_cards(h) for h in state.hands] == hands
    assert format_cards(state.table) == "6S 7S 8S 9S"
    assert state.turn == 2
