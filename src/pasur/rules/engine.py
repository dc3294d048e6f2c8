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
    capture_options,
    card_moves,
    remember_moves,
)
from pasur.rules.cards import CARDS, JACK, format_cards
from pasur.rules.deal import HAND_SIZE, PACK_SIZE, TABLE_SIZE, check_deck, seeded_rng, shuffle_deck
from pasur.rules.errors import DeckError, GameOverError, IllegalMoveError
from pasur.rules.moves import Move
from pasur.rules.open_hands import dealt_open_cards, next_open_card, packet
from pasur.rules.scoring import game_winner, score_round, side_counts
from pasur.rules.settings import (
    SPECIAL_MOVES,
    STANDARD,
    Capture,
    NoCaptureLeftovers,
    OpenCards,
    Rules,
)
from pasur.rules.state import FinishedRound, GameState, Play, RoundResult
from pasur.rules.sur import sur_after_clear


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
    if players not in (2, 3, 4):
        raise DeckError(f"Pasur is played by 2, 3 or 4 players, not {players}")
    if rules.partnerships and players != 4:
        raise DeckError("partnerships need 4 players")
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


def playable(state: GameState, seat: int) -> int:
    """The cards ``seat`` may play from its hand: all of them, or its open card alone under
    ``open-cards=stack``."""
    hand = state.hands[seat]
    if state.rules.open_cards is OpenCards.STACK:
        return hand & state.open_cards[seat]
    return hand


def why_illegal(state: GameState, move: tuple[int, int]) -> str | None:
    """Why ``move`` may not be played now, in words; None if it may."""
    card, taken = move
    if state.turn < 0:
        return "the game is over" if state.winner != -1 else "the round is over: deal the next one"
    # A str, not Card | int: compiled code keeps that join as a plain int (AS would print as 3).
    name = str(CARDS[card]) if 0 <= card < PACK_SIZE else str(card)
    if not 0 <= card < PACK_SIZE or not state.hands[state.turn] >> card & 1:
        return f"{name} is not in seat {state.turn + 1}'s hand"
    if not playable(state, state.turn) >> card & 1:
        return (
            f"{name} is hidden in the stack: only the open card "
            f"{format_cards(state.open_cards[state.turn])} may be played"
        )
    options = capture_options(card, state.table, state.rules)
    if options and _sweeps(state, card):
        if taken in options and taken != state.table:
            return (
                f"{name} is the last card of the hand in the final deal: "
                f"it takes the whole table, {format_cards(state.table)}"
            )
        options = (state.table,)
    if taken:
        if taken in options:
            return None
        if taken < 0 or taken >> PACK_SIZE:
            return f"{taken} is not a set of cards"
        missing = taken & ~state.table
        if missing:
            return f"{format_cards(missing)} {_is_are(missing)} not on the table"
        if not options:
            return f"{name} cannot capture here: {_what_it_takes(card)}"
        return f"{name} cannot take {format_cards(taken)}: it can take " + " or ".join(
            format_cards(option) for option in options
        )
    if options and state.rules.capture is Capture.COMPULSORY:
        return f"{name} must capture: it can take " + " or ".join(
            format_cards(option) for option in options
        )
    return None


def _sweeps(state: GameState, card: int) -> bool:
    """Whether ``card``, if it captures, takes the whole table (``last-card-sweep``)."""
    return (
        state.rules.last_card_sweep
        and state.dealt == PACK_SIZE
        and state.hands[state.turn].bit_count() == 1
        and not FIRST_JACK <= card < FIRST_QUEEN
    )


def _is_are(cards: int) -> str:
    return "is" if cards.bit_count() == 1 else "are"


def _what_it_takes(card: int) -> str:
    rank = (card >> 2) + 1
    if rank <= 10:
        return f"no cards on the table add up to {11 - rank} to make eleven with it"
    if rank == JACK:
        return "a jack takes number cards and jacks, and there are none"
    return f"a {'queen' if rank == 12 else 'king'} takes only a matching card, and there is none"


_new: Final = tuple.__new__
"""Builds a NamedTuple from a tuple of its fields without the keyword-handling constructor."""


def play(state: GameState, move: tuple[int, int]) -> GameState:
    """Play ``move`` (a :class:`Move` or a ``(card, taken)`` pair) for the seat to play.

    Raises:
        IllegalMoveError: the move is not legal here; the message says why.
    """
    card = move[0]
    seat = state.turn
    rules = state.rules
    if seat < 0 or not 0 <= card < PACK_SIZE or not state.hands[seat] >> card & 1:
        raise IllegalMoveError(why_illegal(state, move))
    if rules.capture_variant & SPECIAL_MOVES:
        if move not in legal_moves(state):
            raise IllegalMoveError(why_illegal(state, move))
    elif move not in card_moves(card, state.table, rules):
        raise IllegalMoveError(why_illegal(state, move))
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
