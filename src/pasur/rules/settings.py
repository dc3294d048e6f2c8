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
    SKIP_JACKS = "skip-jacks"
    """Each jack drawn for the table goes back into the pack at a random place; never a redeal."""
    JACKS_UNDER = "jacks-under"
    """Each jack drawn for the table goes to the bottom of the pack; never a redeal."""


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
    """Any number of disjoint sets, the player's choice."""
    UNION = "union"
    """Every set at once: each table card that belongs to some set is taken."""


class SumCards(StrEnum):
    """How many table cards one set of eleven may hold."""

    ANY = "any"
    THREE = "3"


class SurFinalDeal(StrEnum):
    """Whether a Sur scores in the round's final deal."""

    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"
    LAST_CARD = "last-card"
    """Allowed in the final deal, except with the round's very last card."""


class SurCancel(StrEnum):
    """How one side's Surs offset another's."""

    NONE = "none"
    """Each Sur counts on its own."""
    OPPONENT = "opponent"
    """A Sur made while an opponent has one standing cancels that one instead of scoring."""
    NET = "net"
    """At the round's end each side keeps only its Surs beyond the most any opponent made."""
    ALL_OTHERS = "all-others"
    """A Sur made while every opponent has one standing cancels one of each instead of scoring."""
    REPLY = "reply"
    """A Sur cancels an opponent's only as the reply to it: before any other capture by the
    Sur's opponents that leaves cards on the table."""


class SurCutoffCancels(StrEnum):
    """Whether a side at the Sur cutoff may still cancel other sides' Surs."""

    OFF = "off"
    """It neither scores nor cancels."""
    ON = "on"
    """It scores no Sur, but its Surs still cancel."""


class NoCaptureLeftovers(StrEnum):
    """Who takes the table's cards after a round in which nobody captured."""

    DEALER = "dealer"
    PREVIOUS_CAPTURER = "previous-capturer"
    """The last seat that captured in the round before (the dealer in a game's first round)."""
    NOBODY = "nobody"
    """Nobody: they are left out of the count."""


class TargetTie(StrEnum):
    """What a tie for the top total at or past the target means."""

    PLAY_ON = "play-on"
    DRAW = "draw"


