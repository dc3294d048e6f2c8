"""What the seat to play may do with its hand under the rules that change it: Pasur Ru Baaz's stack
(only the open card may be played) and the last card's sweep (a last card that captures takes the
whole table).

The engine's legal moves and its reasons for refusing a move both ask these questions, so they live
below both; neither is on the standard rules' hot path.
"""

from __future__ import annotations

from pasur.rules.captures import FIRST_JACK, FIRST_QUEEN
from pasur.rules.deal import PACK_SIZE
from pasur.rules.settings import OpenCards
from pasur.rules.state import GameState


def playable(state: GameState, seat: int) -> int:
    """The cards ``seat`` may play from its hand: all of them, or its open card alone under
    ``open-cards=stack``."""
    hand = state.hands[seat]
    if state.rules.open_cards is OpenCards.STACK:
        return hand & state.open_cards[seat]
    return hand


def sweeps(state: GameState, card: int) -> bool:
    """Whether ``card``, played by the seat to play, takes the whole table if it captures
    (``last-card-sweep``: its last card in the final deal; a jack takes only what a jack takes)."""
    return (
        state.rules.last_card_sweep
        and state.dealt == PACK_SIZE
        and state.hands[state.turn].bit_count() == 1
        and not FIRST_JACK <= card < FIRST_QUEEN
    )
