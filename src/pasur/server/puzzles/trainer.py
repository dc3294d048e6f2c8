"""The puzzle trainer's rules: which puzzle comes next, the day's puzzle, and judging an attempt.

A puzzle is shown in its public form (no solution, no values) until the person plays; the answer
to a play holds everything: whether it was the solution, its value and the best play's, the line
the solver proves after it (the other side's best reply first), the solution line and every
play's value. Only a person's first attempt at a puzzle counts (ratings, streak, history); a
later one is answered the same way with ``counted: false``, so a person may go back to a puzzle
and try the other plays.

The line after a play is solved in the server's worker processes (:mod:`pasur.server.thinking`)
and kept per (puzzle, play): it never changes, so each is searched once per process.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from pasur.bots.puzzles import THEMES
from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.server.http.errors import field_error
from pasur.server.http.guests import Guest
from pasur.server.puzzles.catalogue import Catalogue, LinePlay, Puzzle
from pasur.server.puzzles.lines import line_after
from pasur.server.puzzles.rating import Skill, display, new_puzzle
from pasur.server.puzzles.store import NEW_STANDING, PuzzleStore
from pasur.server.thinking import Thinkers

Clock = Callable[[], datetime]

PUZZLE_ID_LENGTH = 12
"""A puzzle's id: 12 hexadecimal digits (``docs/puzzles.md``)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class PuzzleTrainer:
    """The puzzles, the people's attempts at them, and the solver's answers."""

    def __init__(
        self,
        store: PuzzleStore,
        catalogue: Catalogue,
        thinkers: Thinkers,
        *,
        clock: Clock = utc_now,
    ) -> None:
        self.store = store
        self.catalogue = catalogue
        self.thinkers = thinkers
        self.clock = clock
        self._lines: dict[tuple[str, str], list[LinePlay]] = {}

    def today(self) -> str:
        """The UTC day now, ``YYYY-MM-DD``."""
        return self.clock().astimezone(UTC).date().isoformat()

    def find(self, puzzle_id: str) -> Puzzle:
        """The puzzle of that id.

        Raises:
            Refused: ``no_such_puzzle``, for an id of no puzzle or of no id's form.
        """
        found = self.catalogue.get(puzzle_id) if _is_id(puzzle_id) else None
        if found is None:
            shown = puzzle_id if len(puzzle_id) <= 40 else f"{puzzle_id[:40]}…"
            raise Refused(ErrorCode.NO_SUCH_PUZZLE, f"no puzzle has the id {shown!r}")
        return found

    async def summary(self, who: Guest | None) -> JSONObject:
        """The person's rating, counts, streaks and last attempts, the themes, and the day's
        puzzle with whether they tried it (a new person's, without a guest cookie)."""
        standing = await self.store.standing(who.id) if who else NEW_STANDING
        history = await self.store.history(who.id) if who else []
        day = self.today()
        daily = self.catalogue.daily(day)
        tried = await self.store.attempt(who.id, daily.id) if who else None
        return {
            "rating": display(standing.skill.mu),
            "attempts": standing.attempts,
            "solved": standing.solved,
            "streak": standing.streak,
            "best_streak": standing.best_streak,
            "themes": self.catalogue.theme_counts(),
            "daily": {
                "id": daily.id,
                "day": day,
                "tried": tried is not None,
                "solved": tried.solved if tried else None,
            },
            "history": [
                {
                    "id": entry.puzzle_id,
                    "theme": entry.theme,
                    "solved": entry.solved,
                    "play": entry.play,
                    "at": entry.at.isoformat(),
                    "rating": entry.rating_after,
                }
                for entry in history
            ],
        }

    async def next(self, who: Guest | None, theme: str | None) -> JSONObject:
        """A puzzle (of ``theme`` when given) the person has not tried, rated nearest them (the
        first in the sets' order among equals); once they have tried every one, the one they
        tried longest ago."""
        if theme is not None and theme not in THEMES:
            raise field_error(("query", "theme"), f"the themes are: {', '.join(THEMES)}")
        pool = self.catalogue.of_theme(theme)
        if not pool:
            raise field_error(("query", "theme"), f"no puzzle has the theme {theme!r} yet")
        tried = await self.store.tried(who.id) if who else {}
        skills = await self.store.puzzle_skills()
        fresh = [puzzle for puzzle in pool if puzzle.id not in tried]
        if fresh:
            standing = await self.store.standing(who.id) if who else NEW_STANDING
            mine = standing.skill.mu
            chosen = min(fresh, key=lambda p: (abs(_skill(p, skills).mu - mine), p.order))
        else:
            chosen = min(pool, key=lambda p: (tried[p.id], p.order))
        return chosen.public(display(_skill(chosen, skills).mu), tried=chosen.id in tried)

    async def daily(self, who: Guest | None) -> JSONObject:
        """The day's puzzle (UTC), the same for everyone, with its ``day``."""
        day = self.today()
        return await self.puzzle(self.catalogue.daily(day).id, who) | {"day": day}

    async def puzzle(self, puzzle_id: str, who: Guest | None) -> JSONObject:
        """The puzzle's public form, and whether the person has tried it."""
        puzzle = self.find(puzzle_id)
        skill = await self.store.puzzle_skill(puzzle)
        tried = who is not None and await self.store.attempt(who.id, puzzle.id) is not None
        return puzzle.public(display(skill.mu), tried=tried)

    async def attempt(self, puzzle_id: str, who: Guest, text: str) -> JSONObject:
        """Judge the person's play: the verdict, the lines and values, and (for their first
        attempt at the puzzle) the ratings and streak it moved.

        Raises:
            Refused: ``no_such_puzzle``.
            RequestValidationError: the play is not one of the puzzle's legal plays (422).
        """
        puzzle = self.find(puzzle_id)
        move = puzzle.read_play(text)
        if move is None:
            legal = ", ".join(str(m) for m in puzzle.legal)
            raise field_error(
                ("body", "play"), f"{text[:40]!r} is not a legal play here; the plays are {legal}"
            )
        play = str(move)
        line = await self.line(puzzle, play)
        solved = play == puzzle.best
        now = self.clock()
        counted = await self.store.record(who.id, puzzle, play, solved=solved, now=now)
        if counted is None:
            await self.store.touch(who.id, puzzle.id, now)
            standing = await self.store.standing(who.id)
            mine = display(standing.skill.mu)
            its = display((await self.store.puzzle_skill(puzzle)).mu)
            rating, puzzle_rating, streak = (mine, mine), (its, its), standing.streak
        else:
            rating = (counted.rating_before, counted.rating_after)
            puzzle_rating = (counted.puzzle_before, counted.puzzle_after)
            streak = counted.streak
        data = puzzle.data
        return {
            "solved": solved,
            "play": play,
            "value": puzzle.value_of(play),
            "best": puzzle.best,
            "best_value": data["value"],
            "margin": data["margin"],
            "line": line,
            "solution": list(puzzle.solution),
            "alternatives": data["alternatives"],
            "themes": puzzle.themes,
            "rating": {"before": rating[0], "after": rating[1]},
            "puzzle_rating": {"before": puzzle_rating[0], "after": puzzle_rating[1]},
            "streak": streak,
            "counted": counted is not None,
        }

    async def line(self, puzzle: Puzzle, play: str) -> list[LinePlay]:
        """``play`` then both seats' best replies to the round's end: the solution line for the
        best play, else solved in a worker process, once per (puzzle, play)."""
        if play == puzzle.best:
            return list(puzzle.solution)
        key = (puzzle.id, play)
        found = self._lines.get(key)
        if found is None:
            data = puzzle.data
            found = await self.thinkers.run(line_after, data["position"], data["rules"], play)
            self._lines[key] = found
        return list(found)


def _is_id(text: str) -> bool:
    return len(text) == PUZZLE_ID_LENGTH and all(c in "0123456789abcdef" for c in text)


def _skill(puzzle: Puzzle, skills: Mapping[str, Skill]) -> Skill:
    """The puzzle's rating: as stored once tried, else its difficulty's."""
    return skills.get(puzzle.id) or new_puzzle(puzzle.difficulty)
