"""``pasur puzzles generate``: a puzzle set from bots' games, each puzzle proven by exact search.

The work is :mod:`pasur.bots.puzzles`'s; this turns the options into rules and bots, refuses what
it cannot do in one line, and writes the set (to ``--out`` or stdout) with the command that
makes it again.
"""

from __future__ import annotations

import shlex
import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pasur.bots import make_bot, parse_bot_names
from pasur.bots.puzzles import PuzzleRulesError, check_rules, dumps, generate, puzzle_set
from pasur.cli.common import RulesOption, SetOption, UsageError, rules_from

puzzles = typer.Typer(
    name="puzzles",
    help="Pasur puzzles: last-deal positions where one play is clearly best.",
    no_args_is_help=True,
)

DEFAULT_BOTS = "intermediate,casual"
"""The levels whose games the puzzles come from: a searching bot and a greedy one, so that the
positions hold good play and mistakes; the expert finds the same kind ~30 times slower."""


@puzzles.command(name="generate")
def generate_command(
    count: Annotated[int, typer.Option("--count", help="How many puzzles to make.")] = 30,
    seed: Annotated[int, typer.Option("--seed", help="Seed for the deals and the bots.")] = 1,
    players: Annotated[int, typer.Option("--players", help="Seats: puzzles need 2.")] = 2,
    bots: Annotated[
        str, typer.Option("--bots", help="The two bot levels whose games are searched.")
    ] = DEFAULT_BOTS,
    rules: RulesOption = "standard",
    settings: SetOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the set here, not to stdout.")
    ] = None,
) -> None:
    """Play bot games and write the positions where one play is clearly best, as JSON."""
    chosen = rules_from(rules, settings)
    if players != 2:
        raise UsageError(f"--players: puzzles are made for 2 players only, not {players}")
    if not 1 <= count <= 10_000:
        raise UsageError(f"--count: make 1 to 10000 puzzles, not {count}")
    try:
        check_rules(chosen)
    except PuzzleRulesError as error:
        raise UsageError(str(error)) from None
    names = parse_bot_names(bots)
    if len(names) != 2:
        raise UsageError(f"--bots: name two levels, one per seat, not {len(names)}")
    command = ["pasur", "puzzles", "generate", "--count", str(count), "--seed", str(seed)]
    command += ["--bots", ",".join(names), "--rules", rules]
    for setting in settings or []:
        command += ["--set", setting]
    start = time.perf_counter()
    found = generate(chosen, [make_bot(name) for name in names], count, seed)
    seconds = time.perf_counter() - start
    text = dumps(puzzle_set(found, seed, shlex.join(command)))
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"--out: cannot write {out}: {error.strerror or error}") from None
    themes = Counter(puzzle["theme"] for puzzle in found)
    console = Console()
    console.print(
        f"{len(found)} puzzles in {seconds:.1f} s ({60 * len(found) / seconds:.0f} a minute)"
        f" written to {out}",
        soft_wrap=True,
    )
    console.print(", ".join(f"{theme} {n}" for theme, n in themes.most_common()))
