"""The engine's conservation laws, as a check that tests (ours and anyone's) run after every step.

In the spirit of a conformance test: whatever sequence of legal plays led to a state, all 52 cards
are somewhere, no card is in two places, hands have the sizes the deal says, every hand shows one
open card under Pasur Ru Baaz, and a finished round's points are its card points plus its Sur
points.
"""

from __future__ import annotations

from pasur.rules.cards import ALL_CARDS, format_cards
from pasur.rules.deal import HAND_SIZE, PACK_SIZE
from pasur.rules.scoring import (
    ACES_IN_PACK,
    JACKS_IN_PACK,
    TEN_OF_DIAMONDS_POINTS,
    TWO_OF_CLUBS_POINTS,
)
from pasur.rules.settings import OpenCards
from pasur.rules.state import GameState


class InvariantError(AssertionError):
    """A state that no sequence of legal plays can produce: a bug in the engine."""


def check_invariants(state: GameState) -> None:
    """Raise :class:`InvariantError` if ``state`` breaks a conservation law of the game."""
    places = [*state.hands, state.table, *state.piles]
    pack = 0
    for card in state.deck[state.dealt :]:
        pack |= 1 << card
    places.append(pack)
    seen = 0
    for place in places:
        if seen & place:
            raise InvariantError(f"{format_cards(seen & place)} in two places")
        seen |= place
    if seen != ALL_CARDS:
        raise InvariantError(f"{format_cards(ALL_CARDS & ~seen)} missing")
    if len(state.deck) != PACK_SIZE or len(set(state.deck)) != PACK_SIZE:
        raise InvariantError("the deck order is not a pack")
    dealt_cards = 0
    for card in state.deck[: state.dealt]:
        dealt_cards |= 1 << card
    if dealt_cards & pack:
        raise InvariantError("a dealt card is still in the pack")
    if state.turn >= 0:
        # Seats from the leader up to the one to play have played one card more this deal.
        sizes = [hand.bit_count() for hand in state.hands]
        leader = (state.dealer + 1) % state.players
        to_play = sizes[state.turn]
        already = (state.turn - leader) % state.players
        for step in range(state.players):
            want = to_play - 1 if step < already else to_play
            if sizes[(leader + step) % state.players] != want or not 1 <= to_play <= HAND_SIZE:
                raise InvariantError(f"hand sizes {sizes} with seat {state.turn + 1} to play")
    _check_open_cards(state)
    result = state.result
    if result is not None:
        score = result.score
        played_out = result.claimed_by < 0
        if played_out and (
            any(state.hands) or state.table != result.leftover * (result.leftover_to < 0)
        ):
            raise InvariantError("cards left in hand or on the table after the round")
        base_available = TEN_OF_DIAMONDS_POINTS + TWO_OF_CLUBS_POINTS + ACES_IN_PACK + JACKS_IN_PACK
        clubs_points = sum(line.clubs_points for line in score.lines)
        if played_out and result.leftover_to < 0:
            base_available = 0  # nobody captured, and nobody took the table
        if played_out and score.base_points != base_available + clubs_points:
            raise InvariantError(f"card points {score.base_points} do not add up")
        if sum(score.points) != score.base_points + score.sur_points:
            raise InvariantError("round points are not card points plus Sur points")
        sur_points = sum(line.surs for line in score.lines) * state.rules.sur_points
        if score.sur_points != sur_points:
            raise InvariantError("Sur points are not the Surs times the points for one")


def _check_open_cards(state: GameState) -> None:
    """Under Ru Baaz every hand that holds cards shows exactly one of them; otherwise none."""
    if state.rules.open_cards is OpenCards.OFF:
        if state.open_cards:
            raise InvariantError("open cards without open-cards")
        return
    if len(state.open_cards) != state.players:
        raise InvariantError(f"open cards for {len(state.open_cards)} of {state.players} seats")
    for seat, (hand, shown) in enumerate(zip(state.hands, state.open_cards, strict=True)):
        playing = state.result is None or state.result.claimed_by >= 0
        if shown & ~hand or shown.bit_count() != (1 if hand and playing else 0):
            raise InvariantError(f"seat {seat + 1} shows {format_cards(shown)} of its hand")
