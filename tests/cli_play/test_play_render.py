"""Golden output of the terminal game's renderables, drawn at a fixed width without colour."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from pasur.cli.render import MoveList, ScoreSheet, TableView, points_taken
from pasur.rules import RU_BAAZ, STANDARD, GameState, legal_moves, new_game, play, view
from pasur.rules.cards import mask_of, parse_cards


def render(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=100)
    console.print(renderable)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in output.splitlines()).rstrip("\n")


def dealt(hand: str, other: str, table: str, rules: object = STANDARD) -> GameState:
    """A 2-player round in which seat 1 holds ``hand`` and plays first."""
    first = parse_cards(f"{hand} {other} {table}")
    deck = [*first, *(c for c in range(52) if c not in first)]
    return new_game(rules, players=2, deck=deck, dealer=1)  # type: ignore[arg-type]


STATE = dealt("7D KH 3C 5S", "8C 9C QD KD", "2D 2H 4S 6H")


def test_table_view_golden() -> None:
    assert render(TableView(view(STATE, 0), ["You", "casual"])) == "\n".join(
        [
            "Round 1 · deal 1 of 6 · 40 cards in the pack · seat 2 deals",
            "",
            " Seat   Player   In hand   Taken   Clubs   Surs   Points so far   Game",
            " ─────────────────────────────────────────────────────────────────────",
            "    1   You ◀          4       0       0      0               0      0",
            "    2   casual         4       0       0      0               0      0",
            "",
            "Table: 2D 2H 4S 6H",
            "Your hand: 3C 5S 7D KH",
        ]
    )


def test_table_view_shows_every_open_card_under_ru_baaz() -> None:
    state = dealt("7D KH 3C 5S", "8C 9C QD KD", "2D 2H 4S 6H", RU_BAAZ)
    assert render(TableView(view(state, 0), ["You", "casual"])).splitlines()[2:6] == [
        " Seat   Player   Open   In hand   Taken   Clubs   Surs   Points so far   Game",
        " ────────────────────────────────────────────────────────────────────────────",
        "    1   You ◀      7D         4       0       0      0               0      0",
        "    2   casual     8C         4       0       0      0               0      0",
    ]


def test_move_list_golden_lists_every_capture_choice() -> None:
    assert render(MoveList(legal_moves(STATE))) == "\n".join(
        [
            "  1. 3C takes 2D 2H 4S   3C+2D+2H+4S",
            "  2. 3C takes 2D 6H   3C+2D+6H",
            "  3. 3C takes 2H 6H   3C+2H+6H",
            "  4. 5S takes 2D 4S   5S+2D+4S",
            "  5. 5S takes 2H 4S   5S+2H+4S",
            "  6. 5S takes 6H   5S+6H",
            "  7. 7D takes 2D 2H   7D+2D+2H",
            "  8. 7D takes 4S   7D+4S",
            "  9. KH is laid",
        ]
    )


def test_score_sheet_golden_with_the_breakdown() -> None:
    state = STATE
    while state.turn >= 0:
        state = play(state, legal_moves(state)[0])
    assert state.result is not None
    sheet = ScoreSheet(state.result, ["You", "2 casual"], state.round_no, "seat 2 (casual)")
    assert render(sheet) == "\n".join(
        [
            "Left on the table: JS, taken by seat 2 (casual).",
            "          Round 1 score",
            "",
            "                 You   2 casual",
            " ───────────────────────────────",
            "  Clubs taken      3         10",
            "  Most clubs       0          7",
            "  10♦              0          3",
            "  2♣               0          2",
            "  Aces             0          4",
            "  Jacks            2          2",
            "  Surs             0          0",
            "",
            "  Round points     2         18",
            "  Game total       2         18",
        ]
    )


def test_the_view_of_a_seat_shows_piles_counts_and_the_turn() -> None:
    state = play(STATE, legal_moves(STATE)[6])  # 7D takes 2D 2H
    text = render(TableView(view(state, 0), ["You", "casual"]))
    rows = [line.split() for line in text.splitlines()]
    assert ["1", "You", "3", "3", "0", "0", "0", "0"] in rows
    assert ["2", "casual", "◀", "4", "0", "0", "0", "0", "0"] in rows
    assert "Table: 4S 6H" in text
    assert "Your hand: 3C 5S KH" in text


def test_points_so_far_count_cards_and_surs_but_not_clubs() -> None:
    pile = mask_of(parse_cards("10D 2C AS JH 5C"))
    assert points_taken(pile, surs=1, sur_points=5) == 3 + 2 + 1 + 1 + 5
    assert points_taken(0, surs=0, sur_points=5) == 0
