"""House rules: every way real tables differ, as one named setting each.

A :class:`Rules` value is the whole rule set of a game. ``STANDARD`` is the default (the rules of
the app guide, completed from the Wikipedia texts); ``PAGAT`` follows pagat.com. ``docs/rules.md``
says where each setting comes from. Names and values are what people type after ``--set``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Final

from pasur.rules.errors import SettingError


class OpeningTable(StrEnum):
    """What happens when the four opening table cards hold a jack."""

    REPLACE_ONCE = "replace-once"
    """One jack goes back into the pack and is replaced; another jack means a new deal."""
    PAGAT = "pagat"
    """Redeal on 2+ jacks, 3+ queens or 3+ kings on the table; bury a lone jack and replace it."""
    REDRAW = "redraw"
    """Shuffle and deal again until the table holds no jack."""


class FaceCapture(StrEnum):
    """How many matching cards a queen or a king takes."""

    ONE = "one"
    ALL = "all"


class Capture(StrEnum):
    """Whether a card that can capture must capture."""

    COMPULSORY = "compulsory"
    OPTIONAL = "optional"


class SumSets(StrEnum):
    """How many sets of eleven one number card may take."""

    ONE = "one"
    SEVERAL = "several"


class SurFinalDeal(StrEnum):
    """Whether a Sur scores in the round's final deal."""

    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class SurCancel(StrEnum):
    """How one side's Surs offset another's."""

    NONE = "none"
    """Each Sur counts on its own."""
    OPPONENT = "opponent"
    """A Sur made while an opponent has one standing cancels that one instead of scoring."""
    NET = "net"
    """At the round's end each side keeps only its Surs beyond the most any opponent made."""


class ClubsAward(StrEnum):
    """Who scores for clubs."""

    MOST = "most"
    """The side with most clubs, with the tie rules."""
    SEVEN = "seven-or-more"
    """Only a side with seven or more clubs."""
    PER_CLUB = "per-club"
    """The side with most clubs scores one point per club, up to the clubs points."""


class ClubsTie(StrEnum):
    """With three players, who scores for clubs when two tie for most."""

    THIRD = "third"
    NOBODY = "nobody"


OPTIONAL_CAPTURE: Final = 4
"""The bit of ``Rules.capture_variant`` set when capture is optional."""
SEVERAL_SETS: Final = 2
"""The bit set when a number card may take several disjoint sets at once."""
ALL_MATCHING: Final = 1
"""The bit set when a queen or king takes every matching card."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. Build one with :func:`make_rules`; every field has a default."""

    opening_table: OpeningTable = OpeningTable.REPLACE_ONCE
    """What to do when the opening table holds a jack."""
    face_capture: FaceCapture = FaceCapture.ONE
    """A queen (king) takes one queen (king), or all of them."""
    capture: Capture = Capture.COMPULSORY
    """A card that can capture must capture, or may be laid."""
    sum_sets: SumSets = SumSets.ONE
    """A number card takes one set summing to eleven with it, or several disjoint sets."""
    sur_points: int = 5
    """Points for each Sur."""
    sur_final_deal: SurFinalDeal = SurFinalDeal.FORBIDDEN
    """Whether a table cleared in the round's final deal is a Sur."""
    sur_cutoff: int | None = 50
    """A side whose game total before the round is this or more scores (and cancels) no Sur."""
    sur_cancel: SurCancel = SurCancel.NONE
    """How opposing Surs offset each other."""
    clubs_points: int = 7
    """Points for the clubs award."""
    clubs_award: ClubsAward = ClubsAward.MOST
    """Who wins the clubs award."""
    clubs_tie3: ClubsTie = ClubsTie.THIRD
    """Three players, two tied for most clubs: the third player scores, or nobody."""
    target: int = 62
    """The game ends at the end of a round in which a side reaches this total."""
    partnerships: bool = False
    """Four players in two teams, partners opposite: piles and scores per team."""
    capture_variant: int = dataclasses.field(init=False, repr=False, compare=False, hash=False)
    """A number from 0 to 7 naming the settings that decide what a card may take.

    The engine keeps one memo of card plays per variant (see :mod:`pasur.rules.captures`) and
    finds it with this number, so the hot path never hashes the rules. The memo itself is kept
    out of the rules on purpose: it records which cards were looked up at which tables, and
    rules travel inside every seat's view.
    """

    def __post_init__(self) -> None:
        variant = (
            (self.capture is Capture.OPTIONAL) * OPTIONAL_CAPTURE
            + (self.sum_sets is SumSets.SEVERAL) * SEVERAL_SETS
            + (self.face_capture is FaceCapture.ALL) * ALL_MATCHING
        )
        object.__setattr__(self, "capture_variant", variant)

    def __reduce__(self) -> tuple[type[Rules], tuple[object, ...]]:
        """Pickle the settings; derived fields are worked out again on arrival."""
        return (Rules, tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init))

    def settings(self) -> dict[str, str]:
        """Every setting as the text ``--set`` takes, by name."""
        return {name: _format(getattr(self, spec.field)) for name, spec in SETTINGS.items()}

    def changes(self, base: Rules | None = None) -> dict[str, str]:
        """The settings that differ from ``base`` (standard by default)."""
        base_settings = (base or STANDARD).settings()
        return {k: v for k, v in self.settings().items() if base_settings[k] != v}

    def with_settings(self, assignments: Mapping[str, str] | Iterable[str]) -> Rules:
        """A copy with settings changed: ``{"sur-points": "10"}`` or ``["sur-points=10"]``."""
        pairs = assignments.items() if isinstance(assignments, Mapping) else _split(assignments)
        changes: dict[str, object] = {}
        for name, text in pairs:
            spec = SETTINGS.get(name.strip().lower().replace("_", "-"))
            if spec is None:
                raise SettingError(
                    f"unknown setting {name.strip()!r}; the settings are: {', '.join(SETTINGS)}"
                )
            changes[spec.field] = spec.read(text)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


