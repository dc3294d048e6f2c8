"""Reading the other seats from how they played: which worlds are plausible, and how they play.

Every card played is public, but *why* a seat played it says something about the cards it still
holds, and about the player. Both readings use one model of a player: it picks among its legal
moves with probability proportional to ``exp(gain / temperature)``, where ``gain`` is the move's
immediate gain (:mod:`pasur.bots.features`, the casual level's judgement). A low temperature is a
player who nearly always takes the best immediate gain; an infinite one plays at random.

- **Style** (:func:`seat_temperatures`). In a deal that is over, every card a seat held has been
  played face up, so each of its decisions there can be replayed exactly: its hand, the table
  and its legal moves. The temperature that best explains those decisions (most likely, with a
  prior that favours the usual one) is the seat's style. A random player is recognised within a
  deal or two, and then neither its plays nor its replies are read as a careful player's.
- **Cards** (:func:`play_likelihood`). A seat that laid a card while it held a card that would
  have cleared the table for a Sur was either careless or did not hold that card; for a careful
  player the second is far likelier. A world's weight is the likelihood of the plays seen so far
  in the current deal, given the hands that world puts in the other seats, at each seat's own
  temperature; plays from earlier deals say nothing about the hidden cards, because every card
  those hands held has since been played face up.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import exp, inf, log

from pasur.bots.features import immediate_gains
from pasur.bots.worlds import WorldWeigher
from pasur.rules import GameState, Move, SeatView, moves_for
from pasur.rules.deal import HAND_SIZE, PACK_SIZE
from pasur.rules.settings import OpenCards

STYLES = (0.25, 0.5, 1.0, 2.0, 4.0, inf)
"""The temperatures a seat's play is judged against, from sharp to random."""
PRIOR_DOUBT = 2.0
"""How much likelier (in log-likelihood, nats) the plays must be under another temperature than
under the usual one before a seat is judged to play that way: a few decisions are not enough."""


def seat_temperatures(view: SeatView, usual: float) -> tuple[float, ...]:
    """Each seat's temperature, judged from its decisions in this round's finished deals.

    ``usual`` is the prior guess (and the answer before any deal is over); it is one of
    :data:`STYLES` or joins them. The deciding seat keeps ``usual``.
    """
    styles = STYLES if usual in STYLES else (*STYLES, usual)
    scores = [
        [0.0 if style == usual else -PRIOR_DOUBT for style in styles] for _ in view.hand_sizes
    ]
    for then, legal, chosen in _decisions(view, None):
        gains = immediate_gains(then, legal)
        row = scores[then.seat]
        for index, style in enumerate(styles):
            row[index] += _log_choice(gains, chosen, style)
    return tuple(
        usual if seat == view.seat else styles[max(range(len(styles)), key=row.__getitem__)]
        for seat, row in enumerate(scores)
    )


def play_likelihood(temperatures: Sequence[float]) -> WorldWeigher:
    """A world weigher: the likelihood of the current deal's plays, each seat at its own
    temperature (an infinite one says nothing about its cards)."""

    def weigh(view: SeatView, state: GameState) -> float:
        weight = 1.0
        for then, legal, chosen in _decisions(view, state.hands):
            temperature = temperatures[then.seat]
            if temperature != inf:
                weight *= exp(_log_choice(immediate_gains(then, legal), chosen, temperature))
        return weight

    return weigh


def _log_choice(gains: Sequence[float], chosen: int, temperature: float) -> float:
    """The log-probability of the move ``chosen`` under a softmax of ``gains``."""
    if temperature == inf:
        return -log(len(gains))
    best = max(gains)
    total = sum(exp((gain - best) / temperature) for gain in gains)
    return (gains[chosen] - best) / temperature - log(total)


def _decisions(
    view: SeatView, hands: tuple[int, ...] | None
) -> Iterator[tuple[SeatView, Sequence[Move], int]]:
    """The other seats' decisions with a real choice, latest first: the seat's view then, its
    legal moves and the index of the one it played.

    With ``hands`` (the hands now, in a world) these are the current deal's decisions. Without,
    they are the decisions of the round's finished deals, where each hand was exactly the cards
    its seat went on to play in that deal.
    """
    players = view.players
    per_deal = HAND_SIZE * players
    plays = view.plays
    current = len(plays) - len(plays) % per_deal
    held = list(hands) if hands is not None else [0] * players
    table = view.table
    piles = list(view.piles)
    dealt = view.dealt
    stop = current if hands is not None else 0
    rules = view.rules
    stack = rules.open_cards is OpenCards.STACK
    for index in range(len(plays) - 1, stop - 1, -1):
        if index < current and (index + 1) % per_deal == 0:
            # Back into a finished deal: its hands are rebuilt from its plays alone.
            held = [0] * players
            dealt -= per_deal
        seat, card, taken, _ = plays[index]
        bit = 1 << card
        held[seat] |= bit
        if taken:
            table |= taken
            piles[seat] &= ~(taken | bit)
        else:
            table &= ~bit
        if seat == view.seat or (hands is None and index >= current):
            continue
        # From an open stack the card played was the only one it could play (Ru Baaz); the
        # last card of the final deal may sweep the table.
        playable = bit if stack else held[seat]
        last_card = dealt == PACK_SIZE and held[seat].bit_count() == 1
        legal = moves_for(playable, table, rules, last_card=last_card)
        if len(legal) < 2:
            continue
        then = view._replace(
            seat=seat,
            hand=held[seat],
            turn=seat,
            dealt=dealt,
            table=table,
            piles=tuple(piles),
            plays=plays[:index],
        )
        yield then, legal, legal.index((card, taken))
