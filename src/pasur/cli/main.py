"""The ``pasur`` command: Typer wiring, and the one place that turns errors into messages."""

from __future__ import annotations

import sys

import typer

from pasur.bots.registry import UnknownBotError
from pasur.cli.arena import arena
from pasur.cli.captures import captures
from pasur.cli.common import UsageError
from pasur.cli.connect import connect
from pasur.cli.db import db
from pasur.cli.play import play
from pasur.cli.puzzles import puzzles
from pasur.cli.replay import replay
from pasur.cli.selfplay import selfplay
from pasur.cli.serve import serve
from pasur.cli.tally import tally
from pasur.cli.verify import verify
from pasur.rules import PasurError

app = typer.Typer(
    name="pasur",
    help="Pasur, the Persian fishing card game: play, practise against bots, keep score.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(captures)
app.command()(tally)
app.command()(selfplay)
app.command()(replay)
app.command()(verify)
app.command()(arena)
app.command()(play)
app.command()(serve)
app.command()(connect)
app.add_typer(db)
app.add_typer(puzzles)

EXIT_BAD_INPUT = 2


def run() -> None:
    """Entry point of the ``pasur`` script: bad input exits 2 with one line, never a traceback.

    Typer reports its own usage errors (a missing option, a wrong type) and exits 2; errors the
    commands find in what they were given arrive here.
    """
    try:
        app()
    except (UsageError, PasurError, UnknownBotError) as error:
        _fail(str(error))
    except KeyboardInterrupt:
        sys.stderr.write("pasur: interrupted\n")
        sys.exit(130)


def _fail(message: str) -> None:
    command = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else ""
    sys.stderr.write(f"pasur{' ' + command if command else ''}: {message}\n")
    sys.exit(EXIT_BAD_INPUT)
