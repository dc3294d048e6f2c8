"""``pasur captures``: the capture oracle, in the exact forms issue #2 fixes."""

from __future__ import annotations

import pytest

WIKIPEDIA_TABLE = "AC 2D 2H 4S 10C"


def as_sets(captures: list[list[str]]) -> list[list[str]]:
    """Captures in a canonical order, so a test does not depend on the order they are listed."""
    return sorted(sorted(cards) for cards in captures)


def test_the_issue_example_json(pasur) -> None:
    result = pasur("captures", "--table", WIKIPEDIA_TABLE, "--play", "7D", "--json")
    data = result.json()
    assert data["play"] == "7D"
    assert as_sets(data["captures"]) == [["2D", "2H"], ["4S"]]
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1  # one JSON document on one line


def test_json_has_the_documented_keys(pasur) -> None:
    data = pasur("captures", "--table", WIKIPEDIA_TABLE, "--play", "7D", "--json").json()
    # "play" and "captures" are the issue's contract; "can_lay" is an addition (docs/rules.md).
    assert set(data) == {"play", "captures", "can_lay"}
    assert data["can_lay"] is False


# The worked example of the Wikipedia texts (seeds 000 and 002): table A, 2, 2, 4, 10; play each
# card from 10 down to the ace. Seed 000 gives the 6 only "the Ace and both 2's"; seed 002 also
# gives "the Ace and ... the 4", which is right: 6 + 1 + 4 = 11.
WORKED_EXAMPLE = {
    "10S": [["AC"]],
    "9S": [["2D"], ["2H"]],
    "8S": [["AC", "2D"], ["AC", "2H"]],
    "7S": [["2D", "2H"], ["4S"]],
    "6S": [["2D", "2H", "AC"], ["4S", "AC"]],
    "5S": [["2D", "4S"], ["2H", "4S"]],
    "4C": [["2D", "4S", "AC"], ["2H", "4S", "AC"]],
    "3S": [["2D", "2H", "4S"]],
    "2C": [["2D", "2H", "4S", "AC"]],
    "AS": [["10C"]],
}


@pytest.mark.parametrize(("card", "expected"), WORKED_EXAMPLE.items())
def test_the_wikipedia_worked_example(pasur, card: str, expected: list[list[str]]) -> None:
    data = pasur("captures", "--table", WIKIPEDIA_TABLE, "--play", card, "--json").json()
    assert data["play"] == card
    assert as_sets(data["captures"]) == as_sets(expected)
    assert data["can_lay"] is False


@pytest.mark.parametrize(
    ("table", "card"),
    [("2H 3S", "4C"), (WIKIPEDIA_TABLE, "KD"), ("QH KS", "JC"), ("", "5C"), ("10D", "10C")],
)
def test_a_card_that_cannot_capture_gives_an_empty_list(pasur, table: str, card: str) -> None:
    data = pasur("captures", "--table", table, "--play", card, "--json").json()
    assert data["captures"] == []
    assert data["can_lay"] is True


def test_face_cards_and_the_jack(pasur) -> None:
    queen = pasur("captures", "--table", "QC QD 5H", "--play", "QS", "--json").json()
    assert as_sets(queen["captures"]) == [["QC"], ["QD"]]
    jack = pasur("captures", "--table", "3C JD QH KH 8S", "--play", "JC", "--json").json()
    assert jack["captures"] == [["3C", "8S", "JD"]]


def test_text_output_lists_each_capture(pasur) -> None:
    result = pasur("captures", "--table", WIKIPEDIA_TABLE, "--play", "7D")
    assert result.code == 0, result.stderr
    assert "7D takes 2D 2H" in result.stdout
    assert "7D takes 4S" in result.stdout
    assert "must capture" in result.stdout
    laid = pasur("captures", "--table", "2H 3S", "--play", "4C")
    assert "4C takes nothing here: it is laid on the table." in laid.stdout


def test_cards_may_be_written_in_lower_case_and_with_suit_symbols(pasur) -> None:
    data = pasur("captures", "--table", "ac 2♦ ♥2 4s 10C", "--play", "♦7", "--json").json()
    assert data["play"] == "7D"
    assert as_sets(data["captures"]) == [["2D", "2H"], ["4S"]]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--table", "AC 2D", "--play", "7X"], ["'7X' is not a card"]),
        (["--table", "AC 2D", "--play", ""], ["is not a card"]),
        (["--table", "AC 2Z", "--play", "7D"], ["'2Z' is not a card"]),
        (["--table", "AC 2D AC", "--play", "7D"], ["AC is named twice"]),
        (["--table", WIKIPEDIA_TABLE, "--play", "4S"], ["4S is on the table already"]),
        (["--table", WIKIPEDIA_TABLE, "--play", "10c"], ["10C is on the table already"]),
    ],
)
def test_bad_cards_exit_2_with_one_line(pasur, args: list[str], fragments: list[str]) -> None:
    for extra in ([], ["--json"]):
        pasur("captures", *args, *extra).assert_one_line_error("captures", *fragments)


def test_rules_presets_and_settings(pasur) -> None:
    base = ["captures", "--table", WIKIPEDIA_TABLE, "--play", "7D", "--json"]
    pagat = pasur(*base, "--rules", "pagat").json()
    assert as_sets(pagat["captures"]) == [["2D", "2H"], ["4S"]]
    optional = pasur(*base, "--set", "capture=optional").json()
    assert as_sets(optional["captures"]) == [["2D", "2H"], ["4S"]]
    assert optional["can_lay"] is True
    several = pasur(*base, "--set", "sum-sets=several").json()
    assert as_sets(several["captures"]) == [["2D", "2H"], ["2D", "2H", "4S"], ["4S"]]
    both = pasur(*base, "--set", "sum-sets=several", "--set", "capture=optional").json()
    assert len(both["captures"]) == 3
    assert both["can_lay"] is True
    all_queens = pasur(
        "captures", "--table", "QC QD 5H", "--play", "QS", "--set", "face-capture=all", "--json"
    ).json()
    assert all_queens["captures"] == [["QC", "QD"]]


def test_text_output_says_when_the_card_may_also_be_laid(pasur) -> None:
    result = pasur(
        "captures", "--table", WIKIPEDIA_TABLE, "--play", "7D", "--set", "capture=optional"
    )
    assert "or 7D may be laid" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--rules", "casino"], ["unknown preset 'casino'", "standard, pagat"]),
        (["--set", "colour=red"], ["unknown setting 'colour'", "sum-sets"]),
        (["--set", "sum-sets=many"], ["sum-sets='many' is not valid", "one, several"]),
        (["--set", "sum-sets"], ["NAME=VALUE"]),
    ],
)
def test_bad_rules_exit_2_with_one_line(pasur, args: list[str], fragments: list[str]) -> None:
    result = pasur("captures", "--table", WIKIPEDIA_TABLE, "--play", "7D", *args)
    result.assert_one_line_error("captures", *fragments)
