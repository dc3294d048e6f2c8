"""The installed ``pasur`` script: the issue's exact forms, run as a separate process.

The other CLI tests call the entry point in-process for speed; these show that the real script
behaves the same: same stdout, same one-line errors on stderr, same exit status.
"""

from __future__ import annotations

import json

import pytest

from pasur.cli import main

ISSUE_FORMS = {
    "captures": ["captures", "--table", "AC 2D 2H 4S 10C", "--play", "7D", "--json"],
    "tally": [
        *("tally", "--clubs", "5,5,3", "--aces", "1,2,1", "--jacks", "2,1,1"),
        *("--ten-of-diamonds", "1", "--two-of-clubs", "3", "--surs", "1,0,0"),
        *("--totals", "10,52,30", "--json"),
    ],
}


def test_the_issue_forms_as_a_user_runs_them(pasur_script, pasur) -> None:
    captures = pasur_script(*ISSUE_FORMS["captures"])
    data = captures.json()
    assert data["play"] == "7D"
    assert sorted(sorted(c) for c in data["captures"]) == [["2D", "2H"], ["4S"]]
    assert captures.stdout == pasur(*ISSUE_FORMS["captures"]).stdout
    tally = pasur_script(*ISSUE_FORMS["tally"])
    assert tally.json()["points"] == [11, 3, 11]
    assert tally.stdout == pasur(*ISSUE_FORMS["tally"]).stdout


def test_selfplay_as_a_user_runs_it(pasur_script) -> None:
    args = ["--players", "2", "--bots", "random,random", "--rounds", "20", "--seed", "1"]
    result = pasur_script("selfplay", *args, "--json")
    assert result.json()["rounds"] == 20


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["captures", "--table", "AC 2D", "--play", "7X", "--json"], "captures"),
        (["captures", "--table", "AC 2D 2H 4S 10C", "--play", "4S"], "captures"),
        (
            [
                *("tally", "--clubs", "6,6", "--aces", "2,2", "--jacks", "2,2"),
                *("--ten-of-diamonds", "1", "--two-of-clubs", "2", "--surs", "0,0", "--json"),
            ],
            "tally",
        ),
        (
            [
                *("tally", "--clubs", "7,6", "--aces", "2,2", "--jacks", "2,2"),
                *("--ten-of-diamonds", "x", "--two-of-clubs", "2", "--surs", "0,0"),
            ],
            "tally",
        ),
        (["selfplay", "--players", "5"], "selfplay"),
        (["replay", "/nonexistent/game.json"], "replay"),
    ],
)
def test_errors_as_a_user_sees_them(pasur_script, pasur, args: list[str], command: str) -> None:
    line = pasur_script(*args).assert_one_line_error(command)
    assert pasur(*args).stderr == line + "\n"


def test_help_lists_the_commands(pasur_script) -> None:
    result = pasur_script("--help")
    assert result.code == 0
    for command in ("captures", "tally", "selfplay", "replay"):
        assert command in result.stdout


def test_run_turns_an_interrupt_into_status_130(pasur, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(main, "app", interrupted)
    result = pasur("selfplay")
    assert result.code == 130
    assert result.stderr == "pasur: interrupted\n"


def test_json_output_is_one_line_of_json(pasur) -> None:
    result = pasur(*ISSUE_FORMS["tally"])
    assert result.stdout.endswith("\n")
    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout)["points"] == [11, 3, 11]
    assert "♣" not in result.stdout  # keys are plain words: ten_of_diamonds, two_of_clubs
