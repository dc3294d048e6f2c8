"""What the master's learned value reads of a position: one seat's view, as numbers.

The learned value (:mod:`pasur.bots.value_net`) corrects the hand-written leaf evaluation of the
search (:mod:`pasur.bots.search`) at the horizon. A search leaf is a *world*, with every hand
face up, but the value must judge it as the deciding seat would, so it reads only what that seat
could see there: its own hand, the table, the cards it has not seen (the other hands and the pack
together, never which is where), the public pile facts (points banked, clubs, Surs, who captured
last), whose turn it is, how much of the pack is left, and the settings that change what cards
are worth. The hand-written evaluation's own margin is an input too, so the network learns what
that evaluation misses rather than the whole game again.

The layout is versioned: :data:`FEATURES` names every input in order, and the shipped weights
record the names they were fitted to (:mod:`pasur.bots.value_net` refuses a mismatch).
"""

from __future__ import annotations

from pasur.bots.evaluation import card_points
from pasur.rules import GameState
from pasur.rules.cards import ALL_CARDS, CARDS, CLUB_CARDS
from pasur.rules.deal import PACK_SIZE
from pasur.rules.views import known_hand

CARD_SETS = ("hand", "table", "unseen")
"""The card sets read as 52 inputs each (1 for a card in the set), in this order."""

SCALARS = (
    "turn_self",
    "turn_next",
    "turn_across",
    "turn_before",
    "players_2",
    "players_3",
    "players_4",
    "partnerships",
    "pack_left",
    "hand_size",
    "table_size",
    "banked_self",
    "banked_others",
    "clubs_self",
    "clubs_others_most",
    "surs_self",
    "surs_others",
    "last_capture_self",
    "last_capture_other",
    "sur_allowed_self",
    "sur_allowed_others",
    "sur_points",
    "clubs_points",
    "evaluation",
)
"""The other inputs, each scaled to about one (see :func:`position_features`)."""

FEATURES: tuple[str, ...] = (
    tuple(f"{name}:{card}" for name in CARD_SETS for card in (str(c) for c in CARDS)) + SCALARS
)
"""Every input's name, in the order the network reads them."""

CARD_INPUTS = 52 * len(CARD_SETS)
"""How many of :data:`FEATURES` are cards (the first ones)."""


def card_bits(state: GameState, seat: int) -> int:
    """The seat's three card sets packed into one integer, 52 bits each (hand lowest).

    Kept as an integer so that the network can unpack all of them in one call. Under Pasur Ru
    Baaz every open card is seen, and from a face-down stack the seat knows only its open card.
    """
    hand = known_hand(state, seat)
    table = state[10]
    seen = hand | table
    for pile in state[11]:
        seen |= pile
    for shown in state[18]:
        seen |= shown
    return hand | table << 52 | (ALL_CARDS & ~seen) << 104


def scalar_features(state: GameState, seat: int, evaluation: float) -> list[float]:
    """The :data:`SCALARS` for ``seat`` in ``state``; ``evaluation`` is the hand-written margin."""
    rules = state[4]
    players = state[5]
    partnerships = rules.partnerships
    turn = state[8]
    piles = state[11]
    surs = state[12]
    last = state[13]
    cutoff = rules.sur_cutoff
    totals = state[15]
    sides = state.sides
    mine = state.side_of(seat)
    banked_self = banked_others = 0
    clubs_self = surs_self = surs_others = 0
    other_clubs = [0] * players
    for other in range(players):
        pile = piles[other]
        side = state.side_of(other)
        if side == mine:
            banked_self += card_points(pile)
            clubs_self += (pile & CLUB_CARDS).bit_count()
            surs_self += surs[other]
        else:
            banked_others += card_points(pile)
            other_clubs[side] += (pile & CLUB_CARDS).bit_count()
            surs_others += surs[other]
    opponents = sides - 1
    relative_turn = (turn - seat) % players if turn >= 0 else -1
    last_side = -1 if last < 0 else state.side_of(last)
    allowed_self = cutoff is None or totals[mine] < cutoff
    allowed_others = any(
        cutoff is None or totals[side] < cutoff for side in range(sides) if side != mine
    )
    return [
        float(relative_turn == 0),
        float(relative_turn == 1),
        float(relative_turn == 2 and players == 4),
        float(relative_turn == players - 1 and relative_turn > 0),
        float(players == 2),
        float(players == 3),
        float(players == 4),
        float(partnerships),
        (PACK_SIZE - state[9]) / PACK_SIZE,
        state[1][seat].bit_count() / 4,
        state[10].bit_count() / 10,
        banked_self / 13,
        banked_others / opponents / 13,
        clubs_self / 13,
        max(other_clubs) / 13,
        surs_self / 2,
        surs_others / opponents / 2,
        float(last_side == mine),
        float(last_side >= 0 and last_side != mine),
        float(allowed_self),
        float(allowed_others),
        rules.sur_points / 5,
        rules.clubs_points / 7,
        evaluation / 10,
    ]


def position_features(state: GameState, seat: int, evaluation: float) -> list[float]:
    """Every input of :data:`FEATURES` as a plain list (for training data and tests)."""
    bits = card_bits(state, seat)
    cards = [float(bits >> index & 1) for index in range(CARD_INPUTS)]
    return cards + scalar_features(state, seat, evaluation)
