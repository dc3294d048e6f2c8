"""Whether a capture that clears the table is a Sur, and whom it cancels.

The engine calls :func:`sur_after_clear` only when a capture has left the table empty, which is
rare, so the house rules are read here at leisure: the final deal (``sur-final-deal``), the last
card's sweep, the cutoff (``sur-cutoff`` and ``sur-cutoff-cancels``) and the ways opposing Surs
offset each other during play (``sur-cancel``; ``net`` is settled at the round's end, in
:mod:`pasur.rules.scoring`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pasur.rules.captures import FIRST_JACK, FIRST_QUEEN, capture_options
from pasur.rules.deal import PACK_SIZE
from pasur.rules.settings import SurCancel, SurCutoffCancels, SurFinalDeal
from pasur.rules.state import GameState


def sur_after_clear(
    state: GameState, card: int, taken: int, hands: Sequence[int]
) -> tuple[bool, tuple[int, ...]]:
    """Whether the seat to play scores a Sur by playing ``card`` to take ``taken`` (which clears
    the table), and the standing Surs after it; ``hands`` are the hands after the play.

    A Sur that cancels an opponent's is still a Sur (``True``), but adds none of its own.
    """
    rules = state.rules
    seat = state.turn
    if FIRST_JACK <= card < FIRST_QUEEN:
        return False, state.surs
    if state.dealt == PACK_SIZE:
        if rules.sur_final_deal is SurFinalDeal.FORBIDDEN:
            return False, state.surs
        if rules.sur_final_deal is SurFinalDeal.LAST_CARD and not any(hands):
            return False, state.surs
        if (
            rules.last_card_sweep
            and not hands[seat]
            and taken not in capture_options(card, state.table, rules)
        ):
            # The sweep took cards the card itself could not: those are leftovers, not a Sur.
            return False, state.surs
    side = state.side_of(seat)
    at_cutoff = rules.sur_cutoff is not None and state.totals[side] >= rules.sur_cutoff
    if at_cutoff and rules.sur_cutoff_cancels is SurCutoffCancels.OFF:
        return False, state.surs
    surs = list(state.surs)
    cancel = rules.sur_cancel
    if cancel is SurCancel.OPPONENT:
        victims = _opponents_holding(state, surs)[:1]
    elif cancel is SurCancel.ALL_OTHERS:
        victims = _one_of_each_opponent_side(state, surs)
    elif cancel is SurCancel.REPLY:
        pending = _open_to_reply(state)
        victims = [pending] if pending >= 0 and state.side_of(pending) != side else []
    else:
        victims = []
    if victims:
        for victim in victims:
            surs[victim] -= 1
        return True, tuple(surs)
    if at_cutoff and cancel is not SurCancel.NET:
        return False, state.surs
    # Under net cancelling a Sur made at the cutoff is kept to be netted at the round's end,
    # where it scores nothing itself (scoring.standing_surs).
    surs[seat] += 1
    return True, tuple(surs)


def _opponents_holding(state: GameState, surs: Sequence[int]) -> list[int]:
    """Opponent seats holding standing Surs, most first, then nearest after the seat to play."""
    seat = state.turn
    players = state.players
    side = state.side_of(seat)
    holders = [
        (seat + step) % players
        for step in range(1, players)
        if state.side_of((seat + step) % players) != side and surs[(seat + step) % players]
    ]
    return sorted(holders, key=lambda s: (-surs[s], (s - seat) % players))


def _one_of_each_opponent_side(state: GameState, surs: Sequence[int]) -> list[int]:
    """One seat of every opposing side, if every opposing side holds a standing Sur; else none."""
    side = state.side_of(state.turn)
    holders = _opponents_holding(state, surs)
    victims: dict[int, int] = {}
    for holder in holders:
        victims.setdefault(state.side_of(holder), holder)
    opposing = {state.side_of(other) for other in range(state.players)} - {side}
    return list(victims.values()) if set(victims) == opposing else []


def _open_to_reply(state: GameState) -> int:
    """The seat whose latest Sur may still be cancelled by a reply (``sur-cancel=reply``), or -1.

    A Sur stays open to a reply until it is cancelled, or until a seat of another side captures
    and leaves cards on the table. The round's plays are walked from the opening table, which is
    found by undoing them from the table now (a searched world's deck need not hold it).
    """
    table = state.table
    for play in reversed(state.plays):
        table = table | play.taken if play.taken else table & ~(1 << play.card)
    pending = -1
    for play in state.plays:
        if play.taken:
            table ^= play.taken
        else:
            table |= 1 << play.card
        if play.sur:
            opposed = pending >= 0 and state.side_of(pending) != state.side_of(play.seat)
            pending = -1 if opposed else play.seat
        elif (
            play.taken
            and table
            and pending >= 0
            and state.side_of(play.seat) != state.side_of(pending)
        ):
            pending = -1
    return pending
