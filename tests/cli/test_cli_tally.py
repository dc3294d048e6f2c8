"""``pasur tally``: scoring one round from the counts a real table makes."""

from __future__ import annotations

import pytest

# The issue's example: three players; 5, 5 and 3 clubs; player 1 took the 10♦, player 3 the 2♣;
# player 1 made a Sur; player 2 is on 52 before the round (past the Sur cutoff, but no Sur anyway).
ISSUE_EXAMPLE = [
    "--clubs", "5,5,3",
    "--aces", "1,2,1",
    "--jacks", "2,1,1",
    "--ten-of-diamonds", "1",
    "--two-of-clubs", "3",
    "--surs", "1,0,0",
    "--totals", "10,52,30",
]  # fmt: skip

BREAKDOWN_KEYS = {
    "player",
    "clubs",
    "clubs_points",
    "ten_of_diamonds",
    "two_of_clubs",
    "aces",
    "jacks",
    "surs",
    "sur_points",
    "points",
}


def counts(
    clubs: str, aces: str, jacks: str, ten_of_diamonds: str, two_of_clubs: str, surs: str
) -> list[str]:
    """The options of one tally, in the order people type them."""
    return [
        *("--clubs", clubs, "--aces", aces, "--jacks", jacks),
        *("--ten-of-diamonds", ten_of_diamonds, "--two-of-clubs", two_of_clubs, "--surs", surs),
    ]


def two_players(*extra: str, **changes: str) -> list[str]:
    """A consistent two-player tally with some counts changed and some options added."""
    options = {
        "clubs": "7,6",
        "aces": "2,2",
        "jacks": "2,2",
        "ten_of_diamonds": "1",
        "two_of_clubs": "2",
        "surs": "0,0",
    }
    return [*counts(**(options | changes)), *extra]


def test_the_issue_example(pasur) -> None:
    data = pasur("tally", *ISSUE_EXAMPLE, "--json").json()
    assert data["points"] == [11, 3, 11]
    assert data["totals"] == [21, 55, 41]
    assert data["clubs_winner"] == 3  # two tied for most: the third player scores the 7
    assert data["base_points"] == 20
    assert data["sur_points"] == 5


def test_the_breakdown_adds_up(pasur) -> None:
    data = pasur("tally", *ISSUE_EXAMPLE, "--json").json()
    lines = data["breakdown"]
    assert [line["player"] for line in lines] == [1, 2, 3]
    for line in lines:
        assert set(line) == BREAKDOWN_KEYS
        parts = ("clubs_points", "ten_of_diamonds", "two_of_clubs", "aces", "jacks", "sur_points")
        assert sum(line[part] for part in parts) == line["points"]
    assert [line["points"] for line in lines] == data["points"]
    assert [line["clubs"] for line in lines] == [5, 5, 3]
    assert [line["clubs_points"] for line in lines] == [0, 0, 7]
    assert [line["ten_of_diamonds"] for line in lines] == [3, 0, 0]
    assert [line["two_of_clubs"] for line in lines] == [0, 0, 2]
    assert [line["surs"] for line in lines] == [1, 0, 0]
    assert sum(line["sur_points"] for line in lines) == data["sur_points"]


def test_text_output_is_a_score_sheet(pasur) -> None:
    result = pasur("tally", *ISSUE_EXAMPLE)
    assert result.code == 0, result.stderr
    for label in ("Player 1", "Player 3", "Most clubs", "Round points", "Game total"):
        assert label in result.stdout
    assert "55" in result.stdout


def test_the_sur_cutoff_uses_the_totals_before_the_round(pasur) -> None:
    sur_for_player_2 = [*ISSUE_EXAMPLE[:-4], "--surs", "0,1,0"]
    on_52 = pasur("tally", *sur_for_player_2, "--totals", "10,52,30", "--json").json()
    assert on_52["points"][1] == 3
    assert on_52["breakdown"][1]["surs"] == 0
    on_49 = pasur("tally", *sur_for_player_2, "--totals", "10,49,30", "--json").json()
    assert on_49["points"][1] == 8
    no_cutoff = pasur(
        "tally", *sur_for_player_2, "--totals", "10,52,30", "--set", "sur-cutoff=none", "--json"
    ).json()
    assert no_cutoff["points"][1] == 8
    without_totals = pasur("tally", *sur_for_player_2, "--json").json()
    assert without_totals["points"][1] == 8
    assert without_totals["totals"] == without_totals["points"]


