"""``pasur selfplay``: bots play rounds; the summary must be consistent with the scoring rules.

What must hold, round by round: the cards are worth 13 points that always go to someone (10♦ 3,
2♣ 2, four aces, four jacks), plus the clubs award of 7 unless nobody wins it, plus the Sur points
of the Surs that stand. So over R rounds, with S standing Surs worth P each:
13·R + P·S <= total points <= 20·R + P·S, and the difference from 13·R + P·S is a multiple of 7.
With two sides (two players, or two teams) or three players under the standard tie rule the clubs
award is always won, so the total is exactly 20·R + P·S.
"""

from __future__ import annotations

import pytest

SUMMARY_KEYS = {
    "players",
    "bots",
    "rounds",
    "games",
    "points",
    "surs",
    "game_wins",
    "seconds",
    "rounds_per_second",
}
TIMING_KEYS = {"seconds", "rounds_per_second"}


def selfplay_json(pasur, players: int, rounds: int, seed: int, *extra: str) -> dict[str, object]:
    args = ["selfplay", "--players", str(players), "--bots", "random", "--rounds", str(rounds)]
    data: dict[str, object] = pasur(*args, "--seed", str(seed), *extra, "--json").json()
    return data


def test_the_issue_command(pasur) -> None:
    args = ["--players", "2", "--bots", "random,random", "--rounds", "20", "--seed", "1"]
    data = pasur("selfplay", *args, "--json").json()
    assert set(data) == SUMMARY_KEYS
    assert data["players"] == 2
    assert data["bots"] == ["random", "random"]
    assert data["rounds"] == 20
    assert len(data["points"]) == len(data["surs"]) == len(data["game_wins"]) == 2
    assert data["seconds"] > 0
    assert data["rounds_per_second"] > 0


@pytest.mark.parametrize(
    ("players", "extra", "sides", "exact"),
    [
        (2, [], 2, True),
        (3, [], 3, True),
        (3, ["--set", "clubs-tie3=nobody"], 3, False),
        (4, [], 4, False),
        (4, ["--set", "partnerships=on"], 2, True),
        (2, ["--rules", "pagat"], 2, False),  # clubs only for 7 or more
        (3, ["--set", "sur-points=10", "--set", "sur-final-deal=allowed"], 3, True),
        (2, ["--set", "clubs-points=13"], 2, True),
    ],
)
def test_points_are_plausible(
    pasur, players: int, extra: list[str], sides: int, exact: bool
) -> None:
    rounds = 300
    data = selfplay_json(pasur, players, rounds, 5, *extra)
    points, surs, wins = data["points"], data["surs"], data["game_wins"]
    assert isinstance(points, list) and isinstance(surs, list) and isinstance(wins, list)
    assert len(points) == len(wins) == sides
    assert len(surs) == players  # Surs are counted per seat, even in partnerships
    assert all(p >= 0 for p in points)
    assert all(s >= 0 for s in surs)
    sur_value = 10 if "sur-points=10" in extra else 5
    clubs_value = 13 if "clubs-points=13" in extra else 7
    fixed = 13 * rounds + sur_value * sum(surs)
    assert fixed <= sum(points) <= fixed + clubs_value * rounds
    assert (sum(points) - fixed) % clubs_value == 0
    if exact:
        assert sum(points) == fixed + clubs_value * rounds
    assert sum(wins) == data["games"]
    # A game needs several rounds: a round is worth at most 20 + Surs to one side.
    assert 0 < data["games"] < rounds
    assert data["rounds"] == rounds


def test_the_same_seed_gives_the_same_summary(pasur) -> None:
    first = selfplay_json(pasur, 3, 200, 11)
    second = selfplay_json(pasur, 3, 200, 11)
    assert {k: v for k, v in first.items() if k not in TIMING_KEYS} == {
        k: v for k, v in second.items() if k not in TIMING_KEYS
    }
    other = selfplay_json(pasur, 3, 200, 12)
    assert other["points"] != first["points"]


def test_text_output_is_a_summary_table(pasur) -> None:
    result = pasur("selfplay", "--players", "2", "--rounds", "10", "--seed", "3")
    assert result.code == 0, result.stderr
    for label in ("Seat", "Points/round", "Surs", "Games won", "rounds a second"):
        assert label in result.stdout
    teams = pasur(
        "selfplay", "--players", "4", "--rounds", "10", "--set", "partnerships=on", "--seed", "3"
    )
    assert "Team" in teams.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--players", "5"], ["--players", "2, 3 or 4", "not 5"]),
        (["--players", "1"], ["--players"]),
        (["--bots", "wizard"], ["unknown bot 'wizard'", "random"]),
        (["--bots", ","], ["name at least one bot"]),
        (["--bots", "random,random,random"], ["--bots", "3 bots named for 2 seats"]),
        (["--rounds", "0"], ["--rounds", "at least one round"]),
        (["--set", "partnerships=on"], ["partnerships need 4 players"]),
        (["--set", "sur-points=6"], ["sur-points='6' is not valid", "5, 10"]),
        (["--rules", "nope"], ["unknown preset"]),
    ],
)
def test_bad_input_exits_2_with_one_line(pasur, args: list[str], fragments: list[str]) -> None:
    pasur("selfplay", *args, "--json").assert_one_line_error("selfplay", *fragments)


def test_a_non_number_is_refused_without_a_traceback(pasur) -> None:
    # Typer checks whole-number options itself; its message is a short usage box.
    result = pasur("selfplay", "--rounds", "many")
    assert result.code == 2
    assert "Traceback" not in result.stderr
    assert "--rounds" in result.stderr
