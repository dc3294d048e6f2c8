"""Bot levels by name, as people type them after ``--bots``."""

from __future__ import annotations

from collections.abc import Callable

from pasur.bots.advanced import AdvancedBot
from pasur.bots.base import Bot
from pasur.bots.beginner import BeginnerBot
from pasur.bots.casual import CasualBot
from pasur.bots.expert import ExpertBot
from pasur.bots.intermediate import IntermediateBot
from pasur.bots.master import MasterBot
from pasur.bots.pimc import TIME_CAP
from pasur.bots.random_bot import RandomBot

_Factory = Callable[[float | None, float | None], Bot]
"""Makes a level's bot from a time budget and a time cap (both may be None)."""


def _fixed(factory: Callable[[], Bot]) -> _Factory:
    """A level that thinks in no time: a time budget or cap changes nothing."""
    return lambda seconds, time_cap: factory()


_SEARCHES: dict[str, _Factory] = {
    "intermediate": lambda seconds, cap: IntermediateBot(seconds=seconds, time_cap=cap),
    "advanced": lambda seconds, cap: AdvancedBot(seconds=seconds, time_cap=cap),
    "expert": lambda seconds, cap: ExpertBot(seconds=seconds, time_cap=cap),
    "master": lambda seconds, cap: MasterBot(seconds=seconds, time_cap=cap),
}
_LEVELS: dict[str, _Factory] = {
    "random": _fixed(RandomBot),
    "beginner": _fixed(BeginnerBot),
    "casual": _fixed(CasualBot),
    **_SEARCHES,
}
_ALIASES: dict[str, str] = {"greedy": "casual"}

BOT_NAMES: tuple[str, ...] = tuple(_LEVELS)
"""The levels, weakest first."""

SEARCHING: frozenset[str] = frozenset(_SEARCHES)
"""The levels that search, whose move takes real time (tenths of a second to seconds); the others
answer in microseconds. A server searches off its event loop (:mod:`pasur.server.thinking`)."""


class UnknownBotError(ValueError):
    """A bot name that is not a level; the message lists the levels."""


def make_bot(name: str, *, seconds: float | None = None, time_cap: float | None = TIME_CAP) -> Bot:
    """A new bot of the level ``name`` (case-insensitive; ``greedy`` is ``casual``).

    Args:
        name: the level.
        seconds: a time budget per move for the search levels, for interactive play. Without it
            they search a fixed budget, so the same seed gives the same moves on any machine.
        time_cap: the hard limit on one move of a search level (see
            :class:`pasur.bots.pimc.SearchBot`); None lifts it, for reproducible measurements.
    """
    factory = _LEVELS.get(_level(name))
    if factory is None:
        raise UnknownBotError(f"unknown bot {name.strip()!r}; the bots are: {', '.join(BOT_NAMES)}")
    return factory(seconds, time_cap)


def searches(name: str) -> bool:
    """Whether the level ``name`` searches (:data:`SEARCHING`), so its move takes real time."""
    return _level(name) in SEARCHING


def _level(name: str) -> str:
    """The level a name means: case and spaces aside, ``greedy`` is ``casual``."""
    key = name.strip().lower()
    return _ALIASES.get(key, key)


def parse_bot_names(text: str) -> tuple[str, ...]:
    """Read a comma-separated list of bot levels, checking each name."""
    names = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    if not names:
        raise UnknownBotError(f"name at least one bot; the bots are: {', '.join(BOT_NAMES)}")
    for name in names:
        make_bot(name)
    return tuple(_ALIASES.get(name, name) for name in names)
