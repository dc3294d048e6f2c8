"""No bot can reach hidden cards: it decides from its seat's view, and the view holds none.

Two checks. First, behaviour: two game states that differ only in cards the seat cannot see (the
other hands and the pack) give the same view, and every level then makes the same move with the
same seed. Second, reach: nothing a bot receives (the view, the legal moves, its generator) leads
to the game state, the deck order or another seat's hand, however far references are followed.
"""

from __future__ import annotations

import gc
import random
import types

import pytest
from bots_support import quick_bots

from pasur.bots.selfplay import play_round
from pasur.rules import (
    RU_BAAZ,
    STANDARD,
    GameState,
    Rules,
    make_rules,
    new_game,
    play_legal,
    sample_world,
    shuffle_deck,
    view,
    world,
)
from pasur.rules.cards import iter_cards

STACK = make_rules("ru-baaz", {"open-cards": "stack"})


def _position(players: int, plays: int, rules: Rules = STANDARD) -> GameState:
    """A state partway through a round, reached by the casual level."""
    deck = shuffle_deck(rules, players, random.Random(f"peek:{players}"))
    state = new_game(rules, players=players, deck=deck)
    casual = quick_bots()[2]
    rng = random.Random(0)
    for _ in range(plays):
        seat_view = view(state, state.turn)
        state = play_legal(state, casual.choose(seat_view, seat_view.legal_moves(), rng))
    return state


def _other_world(state: GameState) -> GameState:
    """The same position with the hidden cards dealt differently: swap hands and the pack."""
    seat = state.turn
    seat_view = view(state, seat)
    unseen = list(iter_cards(seat_view.unseen()))
    random.Random(99).shuffle(unseen)
    hands = [0] * state.players
    position = 0
    for other, size in enumerate(seat_view.hand_sizes):
        if other != seat:
            for card in unseen[position : position + size]:
                hands[other] |= 1 << card
            position += size
    return world(seat_view, hands, unseen[position:])


@pytest.mark.parametrize(("players", "plays"), [(2, 3), (2, 13), (3, 5), (4, 6)])
def test_hidden_cards_do_not_change_any_move(players: int, plays: int) -> None:
    state = _position(players, plays)
    other = _other_world(state)
    seat = state.turn
    assert other.hands[seat] == state.hands[seat]
    assert other.hands != state.hands or other.deck != state.deck
    assert view(other, seat) == view(state, seat)
    for bot in quick_bots():
        moves = []
        for game in (state, other):
            seat_view = view(game, seat)
            moves.append(bot.choose(seat_view, seat_view.legal_moves(), random.Random(7)))
        assert moves[0] == moves[1], bot.name


@pytest.mark.parametrize("rules", [RU_BAAZ, STACK], ids=["held", "stack"])
@pytest.mark.parametrize("plays", [3, 13, 41])
def test_under_ru_baaz_only_the_hidden_cards_are_unknown(rules: Rules, plays: int) -> None:
    state = _position(2, plays, rules)
    seat = state.turn
    seen = view(state, seat)
    # A world drawn from the view: the open cards stay, the hidden cards (and, from a stack,
    # the seat's own) are dealt again and turned up in another order.
    for number in range(3):
        other = sample_world(seen, random.Random(number))
        assert other.open_cards == state.open_cards
        assert view(other, seat) == seen
        for bot in quick_bots():
            moves = [
                bot.choose(view(game, seat), view(game, seat).legal_moves(), random.Random(7))
                for game in (state, other)
            ]
            assert moves[0] == moves[1], bot.name


def _reachable(*roots: object) -> list[object]:
    """Every object reachable from ``roots`` through references.

    Classes, modules and a function's globals are not followed (they lead to the whole program);
    a function's closure and defaults are, since a bot could keep things there.
    """
    seen: set[int] = set()
    found: list[object] = []
    stack = list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (type, types.ModuleType)):
            continue
        seen.add(id(item))
        found.append(item)
        if isinstance(item, types.FunctionType):
            cells = item.__closure__ or ()
            stack.extend(cell.cell_contents for cell in cells)
            stack.extend(item.__defaults__ or ())
            stack.extend((item.__kwdefaults__ or {}).values())
        else:
            stack.extend(gc.get_referents(item))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_a_bot_receives_leads_to_hidden_cards(players: int) -> None:
    state = _position(players, 2 * players + 1)
    seat = state.turn
    seat_view = view(state, seat)
    legal = seat_view.legal_moves()
    hidden_hands = {state.hands[other] for other in range(players) if other != seat}
    reached = _reachable(seat_view, legal, random.Random(0))
    assert not any(isinstance(item, GameState) for item in reached)
    assert not any(item == state.deck for item in reached if isinstance(item, tuple))
    assert not any(item in hidden_hands for item in reached if type(item) is int)
    assert state.hands[seat] in reached  # the walk does see what the seat may know


def test_a_round_of_play_leaves_no_state_in_the_bots() -> None:
    # Bots keep no reference to states between moves (a search keeps its worlds to itself).
    bots = quick_bots()[3:]
    deck = shuffle_deck(STANDARD, 3, random.Random("kept"))
    rngs = [random.Random(seat) for seat in range(3)]
    play_round(new_game(STANDARD, players=3, deck=deck), bots, rngs)
    assert not any(isinstance(item, GameState) for item in _reachable(*bots))
