"""Rich renderables for the terminal game: one seat's view of the table, and a round's score sheet.

Each class wraps a value from :mod:`pasur.rules` and says what it looks like through
``__rich_console__``; nothing here reads input or changes a game. Seats are numbered from 1 on
screen, as people count them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from pasur.rules import Move, RoundResult, SeatView, format_cards
from pasur.rules.cards import ACES, CLUB_CARDS, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS, iter_cards
from pasur.rules.scoring import TEN_OF_DIAMONDS_POINTS, TWO_OF_CLUBS_POINTS

_RED_SUITS = (1, 2)
"""Diamonds and hearts, in the card order clubs, diamonds, hearts, spades."""


def cards_text(mask: int, *, empty: str = "(none)") -> Text:
    """A card set as text people read (``AC 7D KH``), red suits in red."""
    text = Text()
    for card in iter_cards(mask):
        if text:
            text.append(" ")
        text.append(str(card), style="red" if card.suit in _RED_SUITS else "bold")
    return text if text else Text(empty, style="dim")


def points_taken(pile: int, surs: int, sur_points: int) -> int:
    """Points a capture pile holds so far: 10♦, 2♣, aces, jacks, Surs (clubs count at the end)."""
    return (
        (TEN_OF_DIAMONDS_POINTS if pile & TEN_OF_DIAMONDS else 0)
        + (TWO_OF_CLUBS_POINTS if pile & TWO_OF_CLUBS else 0)
        + (pile & ACES).bit_count()
        + (pile & JACKS).bit_count()
        + surs * sur_points
    )


class TableView:
    """What one seat sees: the round, the table, each seat's cards and captures, and its hand.

    Args:
        seat_view: the seat's view.
        names: a name for every seat (``"You"``, ``"casual"``…), indexed by seat.
    """

    def __init__(self, seat_view: SeatView, names: Sequence[str]) -> None:
        self.view = seat_view
        self.names = tuple(names)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        v = self.view
        deal = v.deals - v.deals_left
        yield Text(
            f"Round {v.round_no + 1} · deal {deal} of {v.deals} · "
            f"{v.pack_size} cards in the pack · seat {v.dealer + 1} deals",
            style="bold",
        )
        yield self._players()
        yield Text.assemble(("Table: ", "bold"), cards_text(v.table, empty="(empty)"))
        if v.seat >= 0:
            yield Text.assemble(("Your hand: ", "bold"), cards_text(v.hand, empty="(empty)"))

    def _players(self) -> Table:
        v = self.view
        partnerships = v.rules.partnerships
        grid = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        grid.add_column("Seat", justify="right")
        grid.add_column("Player")
        if partnerships:
            grid.add_column("Team", justify="right")
        if v.open_cards:
            grid.add_column("Open", justify="right")
        for heading in ("In hand", "Taken", "Clubs", "Surs", "Points so far", "Game"):
            grid.add_column(heading, justify="right")
        sizes = v.hand_sizes
        for seat in range(v.players):
            pile = v.piles[seat]
            marker = " ◀" if seat == v.turn else ""
            row = [str(seat + 1), self.names[seat] + marker]
            if partnerships:
                row.append(str(v.side_of(seat) + 1))
            if v.open_cards:
                row.append(format_cards(v.open_cards[seat]) or "-")
            row += [
                str(sizes[seat]),
                str(pile.bit_count()),
                str((pile & CLUB_CARDS).bit_count()),
                str(v.surs[seat]),
                str(points_taken(pile, v.surs[seat], v.rules.sur_points)),
                str(v.totals[v.side_of(seat)]),
            ]
            grid.add_row(*row)
        return grid


class MoveList:
    """The legal moves, numbered from 1, each capture choice on its own line."""

    def __init__(self, moves: Sequence[Move], numbers: Sequence[int] | None = None) -> None:
        self.moves = tuple(moves)
        self.numbers = tuple(numbers) if numbers is not None else tuple(range(1, len(moves) + 1))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = len(str(max(self.numbers, default=1)))
        for number, move in zip(self.numbers, self.moves, strict=True):
            yield Text.assemble(
                f"  {number:>{width}}. ",
                describe(move),
                (f"   {move}" if move.is_capture else "", "dim"),
            )


def describe(move: Move) -> Text:
    """``7D takes 2D 2H`` or ``7D is laid``, cards coloured."""
    played = cards_text(1 << move.card)
    if not move.is_capture:
        return Text.assemble(played, " is laid")
    return Text.assemble(played, " takes ", cards_text(move.taken))


class ScoreSheet:
    """A round's score sheet: one column per side, one row per kind of point.

    Args:
        result: the round's result.
        labels: a name for each side (each seat, or each team in partnerships).
        round_no: the round's number from 0.
        taker: who took the cards left on the table at the end, in words.
    """

    def __init__(
        self, result: RoundResult, labels: Sequence[str], round_no: int, taker: str = ""
    ) -> None:
        self.result = result
        self.labels = tuple(labels)
        self.round_no = round_no
        self.taker = taker

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.result.score.lines
        sheet = Table(title=f"Round {self.round_no + 1} score", box=box.SIMPLE_HEAD)
        sheet.add_column("")
        for label in self.labels:
            sheet.add_column(label, justify="right")
        rows = [
            ("Clubs taken", [line.clubs for line in lines]),
            ("Most clubs", [line.clubs_points for line in lines]),
            ("10♦", [line.ten_of_diamonds for line in lines]),
            ("2♣", [line.two_of_clubs for line in lines]),
            ("Aces", [line.aces for line in lines]),
            ("Jacks", [line.jacks for line in lines]),
            ("Surs", [line.sur_points for line in lines]),
        ]
        for name, values in rows:
            sheet.add_row(name, *(str(value) for value in values))
        sheet.add_section()
        sheet.add_row("Round points", *(str(p) for p in self.result.points), style="bold")
        sheet.add_row("Game total", *(str(t) for t in self.result.totals), style="bold")
        parts: list[Text | Table] = []
        if self.result.leftover:
            parts.append(
                Text.assemble(
                    "Left on the table: ",
                    cards_text(self.result.leftover),
                    f", taken by {self.taker or f'seat {self.result.leftover_to + 1}'}.",
                )
            )
        parts.append(sheet)
        yield Group(*parts)
