"""Who plays whom: people waiting for a quick match, grouped by close ratings.

Each person waits for one kind of game (:class:`Wanted`: the players, the turn timer, rated or
not) with a rating (the ordinal people see, 0 for someone not rated yet). The window of ratings
they accept starts narrow and widens the longer they wait (:func:`window`); two people may sit
together when each one's rating is within the other's window, and a group of three or four only
when every pair of it may. :meth:`Queue.pair` forms groups oldest first, each with the closest
ratings it can find, so nobody who has waited long is passed over for a better fit that came
later. Pure and deterministic: the clock is passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

BASE_WINDOW = 2.0
"""Rating points either side that someone accepts at once (ordinals run from 0 to about 40)."""

WIDENING = 0.5
"""Rating points the window grows by each second of waiting."""

MAX_WINDOW = 40.0
"""The widest window: after 76 s anyone of the same kind of game will do."""

CANDIDATES = 12
"""How many of the closest ratings are tried for a group of three or four."""

BOT_OFFER_AFTER = 60.0
"""Seconds of waiting after which a bot of matching strength is offered."""


def window(waited: float) -> float:
    """The rating points either side accepted after ``waited`` seconds in the queue."""
    return min(MAX_WINDOW, BASE_WINDOW + WIDENING * max(0.0, waited))


@dataclass(frozen=True, slots=True)
class Wanted:
    """The kind of game someone queues for; only people who want the same one meet."""

    players: int = 2
    turn_timer: int | None = None
    rated: bool = False


@dataclass(frozen=True, slots=True)
class Seeker:
    """Someone in the queue."""

    player_id: str
    name: str
    rating: float
    wanted: Wanted
    joined_at: float

    def accepts(self, other: Seeker, now: float) -> bool:
        """Whether ``other``'s rating is within this person's window now."""
        return abs(self.rating - other.rating) <= window(now - self.joined_at)


def fits(group: tuple[Seeker, ...], now: float) -> bool:
    """Whether every two people of ``group`` accept each other now."""
    return all(a.accepts(b, now) and b.accepts(a, now) for a, b in combinations(group, 2))


@dataclass
class Queue:
    """The people waiting, in the order they came."""

    waiting: dict[str, Seeker] = field(default_factory=dict)

    def join(self, seeker: Seeker) -> None:
        """Queue ``seeker`` (again: a person queues for one kind of game at a time)."""
        self.waiting.pop(seeker.player_id, None)
        self.waiting[seeker.player_id] = seeker

    def leave(self, player_id: str) -> Seeker | None:
        return self.waiting.pop(player_id, None)

    def pair(self, now: float) -> list[tuple[Seeker, ...]]:
        """Take out and return every group that can sit down now, oldest first.

        For the oldest person still waiting, the others of the same kind of game who accept
        them are tried closest rating first, and the first group of the right size whose
        members all accept each other is seated; then the next oldest, and so on.
        """
        groups: list[tuple[Seeker, ...]] = []
        for seeker in list(self.waiting.values()):
            if seeker.player_id not in self.waiting:
                continue  # seated in an earlier group of this call
            group = self._group_for(seeker, now)
            if group is not None:
                for member in group:
                    del self.waiting[member.player_id]
                groups.append(group)
        return groups

    def _group_for(self, seeker: Seeker, now: float) -> tuple[Seeker, ...] | None:
        size = seeker.wanted.players
        others = [
            other
            for other in self.waiting.values()
            if other is not seeker
            and other.wanted == seeker.wanted
            and seeker.accepts(other, now)
            and other.accepts(seeker, now)
        ]
        others.sort(key=lambda other: (abs(other.rating - seeker.rating), other.joined_at))
        # The closest few are enough to find a group, and keep a busy queue's pairing fast.
        for rest in combinations(others[:CANDIDATES], size - 1):
            group = (seeker, *rest)
            if fits(group, now):
                return group
        return None
