"""``pasur replay``: play a game record again and print its score sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pasur.cli.common import JsonOption, print_json, read_text
from pasur.cli.tally import breakdown
from pasur.rules import DRAW, records


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).", show_default=False)],
    json: JsonOption = False,
) -> None:
    """Re-play a game record through the rules, rejecting the first illegal play."""
    data = records.loads(read_text(file))
    state = records.replay(data)
    results = [r.result for r in state.finished]
    if state.result is not None:
        results.append(state.result)
    if json:
        print_json(
            {
                "rounds": [
                    {
                        "points": list(r.points),
                        "totals": list(r.totals),
                        "breakdown": breakdown(r.score),
                    }
                    for r in results
                ],
                "totals": list(state.totals),
                "winner": "draw" if state.winner == DRAW else _side_number(state.winner),
                "complete": state.is_over,
            }
        )
        return
    label = "Team" if state.rules.partnerships else "Player"
    sheet = Table(title=f"Game record: {len(results)} round(s) scored")
    sheet.add_column("Round")
    for side in range(state.sides):
        sheet.add_column(f"{label} {side + 1}", justify="right")
    for number, result in enumerate(results, start=1):
        sheet.add_row(
            str(number),
            *(f"{p:+d} → {t}" for p, t in zip(result.points, result.totals, strict=True)),
        )
    console = Console()
    console.print(sheet)
    if state.winner >= 0:
        console.print(f"{label} {state.winner + 1} wins with {state.totals[state.winner]}.")
    elif state.winner == DRAW:
        console.print(f"The game is drawn at {max(state.totals)}.")
    elif state.result is None:
        console.print(f"The record stops during round {state.round_no + 1}; every play was legal.")
    else:
        console.print("No winner yet: the game goes on.")


def _side_number(side: int) -> int | None:
    """A winning side numbered from 1, or None while the game goes on."""
    return side + 1 if side >= 0 else None
