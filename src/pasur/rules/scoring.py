"""Round points from what a table counts: clubs, the 10♦, the 2♣, aces, jacks and Surs.

This is the one scoring implementation. The engine derives the counts from the capture piles; the
score tracker takes them as typed in by people at a real table. Both call :func:`score_round`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from pasur.rules.cards import ACES, CLUB_CARDS, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from pasur.rules.errors import PasurError
from pasur.rules.settings import ClubsAward, ClubsTie, Rules, SurCancel, SurCutoffCancels, TargetTie

CLUBS_IN_PACK = 13
ACES_IN_PACK = 4
JACKS_IN_PACK = 4
TEN_OF_DIAMONDS_POINTS = 3
TWO_OF_CLUBS_POINTS = 2


class CountError(PasurError):
    """Round counts that no real pack can produce; ``field`` names the count that is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        """The count that is wrong, as named in :class:`RoundCounts`."""
        self.reason = message
        """Why, in words."""


class RoundCounts(NamedTuple):
    """What each side took in one round, as counted at the end of it. Sides are 0-based."""

    clubs: tuple[int, ...]
    """Clubs per side (the 2♣ included)."""
    aces: tuple[int, ...]
    """Aces per side."""
    jacks: tuple[int, ...]
    """Jacks per side."""
    ten_of_diamonds: int
    """The side that took the 10♦ (-1 when nobody did: ``no-capture-leftovers=nobody``)."""
    two_of_clubs: int
    """The side that took the 2♣ (-1 when nobody did)."""
    surs: tuple[int, ...]
    """Surs per side, as the table kept them (cancelled ones already removed)."""

    @property
    def sides(self) -> int:
        """How many sides (players or teams) the counts are for."""
        return len(self.clubs)

    def validate(self) -> None:
        """Raise :class:`CountError` naming the first count that no real round can produce."""
        sides = len(self.clubs)
        if sides not in (2, 3, 4):
            raise CountError("clubs", f"give a count for 2, 3 or 4 players, not {sides}")
        for name in ("aces", "jacks", "surs"):
            if len(getattr(self, name)) != sides:
                raise CountError(
                    name,
                    f"{len(getattr(self, name))} numbers given for {sides} players "
                    "(one number per player)",
                )
        for name, whole in (
            ("clubs", CLUBS_IN_PACK),
            ("aces", ACES_IN_PACK),
            ("jacks", JACKS_IN_PACK),
        ):
            counts: tuple[int, ...] = getattr(self, name)
            for player, count in enumerate(counts, start=1):
                if not 0 <= count <= whole:
                    raise CountError(name, f"player {player} has {count}; it must be 0 to {whole}")
            if sum(counts) != whole:
                raise CountError(
                    name, f"the counts add up to {sum(counts)}, but a pack has {whole}"
                )
        for name in ("ten_of_diamonds", "two_of_clubs"):
            side = getattr(self, name)
            if not 0 <= side < sides:
                raise CountError(name, f"player {side + 1} does not exist; give 1 to {sides}")
        if self.clubs[self.two_of_clubs] == 0:
            raise CountError(
                "two_of_clubs",
                f"player {self.two_of_clubs + 1} took the 2♣ but has no clubs; the 2♣ is a club",
            )
        for player, count in enumerate(self.surs, start=1):
            if not 0 <= count <= 48:
                raise CountError("surs", f"player {player} has {count} Surs; it must be 0 to 48")

    @classmethod
    def from_piles(cls, piles: Sequence[int], surs: Sequence[int]) -> RoundCounts:
        """Count the capture piles (card sets), one per side."""
        clubs, aces, jacks = [], [], []
        ten_of_diamonds = two_of_clubs = -1
        for side, pile in enumerate(piles):
            clubs.append((pile & CLUB_CARDS).bit_count())
            aces.append((pile & ACES).bit_count())
            jacks.append((pile & JACKS).bit_count())
            if pile & TEN_OF_DIAMONDS:
                ten_of_diamonds = side
            if pile & TWO_OF_CLUBS:
                two_of_clubs = side
        return _new(
            cls,
            (tuple(clubs), tuple(aces), tuple(jacks), ten_of_diamonds, two_of_clubs, tuple(surs)),
        )


def side_counts(rules: Rules, piles: Sequence[int], surs: Sequence[int]) -> RoundCounts:
    """The counts of seats' capture piles and Surs, added up per side (per team in partnerships)."""
    if rules.partnerships:
        return RoundCounts.from_piles(
            [piles[0] | piles[2], piles[1] | piles[3]], [surs[0] + surs[2], surs[1] + surs[3]]
        )
    return RoundCounts.from_piles(piles, surs)


class ScoreLine(NamedTuple):
    """One side's points for a round, by category."""

    clubs: int
    """Clubs taken."""
    clubs_points: int
    """Points for the clubs award (0 unless this side won it)."""
    ten_of_diamonds: int
    """Points for the 10♦ (3 or 0)."""
    two_of_clubs: int
    """Points for the 2♣ (2 or 0)."""
    aces: int
    """Aces taken, one point each."""
    jacks: int
    """Jacks taken, one point each."""
    surs: int
    """Surs that scored."""
    sur_points: int
    """Points for those Surs."""

    @property
    def base(self) -> int:
        """Points for cards: everything but Surs."""
        return self.clubs_points + self.ten_of_diamonds + self.two_of_clubs + self.aces + self.jacks

    @property
    def total(self) -> int:
        """The side's points for the round."""
        return self.base + self.sur_points


