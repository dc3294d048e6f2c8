"""``pasur verify``: check that every round of a game record was dealt as committed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pasur.cli.common import JsonOption, UsageError, print_json, read_text
from pasur.rules import records
from pasur.rules.fairness import verify_record

EXIT_NOT_VERIFIED = 1


def verify(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) from an online table.")],
    json: JsonOption = False,
) -> None:
    """Check a record's deck orders against the commitments published when each round was dealt.

    Exits 0 when every round matches, 1 when one does not, 2 when the record cannot be read.
    """
    data = records.loads(read_text(file))
    if not isinstance(data.get("commitments"), list):
        raise UsageError(
            "this record has no commitments: only games dealt by an online table can be verified"
        )
    records.replay(data)
    problems = verify_record(data)
    rounds = len(data.get("rounds", []))
    if json:
        print_json({"verified": not problems, "rounds": rounds, "problems": problems})
    else:
        console = Console()
        for problem in problems:
            console.print(f"[red]✗[/red] {problem}")
        if not problems:
            console.print(
                f"[green]✓[/green] all {rounds} round(s) were dealt exactly as committed, "
                "and every play is legal"
            )
    if problems:
        raise typer.Exit(EXIT_NOT_VERIFIED)