def _split(assignments: Iterable[str]) -> list[tuple[str, str]]:
    pairs = []
    for item in assignments:
        name, sep, value = item.partition("=")
        if not sep:
            raise SettingError(f"write a setting as NAME=VALUE, as in sur-points=10; got {item!r}")
        pairs.append((name, value))
    return pairs


def _format(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    return str(value)


@dataclasses.dataclass(frozen=True, slots=True)
class _Setting:
    """How one setting is read from text."""

    field: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    none_allowed: bool = False

    def read(self, text: str) -> object:
        value = text.strip().lower()
        if self.choices:
            if value not in self.choices:
                raise self._refuse(text)
            current = getattr(STANDARD, self.field)
            if isinstance(current, bool):
                return value == "on"
            if isinstance(current, int):
                return int(value)
            return type(current)(value)
        if self.none_allowed and value == "none":
            return None
        # isdigit alone accepts "²" and other digits int() cannot read; int() also refuses
        # strings of thousands of digits, which are far above any limit anyway.
        if value.isascii() and value.isdigit() and len(value) <= 9:
            number = int(value)
            if self.low <= number <= self.high:
                return number
        raise self._refuse(text)

    def valid(self) -> str:
        if self.choices:
            return ", ".join(self.choices)
        span = f"a whole number from {self.low} to {self.high}"
        return f"{span} or none" if self.none_allowed else span

    def _refuse(self, text: str) -> SettingError:
        name = self.field.replace("_", "-")
        return SettingError(f"{name}={text.strip()!r} is not valid; {name} takes {self.valid()}")


def _choices(enum_type: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum_type)


SETTINGS: dict[str, _Setting] = {
    "opening-table": _Setting("opening_table", _choices(OpeningTable)),
    "face-capture": _Setting("face_capture", _choices(FaceCapture)),
    "capture": _Setting("capture", _choices(Capture)),
    "sum-sets": _Setting("sum_sets", _choices(SumSets)),
    "sur-points": _Setting("sur_points", ("5", "10")),
    "sur-final-deal": _Setting("sur_final_deal", _choices(SurFinalDeal)),
    "sur-cutoff": _Setting("sur_cutoff", low=1, high=1000, none_allowed=True),
    "sur-cancel": _Setting("sur_cancel", _choices(SurCancel)),
    "clubs-points": _Setting("clubs_points", ("7", "13")),
    "clubs-award": _Setting("clubs_award", _choices(ClubsAward)),
    "clubs-tie3": _Setting("clubs_tie3", _choices(ClubsTie)),
    "target": _Setting("target", low=1, high=10_000),
    "partnerships": _Setting("partnerships", ("off", "on")),
}
"""Every setting by the name people type."""

STANDARD = Rules()
"""The default rules: the app guide's, completed from the Wikipedia texts."""

PAGAT = Rules(
    opening_table=OpeningTable.PAGAT,
    sur_cancel=SurCancel.OPPONENT,
    clubs_award=ClubsAward.SEVEN,
)
"""The rules as pagat.com gives them."""

PRESETS: dict[str, Rules] = {"standard": STANDARD, "pagat": PAGAT}
"""Every preset by name."""


def make_rules(preset: str = "standard", settings: Mapping[str, str] | Iterable[str] = ()) -> Rules:
    """The rules of a preset with some settings changed; unknown names and values are refused."""
    base = PRESETS.get(preset.strip().lower())
    if base is None:
        raise SettingError(f"unknown preset {preset!r}; the presets are: {', '.join(PRESETS)}")
    return base.with_settings(settings)
