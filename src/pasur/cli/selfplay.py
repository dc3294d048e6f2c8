"""``pasur selfplay``: bots play rounds against each other as fast as they can."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pasur.bots import make_bot, parse_bot_names
from pasur.bots import selfplay as run_selfplay
from pasur.cli.common import (
    JsonOption,
    RulesOption,
    SetOption,
    UsageError,
    check_players_option,
    print_json,
    rules_from,
)


def selfplay(
    players: Annotated[int, typer.Option("--players", help="2, 3 or 4 seats.")] = 2,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot level per seat (one name for all seats).")
    ] = "random",
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed for the deals and the bots.")] = 1,
    rules: RulesOption = "standard",
    settings: SetOption = None,
    json: JsonOption = False,
) -> None:
    """Play many rounds between bots and report points, Surs and speed."""
    chosen = rules_from(rules, settings)
    check_players_option(players, chosen)
    if rounds < 1:
        raise UsageError(f"--rounds: play at least one round, not {rounds}")
    names = parse_bot_names(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(
            f"--bots: {len(names)} bots named for {players} seats (name 1 or {players})"
        )
    summary = run_selfplay(chosen, players, [make_bot(name) for name in names], rounds, seed)
    if json:
        print_json(
            {
                "players": players,
                "bots": list(names),
                "rounds": summary.rounds,
                "games": summary.games,
                "points": list(summary.points),
                "surs": list(summary.surs),
                "game_wins": list(summary.game_wins),
                "seconds": round(summary.seconds, 4),
                "rounds_per_second": round(summary.rounds_per_second, 1),
            }
        )
        return
    sides = "Team" if chosen.partnerships else "Seat"
    sheet = Table(title=f"{summary.rounds} rounds, {summary.games} games")
    sheet.add_column(sides)
    sheet.add_column("Bot")
    sheet.add_column("Points", justify="right")
    sheet.add_column("Points/round", justify="right")
    sheet.add_column("Surs", justify="right")
    sheet.add_column("Games won", justify="right")
    for side, points in enumerate(summary.points):
        seats = [s for s in range(players) if (s % 2 if chosen.partnerships else s) == side]
        sheet.add_row(
            str(side + 1),
            ", ".join(names[s] for s in seats),
            str(points),
            f"{points / summary.rounds:.2f}",
            str(sum(summary.surs[s] for s in seats)),
            str(summary.game_wins[side]),
        )
    console = Console()
    console.print(sheet)
    console.print(f"{summary.rounds_per_second:,.0f} rounds a second ({summary.seconds:.2f} s)")
