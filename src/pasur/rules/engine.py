"""Playing Pasur: start a game, list the legal moves, play one, deal the next round.

Every function takes a state and returns a new one; nothing is changed in place. ``play`` is the
engine's hot path (a bot search calls it hundreds of thousands of times a second), so it works on
ints and tuples and checks a move against the few capture options of its card rather than building
the whole list of legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pasur.rules.captures import (
    FIRST_JACK,
    FIRST_QUEEN,
    MEMOS,
    RELEVANT,
    card_moves,
    remember_moves,
)
from pasur.rules.cards import CARDS
from pasur.rules.deal import (
    HAND_SIZE,
    PACK_SIZE,
    TABLE_SIZE,
    check_deck,
    check_players,
    seeded_rng,
    shuffle_deck,
)
from pasur.rules.errors import DeckError, GameOverError, IllegalMoveError
from pasur.rules.moves import Move
from pasur.rules.reasons import IllegalPlayError, illegal_reason
from pasur.rules.scoring import RoundCounts, game_winner, score_round
from pasur.rules.settings import STANDARD, Rules, SurCancel, SurFinalDeal
from pasur.rules.state import FinishedRound, GameState, Play, RoundResult


def new_game(
    rules: Rules = STANDARD,
    *,
    players: int = 2,
    seed: int | str | None = None,
    deck: Sequence[int] | None = None,
    dealer: int = 0,
) -> GameState:
    """Start a game and deal its first round.

    Args:
        rules: the house rules.
        players: 2, 3 or 4 (4 for partnerships).
        seed: every round's deck order comes from this seed, so the same seed and the same moves
            give the same game.
        deck: the first round's deck order instead of a seed (later rounds then need
            :func:`next_round` with a deck, or a seed).
        dealer: the first round's dealer.
    """
    check_players(players, partnerships=rules.partnerships)
    if not 0 <= dealer < players:
        raise DeckError(f"the dealer must be a seat from 0 to {players - 1} (seats count from 0)")
    if deck is None and seed is None:
        raise DeckError("give a seed or a deck order")
    sides = 2 if rules.partnerships else players
    return _deal_round(rules, players, seed, 0, dealer, deck, totals=(0,) * sides, finished=())


def _deal_round(
    rules: Rules,
    players: int,
    seed: int | str | None,
    round_no: int,
    dealer: int,
    deck: Sequence[int] | None,
    totals: tuple[int, ...],
    finished: tuple[FinishedRound, ...],
) -> GameState:
    if deck is None:
        assert seed is not None
        order = shuffle_deck(rules, players, seeded_rng(seed, round_no))
    else:
        order = check_deck(rules, players, deck)
    hands = [0] * players
    for i in range(players):
        seat = (dealer + 1 + i) % players
        for card in order[HAND_SIZE * i : HAND_SIZE * (i + 1)]:
            hands[seat] |= 1 << card
    table = 0
    start = HAND_SIZE * players
    for card in order[start : start + TABLE_SIZE]:
        table |= 1 << card
    # Field by field in GameState's order: tuple.__new__ skips the keyword-taking constructor.
    return _new(
        _GAME_STATE,
        (
            order,  # deck
            tuple(hands),  # hands
            seed,  # seed
            finished,  # finished
            rules,  # rules
            players,  # players
            round_no,  # round_no
            dealer,  # dealer
            (dealer + 1) % players,  # turn
            start + TABLE_SIZE,  # dealt
            table,  # table
            (0,) * players,  # piles
            (0,) * players,  # surs
            -1,  # last_capturer
            (),  # plays
            totals,  # totals
            None,  # result
            -1,  # winner
        ),
    )


def next_round(state: GameState, *, deck: Sequence[int] | None = None) -> GameState:
    """Deal the next round once a round is over; the deal passes to the next seat.

    ``deck`` gives its deck order; without it the order comes from the game's seed.
    """
    if state.winner >= 0:
        raise GameOverError("the game is over")
    if state.result is None:
        raise GameOverError("the round is still being played")
    if deck is None and state.seed is None:
        raise DeckError("this game has no seed: give the next round's deck order")
    done = _new(_FINISHED_ROUND, (state.dealer, state.deck, state.plays, state.result))
    return _deal_round(
        state.rules,
        state.players,
        state.seed,
        state.round_no + 1,
        (state.dealer + 1) % state.players,
        deck,
        totals=state.totals,
        finished=(*state.finished, done),
    )


def moves_for(hand: int, table: int, rules: Rules) -> tuple[Move, ...]:
    """The legal moves of a hand at a table, card by card in rank order, captures before a lay."""
    variant = rules.capture_variant
    memo = MEMOS[variant]
    moves: tuple[Move, ...] = ()
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        key = (table & RELEVANT[card]) << 6 | card
        found = memo.get(key)
        moves += found if found is not None else remember_moves(card, table, variant, key)
    return moves


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves the seat to play may make; empty when the round or game is over."""
    if state.turn < 0:
        return ()
    return moves_for(state.hands[state.turn], state.table, state.rules)


_new: Final = tuple.__new__
"""Builds a NamedTuple from a tuple of its fields without the keyword-handling constructor."""


def play(state: GameState, move: tuple[int, int]) -> GameState:
    """Play ``move`` (a :class:`Move` or a ``(card, taken)`` pair) for the seat to play.

    Raises:
        IllegalPlayError: (an :class:`IllegalMoveError`) the move is not legal here; the message
            says why, and its ``reason`` gives the parts (:mod:`pasur.rules.reasons`).
    """
    card = move[0]
    seat = state.turn
    rules = state.rules
    if (
        seat < 0
        or not 0 <= card < PACK_SIZE
        or not state.hands[seat] >> card & 1
        or move not in card_moves(card, state.table, rules)
    ):
        reason = illegal_reason(state, move)
        if reason is None:  # pragma: no cover - a move not among the card's is always explained
            raise IllegalMoveError(f"{move} cannot be played here")
        raise IllegalPlayError(reason)
    return play_legal(state, move)


