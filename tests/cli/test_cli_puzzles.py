"""``pasur puzzles generate``: a puzzle set on stdout or in a file, and one-line errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Result

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))
from puzzle_check import check_puzzle

FAST = ("--bots", "casual,beginner", "--seed", "2")


def test_generate_writes_a_set_that_checks(pasur: Callable[..., Result]) -> None:
    data = pasur("puzzles", "generate", "--count", "3", *FAST).json()
    assert data["format"] == "pasur-puzzles"
    assert data["seed"] == 2
    assert data["command"] == (
        "pasur puzzles generate --count 3 --seed 2 --bots casual,beginner --rules standard"
    )
    assert len(data["puzzles"]) == 3
    for puzzle in data["puzzles"]:
        check_puzzle(puzzle)


def test_generate_to_a_file_is_the_same_set(pasur: Callable[..., Result], tmp_path: Path) -> None:
    out = tmp_path / "set.json"
    args = ("puzzles", "generate", "--count", "2", *FAST, "--set", "sur-final-deal=allowed")
    done = pasur(*args, "--out", str(out))
    assert done.code == 0, done.stderr
    assert "2 puzzles in" in done.stdout
    assert json.loads(out.read_text("utf-8")) == pasur(*args).json()


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--players", "3"), ("--players", "2 players only")),
        (("--count", "0"), ("--count",)),
        (("--rules", "ru-baaz"), ("open cards",)),
        (("--set", "claims=on"), ("claims",)),
        (("--rules", "nonsense"), ("unknown preset",)),
        (("--set", "sur-points=x"), ("sur-points",)),
        (("--bots", "casual"), ("--bots", "two levels")),
        (("--bots", "casual,robot"), ("unknown bot",)),
        (("--out", "/nonexistent/dir/set.json", "--count", "1", *FAST), ("--out", "cannot write")),
    ],
)
def test_bad_options_give_one_line(
    pasur: Callable[..., Result], args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    pasur("puzzles", "generate", *args).assert_one_line_error("puzzles", *fragments)
