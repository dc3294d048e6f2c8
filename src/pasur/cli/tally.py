"""``pasur tally``: score one round from the counts a real table makes."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pasur.cli.common import (
    JsonOption,
    RulesOption,
    SetOption,
    UsageError,
    parse_numbers,
    print_json,
    rules_from,
    whole_number,
)
from pasur.rules import CountError, RoundCounts, RoundScore, score_round


def _player(option: str, text: str, players: int) -> int:
    item = text.strip()
    if not item.removeprefix("-").isdecimal():
        raise UsageError(
            f"{option}: {item!r} is not a player number; give a number from 1 to {players}"
        )
    value = whole_number(option, item)
    if not 1 <= value <= players:
        raise UsageError(
            f"{option}: player {value} does not exist; give a number from 1 to {players}"
        )
    return value - 1


def tally(
    clubs: Annotated[str, typer.Option("--clubs", help="Clubs per player, as 5,5,3.")],
    aces: Annotated[str, typer.Option("--aces", help="Aces per player.")],
    jacks: Annotated[str, typer.Option("--jacks", help="Jacks per player.")],
    ten_of_diamonds: Annotated[
        str,
        typer.Option(
            "--ten-of-diamonds", help="The player (from 1) who took the 10♦.", metavar="PLAYER"
        ),
    ],
    two_of_clubs: Annotated[
        str,
        typer.Option(
            "--two-of-clubs", help="The player (from 1) who took the 2♣.", metavar="PLAYER"
        ),
    ],
    surs: Annotated[str, typer.Option("--surs", help="Surs per player.")],
    totals: Annotated[
        str | None,
        typer.Option("--totals", help="Game totals before this round, for the Sur cutoff."),
    ] = None,
    rules: RulesOption = "standard",
    settings: SetOption = None,
    json: JsonOption = False,
) -> None:
    """Score one round from the counts (players numbered from 1; teams in partnerships)."""
    chosen = rules_from(rules, settings)
    lists = {
        "--clubs": parse_numbers("--clubs", clubs),
        "--aces": parse_numbers("--aces", aces),
        "--jacks": parse_numbers("--jacks", jacks),
        "--surs": parse_numbers("--surs", surs),
    }
    if totals is not None:
        lists["--totals"] = parse_numbers("--totals", totals)
    players = len(lists["--clubs"])
    for option, numbers in lists.items():
        if len(numbers) != players:
            raise UsageError(
                f"{option}: {len(numbers)} numbers given, but --clubs gives {players} players"
            )
    if chosen.partnerships and players != 2:
        raise UsageError(f"--clubs: with partnerships give 2 teams, not {players}")
    counts = RoundCounts(
        clubs=lists["--clubs"],
        aces=lists["--aces"],
        jacks=lists["--jacks"],
        ten_of_diamonds=_player("--ten-of-diamonds", ten_of_diamonds, players),
        two_of_clubs=_player("--two-of-clubs", two_of_clubs, players),
        surs=lists["--surs"],
    )
    try:
        counts.validate()
    except CountError as error:
        raise UsageError(f"--{error.field.replace('_', '-')}: {error.reason}") from None
    before = lists.get("--totals", (0,) * players)
    score = score_round(chosen, counts, before)
    after = [total + points for total, points in zip(before, score.points, strict=True)]
    if json:
        print_json(
            {
                "points": list(score.points),
                "totals": after,
                "clubs_winner": None if score.clubs_winner is None else score.clubs_winner + 1,
                "base_points": score.base_points,
                "sur_points": score.sur_points,
                "breakdown": breakdown(score),
            }
        )
        return
    show_score(score, after, "Team" if chosen.partnerships else "Player")


def breakdown(score: RoundScore) -> list[dict[str, int]]:
    """Each side's points by category, for JSON output."""
    return [
        {
            "player": side + 1,
            "clubs": line.clubs,
            "clubs_points": line.clubs_points,
            "ten_of_diamonds": line.ten_of_diamonds,
            "two_of_clubs": line.two_of_clubs,
            "aces": line.aces,
            "jacks": line.jacks,
            "surs": line.surs,
            "sur_points": line.sur_points,
            "points": line.total,
        }
        for side, line in enumerate(score.lines)
    ]


def show_score(score: RoundScore, totals: list[int], label: str) -> None:
    """Print a round's score sheet: one column per side, one row per category."""
    sheet = Table(title="Round score")
    sheet.add_column("")
    for side in range(len(score.lines)):
        sheet.add_column(f"{label} {side + 1}", justify="right")
    rows = [
        ("Clubs taken", [line.clubs for line in score.lines]),
        ("Most clubs", [line.clubs_points for line in score.lines]),
        ("10♦", [line.ten_of_diamonds for line in score.lines]),
        ("2♣", [line.two_of_clubs for line in score.lines]),
        ("Aces", [line.aces for line in score.lines]),
        ("Jacks", [line.jacks for line in score.lines]),
        ("Surs", [line.sur_points for line in score.lines]),
        ("Round points", list(score.points)),
        ("Game total", totals),
    ]
    for name, values in rows:
        sheet.add_row(name, *(str(v) for v in values))
    Console().print(sheet)
