"""Rated play: a side that left a game early is ranked last before the ratings move."""

from __future__ import annotations

from typing import Any

import pytest

from pasur.server.history.game_log import finished_games
from pasur.server.history.ratings import MODEL, abandoners_last, ranks


def event(kind: str, **data: Any) -> dict[str, Any]:
    return {"kind": kind, "data": data}


SEATED = [event("seated", seat=s, player=f"p{s}", name=f"N{s}") for s in range(2)]
STARTED = event("started", game=1, players=2, seats=["N0", "N1"])
OVER = event("game_over", game=1, totals=[70, 40], winner=0)


@pytest.mark.parametrize(
    ("middle", "abandoned"),
    [
        ([], frozenset()),
        ([event("left", seat=0)], frozenset({0})),
        # Back in their own seat before the end: not abandoned.
        ([event("left", seat=0), SEATED[0]], frozenset()),
        # Grace ran out and the stand-in bot still plays at the end.
        ([event("stand_in", seat=1, level="random", active=True)], frozenset({1})),
        (
            [
                event("stand_in", seat=1, level="random", active=True),
                event("stand_in", seat=1, level="random", active=False),
            ],
            frozenset(),
        ),
    ],
)
def test_a_seat_left_or_stood_in_for_at_the_end_is_abandoned(
    middle: list[dict[str, Any]], abandoned: frozenset[int]
) -> None:
    (game,) = finished_games([*SEATED, STARTED, *middle, OVER])
    assert game.abandoned == abandoned
    assert game.players == ("p0", "p1")


def test_leaving_between_games_abandons_nothing() -> None:
    (game,) = finished_games([*SEATED, STARTED, OVER, event("left", seat=0)])
    assert game.abandoned == frozenset()


@pytest.mark.parametrize(
    ("places", "abandoned", "moved"),
    [
        ([0, 1], {0}, [1, 0]),
        ([0, 1, 1], {0}, [1, 0, 0]),
        ([2, 0, 1], {1, 2}, [0, 1, 1]),
        ([0, 1], set(), [0, 1]),
        # Every side abandoned: the result stands.
        ([0, 1], {0, 1}, [0, 1]),
    ],
)
def test_abandoning_sides_share_the_last_place(
    places: list[int], abandoned: set[int], moved: list[int]
) -> None:
    assert abandoners_last(places, abandoned) == moved


def test_the_winner_who_left_loses_rating_as_openskill_ranks_them_last() -> None:
    places = abandoners_last(ranks([70, 40], 0), {0})
    (gone,), (stayed,) = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=places)
    assert gone.mu < 25.0 < stayed.mu
