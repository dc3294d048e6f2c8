"""What a position is worth before the round is over: the judgement every level above random shares.

A Pasur round ends with points for the 10♦, the 2♣, aces, jacks, the clubs award and Surs. Most of
them are already in the capture piles partway through a round, and can simply be counted; the
rest is estimated, with three principles kept simple enough to compute at every leaf of a search:

- **Cards still to be taken are shared evenly.** Points not yet captured cancel out of a margin,
  so only what is banked counts, plus the clubs award.
- **The clubs award is a race.** Each club not yet captured is assumed to go to any side with equal
  chance; the expected award is then exact under the house rule that decides it (most clubs, seven
  or more, per club, three-player ties). Taking a club is worth what it changes in that
  expectation: a lot when the race is close, nothing once it is decided.
- **A table that one card clears is a Sur waiting to happen** for whoever plays next, if they may
  still score Surs (the Sur cutoff, a final deal where Surs are forbidden).

Values are *margins*: a side's points minus the mean of the other sides' points, so that with two
sides they are plain point differences and with three or four every opponent weighs the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, erf, pi, sqrt

from pasur.rules import Rules, moves_for
from pasur.rules.cards import (
    ACES,
    CLUB_CARDS,
    JACK,
    JACKS,
    TEN_OF_DIAMONDS,
    TWO_OF_CLUBS,
    rank_mask,
)
from pasur.rules.deal import PACK_SIZE
from pasur.rules.scoring import CLUBS_IN_PACK, clubs_winner
from pasur.rules.settings import ClubsAward, SurCancel, SurFinalDeal

_ONE_POINT = ACES | JACKS
_CACHE_LIMIT = 1 << 16
"""Entries kept in one cache before it is emptied; bounds memory over long runs."""


def card_points(cards: int) -> int:
    """The round points ``cards`` score for whoever ends up with them, clubs award aside.

    The 10♦ is worth 3, the 2♣ 2, each ace and each jack 1.
    """
    points = (cards & _ONE_POINT).bit_count()
    if cards & TEN_OF_DIAMONDS:
        points += 3
    if cards & TWO_OF_CLUBS:
        points += 2
    return points


def margin(values: Sequence[float], side: int) -> float:
    """``side``'s value minus the mean of the other sides' values."""
    others = len(values) - 1
    return values[side] - (sum(values) - values[side]) / others


class RulesJudge:
    """Per-rules memos for the clubs race and for the cards that would clear a table.

    One judge is shared by every bot playing under the same rules (see :func:`judge_for`), so the
    memos fill once and are then look-ups.
    """

    def __init__(self, rules: Rules, sides: int) -> None:
        self.rules = rules
        self.sides = sides
        self.sur_points = rules.sur_points
        self.final_deal_surs = rules.sur_final_deal is SurFinalDeal.ALLOWED
        self.net_surs = rules.sur_cancel is SurCancel.NET
        self._clubs: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._sweepers: dict[int, int] = {}
        self._takers: dict[int, int] = {}

    def clubs_expectation(self, clubs: tuple[int, ...]) -> tuple[float, ...]:
        """Each side's expected clubs award, given the clubs each has taken so far.

        The clubs not yet taken are dealt out to the sides one by one with equal chances (a
        multinomial split), and the award is decided by the rules' own function for each outcome.
        """
        found = self._clubs.get(clubs)
        if found is not None:
            return found
        sides = self.sides
        remaining = CLUBS_IN_PACK - sum(clubs)
        expected = [0.0] * sides
        rules = self.rules
        per_club = rules.clubs_award is ClubsAward.PER_CLUB
        total_weight = sides**remaining
        for split in _splits(remaining, sides):
            weight = _multinomial(remaining, split) / total_weight
            final = tuple(c + s for c, s in zip(clubs, split, strict=True))
            winner = clubs_winner(rules, final, individual_three=sides == 3)
            if winner is not None:
                award = min(final[winner], rules.clubs_points) if per_club else rules.clubs_points
                expected[winner] += weight * award
        result = tuple(expected)
        if len(self._clubs) >= _CACHE_LIMIT:
            self._clubs.clear()
        self._clubs[clubs] = result
        return result

    def sweepers(self, table: int) -> int:
        """Every card not on ``table`` that would take all of it and score a Sur, as a card set.

        Jacks are left out: a jack clears a table but never scores a Sur. The answer comes from the
        engine's own capture rules, so it holds under every house rule (several sum sets, a queen
        or king taking all of its rank, and so on).
        """
        found = self._sweepers.get(table)
        if found is not None:
            return found
        cards = 0
        if table:
            rules = self.rules
            for rank in range(1, 14):
                if rank == JACK:
                    continue
                spare = rank_mask(rank) & ~table
                if not spare:
                    continue
                card = (spare & -spare).bit_length() - 1
                if any(move.taken == table for move in moves_for(1 << card, table, rules)):
                    cards |= spare
        if len(self._sweepers) >= _CACHE_LIMIT:
            self._sweepers.clear()
        self._sweepers[table] = cards
        return cards

    def takers(self, card: int, table: int) -> int:
        """Every card not on ``table`` that could take ``card`` (lying on it) in some capture."""
        key = table << 6 | card
        found = self._takers.get(key)
        if found is not None:
            return found
        cards = 0
        rules = self.rules
        for rank in range(1, 14):
            spare = rank_mask(rank) & ~table
            if not spare:
                continue
            probe = (spare & -spare).bit_length() - 1
            if any(move.taken >> card & 1 for move in moves_for(1 << probe, table, rules)):
                cards |= spare
        if len(self._takers) >= _CACHE_LIMIT:
            self._takers.clear()
        self._takers[key] = cards
        return cards

    def sur_possible(self, dealt: int) -> bool:
        """Whether clearing the table can score a Sur at all while ``dealt`` cards are out."""
        return dealt < PACK_SIZE or self.final_deal_surs


_JUDGES: dict[tuple[Rules, int], RulesJudge] = {}


def judge_for(rules: Rules, sides: int) -> RulesJudge:
    """The shared :class:`RulesJudge` for these rules and this number of sides."""
    key = (rules, sides)
    judge = _JUDGES.get(key)
    if judge is None:
        if len(_JUDGES) >= 64:
            _JUDGES.clear()
        judge = _JUDGES[key] = RulesJudge(rules, sides)
    return judge


def chance_to_hold(cards: int, pool: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` drawn at random from ``pool`` holds any ``cards``."""
    size = pool.bit_count()
    wanted = (cards & pool).bit_count()
    if not wanted or hand_size <= 0:
        return 0.0
    if hand_size > size - wanted:
        return 1.0
    return 1.0 - comb(size - wanted, hand_size) / comb(size, hand_size)


