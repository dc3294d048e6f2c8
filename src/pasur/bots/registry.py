"""Bot levels by name, as people type them after ``--bots``."""

from __future__ import annotations

from collections.abc import Callable

from pasur.bots.base import Bot
from pasur.bots.random_bot import RandomBot

_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
}
_ALIASES: dict[str, str] = {}

BOT_NAMES: tuple[str, ...] = tuple(_LEVELS)
"""The levels, weakest first."""


class UnknownBotError(ValueError):
    """A bot name that is not a level; the message lists the levels."""


def make_bot(name: str) -> Bot:
    """A new bot of the level ``name`` (case-insensitive; ``greedy`` is ``casual``)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    factory = _LEVELS.get(key)
    if factory is None:
        raise UnknownBotError(f"unknown bot {name.strip()!r}; the bots are: {', '.join(BOT_NAMES)}")
    return factory()


def parse_bot_names(text: str) -> tuple[str, ...]:
    """Read a comma-separated list of bot levels, checking each name."""
    names = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    if not names:
        raise UnknownBotError(f"name at least one bot; the bots are: {', '.join(BOT_NAMES)}")
    for name in names:
        make_bot(name)
    return tuple(_ALIASES.get(name, name) for name in names)
