"""Determinized alpha-beta search: the engine of every level from intermediate up.

A seat does not know the other hands or the pack, but every card played so far is public, so the
hidden part of a Pasur position is small. Perfect Information Monte Carlo (PIMC) turns that into
search: draw *worlds* (full deals consistent with the seat's view), search each one as if all
cards were face up, and average each move's value over the worlds. The drawing and averaging are
:func:`pasur.bots.worlds.determinized_values`'s; this module searches one world.

Each world is searched by alpha-beta over the real engine (:func:`pasur.rules.play_legal` on moves
from :func:`pasur.rules.moves_for`) with:

- a *horizon* in deals: the search stops where a deal beyond the horizon would start, or at the end
  of the round, whichever is first, and judges the position there with
  :mod:`pasur.bots.evaluation`; a ply limit caps it for three and four players, where one deal is
  12 or 16 plies;
- opponents who are *paranoid*, *modelled*, or a mix. In a world the search can see our hand, but
  a real opponent cannot, so the paranoid reply (the one worst for us, found by alpha-beta) credits
  it with knowledge it does not have and makes every risky plan look bad. A modelled opponent
  plays the move with the best immediate gain from its own view (:mod:`pasur.bots.features`, which
  judges risks by counting unseen cards, not by looking at ours). The value of an opponent's turn
  is ``m`` times the modelled reply's value plus ``1 - m`` times the paranoid one; the paranoid
  part is searched with the alpha-beta window moved to match, so cut-offs still happen. With more
  than two sides every opponent is treated so, which keeps the search two-sided. Given each
  seat's *style* (a temperature, :func:`pasur.bots.inference.seat_temperatures`) the modelled
  reply is instead the *expectation* over that seat's softmax of immediate gains (its likeliest
  replies, :data:`REPLY_MASS` of the weight; every reply, equally, for a random player): the best
  response to a player of that style. Drawing one reply per world instead would let each world's
  search foresee the opponent's dice and plan around them, and in the last deal with two players,
  where a single world is searched, stake the move on one draw. A careless seat is credited
  paranoid replies only in proportion to its care (a random player finds the reply worst for us
  no more often than any other);
- a transposition table keyed on the small int tuples that decide a position's future (hands,
  table, piles, Surs, last capturer), storing bounds;
- move ordering by immediate gain (a Sur first, then captures by the points they take), so the
  cut-offs come early.

Two limits bound one decision. The *node budget* (positions searched) decides how many worlds
are searched, and gives the same answer on every machine; it is what makes the arena
reproducible. The *time cap* is a safety net for a loaded machine or a freak position: the clock
is read every :data:`_CLOCK_STEP` positions and before each world is drawn, a world still being
searched when the cap passes is abandoned, and the answer is the average over the worlds
finished by then (the immediate gains, if none was).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from math import exp, inf

from pasur.bots.evaluation import RulesJudge, Valuation, judge_for, margin
from pasur.bots.features import immediate_gains
from pasur.rules import (
    GameState,
    Move,
    SeatView,
    legal_moves,
    moves_for,
    play_legal,
)
from pasur.rules import view as seat_view
from pasur.rules.cards import ACES, CLUB_CARDS, JACK, JACKS, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from pasur.rules.deal import HAND_SIZE, PACK_SIZE
from pasur.rules.settings import SurCancel

_ONE_POINT = ACES | JACKS
_FIRST_JACK = 4 * (JACK - 1)
_FIRST_QUEEN = 4 * JACK
_CARD_POINTS_TOTAL = 4 + 4 + 3 + 2
"""Card points in a pack, clubs award aside: aces, jacks, the 10♦ and the 2♣."""

CAREFUL = 0.5
"""The temperature of a careful player; a seat above it is credited ``CAREFUL / temperature`` of
the paranoid share of its replies."""

REPLY_MASS = 0.9
"""The share of a styled opponent's softmax weight that its replies searched must make up: the
long tail of unlikely replies would multiply the search for little change in the expectation."""

THREAT = 0.9
"""How much of a Sur the leaf evaluation credits to a seat that holds a card clearing the table.