def side_clubs(piles: Sequence[int], side_of: Sequence[int], sides: int) -> tuple[int, ...]:
    """Clubs taken by each side so far."""
    clubs = [0] * sides
    for seat, pile in enumerate(piles):
        clubs[side_of[seat]] += (pile & CLUB_CARDS).bit_count()
    return tuple(clubs)


def _splits(remaining: int, sides: int) -> list[tuple[int, ...]]:
    if sides == 1:
        return [(remaining,)]
    return [
        (first, *rest)
        for first in range(remaining + 1)
        for rest in _splits(remaining - first, sides - 1)
    ]


def _multinomial(total: int, parts: tuple[int, ...]) -> int:
    result = 1
    left = total
    for part in parts:
        result *= comb(left, part)
        left -= part
    return result


ROUND_MARGIN_SD = 12.0
"""The spread (standard deviation) of one round's point margin between two sides, measured."""
POINTS_PER_ROUND = 25.0
"""Points a round hands out over all sides, on average (20 for cards plus a Sur or so)."""


class Valuation:
    """What a round's outcome is worth to one side: its margin, or its chance to win the game.

    Most of a game is won by points, so a bot maximizes its expected margin. Once the target is
    close (fewer than :attr:`CLOSING_ROUNDS` rounds to go at the usual pace) points stop being
    the aim: a side far ahead should play safe and a side far behind should gamble. Then the
    value of a round's points is the chance to win the game after them, from a normal model of
    the rounds still to come, scaled so that near a level game one point of margin is still worth
    about one (which keeps values comparable with the margin mode, for hints).
    """

    CLOSING_ROUNDS = 2.5

    def __init__(self, rules: Rules, totals: Sequence[int], side: int, *, game_aware: bool) -> None:
        self.side = side
        self.totals = tuple(totals)
        self.target = rules.target
        sides = len(totals)
        self.per_side = POINTS_PER_ROUND / sides
        rounds_left = (rules.target - max(totals)) / self.per_side
        self.game_mode = game_aware and rounds_left < self.CLOSING_ROUNDS
        # The spread of the margin over the rounds that follow this one (at least one more).
        self._spread = ROUND_MARGIN_SD * sqrt(max(rounds_left - 1.0, 1.0))
        self._scale = self._spread * sqrt(2.0 * pi)

    def __call__(self, points: Sequence[float]) -> float:
        """The value to :attr:`side` of the round ending with ``points`` per side."""
        if not self.game_mode:
            return margin(points, self.side)
        return self._scale * self.win_chance(points)

    def win_chance(self, points: Sequence[float]) -> float:
        """An estimate of the chance that :attr:`side` wins the game after this round."""
        after = [t + p for t, p in zip(self.totals, points, strict=True)]
        best = max(after)
        mine = after[self.side]
        if best >= self.target and after.count(best) == 1:
            return 1.0 if mine == best else 0.0
        # Another round or more: each opponent must be outscored over the rounds to come.
        chance = 1.0
        for other, total in enumerate(after):
            if other != self.side:
                chance *= _normal_cdf((mine - total) / self._spread)
        return chance


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))