def play_legal(state: GameState, move: tuple[int, int]) -> GameState:
    """Play a move known to be one of ``legal_moves(state)``, without checking it again.

    Bots and drivers that pick from the legal moves use this to skip the check; anything that
    comes from outside (a person, a socket, a file) goes through :func:`play`.
    """
    card, taken = move
    # The fields this move leaves alone are read and passed on as objects (see views.view).
    fields: tuple[object, ...] = state
    seat = state.turn
    players = state.players
    dealer = state.dealer
    dealt = state.dealt
    table = state.table
    piles = state.piles
    surs = state.surs
    last_capturer = state.last_capturer
    bit = 1 << card
    hands = list(state.hands)
    hands[seat] ^= bit
    sur = False
    if taken:
        table ^= taken
        captured = list(piles)
        captured[seat] |= taken | bit
        piles = tuple(captured)
        last_capturer = seat
        if not table and not FIRST_JACK <= card < FIRST_QUEEN:
            sur, surs = _sur(state, seat)
    else:
        table |= bit
    # _CARDS[card]: the same Card whether the move came as a Move or as a plain (int, int) pair.
    # Joining the plays with a 1-tuple copies them once; (*plays, play) went through a list.
    played = _new(_PLAY, (seat, _CARDS[card], taken, sur)) if taken else _LAY_PLAYS[seat][card]
    plays = state.plays + (played,)  # noqa: RUF005
    if hands[seat] or seat != dealer:
        seat = (seat + 1) % players
    elif dealt < PACK_SIZE:
        # Everyone has played their four cards: deal again, starting after the dealer.
        for i in range(1, players + 1):
            target = (dealer + i) % players
            for c in state.deck[dealt : dealt + HAND_SIZE]:
                hands[target] |= 1 << c
            dealt += HAND_SIZE
        seat = (dealer + 1) % players
    else:
        return _end_round(state, table, piles, surs, last_capturer, plays)
    return _new(
        _GAME_STATE,
        (
            fields[0],  # deck
            tuple(hands),
            fields[2],  # seed
            fields[3],  # finished
            fields[4],  # rules
            fields[5],  # players
            fields[6],  # round_no
            fields[7],  # dealer
            seat,
            dealt,
            table,
            piles,
            surs,
            last_capturer,
            plays,
            fields[15],  # totals
            None,  # result
            -1,  # winner
        ),
    )


# Module globals imported from elsewhere are dict look-ups in compiled code; Final names are not.
_CARDS: Final = CARDS
_PLAY: Final = Play
_GAME_STATE: Final = GameState
_ROUND_RESULT: Final = RoundResult
_FINISHED_ROUND: Final = FinishedRound

_LAY_PLAYS: Final = tuple(tuple(Play(seat, card, 0, False) for card in CARDS) for seat in range(4))
"""_LAY_PLAYS[seat][card]: the play of a seat laying a card, made once (plays are immutable)."""


def _sur(state: GameState, seat: int) -> tuple[bool, tuple[int, ...]]:
    """Whether clearing the table scores a Sur for ``seat``, and the standing Surs after it."""
    rules = state.rules
    if state.dealt == PACK_SIZE and rules.sur_final_deal is SurFinalDeal.FORBIDDEN:
        return False, state.surs
    side = state.side_of(seat)
    if rules.sur_cutoff is not None and state.totals[side] >= rules.sur_cutoff:
        return False, state.surs
    surs = list(state.surs)
    if rules.sur_cancel is SurCancel.OPPONENT:
        # The opponent with most standing Surs (nearest in turn order on a tie) loses one.
        players = state.players
        candidates = [
            ((seat + step) % players)
            for step in range(1, players)
            if state.side_of((seat + step) % players) != side and surs[(seat + step) % players]
        ]
        if candidates:
            victim = max(candidates, key=lambda s: (surs[s], -((s - seat) % players)))
            surs[victim] -= 1
            return True, tuple(surs)
    surs[seat] += 1
    return True, tuple(surs)


def _end_round(
    state: GameState,
    table: int,
    piles: tuple[int, ...],
    surs: tuple[int, ...],
    last_capturer: int,
    plays: tuple[Play, ...],
) -> GameState:
    """Give the table's last cards away, score the round and see whether the game is won."""
    leftover_to = last_capturer if last_capturer >= 0 else state.dealer
    final_piles = list(piles)
    final_piles[leftover_to] |= table
    players = state.players
    rules = state.rules
    if rules.partnerships:
        side_piles = [final_piles[0] | final_piles[2], final_piles[1] | final_piles[3]]
        side_surs = [surs[0] + surs[2], surs[1] + surs[3]]
    else:
        side_piles = final_piles
        side_surs = list(surs)
    counts = RoundCounts.from_piles(side_piles, side_surs)
    score = score_round(rules, counts, state.totals)
    totals = tuple(total + points for total, points in zip(state.totals, score.points, strict=True))
    winner = game_winner(totals, rules.target)
    return _new(
        _GAME_STATE,
        (
            state.deck,
            (0,) * players,
            state.seed,
            state.finished,
            rules,
            players,
            state.round_no,
            state.dealer,
            -1,
            state.dealt,
            0,
            tuple(final_piles),
            surs,
            last_capturer,
            plays,
            totals,
            _new(_ROUND_RESULT, (score, table, leftover_to, totals)),
            -1 if winner is None else winner,
        ),
    )
