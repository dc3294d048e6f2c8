"""``pasur captures``: every legal way to play one card onto a given table."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from pasur.cli.common import JsonOption, RulesOption, SetOption, UsageError, print_json, rules_from
from pasur.rules import Card, Move, format_cards, mask_of, moves_for, parse_cards


def captures(
    table: Annotated[str, typer.Option("--table", help='The table cards, as "AC 2D 2H 4S 10C".')],
    play: Annotated[str, typer.Option("--play", help="The card played, as 7D.")],
    rules: RulesOption = "standard",
    settings: SetOption = None,
    last_card: Annotated[
        bool,
        typer.Option(
            "--last-card",
            help="The card is its seat's last of the round's final deal (for last-card-sweep).",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """List every legal way to play a card onto a table: the sets of cards it can take."""
    chosen = rules_from(rules, settings)
    table_mask = mask_of(parse_cards(table))
    card = Card.parse(play)
    if table_mask >> card & 1:
        raise UsageError(f"{card} is on the table already; a card cannot be in two places")
    moves = moves_for(1 << card, table_mask, chosen, last_card=last_card)
    taken = [m for m in moves if m.is_capture]
    can_lay = any(not m.is_capture for m in moves)
    if json:
        print_json(
            {
                "play": str(card),
                "captures": [[str(c) for c in m.taken_cards()] for m in taken],
                "can_lay": can_lay,
            }
        )
        return
    _show(card, table_mask, taken, can_lay)


def _show(card: Card, table: int, taken: list[Move], can_lay: bool) -> None:
    console = Console()
    console.print(f"Table: {format_cards(table) or '(empty)'}   Play: [bold]{card}[/bold]")
    if not taken:
        console.print(f"{card} takes nothing here: it is laid on the table.")
        return
    for number, move in enumerate(taken, start=1):
        console.print(f"  {number}. {move.describe()}")
    if can_lay:
        console.print(f"  or {card} may be laid (capture is optional under these rules).")
    elif len(taken) > 1:
        console.print(f"{card} must capture: choose one of these.")