def test_clubs_tie_rules(pasur) -> None:
    nobody = pasur("tally", *ISSUE_EXAMPLE, "--set", "clubs-tie3=nobody", "--json").json()
    assert nobody["points"] == [11, 3, 4]
    assert nobody["clubs_winner"] is None
    assert nobody["base_points"] == 13
    four = counts("4,4,3,2", "1,1,1,1", "1,1,1,1", "1", "3", "0,0,0,0")
    four_tied = pasur("tally", *four, "--json").json()
    assert four_tied["clubs_winner"] is None
    assert four_tied["points"] == [5, 2, 4, 2]
    assert four_tied["base_points"] == 13


def test_clubs_settings(pasur) -> None:
    pagat = pasur("tally", *ISSUE_EXAMPLE, "--rules", "pagat", "--json").json()
    assert pagat["clubs_winner"] is None  # seven-or-more: nobody has 7 clubs
    assert pagat["points"] == [11, 3, 4]
    per_club = pasur("tally", *ISSUE_EXAMPLE, "--set", "clubs-award=per-club", "--json").json()
    assert per_club["points"] == [11, 3, 7]  # the third player's 3 clubs, one point each
    thirteen = pasur("tally", *ISSUE_EXAMPLE, "--set", "clubs-points=13", "--json").json()
    assert thirteen["points"] == [11, 3, 17]
    assert thirteen["base_points"] == 26
    capped = pasur("tally", *two_players(clubs="9,4"), "--set", "clubs-award=per-club", "--json")
    assert capped.json()["breakdown"][0]["clubs_points"] == 7


def test_sur_settings(pasur) -> None:
    ten = pasur("tally", *ISSUE_EXAMPLE, "--set", "sur-points=10", "--json").json()
    assert ten["points"] == [16, 3, 11]
    surs = [*ISSUE_EXAMPLE[:-4], "--surs", "2,1,0"]
    net = pasur("tally", *surs, "--set", "sur-cancel=net", "--json").json()
    assert [line["surs"] for line in net["breakdown"]] == [1, 0, 0]
    # A player past the cutoff neither scores nor cancels Surs.
    net_cut = pasur(
        "tally", *surs, "--set", "sur-cancel=net", "--totals", "0,55,0", "--json"
    ).json()
    assert [line["surs"] for line in net_cut["breakdown"]] == [2, 0, 0]


def test_partnerships_take_two_teams(pasur) -> None:
    teams = counts("8,5", "2,2", "1,3", "2", "1", "1,0")
    data = pasur("tally", *teams, "--set", "partnerships=on", "--json").json()
    assert data["points"] == [17, 8]
    text = pasur("tally", *teams, "--set", "partnerships=on")
    assert "Team 1" in text.stdout
    assert "Player 1" not in text.stdout
    four = counts("4,3,3,3", "1,1,1,1", "1,1,1,1", "1", "2", "0,0,0,0")
    pasur("tally", *four, "--set", "partnerships=on").assert_one_line_error(
        "tally", "--clubs", "2 teams"
    )


