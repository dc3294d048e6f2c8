"""What a puzzle is about: themes read off its solution line, never guessed.

Each theme is a fact about the line the solver proves best (the seat's best play, then both
seats' best replies to the round's end), checked by replaying it through the engine:

- ``make-sur``: the seat scores a Sur on the line.
- ``deny-sur``: the other seat scores no Sur on the line, though another first play would have
  let it score one with its very next play.
- ``jack-sweep``: the seat captures with a jack on the line.
- ``ten-two``: the seat ends the round holding the 10♦ or the 2♣ it did not hold yet.
- ``clubs-race``: the clubs award was still open and the line gives it to the seat.
- ``leftovers``: the seat is the last to capture, and the cards left on the table go to it.
- ``counting``: the greediest first play (the most points taken now, Sur included) is not the
  best; the seat must work out the other hand from the cards gone to see why.

A puzzle may have several; the first in :data:`THEMES`'s order names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pasur.rules import GameState, Move, legal_moves, play_legal
from pasur.rules.cards import ACES, CLUB_CARDS, JACK, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from pasur.rules.scoring import clubs_settled

THEMES: tuple[str, ...] = (
    "make-sur",
    "deny-sur",
    "jack-sweep",
    "ten-two",
    "clubs-race",
    "leftovers",
    "counting",
)
"""Every theme, the most telling first."""


def gain(state: GameState, move: Move) -> tuple[int, int]:
    """What a play takes at once: card points (a Sur's points included), then clubs."""
    if not move.taken:
        return (0, 0)
    after = play_legal(state, move)
    cards = move.taken | 1 << move.card
    points = (cards & (ACES | JACKS)).bit_count()
    points += 3 * bool(cards & TEN_OF_DIAMONDS) + 2 * bool(cards & TWO_OF_CLUBS)
    if after.plays[-1].sur:
        points += state.rules.sur_points
    return (points, (cards & CLUB_CARDS).bit_count())


def themes_of(state: GameState, line: Sequence[Move]) -> list[str]:
    """The themes true of ``line``, the solution line from ``state``, in :data:`THEMES` order."""
    seat = state.turn
    other = 1 - seat
    end = state
    for move in line:
        end = play_legal(end, move)
    assert end.result is not None
    plays = end.plays[len(state.plays) :]
    found = set()
    if any(p.sur for p in plays if p.seat == seat):
        found.add("make-sur")
    if not any(p.sur for p in plays if p.seat == other) and _sur_allowed(state, line[0]):
        found.add("deny-sur")
    if any(p.taken and p.card // 4 == JACK - 1 for p in plays if p.seat == seat):
        found.add("jack-sweep")
    special = TEN_OF_DIAMONDS | TWO_OF_CLUBS
    if end.piles[seat] & special & ~state.piles[seat]:
        found.add("ten-two")
    clubs = [(pile & CLUB_CARDS).bit_count() for pile in state.piles]
    if not clubs_settled(state.rules, clubs) and end.result.score.clubs_winner == seat:
        found.add("clubs-race")
    if end.result.leftover and end.result.leftover_to == seat:
        found.add("leftovers")
    gains = {move: gain(state, move) for move in legal_moves(state)}
    if gains[line[0]] < max(gains.values()):
        found.add("counting")
    return [theme for theme in THEMES if theme in found]


def _sur_allowed(state: GameState, best: Move) -> bool:
    """Whether some first play other than ``best`` lets the other seat score a Sur at once."""
    for move in legal_moves(state):
        if move == best:
            continue
        after = play_legal(state, move)
        if after.turn >= 0 and any(
            play_legal(after, reply).plays[-1].sur for reply in legal_moves(after)
        ):
            return True
    return False
