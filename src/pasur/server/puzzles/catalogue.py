"""The puzzles the server offers: every shipped set, read once from the package's data.

A puzzle is read with everything an answer about it needs that costs no search: its legal plays
in the engine's order (the same strings as the set's ``alternatives``), its solution line with
each play's seat and Sur (replayed through the engine), and its public form, which holds nothing
to cheat with (no solution, no values). The day's puzzle is chosen here too, from the standard
set by a hash of the day, so that it is the same in every process.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from pasur.bots.puzzles import THEMES, decode, rules_of
from pasur.rules import GameState, Move, MoveSyntaxError, legal_moves, play_legal

SETS = ("standard.json", "sur-final-deal.json")
"""The shipped sets served, in order (``src/pasur/bots/puzzles/sets/``)."""

DAILY_SET = "standard.json"
"""The set the day's puzzle is chosen from: the house rules most people play."""

LinePlay = dict[str, Any]
"""One play of a line as answers write it: ``{"seat", "play", "sur"}``."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One shipped puzzle, read and checked."""

    id: str
    order: int
    """Its place among every served puzzle (sets in :data:`SETS` order, then as in the set):
    the tie-break wherever two puzzles are equally fit."""
    set_name: str
    data: dict[str, Any]
    """The puzzle as the set writes it."""
    legal: tuple[Move, ...]
    """Every legal play, in the engine's order."""
    solution: tuple[LinePlay, ...]
    """The solution line, play by play."""

    @property
    def theme(self) -> str:
        theme: str = self.data["theme"]
        return theme

    @property
    def themes(self) -> list[str]:
        return list(self.data["themes"])

    @property
    def difficulty(self) -> int:
        difficulty: int = self.data["difficulty"]
        return difficulty

    @property
    def best(self) -> str:
        best: str = self.data["solution"][0]
        return best

    def state(self) -> GameState:
        """The position as a full state (the other hand holds every unseen card)."""
        return decode(self.data["position"], rules_of(self.data["rules"]))

    def value_of(self, play: str) -> int:
        """A legal play's value, as the set states it."""
        for entry in self.data["alternatives"]:
            if entry["play"] == play:
                value: int = entry["value"]
                return value
        raise KeyError(play)

    def read_play(self, text: str) -> Move | None:
        """The legal play ``text`` names (``10D+AC``, any case or order of the cards taken), or
        None when it names none."""
        try:
            move = Move.parse(text)
        except MoveSyntaxError:
            return None
        return move if move in self.legal else None

    def public(self, rating: int, *, tried: bool) -> dict[str, Any]:
        """What a person is shown before trying it: never the solution or any play's value."""
        return {
            "id": self.id,
            "theme": self.theme,
            "themes": self.themes,
            "difficulty": self.difficulty,
            "rating": rating,
            "rules": self.data["rules"],
            "position": self.data["position"],
            "legal": [str(move) for move in self.legal],
            "tried": tried,
        }


def line_plays(state: GameState, line: Iterable[Move]) -> list[LinePlay]:
    """``line`` played from ``state``: each play's seat, text and whether it made a Sur."""
    plays: list[LinePlay] = []
    for move in line:
        seat = state.turn
        state = play_legal(state, move)
        plays.append({"seat": seat, "play": str(move), "sur": state.plays[-1].sur})
    return plays


def read_puzzle(data: dict[str, Any], order: int, set_name: str) -> Puzzle:
    """A puzzle of a set, its plays checked against the engine (a set that disagrees with the
    rules fails at start, not in a person's answer)."""
    state = decode(data["position"], rules_of(data["rules"]))
    legal = tuple(legal_moves(state))
    stated = sorted(entry["play"] for entry in data["alternatives"])
    if sorted(str(move) for move in legal) != stated:
        raise ValueError(f"puzzle {data['id']}: its alternatives are not its legal plays")
    solution = tuple(line_plays(state, (Move.parse(play) for play in data["solution"])))
    return Puzzle(data["id"], order, set_name, data, legal, solution)


class Catalogue:
    """Every served puzzle, by id and in order."""

    def __init__(self, puzzles: Sequence[Puzzle]) -> None:
        self.puzzles = tuple(puzzles)
        self.by_id = {puzzle.id: puzzle for puzzle in self.puzzles}
        if len(self.by_id) != len(self.puzzles):
            raise ValueError("two served puzzles have the same id")
        self.daily_pool = tuple(p for p in self.puzzles if p.set_name == DAILY_SET)

    @classmethod
    @functools.cache
    def shipped(cls) -> Catalogue:
        """The sets shipped with the package, read once per process (they never change)."""
        folder = resources.files("pasur.bots.puzzles").joinpath("sets")
        puzzles: list[Puzzle] = []
        for name in SETS:
            for data in json.loads(folder.joinpath(name).read_text(encoding="utf-8"))["puzzles"]:
                puzzles.append(read_puzzle(data, len(puzzles), name))
        return cls(puzzles)

    def get(self, puzzle_id: str) -> Puzzle | None:
        return self.by_id.get(puzzle_id)

    def of_theme(self, theme: str | None) -> list[Puzzle]:
        """The puzzles with ``theme`` among their themes (every puzzle for None)."""
        return [p for p in self.puzzles if theme is None or theme in p.data["themes"]]

    def theme_counts(self) -> list[dict[str, Any]]:
        """Each theme that has puzzles, in :data:`THEMES` order, with how many have it."""
        counts = [(theme, len(self.of_theme(theme))) for theme in THEMES]
        return [{"theme": theme, "count": count} for theme, count in counts if count]

    def daily(self, day: str) -> Puzzle:
        """The puzzle of ``day`` (``YYYY-MM-DD``): the same for everyone, everywhere."""
        digest = hashlib.sha256(f"pasur-daily-puzzle:{day}".encode()).digest()
        return self.daily_pool[int.from_bytes(digest[:8], "big") % len(self.daily_pool)]