# Every inconsistent count the issue names: each exits 2 with one line and no traceback.
BAD_COUNTS = {
    "clubs add up to 12": (two_players(clubs="6,6"), ["--clubs", "add up to 12"]),
    "clubs add up to 14": (two_players(clubs="8,6"), ["--clubs", "add up to 14"]),
    "three players, clubs 12": (
        counts("5,4,3", "1,2,1", "2,1,1", "1", "3", "0,0,0"),
        ["--clubs", "add up to 12"],
    ),
    "aces add up to 3": (two_players(aces="2,1"), ["--aces", "add up to 3"]),
    "aces add up to 5": (two_players(aces="5,0"), ["--aces"]),
    "jacks add up to 5": (two_players(jacks="2,3"), ["--jacks", "add up to 5"]),
    "jacks add up to 0": (two_players(jacks="0,0"), ["--jacks", "add up to 0"]),
    "2♣ with a player who has no club": (
        two_players(clubs="13,0"),
        ["--two-of-clubs", "player 2", "no clubs"],
    ),
    "10♦ player out of range": (two_players(ten_of_diamonds="3"), ["--ten-of-diamonds", "1 to 2"]),
    "2♣ player 0": (two_players(two_of_clubs="0"), ["--two-of-clubs", "player 0"]),
    "10♦ player negative": (two_players(ten_of_diamonds="-1"), ["--ten-of-diamonds"]),
    "aces list too long": (two_players(aces="2,2,0"), ["--aces", "3 numbers", "2 players"]),
    "jacks list too short": (two_players(jacks="4"), ["--jacks", "1 numbers"]),
    "surs list too short": (two_players(surs="0"), ["--surs"]),
    "totals of the wrong length": (two_players("--totals", "1,2,3"), ["--totals"]),
    "one player": (
        counts("13", "4", "4", "1", "1", "0"),
        ["--clubs", "2, 3 or 4 players"],
    ),
    "five players": (
        counts("3,3,3,2,2", "1,1,1,1,0", "1,1,1,1,0", "1", "1", "0,0,0,0,0"),
        ["--clubs", "not 5"],
    ),
    "a word for clubs": (two_players(clubs="7,six"), ["--clubs", "'six' is not a whole number"]),
    "an empty item": (two_players(clubs="7,6,"), ["--clubs", "not a whole number"]),
    "a fraction in totals": (two_players("--totals", "1.5,2"), ["--totals", "'1.5'"]),
    "a superscript digit": (two_players(clubs="²,11"), ["--clubs", "not a whole number"]),
    "two minus signs": (two_players(clubs="--1,14"), ["--clubs", "not a whole number"]),
    "a word for the 10♦ player": (two_players(ten_of_diamonds="x"), ["--ten-of-diamonds", "'x'"]),
    "a fraction for the 2♣ player": (two_players(two_of_clubs="1.0"), ["--two-of-clubs"]),
    "negative clubs": (two_players(clubs="14,-1"), ["--clubs", "-1 is negative"]),
    "negative surs": (two_players(surs="0,-1"), ["--surs", "-1 is negative"]),
    "negative totals": (two_players("--totals", "3,-4"), ["--totals", "-4 is negative"]),
    "impossibly many surs": (two_players(surs="49,0"), ["--surs", "49 Surs"]),
    # Python reads at most 4,300 digits into an int; a longer number is bad input, not a crash.
    "a 5,000-digit Sur count": (two_players(surs="9" * 5000 + ",0"), ["--surs", "5000 digits"]),
    "a 5,000-digit total": (two_players("--totals", "1," + "9" * 5000), ["--totals", "digits"]),
    "a 5,000-digit 10♦ player": (
        two_players(ten_of_diamonds="1" * 5000),
        ["--ten-of-diamonds", "5000 digits"],
    ),
    "unknown setting": (two_players("--set", "foo=1"), ["unknown setting 'foo'"]),
    "bad setting value": (two_players("--set", "target=lots"), ["target='lots'"]),
    "unknown preset": (two_players("--rules", "nope"), ["unknown preset 'nope'"]),
}


@pytest.mark.parametrize(("args", "fragments"), BAD_COUNTS.values(), ids=BAD_COUNTS.keys())
def test_inconsistent_counts_exit_2_with_one_line(
    pasur, args: list[str], fragments: list[str]
) -> None:
    # "--opt=value" keeps values such as "--1" from being read as options.
    joined = [f"{a}={b}" for a, b in zip(args[::2], args[1::2], strict=True)]
    for extra in ([], ["--json"]):
        pasur("tally", *joined, *extra).assert_one_line_error("tally", *fragments)


def test_a_missing_option_is_a_usage_error(pasur) -> None:
    # Typer reports missing options itself (a short usage box, not our one-line format).
    result = pasur("tally", "--clubs", "7,6")
    assert result.code == 2
    assert "Traceback" not in result.stderr
    assert "--aces" in result.stderr


def test_a_side_at_the_cutoff_still_nets_surs_away_under_sur_cutoff_cancels(pasur) -> None:
    net = ("--totals", "55,0", "--set", "sur-cancel=net", "--json")
    data = pasur("tally", *two_players(*net, surs="1,1")).json()
    cancelling = pasur("tally", *two_players(*net, "--set", "sur-cutoff-cancels=on", surs="1,1"))
    assert data["sur_points"] == 5  # the side at 55 neither scores nor cancels: B keeps its Sur
    assert cancelling.json()["sur_points"] == 0  # its Sur still cancels B's
