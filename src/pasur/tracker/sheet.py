"""A score sheet: who plays, under which rules, and the counts of every round so far.

Every figure on the sheet is derived from the entered counts by the rules engine's own
``score_round``, round after round, so that an edit to an early round changes everything after
it (the Sur cutoff depends on the totals before each round) and nothing is ever stored twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pasur.rules import (
    DRAW,
    CountError,
    DeckError,
    PasurError,
    RoundCounts,
    RoundScore,
    Rules,
    check_players,
    mask_of,
    score_round,
)
from pasur.rules.scoring import game_winner

MAX_NAME_LENGTH = 40


class SheetError(ValueError):
    """Input a score sheet cannot take; ``field`` names what is wrong (for field-level messages)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        """The input that is wrong, e.g. ``players`` or ``clubs``."""
        self.reason = message
        """Why, in words."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round as a real table counts it: per side (player, or team in partnerships)."""

    counts: RoundCounts
    """Clubs, aces, jacks, who took the 10♦ and the 2♣, and Surs, per side."""


@dataclasses.dataclass(frozen=True, slots=True)
class ScoredRound:
    """One round of the sheet with everything derived from it."""

    number: int
    """The round's number, from 1."""
    dealer: int
    """The seat that dealt it (0-based)."""
    entry: RoundEntry
    score: RoundScore
    """Points per side with the breakdown."""
    totals_before: tuple[int, ...]
    totals: tuple[int, ...]
    """Game totals per side after the round."""


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The whole sheet. Immutable: every change returns a new sheet."""

    names: tuple[str, ...]
    """One name per seat, in seating order (4 in partnerships: seats 1 and 3 against 2 and 4)."""
    rules: Rules
    first_dealer: int = 0
    """The seat that dealt the first round."""
    entries: tuple[RoundEntry, ...] = ()

    @property
    def seats(self) -> int:
        """How many people play."""
        return len(self.names)

    @property
    def sides(self) -> int:
        """How many scoring sides: players, or 2 teams in partnerships."""
        return 2 if self.rules.partnerships else self.seats

    def side_names(self) -> tuple[str, ...]:
        """A name for each side: the player's, or "A & C" for a team."""
        if not self.rules.partnerships:
            return self.names
        return (f"{self.names[0]} & {self.names[2]}", f"{self.names[1]} & {self.names[3]}")

    def rounds(self) -> tuple[ScoredRound, ...]:
        """Every round scored in order, each on the totals before it."""
        totals = (0,) * self.sides
        scored = []
        for number, entry in enumerate(self.entries, start=1):
            score = score_round(self.rules, entry.counts, totals)
            after = tuple(t + p for t, p in zip(totals, score.points, strict=True))
            dealer = (self.first_dealer + number - 1) % self.seats
            scored.append(ScoredRound(number, dealer, entry, score, totals, after))
            totals = after
        return tuple(scored)

    @property
    def totals(self) -> tuple[int, ...]:
        """Game totals per side so far."""
        rounds = self.rounds()
        return rounds[-1].totals if rounds else (0,) * self.sides

    @property
    def winner(self) -> int | None:
        """The winning side once a side has reached the target alone at the top, else None."""
        outcome = self._outcome()
        return outcome if outcome is not None and outcome >= 0 else None

    @property
    def drawn(self) -> bool:
        """Whether the game ended drawn: tied at the top at the target under ``target-tie=draw``."""
        return self._outcome() == DRAW

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, won or drawn: no round may be added."""
        return self._outcome() is not None

    @property
    def tied_at_target(self) -> bool:
        """Whether the target is reached but the top totals are tied: play another round."""
        totals = self.totals
        return max(totals) >= self.rules.target and not self.is_over

    def _outcome(self) -> int | None:
        if not self.entries:
            return None
        return game_winner(self.totals, self.rules.target, tie=self.rules.target_tie)

    @property
    def next_dealer(self) -> int:
        """The seat that deals the next round: the deal passes on each round."""
        return (self.first_dealer + len(self.entries)) % self.seats

    def add_round(self, entry: RoundEntry) -> ScoreSheet:
        """The sheet with one more round; refused once the game has a winner."""
        if self.is_over:
            reason = (
                "the top totals are tied at the target"
                if self.drawn
                else "a side has reached the target"
            )
            raise SheetError("round", f"the game is over: {reason}")
        return dataclasses.replace(self, entries=(*self.entries, self._checked(entry)))

    def edit_round(self, number: int, entry: RoundEntry) -> ScoreSheet:
        """The sheet with round ``number`` (from 1) replaced; later rounds are re-scored."""
        index = self._index(number)
        entries = list(self.entries)
        entries[index] = self._checked(entry)
        return dataclasses.replace(self, entries=tuple(entries))

    def delete_round(self, number: int) -> ScoreSheet:
        """The sheet without round ``number`` (from 1); later rounds move up and are re-scored."""
        index = self._index(number)
        return dataclasses.replace(self, entries=self.entries[:index] + self.entries[index + 1 :])

    def _index(self, number: int) -> int:
        if not 1 <= number <= len(self.entries):
            raise SheetError(
                "round", f"there is no round {number}; the sheet has {len(self.entries)}"
            )
        return number - 1

    def _checked(self, entry: RoundEntry) -> RoundEntry:
        if entry.counts.sides != self.sides:
            raise SheetError(
                "clubs", f"counts for {entry.counts.sides} sides, but this sheet has {self.sides}"
            )
        try:
            entry.counts.validate()
        except CountError as error:
            raise SheetError(error.field, error.reason) from None
        return entry


def new_sheet(names: Sequence[str], rules: Rules, *, first_dealer: int = 0) -> ScoreSheet:
    """A new, empty sheet; names are trimmed and must be distinct."""
    cleaned = tuple(name.strip() for name in names)
    try:
        check_players(len(cleaned), partnerships=rules.partnerships)
    except DeckError as error:
        raise SheetError("players", str(error)) from None
    for name in cleaned:
        if not name:
            raise SheetError("players", "every player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            raise SheetError("players", f"{name[:20]}… is longer than {MAX_NAME_LENGTH} characters")
    if len({name.casefold() for name in cleaned}) != len(cleaned):
        raise SheetError("players", "two players have the same name")
    if not 0 <= first_dealer < len(cleaned):
        raise SheetError("first_dealer", f"the first dealer must be seat 1 to {len(cleaned)}")
    return ScoreSheet(names=cleaned, rules=rules, first_dealer=first_dealer)


def entry_from_cards(piles: Sequence[Sequence[int]], surs: Sequence[int]) -> RoundEntry:
    """A round entered by marking the cards each side captured; the counts are derived.

    Every card of the pack must be marked exactly once.
    """
    masks = []
    seen = 0
    for side, cards in enumerate(piles, start=1):
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            raise SheetError("cards", f"side {side} lists a card twice")
        if seen & mask:
            raise SheetError("cards", "a card is marked for two sides")
        seen |= mask
        masks.append(mask)
    if seen != (1 << 52) - 1:
        missing = 52 - seen.bit_count()
        raise SheetError("cards", f"{missing} card(s) of the pack are not marked for anyone")
    if len(surs) != len(masks):
        raise SheetError("surs", f"{len(surs)} Sur counts for {len(masks)} sides")
    try:
        return RoundEntry(RoundCounts.from_piles(masks, surs))
    except PasurError as error:
        raise SheetError("cards", str(error)) from None
