"""What every command shares: reading the rules options, reporting bad input, printing JSON.

Bad input never produces a traceback: commands raise :class:`UsageError` (or let a
:class:`~pasur.rules.PasurError` escape), and :func:`pasur.cli.main.run` prints one line to
stderr and exits with status 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pasur.rules import DeckError, Rules, check_players, make_rules


class UsageError(ValueError):
    """Input the command cannot use; the message is shown to the user as is."""


RulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        help="House-rule preset: standard, pagat, ru-baaz, varagh or pasur11.",
        metavar="PRESET",
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set", help="Change one setting, as NAME=VALUE (repeatable).", metavar="NAME=VALUE"
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


def rules_from(preset: str, settings: list[str] | None) -> Rules:
    """The rules named by ``--rules`` and ``--set``."""
    return make_rules(preset, settings or [])


def check_players_option(players: int, rules: Rules) -> None:
    """``--players`` checked by the rules' one statement of who plays, as a usage error."""
    try:
        check_players(players, partnerships=rules.partnerships)
    except DeckError as error:
        raise UsageError(f"--players: {error}") from None


def parse_numbers(option: str, text: str, *, low: int = 0) -> tuple[int, ...]:
    """Read a comma-separated list of whole numbers given to ``option``."""
    numbers = []
    for part in text.split(","):
        item = part.strip()
        if not item.removeprefix("-").isdecimal():
            raise UsageError(f"{option}: {item!r} is not a whole number (write a list like 5,5,3)")
        number = whole_number(option, item)
        if number < low:
            raise UsageError(f"{option}: {number} is negative; counts are 0 or more")
        numbers.append(number)
    return tuple(numbers)


def whole_number(option: str, digits: str) -> int:
    """``digits`` (already checked to be an optional minus and decimal digits) as an int.

    Python reads at most ``sys.get_int_max_str_digits()`` digits (4,300 by default) into an int
    and raises ``ValueError`` beyond that; no count or player number is anywhere near as long, so
    such a number is bad input, reported as one line like any other.
    """
    length = len(digits.removeprefix("-"))
    if length > sys.get_int_max_str_digits() > 0:
        raise UsageError(f"{option}: a number of {length} digits is far too large")
    return int(digits)


def read_text(path: Path) -> str:
    """The text of a UTF-8 file named on the command line; a one-line error if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise UsageError(f"cannot read {path}: {reason}") from None


def print_json(data: Any) -> None:
    """Print ``data`` as one JSON document on stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
