"""Every shipped puzzle is re-verified by the independent checker (tests/bots/puzzle_check.py)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from puzzle_check import check_puzzle

from pasur.bots.puzzles import THEMES

SETS = ("standard.json", "sur-final-deal.json")
"""The puzzle sets in the package (``pasur.bots.puzzles/sets``)."""


def _load(name: str) -> dict[str, Any]:
    text = resources.files("pasur.bots.puzzles").joinpath("sets", name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


SHIPPED = [(name, puzzle) for name in SETS for puzzle in _load(name)["puzzles"]]


@pytest.mark.parametrize(
    ("name", "puzzle"), SHIPPED, ids=[f"{name}:{p['id']}" for name, p in SHIPPED]
)
def test_every_shipped_puzzle_checks(name: str, puzzle: dict[str, Any]) -> None:
    check_puzzle(puzzle)


def test_the_sets_are_what_their_command_says() -> None:
    for name in SETS:
        data = _load(name)
        assert data["format"] == "pasur-puzzles"
        assert data["command"].startswith("pasur puzzles generate --count ")
        assert len(data["puzzles"]) == int(data["command"].split()[4])
        assert len({p["id"] for p in data["puzzles"]}) == len(data["puzzles"])


def test_the_shipped_sets_cover_every_theme() -> None:
    covered = {theme for _, puzzle in SHIPPED for theme in puzzle["themes"]}
    assert covered == set(THEMES)
