"""A table's settings, chosen when it is made: seats, house rules, timers, bots, visibility.

Invalid settings raise ``bad_config`` when the config is made, so a :class:`TableConfig` that
exists is always one a table can run; :meth:`TableConfig.from_json` reads the stored form back
with the same checks.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import Any

from pasur.bots import BOT_NAMES, parse_bot_names
from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.rules import STANDARD, DeckError, PasurError, Rules, check_players, make_rules

TURN_TIMERS: tuple[int | None, ...] = (None, 15, 30, 60, 3_600, 43_200, 86_400, 259_200)
"""The turn timers a table may have, in seconds (15, 30 or 60 s; 1 h, 12 h, 1 or 3 days); None is
no timer."""

CORRESPONDENCE_TIMER = 3_600
"""A turn timer this long or longer makes a correspondence table: played over hours and days,
with nobody expected to stay connected (no disconnect grace; its turn clock is stored)."""

TAKE_BACKS = ("off", "ask")
"""The take-back settings: ``off``, or ``ask`` (the seat that just played may ask to take its
play back, and every other person must accept: :mod:`~pasur.server.tables.take_backs`)."""

DEFAULT_GRACE = 30.0
"""Seconds a dropped player's turns may wait before a bot plays for them."""


def timeout_level() -> str:
    """The bot that plays when a turn timer runs out: ``casual`` once it exists, else ``random``."""
    return "casual" if "casual" in BOT_NAMES else "random"


def bot_level(level: object, code: ErrorCode) -> str:
    """The canonical name of a bot level, or :class:`Refused` with ``code``."""
    if isinstance(level, str):
        try:
            names = parse_bot_names(level)
        except ValueError:
            names = ()
        if len(names) == 1:
            return names[0]
    levels = ", ".join(BOT_NAMES)
    raise Refused(code, f"unknown bot level {level!r}; the levels are: {levels}")


@dataclasses.dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's settings, chosen when it is created. Invalid settings raise ``bad_config``."""

    players: int = 2
    """Seats: 2, 3 or 4 (4 for partnerships)."""
    rules: Rules = STANDARD
    """The house rules."""
    private: bool = True
    """Private tables are joined by invite link; public ones are listed in the lobby."""
    turn_timer: int | None = None
    """Seconds a seat has to play (one of :data:`TURN_TIMERS`), or None for no timer."""
    grace: float = DEFAULT_GRACE
    """Seconds of a dropped player's own turns before a bot plays for them."""
    drop_bot: str = dataclasses.field(default_factory=timeout_level)
    """The bot level that plays for a dropped player, and takes the seat of one who leaves."""
    spectators: bool = True
    """Whether people without a seat may watch."""
    bot_delay: float = 0.0
    """Seconds a bot takes over an ordinary move, so people can follow (0 plays at once); the
    move itself scales it (:func:`~pasur.server.tables.pace.think_time`)."""
    rated: bool = False
    """Whether finished games change the people's ratings (public tables only)."""
    reserved: tuple[str | None, ...] = ()
    """Seats kept for named people (a tournament's pairing): seat ``i`` may be taken only by the
    person whose id is ``reserved[i]`` (None: by anyone), and by no bot; empty: no seat is kept.
    The ids are never shown: :meth:`to_json` leaves them out, :meth:`stored_json` keeps them."""
    take_backs: str = "off"
    """One of :data:`TAKE_BACKS`; never ``ask`` at a rated table."""

    def __post_init__(self) -> None:
        try:
            check_players(self.players, partnerships=self.rules.partnerships)
        except DeckError as error:
            raise Refused(ErrorCode.BAD_CONFIG, str(error)) from None
        if self.turn_timer not in TURN_TIMERS or isinstance(self.turn_timer, bool):
            raise Refused(
                ErrorCode.BAD_CONFIG,
                "the turn timer is off, 15, 30 or 60 s, or 3600, 43200, 86400 or 259200 s "
                f"(1 h, 12 h, 1 or 3 days), not {self.turn_timer!r}",
            )
        for name in ("grace", "bot_delay"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise Refused(
                    ErrorCode.BAD_CONFIG, f"{name} must be a number of seconds, 0 or more"
                )
        rated: object = self.rated  # from_json passes whatever was stored
        if not isinstance(rated, bool) or (rated and self.private):
            raise Refused(ErrorCode.BAD_CONFIG, "rated must be true or false, on a public table")
        if self.take_backs not in TAKE_BACKS or (self.rated and self.take_backs != "off"):
            raise Refused(
                ErrorCode.BAD_CONFIG,
                f"take_backs is off or ask, and off at a rated table, not {self.take_backs!r}",
            )
        object.__setattr__(self, "drop_bot", bot_level(self.drop_bot, ErrorCode.BAD_CONFIG))
        reserved: object = self.reserved
        if isinstance(reserved, list):  # read back from the database
            reserved = tuple(reserved)
            object.__setattr__(self, "reserved", reserved)
        if not isinstance(reserved, tuple) or not (
            reserved == ()
            or (
                len(reserved) == self.players
                and all(who is None or (isinstance(who, str) and who) for who in reserved)
            )
        ):
            raise Refused(ErrorCode.BAD_CONFIG, "reserved names a person (or null) for every seat")

    @property
    def correspondence(self) -> bool:
        """Whether moves may take hours or days (a turn timer of an hour or more)."""
        return self.turn_timer is not None and self.turn_timer >= CORRESPONDENCE_TIMER

    def to_json(self) -> JSONObject:
        """The settings as plain data, as anyone may see them (the reserved seats' ids left out)."""
        return {
            "players": self.players,
            "rules": self.rules.settings(),
            "private": self.private,
            "turn_timer": self.turn_timer,
            "grace": self.grace,
            "drop_bot": self.drop_bot,
            "spectators": self.spectators,
            "bot_delay": self.bot_delay,
            "rated": self.rated,
            "take_backs": self.take_backs,
        }

    @property
    def away_grace(self) -> float | None:
        """Seconds a person may be disconnected before they count as gone (the lobby stops
        listing a table nobody is at); None at a correspondence table, where being away is
        normal."""
        return None if self.correspondence else self.grace

    def stored_json(self) -> JSONObject:
        """The settings as the database keeps them: :meth:`to_json` and the reserved seats."""
        return self.to_json() | ({"reserved": list(self.reserved)} if self.reserved else {})

    def reserved_for(self, player_id: str) -> int | None:
        """The seat kept for ``player_id``, or None."""
        return self.reserved.index(player_id) if player_id in self.reserved else None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableConfig:
        """Read settings written by :meth:`stored_json` (or :meth:`to_json`); missing ones take
        their defaults."""
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            names = ", ".join(sorted(unknown))
            raise Refused(ErrorCode.BAD_CONFIG, f"unknown table settings: {names}")
        values = dict(data)
        if "rules" in values:
            settings = values["rules"]
            if not isinstance(settings, Mapping):
                raise Refused(ErrorCode.BAD_CONFIG, "rules must be an object of settings")
            try:
                values["rules"] = make_rules(
                    "standard", {str(k): str(v) for k, v in settings.items()}
                )
            except PasurError as error:
                raise Refused(ErrorCode.BAD_CONFIG, str(error)) from None
        return cls(**values)