class OpenCards(StrEnum):
    """Pasur Ru Baaz: whether one card of each hand lies face up, and how the hand is held."""

    OFF = "off"
    HELD = "held"
    """Hands are held as usual with one card face up; any card may be played; when the open card
    is played, the next card of the hand in deal order is turned up."""
    STACK = "stack"
    """Each hand is a face-down stack in deal order with its top card face up; only that card may
    be played, and the card beneath, unknown to everyone until then, is turned up."""


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
UNION_OF_SETS: Final = 8
"""The bit set when a number card takes every set at once."""
THREE_CARDS: Final = 16
"""The bit set when a set of eleven may hold at most three table cards."""
VARIANTS: Final = 32
"""How many capture variants there are (one memo each): the bits below this."""
SPECIAL_MOVES: Final = 32
"""The bit set when a seat's legal moves are not simply every play of every card it holds: only
its open card may be played (``open-cards=stack``), or its last card sweeps the table."""
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
    """A number card takes one set summing to eleven with it, several disjoint sets, or all."""
    sum_cards: SumCards = SumCards.ANY
    """The most table cards a set of eleven may hold."""
    sur_points: int = 5
    """Points for each Sur."""
    sur_final_deal: SurFinalDeal = SurFinalDeal.FORBIDDEN
    """Whether a table cleared in the round's final deal is a Sur."""
    sur_cutoff: int | None = 50
    """A side whose game total before the round is this or more scores (and cancels) no Sur."""
    sur_cancel: SurCancel = SurCancel.NONE
    """How opposing Surs offset each other."""
    sur_cutoff_cancels: SurCutoffCancels = SurCutoffCancels.OFF
    """Whether a side at the Sur cutoff still cancels opposing Surs."""
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
    no_capture_leftovers: NoCaptureLeftovers = NoCaptureLeftovers.DEALER
    """Who takes the table after a round without a capture."""
    target_tie: TargetTie = TargetTie.PLAY_ON
    """A tie for the top total at the target: another round, or a drawn game."""
    claims: bool = False
    """Per shodam: a side that reaches the target during a round may claim the game at once."""
    open_cards: OpenCards = OpenCards.OFF
    """Pasur Ru Baaz: one card of each hand face up for everyone."""
    last_card_sweep: bool = False
    """In the final deal, a seat's last card that captures takes the whole table."""
    capture_variant: int = dataclasses.field(init=False, repr=False, compare=False, hash=False)
    """A number below :data:`VARIANTS` naming the settings that decide what a card may take.

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
            + (self.sum_sets is SumSets.UNION) * UNION_OF_SETS
            + (self.sum_cards is SumCards.THREE) * THREE_CARDS
            + (self.open_cards is OpenCards.STACK or self.last_card_sweep) * SPECIAL_MOVES
        )
        object.__setattr__(self, "capture_variant", variant)

    @property
    def plain_moves(self) -> bool:
        """Whether a seat's legal moves are every play of every card in its hand.

        False when a seat may play only its open card (``open-cards=stack``) or when its last
        card sweeps the table (``last-card-sweep``): a search then asks the engine for the legal
        moves of a state instead of listing a hand's plays itself.
        """
        return not self.capture_variant & SPECIAL_MOVES

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
    "sum-cards": _Setting("sum_cards", _choices(SumCards)),
    "sur-points": _Setting("sur_points", ("5", "10")),
    "sur-final-deal": _Setting("sur_final_deal", _choices(SurFinalDeal)),
    "sur-cutoff": _Setting("sur_cutoff", low=1, high=1000, none_allowed=True),
    "sur-cancel": _Setting("sur_cancel", _choices(SurCancel)),
    "sur-cutoff-cancels": _Setting("sur_cutoff_cancels", _choices(SurCutoffCancels)),
    "clubs-points": _Setting("clubs_points", ("7", "13")),
    "clubs-award": _Setting("clubs_award", _choices(ClubsAward)),
    "clubs-tie3": _Setting("clubs_tie3", _choices(ClubsTie)),
    "target": _Setting("target", low=1, high=10_000),
    "partnerships": _Setting("partnerships", ("off", "on")),
    "no-capture-leftovers": _Setting("no_capture_leftovers", _choices(NoCaptureLeftovers)),
    "target-tie": _Setting("target_tie", _choices(TargetTie)),
    "claims": _Setting("claims", ("off", "on")),
    "open-cards": _Setting("open_cards", _choices(OpenCards)),
    "last-card-sweep": _Setting("last_card_sweep", ("off", "on")),
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

RU_BAAZ = Rules(open_cards=OpenCards.HELD)
"""Pasur Ru Baaz ("Open Pasur"), the two-player variant of the Wikipedia text: one card of each
hand face up."""

VARAGH = Rules(sum_sets=SumSets.UNION, target_tie=TargetTie.DRAW)
"""The rules of the Varagh program, as far as issue #16 gives them."""

PASUR11 = Rules(
    opening_table=OpeningTable.JACKS_UNDER,
    capture=Capture.OPTIONAL,
    face_capture=FaceCapture.ALL,
    sum_cards=SumCards.THREE,
    sur_cutoff=None,
    sur_cancel=SurCancel.REPLY,
    no_capture_leftovers=NoCaptureLeftovers.NOBODY,
)
"""The rules of the Pasur11 program (its default settings)."""

PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    "pagat": PAGAT,
    "ru-baaz": RU_BAAZ,
    "varagh": VARAGH,
    "pasur11": PASUR11,
}
"""Every preset by name."""


def make_rules(preset: str = "standard", settings: Mapping[str, str] | Iterable[str] = ()) -> Rules:
    """The rules of a preset with some settings changed; unknown names and values are refused."""
    base = PRESETS.get(preset.strip().lower())
    if base is None:
        raise SettingError(f"unknown preset {preset!r}; the presets are: {', '.join(PRESETS)}")
    return base.with_settings(settings)