class RoundScore(NamedTuple):
    """A round's points for every side, with the breakdown."""

    lines: tuple[ScoreLine, ...]
    """Each side's breakdown."""
    clubs_winner: int | None
    """The side that won the clubs award, or None when nobody did."""

    @property
    def points(self) -> tuple[int, ...]:
        """Each side's points for the round."""
        return tuple(line.total for line in self.lines)

    @property
    def base_points(self) -> int:
        """Points for cards over all sides (20 in the standard game unless clubs go to nobody)."""
        return sum(line.base for line in self.lines)

    @property
    def sur_points(self) -> int:
        """Points for Surs over all sides."""
        return sum(line.sur_points for line in self.lines)


def clubs_winner(rules: Rules, clubs: Sequence[int], *, individual_three: bool) -> int | None:
    """The side that wins the clubs award, or None.

    ``individual_three`` says whether the sides are three individual players, the only format in
    which the three-player tie rule applies.
    """
    most = max(clubs)
    leaders = [side for side, count in enumerate(clubs) if count == most]
    if rules.clubs_award is ClubsAward.SEVEN:
        return leaders[0] if most >= 7 else None
    if len(leaders) == 1:
        return leaders[0]
    if individual_three and len(leaders) == 2 and rules.clubs_tie3 is ClubsTie.THIRD:
        return 3 - leaders[0] - leaders[1]
    return None


def standing_surs(rules: Rules, surs: Sequence[int], totals: Sequence[int]) -> tuple[int, ...]:
    """The Surs that score: none for a side at the cutoff, and netted when the rules say so.

    Under ``sur-cancel=net`` a side at the cutoff nets nothing away from the others, unless
    ``sur-cutoff-cancels=on``: then its Surs still cancel, though it scores none.
    """
    cutoff = rules.sur_cutoff
    barred = [cutoff is not None and total >= cutoff for total in totals]
    eligible = [0 if out else count for count, out in zip(surs, barred, strict=True)]
    if rules.sur_cancel is SurCancel.NET:
        cancelling = list(surs) if rules.sur_cutoff_cancels is SurCutoffCancels.ON else eligible
        return tuple(
            max(0, count - max(cancelling[:side] + cancelling[side + 1 :], default=0))
            for side, count in enumerate(eligible)
        )
    return tuple(eligible)


def clubs_settled(rules: Rules, clubs: Sequence[int]) -> bool:
    """Whether the clubs award can no longer change hands, whatever becomes of the clubs not yet
    taken (a claim per shodam counts the award only then)."""
    out = CLUBS_IN_PACK - sum(clubs)
    if rules.clubs_award is ClubsAward.SEVEN and max(clubs) >= 7:
        return True
    ranked = sorted(clubs, reverse=True)
    return ranked[0] > ranked[1] + out


def score_round(
    rules: Rules,
    counts: RoundCounts,
    totals: Sequence[int] | None = None,
    *,
    settled_clubs_only: bool = False,
) -> RoundScore:
    """Score one round.

    Args:
        rules: the house rules.
        counts: what each side took; call :meth:`RoundCounts.validate` first on typed-in counts.
        totals: each side's game total before this round, for the Sur cutoff (zeros if omitted).
        settled_clubs_only: count the clubs award only if no club still out could change it (a
            round that a claim ends before its last card).
    """
    sides = counts.sides
    before = tuple(totals) if totals is not None else (0,) * sides
    winner = clubs_winner(rules, counts.clubs, individual_three=sides == 3)
    if settled_clubs_only and not clubs_settled(rules, counts.clubs):
        winner = None
    surs = standing_surs(rules, counts.surs, before)
    lines = []
    for side in range(sides):
        clubs_points = 0
        if side == winner:
            clubs_points = rules.clubs_points
            if rules.clubs_award is ClubsAward.PER_CLUB:
                clubs_points = min(counts.clubs[side], rules.clubs_points)
        # tuple.__new__ skips the NamedTuple's Python-level constructor (every self-play round
        # ends here); the fields go in ScoreLine's order.
        lines.append(
            _new(
                ScoreLine,
                (
                    counts.clubs[side],
                    clubs_points,
                    TEN_OF_DIAMONDS_POINTS if counts.ten_of_diamonds == side else 0,
                    TWO_OF_CLUBS_POINTS if counts.two_of_clubs == side else 0,
                    counts.aces[side],
                    counts.jacks[side],
                    surs[side],
                    surs[side] * rules.sur_points,
                ),
            )
        )
    return _new(RoundScore, (tuple(lines), winner))


_new: Final = tuple.__new__


DRAW: Final = -2
"""What :func:`game_winner` returns for a drawn game (``GameState.winner`` holds the same)."""


def game_winner(
    totals: Sequence[int], target: int, *, tie: TargetTie = TargetTie.PLAY_ON
) -> int | None:
    """The side that has won once a round has ended, :data:`DRAW`, or None to play on.

    The game ends when a side has reached the target; the highest total wins. When the highest
    totals are tied another round is played, or, under ``target-tie=draw``, the game is drawn.
    """
    best = max(totals)
    if best < target:
        return None
    if list(totals).count(best) > 1:
        return DRAW if tie is TargetTie.DRAW else None
    return list(totals).index(best)
