"""Arena tournaments, scored as on lichess: play as many games as the window allows.

A win is worth 2 points, a draw 1, a loss 0. Two wins in a row light a streak ("on fire"):
while it lasts every game is worth double (a win 4, a draw 2), and the first game that is not a
win puts it out. Whoever finishes a game goes straight back to the waiting players, who are
paired at once by rank (neighbours in the standings meet), avoiding an immediate rematch with
the last opponent whenever someone else is waiting.

:class:`Arena` is a pure state machine: the same calls in the same order give the same pairings
and standings, and :func:`restore` rebuilds it from the stored games after a restart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pasur.server.tournaments.swiss import DRAW, LOSS, WIN

FIRE = 2
"""Consecutive wins that light the streak; from the next game on, points are doubled."""


def game_points(streak: int, outcome: int) -> int:
    """What a game with ``outcome`` (WIN, DRAW or LOSS) is worth after ``streak`` wins in a row."""
    if outcome not in (WIN, DRAW, LOSS):
        raise ValueError(f"not an outcome: {outcome}")
    return outcome * 2 if streak >= FIRE else outcome


@dataclass
class Entrant:
    """A player's running line: points, wins in a row, games, and whom they met last."""

    name: str
    seed: int
    points: int = 0
    streak: int = 0
    games: int = 0
    last_opponent: str | None = None
    withdrawn: bool = False

    @property
    def on_fire(self) -> bool:
        """True while the next game is worth double."""
        return self.streak >= FIRE

    def record(self, opponent: str, outcome: int) -> None:
        """Count one finished game."""
        self.points += game_points(self.streak, outcome)
        self.streak = self.streak + 1 if outcome == WIN else 0
        self.games += 1
        self.last_opponent = opponent


@dataclass
class Arena:
    """The players, who is waiting for a game, and who is playing whom."""

    entrants: dict[str, Entrant] = field(default_factory=dict)
    waiting: set[str] = field(default_factory=set)
    playing: dict[str, str] = field(default_factory=dict)

    def join(self, name: str) -> None:
        """Enter the arena (or come back after withdrawing) and wait for a game."""
        entrant = self.entrants.get(name)
        if entrant is None:
            self.entrants[name] = Entrant(name, seed=len(self.entrants))
        else:
            entrant.withdrawn = False
        if name not in self.playing:
            self.waiting.add(name)

    def withdraw(self, name: str) -> None:
        """Stop being paired; points already won stay in the standings."""
        self.entrants[name].withdrawn = True
        self.waiting.discard(name)

    def finish(self, first: str, second: str, outcome: int) -> None:
        """Record a finished game (``outcome`` is first's); both players wait again."""
        if self.playing.get(first) != second:
            raise ValueError(f"{first} is not playing {second}")
        self.entrants[first].record(second, outcome)
        self.entrants[second].record(first, WIN - outcome)
        for name in (first, second):
            del self.playing[name]
            if not self.entrants[name].withdrawn:
                self.waiting.add(name)

    def pair(self) -> list[tuple[str, str]]:
        """Pair everyone waiting, neighbours by rank; an odd one out waits for the next game."""
        queue = [entrant.name for entrant in self.standings() if entrant.name in self.waiting]
        pairings: list[tuple[str, str]] = []
        while len(queue) >= 2:
            first = queue.pop(0)
            choice = 0
            if self.entrants[first].last_opponent == queue[0] and len(queue) > 1:
                choice = 1
            second = queue.pop(choice)
            pairings.append((first, second))
            self.playing[first], self.playing[second] = second, first
            self.waiting -= {first, second}
        return pairings

    def standings(self) -> list[Entrant]:
        """By points, then by the order of joining."""
        return sorted(self.entrants.values(), key=lambda entrant: (-entrant.points, entrant.seed))


def restore(
    entrants: Iterable[tuple[str, bool]],
    finished: Iterable[tuple[str, str, int]],
    playing: Iterable[tuple[str, str]],
) -> Arena:
    """Rebuild an arena from its stored rows: ``(name, withdrawn)`` in the order of joining,
    finished games ``(first, second, first's outcome)`` in the order they ended, and the games
    still being played. Streaks depend only on each player's order of games, which this keeps."""
    arena = Arena()
    gone = []
    for name, withdrawn in entrants:
        arena.join(name)
        if withdrawn:
            gone.append(name)
    for first, second, outcome in finished:
        arena.playing[first], arena.playing[second] = second, first
        arena.finish(first, second, outcome)
    for first, second in playing:
        arena.playing[first], arena.playing[second] = second, first
        arena.waiting -= {first, second}
    for name in gone:
        arena.withdraw(name)
    return arena
