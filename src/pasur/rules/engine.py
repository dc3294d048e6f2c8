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
    MEMO_INDEX,
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
from pasur.rules.open_hands import dealt_open_cards, next_open_card, packet
from pasur.rules.reasons import IllegalPlayError, illegal_reason
from pasur.rules.scoring import game_winner, score_round, side_counts
from pasur.rules.settings import (
    SPECIAL_MOVES,
    STANDARD,
    NoCaptureLeftovers,
    OpenCards,
    Rules,
)
from pasur.rules.state import FinishedRound, GameState, Play, RoundResult
from pasur.rules.sur import sur_after_clear
from pasur.rules.turn import playable


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
    open_cards: tuple[int, ...] = ()
    if rules.open_cards is not OpenCards.OFF:
        open_cards = dealt_open_cards(order, players, dealer, start + TABLE_SIZE)
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
            open_cards,
        ),
    )


def next_round(state: GameState, *, deck: Sequence[int] | None = None) -> GameState:
    """Deal the next round once a round is over; the deal passes to the next seat.

    ``deck`` gives its deck order; without it the order comes from the game's seed.
    """
    if state.winner != -1:
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


def moves_for(hand: int, table: int, rules: Rules, *, last_card: bool = False) -> tuple[Move, ...]:
    """The legal moves of the cards ``hand`` may play at a table, card by card in rank order,
    captures before a lay.

    ``last_card`` says that the hand holds a seat's last card of the round's final deal, where
    ``last-card-sweep`` makes every capture but a jack's take the whole table. Under
    ``open-cards=stack`` a seat may play only its open card: pass that card alone.
    """
    moves = _hand_moves(hand, table, rules.capture_variant & MEMO_INDEX)
    if last_card and rules.last_card_sweep:
        return _swept(moves, table)
    return moves


def _hand_moves(hand: int, table: int, variant: int) -> tuple[Move, ...]:
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


def _refusal(state: GameState, move: tuple[int, int]) -> IllegalMoveError:
    """The error for an illegal ``move``, with the parts of its reason."""
    reason = illegal_reason(state, move)
    if reason is None:  # pragma: no cover - a move the engine refuses is always explained
        return IllegalMoveError(f"{move} cannot be played here")
    return IllegalPlayError(reason)


def _swept(moves: tuple[Move, ...], table: int) -> tuple[Move, ...]:
    """A last card's moves under the sweep: a capture (a jack's aside) takes the whole table."""
    swept: list[Move] = []
    for move in moves:
        card = move[0]
        if move[1] and not FIRST_JACK <= card < FIRST_QUEEN:
            move = _new(_MOVE, (_CARDS[card], table))
        if move not in swept:
            swept.append(move)
    return tuple(swept)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The moves the seat to play may make; empty when the round or game is over."""
    seat = state.turn
    if seat < 0:
        return ()
    rules = state.rules
    variant = rules.capture_variant
    hand = state.hands[seat]
    if not variant & SPECIAL_MOVES:
        return _hand_moves(hand, state.table, variant)
    return moves_for(
        playable(state, seat),
        state.table,
        rules,
        last_card=state.dealt == PACK_SIZE and hand.bit_count() == 1,
    )


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
    if seat < 0 or not 0 <= card < PACK_SIZE or not state.hands[seat] >> card & 1:
        raise _refusal(state, move)
    if rules.capture_variant & SPECIAL_MOVES:
        if move not in legal_moves(state):
            raise _refusal(state, move)
    elif move not in card_moves(card, state.table, rules):
        raise _refusal(state, move)
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
            sur, surs = sur_after_clear(state, card, taken, hands)
    else:
        table |= bit
    # _CARDS[card]: the same Card whether the move came as a Move or as a plain (int, int) pair.
    # Joining the plays with a 1-tuple copies them once; (*plays, play) went through a list.
    played = _new(_PLAY, (seat, _CARDS[card], taken, sur)) if taken else _LAY_PLAYS[seat][card]
    plays = state.plays + (played,)  # noqa: RUF005
    played_by = seat
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
    open_cards = fields[18]
    if open_cards:
        open_cards = _open_after(state, played_by, card, hands, dealt)
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
            open_cards,
        ),
    )


def _open_after(
    state: GameState, seat: int, card: int, hands: list[int], dealt: int
) -> tuple[int, ...]:
    """The open cards after ``seat`` played ``card`` (Ru Baaz); ``dealt`` is after any new deal."""
    players = state.players
    if dealt != state.dealt:
        return dealt_open_cards(state.deck, players, state.dealer, dealt)
    open_cards = list(state.open_cards)
    if open_cards[seat] >> card & 1:
        cards = packet(state.deck, players, state.dealer, dealt, seat)
        open_cards[seat] = next_open_card(cards, hands[seat])
    return tuple(open_cards)


# Module globals imported from elsewhere are dict look-ups in compiled code; Final names are not.
_CARDS: Final = CARDS
_MOVE: Final = Move
_PLAY: Final = Play
_GAME_STATE: Final = GameState
_ROUND_RESULT: Final = RoundResult
_FINISHED_ROUND: Final = FinishedRound

_LAY_PLAYS: Final = tuple(tuple(Play(seat, card, 0, False) for card in CARDS) for seat in range(4))
"""_LAY_PLAYS[seat][card]: the play of a seat laying a card, made once (plays are immutable)."""


def _end_round(
    state: GameState,
    table: int,
    piles: tuple[int, ...],
    surs: tuple[int, ...],
    last_capturer: int,
    plays: tuple[Play, ...],
) -> GameState:
    """Give the table's last cards away, score the round and see whether the game is won."""
    players = state.players
    rules = state.rules
    leftover_to = last_capturer if last_capturer >= 0 else _no_capture_taker(state)
    final_piles = list(piles)
    leftover = table
    if leftover_to >= 0:
        final_piles[leftover_to] |= table
        table = 0
    score = score_round(rules, side_counts(rules, final_piles, surs), state.totals)
    totals = tuple(total + points for total, points in zip(state.totals, score.points, strict=True))
    winner = game_winner(totals, rules.target, tie=rules.target_tie)
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
            table,
            tuple(final_piles),
            surs,
            last_capturer,
            plays,
            totals,
            _new(_ROUND_RESULT, (score, leftover, leftover_to, totals, -1)),
            -1 if winner is None else winner,
            (0,) * players if state.open_cards else (),
        ),
    )


def _no_capture_taker(state: GameState) -> int:
    """Who takes the table after a round without a capture; -1: nobody takes it."""
    rule = state.rules.no_capture_leftovers
    if rule is NoCaptureLeftovers.NOBODY:
        return -1
    if rule is NoCaptureLeftovers.PREVIOUS_CAPTURER and state.finished:
        previous = state.finished[-1].result.leftover_to
        if previous >= 0:
            return previous
    return state.dealer