Not all of it: the seat may have something better to do, and it is still a turn away.
"""


class WorldSearch:
    """Alpha-beta search of the worlds of one decision, from one seat's side.

    Args:
        view: the deciding seat's view (for the rules, the seats' sides and the game totals).
        valuation: what a round's points are worth to the deciding side.
        deals: the horizon, in deals: 1 searches to the end of the current deal.
        max_plies: the most plies searched below the root move.
        first_pick: at a leaf, credit the seat to play with this share of the best capture it
            holds (points, clubs at half a point, a Sur); 0 credits only a Sur it could take.
        opponent_model: how much an opponent's reply is the move with the best immediate gain
            from its own point of view (:mod:`pasur.bots.features`), rather than the reply
            worst for us. 0 is the paranoid search; see :func:`determinized_values`.
        styles: each seat's temperature, to value modelled replies as the expectation over a
            softmax of immediate gains; None plays the best immediate gain.
        learned: a learned correction of the leaf evaluation (the master's
            :meth:`pasur.bots.value_net.ValueNet.correction`): points added to the deciding
            side at each leaf, from the deciding seat's view of it and the evaluation's margin.
        clock: the clock that deadlines are read on (seconds; injectable for tests).
    """

    def __init__(
        self,
        view: SeatView,
        valuation: Valuation,
        *,
        deals: int,
        max_plies: int = 64,
        first_pick: float = 0.0,
        opponent_model: float = 0.0,
        styles: Sequence[float] | None = None,
        learned: LeafCorrection | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        rules = view.rules
        self.root_seat = view.seat
        self.learned = learned
        self.players = players = view.players
        self.side_of = side_of = tuple(view.side_of(seat) for seat in range(players))
        self.sides = sides = max(side_of) + 1
        self.judge: RulesJudge = judge_for(rules, sides)
        self.root_side = root_side = side_of[view.seat]
        self.maximizing = tuple(side == root_side for side in side_of)
        self.valuation = valuation
        self.horizon = view.dealt + deals * HAND_SIZE * players
        self.max_plies = max_plies
        self.first_pick = first_pick
        self.opponent_model = opponent_model
        self.styles = tuple(styles) if styles is not None else None
        paranoia = 1.0 - opponent_model
        if styles is not None:
            paranoias = tuple(paranoia * min(1.0, CAREFUL / style) for style in styles)
        else:
            paranoias = (paranoia,) * players
        self.paranoias = paranoias
        self._model_picks: dict[tuple[object, ...], tuple[int, int]] = {}
        self._policies: dict[tuple[object, ...], tuple[Sequence[Move], list[float]]] = {}
        cutoff = rules.sur_cutoff
        self.eligible = tuple(cutoff is None or total < cutoff for total in view.totals)
        self.rules = rules
        self.clock = clock
        self.nodes = 0

    def values(
        self,
        state: GameState,
        moves: Sequence[tuple[int, int]],
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> list[float] | None:
        """The exact value (under the horizon and evaluation) of each move in this world.

        Returns None, having given up, if the search of this world would visit more than
        ``node_limit`` positions or run past ``deadline`` (a reading of :attr:`clock`).
        """
        tt: dict[tuple[object, ...], tuple[float, float, tuple[int, int] | None]] = {}
        counter = [0]
        search, _ = self._searcher(tt, counter, node_limit, deadline)
        depth = self.max_plies
        try:
            return [search(play_legal(state, move), -inf, inf, depth) for move in moves]
        except _OutOfBudget:
            return None
        finally:
            self.nodes += counter[0]
            # The recursive closure is a reference cycle that only the cyclic garbage collector
            # frees; emptied now, the table it holds costs no memory and no long collection.
            tt.clear()

    def leaf_value(self, state: GameState) -> float:
        """What the leaf evaluation makes of ``state`` (the value of a search cut off there)."""
        _, leaf = self._searcher({}, [0], None, None)
        return leaf(state)

    def forget(self) -> None:
        """Empty the per-decision memos (see :meth:`values` on why not to leave it to the GC)."""
        self._model_picks.clear()
        self._policies.clear()

    def _searcher(
        self,
        tt: dict[tuple[object, ...], tuple[float, float, tuple[int, int] | None]],
        counter: list[int],
        node_limit: int | None,
        deadline: float | None,
    ) -> tuple[Callable[[GameState, float, float, int], float], Callable[[GameState], float]]:
        """Build the search and its leaf evaluation as closures (local names are fastest)."""
        rules = self.rules
        # Under an open stack or the last card's sweep a hand's plays are not its legal moves:
        # the engine lists them for the state (a little slower, so only then).
        plain = rules.plain_moves
        players = self.players
        side_of = self.side_of
        sides = self.sides
        maximizing = self.maximizing
        horizon = self.horizon
        valuation = self.valuation
        judge = self.judge
        sweepers = judge.sweepers
        clubs_expectation = judge.clubs_expectation
        sur_points = rules.sur_points
        final_deal_surs = judge.final_deal_surs
        net_surs = rules.sur_cancel is SurCancel.NET
        eligible = self.eligible
        tt_get = tt.get
        seats = range(players)
        side_range = range(sides)
        uncaptured_share = 1.0 / sides
        first_pick = self.first_pick
        model_weight = self.opponent_model
        paranoias = self.paranoias
        styles = self.styles
        # What a seat would play depends only on what it sees, so one memo serves every world.
        model_picks = self._model_picks
        policies = self._policies
        clock = self.clock
        learned = self.learned
        root_seat = self.root_seat
        root_side = self.root_side
        limit = node_limit if node_limit is not None else _NO_LIMIT
        next_check = [limit if deadline is None else min(limit, _CLOCK_STEP)]

        def leaf(state: GameState) -> float:
            piles = state[11]
            points = [0.0] * sides
            clubs = [0] * sides
            banked = 0
            for seat in seats:
                pile = piles[seat]
                side = side_of[seat]
                taken = (pile & _ONE_POINT).bit_count()
                if pile & TEN_OF_DIAMONDS:
                    taken += 3
                if pile & TWO_OF_CLUBS:
                    taken += 2
                banked += taken
                points[side] += taken
                clubs[side] += (pile & CLUB_CARDS).bit_count()
            surs = state[12]
            if any(surs):
                side_surs = [0] * sides
                for seat in seats:
                    if eligible[side_of[seat]]:
                        side_surs[side_of[seat]] += surs[seat]
                for side in side_range:
                    count = side_surs[side]
                    if net_surs:
                        count -= max(side_surs[:side] + side_surs[side + 1 :])
                    if count > 0:
                        points[side] += count * sur_points
            expected = clubs_expectation(tuple(clubs))
            share = (_CARD_POINTS_TOTAL - banked) * uncaptured_share
            for side in side_range:
                points[side] += expected[side] + share
            table = state[10]
            turn = state[8]
            if first_pick and table:
                sur_ok = eligible[side_of[turn]] and (state[9] < PACK_SIZE or final_deal_surs)
                best_pick = 0.0
                options = moves_for(state[1][turn], table, rules) if plain else legal_moves(state)
                for card, taken in options:
                    if taken:
                        worth = _ORDER_SCORES.get((card, taken))
                        if worth is None:
                            worth = _order_score((card, taken))
                        worth -= 10.0 + 0.1 * taken.bit_count()
                        if taken == table and sur_ok and not _FIRST_JACK <= card < _FIRST_QUEEN:
                            worth += sur_points
                        if worth > best_pick:
                            best_pick = worth
                points[side_of[turn]] += first_pick * best_pick
            elif (
                table
                and eligible[side_of[turn]]
                and (state[9] < PACK_SIZE or final_deal_surs)
                and state[1][turn] & sweepers(table)
            ):
                points[side_of[turn]] += sur_points * THREAT
            if learned is not None:
                points[root_side] += learned(state, root_seat, margin(points, root_side))
            return valuation(points)

        def terminal(state: GameState) -> float:
            result = state[16]
            assert result is not None
            return valuation(result.score.points)

        def search(state: GameState, alpha: float, beta: float, depth: int) -> float:
            counter[0] += 1
            if counter[0] >= next_check[0]:
                count = counter[0]
                if count >= limit or (deadline is not None and clock() > deadline):
                    raise _OutOfBudget
                next_check[0] = min(limit, count + _CLOCK_STEP)
            turn = state[8]
            if turn < 0:
                return terminal(state)
            if state[9] >= horizon or depth <= 0:
                return leaf(state)
            hands = state[1]
            table = state[10]
            key = (hands, table, state[11], state[12], state[13])
            entry = tt_get(key)
            first = None
            lower = -inf
            upper = inf
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
            start_alpha = alpha
            start_beta = beta
            moves: Sequence[tuple[int, int]] = (
                moves_for(hands[turn], table, rules) if plain else legal_moves(state)
            )
            if len(moves) > 1:
                moves = _ordered(moves, table, first)
            best = moves[0]
            depth -= 1
            if maximizing[turn]:
                value = -inf
                for move in moves:
                    found = search(play_legal(state, move), alpha, beta, depth)
                    if found > value:
                        value = found
                        best = move
                        if found > alpha:
                            alpha = found
                            if alpha >= beta:
                                break
            elif model_weight:
                # An opponent who cannot see our cards: mostly the move its immediate gains
                # favour (or, given its style, what its likely replies are worth on average),
                # partly the worst move for us (see ``opponent_model``).
                replies: Sequence[tuple[int, int]]
                if styles is None:
                    model_move = model_picks.get(key)
                    if model_move is None:
                        model_move = _model_move(state, turn)
                        model_picks[key] = model_move
                    replies = (model_move,)
                    expected = worst = search(play_legal(state, model_move), -inf, inf, depth)
                else:
                    policy = policies.get(key)
                    if policy is None:
                        policy = policies[key] = _policy(state, turn)
                    replies, weights = policy
                    expected = 0.0
                    worst = inf
                    for move, weight in zip(replies, weights, strict=True):
                        found = search(play_legal(state, move), -inf, inf, depth)
                        expected += weight * found
                        if found < worst:
                            worst = found
                best = replies[0]
                paranoia = paranoias[turn]
                if not paranoia:
                    value = expected
                else:
                    modelled = 1.0 - paranoia
                    low = (alpha - modelled * expected) / paranoia
                    high = min((beta - modelled * expected) / paranoia, worst)
                    if low < high:
                        for move in moves:
                            if move in replies:
                                continue
                            found = search(play_legal(state, move), low, high, depth)
                            if found < worst:
                                worst = found
                                if found < high:
                                    high = found
                                    if low >= high:
                                        break
                    value = modelled * expected + paranoia * worst
            else:
                value = inf
                for move in moves:
                    found = search(play_legal(state, move), alpha, beta, depth)
                    if found < value:
                        value = found
                        best = move
                        if found < beta:
                            beta = found
                            if alpha >= beta:
                                break
            # Bounds from earlier visits stay true; this visit can only tighten them.
            if value <= start_alpha:
                if value < upper:
                    upper = value
            elif value >= start_beta:
                if value > lower:
                    lower = value
            else:
                lower = upper = value
            tt[key] = (lower, upper, best)
            return value

        def _model_move(state: GameState, seat: int) -> tuple[int, int]:
            moves = moves_for(state[1][seat], state[10], rules) if plain else legal_moves(state)
            if len(moves) == 1:
                return moves[0]
            gains = immediate_gains(seat_view(state, seat), moves)
            return moves[max(range(len(moves)), key=gains.__getitem__)]

        def _policy(state: GameState, seat: int) -> tuple[list[Move], list[float]]:
            """The seat's likeliest replies at its style, likeliest first, and their chances.

            The replies kept make up :data:`REPLY_MASS` of the softmax weight, and their chances
            are scaled to add up to 1; a random seat keeps every move, at equal chances.
            """
            moves = moves_for(state[1][seat], state[10], rules) if plain else legal_moves(state)
            style = styles[seat] if styles is not None else inf
            if len(moves) == 1 or style == inf:
                return list(moves), [1.0 / len(moves)] * len(moves)
            gains = immediate_gains(seat_view(state, seat), moves)
            top = max(gains)
            ranked = sorted(
                ((exp((gain - top) / style), index) for index, gain in enumerate(gains)),
                reverse=True,
            )
            enough = REPLY_MASS * sum(weight for weight, _ in ranked)
            replies = []
            weights = []
            kept = 0.0
            for weight, index in ranked:
                replies.append(moves[index])
                weights.append(weight)
                kept += weight
                if kept >= enough:
                    break
            return replies, [weight / kept for weight in weights]

        return search, leaf


LeafCorrection = Callable[[GameState, int, float], float]
"""Points to add to a seat's side at a leaf, from the state, the seat and the leaf's margin."""


class _OutOfBudget(Exception):
    """Raised inside a search that has used up its positions or its time."""


_NO_LIMIT = 1 << 62
_CLOCK_STEP = 256
"""Positions searched between two looks at the clock."""


def _ordered(
    moves: Sequence[tuple[int, int]], table: int, first: tuple[int, int] | None
) -> list[tuple[int, int]]:
    """Moves likeliest to be best first: the remembered best, Surs, rich captures, cheap lays."""
    scored = []
    for move in moves:
        score = _ORDER_SCORES.get(move)
        if score is None:
            score = _order_score(move)
        if move[1] == table:
            score += 20.0
        if move == first:
            score += 1000.0
        scored.append((score, move))
    scored.sort(key=_first, reverse=True)
    return [move for _, move in scored]


_ORDER_SCORES: dict[tuple[int, int], float] = {}


def _order_score(move: tuple[int, int]) -> float:
    """A move's rough immediate worth for ordering: captures by points taken, lays by cost."""
    card, taken = move
    cards = taken | 1 << card
    worth = (cards & _ONE_POINT).bit_count() + 0.5 * (cards & CLUB_CARDS).bit_count()
    if cards & TEN_OF_DIAMONDS:
        worth += 3
    if cards & TWO_OF_CLUBS:
        worth += 2
    score = 10.0 + worth + 0.1 * taken.bit_count() if taken else -worth
    if len(_ORDER_SCORES) >= 1 << 16:
        _ORDER_SCORES.clear()
    _ORDER_SCORES[move] = score
    return score


def _first(item: tuple[float, tuple[int, int]]) -> float:
    return item[0]
