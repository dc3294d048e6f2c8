"""Golden files: the legal moves at every turn of a few seeded first rounds, in the engine's order.

Each file under ``tests/rules/golden/`` plays the first round of one seeded game, always taking the
first legal move, and writes one line per turn: the seat to play, its legal moves in order, then
the table and the hand for a reader checking the line by hand (and, under Pasur Ru Baaz, every
seat's open card). The last line is the round's end.
Any change in move content or order, in the deal, or in scoring shows up as a diff.

When a change is intended, regenerate the files and review the diff before committing:

    PASUR_REGEN_GOLDEN=1 pytest tests/rules/test_rules_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pasur.rules import CARDS, format_cards, legal_moves, make_rules, new_game, play

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("PASUR_REGEN_GOLDEN") == "1"

CASES: dict[str, tuple[int, str, dict[str, str], int]] = {
    "two_players_seed_11": (2, "standard", {}, 11),
    "three_players_seed_12": (3, "standard", {}, 12),
    "four_players_seed_13": (4, "standard", {}, 13),
    "partnerships_seed_14": (4, "standard", {"partnerships": "on"}, 14),
    "house_rules_seed_15": (
        2,
        "pagat",
        {"capture": "optional", "sum-sets": "several", "face-capture": "all"},
        15,
    ),
    "ru_baaz_seed_16": (2, "ru-baaz", {}, 16),
    "ru_baaz_seed_17": (2, "ru-baaz", {}, 17),
    "ru_baaz_stack_seed_18": (2, "ru-baaz", {"open-cards": "stack"}, 18),
    "last_card_sweep_seed_22": (2, "standard", {"last-card-sweep": "on"}, 22),
    "last_card_sweep_seed_20": (2, "standard", {"last-card-sweep": "on"}, 20),
    "last_card_sweep_three_players_seed_21": (3, "standard", {"last-card-sweep": "on"}, 21),
}


def transcript(players: int, preset: str, changes: dict[str, str], seed: int) -> str:
    """The golden text of one case."""
    rules = make_rules(preset, changes)
    state = new_game(rules, players=players, seed=seed)
    settings = " ".join(f"{name}={value}" for name, value in changes.items())
    lines = [
        f"# {players} players, rules {preset}{' ' + settings if settings else ''}, seed {seed}, "
        f"dealer seat {state.dealer + 1}; always the first legal move",
        "# deck: " + " ".join(str(CARDS[card]) for card in state.deck),
    ]
    turn = 1
    while state.turn >= 0:
        moves = legal_moves(state)
        lines.append(
            f"turn {turn} seat {state.turn + 1}: {' '.join(map(str, moves))}"
            f" | table {format_cards(state.table) or '-'}"
            f" | hand {format_cards(state.hands[state.turn])}"
            + (
                " | open " + " ".join(format_cards(cards) or "-" for cards in state.open_cards)
                if state.open_cards
                else ""
            )
        )
        state = play(state, moves[0])
        turn += 1
    result = state.result
    assert result is not None
    lines.append(
        f"end: leftover {format_cards(result.leftover) or '-'} to seat {result.leftover_to + 1};"
        f" surs {list(state.surs)}; points {list(result.points)}"
    )
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_legal_moves_match_the_golden_file(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = transcript(*CASES[name])
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with PASUR_REGEN_GOLDEN=1 to write it"
    assert text == path.read_text(encoding="utf-8")


def test_every_golden_file_has_a_case() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(CASES)
