"""Playing at the table: submit's checks and error codes, turn order, versions, bots via tick."""

from __future__ import annotations

import random

import pytest
from table_support import make_table, moves_of, refused, until

from pasur.protocol import Event
from pasur.rules import CARDS, Card, GameState, Move, format_cards, make_rules, why_illegal
from pasur.rules.testing import check_invariants
from pasur.server.tables import timers as timers_module
from pasur.server.tables.config import TableConfig
from pasur.server.tables.pace import think_time
from pasur.server.tables.seats import Player, Status
from pasur.server.tables.table import Table


def test_submit_before_the_game_starts_and_after_it_ends() -> None:
    table = make_table("hh", start=False)
    refused(table, "not_started", table.submit, 0, "7D", table.version, now=0.0)
    table = make_table("hb", rules=make_rules("standard", {"target": "1"}))
    until(table, random.Random(0), lambda t: t.status is Status.FINISHED)
    refused(table, "game_over", table.submit, 0, "7D", table.version, now=0.0)


def test_turn_order_and_not_your_turn() -> None:
    table = make_table("hhh", dealer=2)
    game = table.game
    assert game is not None and game.turn == 0
    refused(table, "not_your_turn", table.submit, 1, str(moves_of(table)[0]), table.version, now=0)
    refused(table, "no_such_seat", table.submit, 3, "7D", table.version, now=0.0)
    order = []
    for _ in range(7):
        game = table.game
        assert game is not None
        order.append(game.turn)
        table.submit(game.turn, str(moves_of(table)[0]), table.version, now=0.0)
    assert order == [0, 1, 2, 0, 1, 2, 0]


def test_a_bots_seat_cannot_be_played_by_submit() -> None:
    table = make_table("bh", dealer=1)  # seat 0, the bot, leads
    refused(table, "not_seated", table.submit, 0, str(moves_of(table)[0]), table.version, now=0)


def test_stale_and_duplicated_submissions() -> None:
    table = make_table("hh")
    version = table.version
    move = str(moves_of(table)[0])
    for wrong in (version - 1, version + 1, 0, -5, "3", None, True):
        refused(table, "stale", table.submit, 1, move, wrong, now=0.0)
    events = table.submit(1, move, version, now=0.0)
    assert events[0].number == version + 1
    # The same frame again (a client resending until it hears back) is not played twice.
    refused(table, "not_your_turn", table.submit, 1, move, version, now=0.0)
    # After the other seat plays, the resent frame is stale.
    table.submit(0, str(moves_of(table)[0]), table.version, now=0.0)
    refused(table, "stale", table.submit, 1, move, version, now=0.0)


def test_malformed_moves() -> None:
    table = make_table("hh")
    for text in ("", "   ", "7X", "hello", "7D+", "7D+7D", "x" * 101, "lay lay", None, 7):
        refused(table, "malformed", table.submit, 1, text, table.version, now=0.0)


def find_position(seed_from: int, wanted: object) -> tuple[Table, int]:
    """A two-person table at a position where ``wanted(table)`` gives a card, playing randomly."""
    for seed in range(seed_from, seed_from + 200):
        table = make_table("hh", seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            card = wanted(table)  # type: ignore[operator]
            if card is not None:
                return table, card
            game = table.game
            assert game is not None
            table.submit(game.turn, str(rng.choice(moves_of(table))), table.version, now=0.0)
    raise AssertionError("no such position")


def must_capture_card(table: Table) -> int | None:
    """A card in hand whose only legal plays are captures."""
    moves = moves_of(table)
    for card in {move.card for move in moves}:
        if all(move.taken for move in moves if move.card == card):
            return card
    return None


def several_ways_card(table: Table) -> int | None:
    moves = moves_of(table)
    for card in {move.card for move in moves}:
        if sum(move.card == card for move in moves) > 1:
            return card
    return None


def test_illegal_moves_get_the_engines_reason() -> None:
    table, card = find_position(0, must_capture_card)
    game = table.game
    assert game is not None
    name = str(CARDS[card])
    options = [format_cards(m.taken) for m in moves_of(table) if m.card == card]
    error = refused(table, "illegal", table.submit, game.turn, f"{name} lay", table.version, now=0)
    assert error.message == f"{name} must capture: it can take " + " or ".join(options)
    assert error.message == why_illegal(game, Move(card, 0))
    # The same refusal as data, for clients that say it in their own language.
    assert error.reason == {
        "kind": "must_capture",
        "card": name,
        "options": [option.split() for option in options],
    }
    # A card that is not in the hand.
    other = next(c for c in range(52) if not game.hands[game.turn] >> c & 1)
    error = refused(
        table, "illegal", table.submit, game.turn, str(CARDS[other]), table.version, now=0
    )
    assert error.message == f"{CARDS[other]} is not in seat {game.turn + 1}'s hand"
    assert error.reason == {"kind": "not_in_hand", "card": str(CARDS[other]), "seat": game.turn}
    # Taking cards that are not on the table.
    absent = next(c for c in range(52) if not (game.table | game.hands[game.turn]) >> c & 1)
    text = f"{name}+{CARDS[absent]}"
    error = refused(table, "illegal", table.submit, game.turn, text, table.version, now=0.0)
    assert error.message == f"{CARDS[absent]} is not on the table"


def refused_positionally(table: Table, code: str, seat: int, text: str) -> str:
    return refused(table, code, table.submit, seat, text, table.version, now=0.0).message


def single_capture_card(table: Table) -> int | None:
    """A card in hand with exactly one legal play, a capture."""
    moves = moves_of(table)
    for card in {move.card for move in moves}:
        plays = [move for move in moves if move.card == card]
        if len(plays) == 1 and plays[0].taken:
            return card
    return None


def test_a_card_alone_is_enough_when_unambiguous_and_refused_when_not() -> None:
    table, card = find_position(0, several_ways_card)
    game = table.game
    assert game is not None
    message = refused_positionally(table, "ambiguous", game.turn, str(CARDS[card]))
    assert message.startswith(f"{CARDS[card]} can be played in ")
    table, card = find_position(0, single_capture_card)
    game = table.game
    assert game is not None
    [only] = [move for move in moves_of(table) if move.card == card]
    events = table.submit(game.turn, str(CARDS[card]).lower(), table.version, now=0.0)
    assert events[0].data["move"] == str(only)
    assert events[0].data["taken"] == format_cards(only.taken).split()
    assert events[0].data["by"] == "player"


def test_a_play_is_an_event_for_everyone_and_a_deal_an_event_with_the_new_hands() -> None:
    table = make_table("hh")
    events: list[Event] = []
    rng = random.Random(2)
    while len(events) < 9:
        game = table.game
        assert game is not None
        events += table.submit(game.turn, str(rng.choice(moves_of(table))), table.version, now=0)
    kinds = [event.kind.value for event in events]
    assert kinds == ["played"] * 8 + ["dealt"]
    dealt = events[8]
    assert dealt.data["deal"] == 1 and dealt.data["pack_size"] == 52 - 8 - 4 - 8
    assert [len(hand) for hand in dealt.data["hands"]] == [4, 4]
    played = events[0]
    assert set(played.data) == {"seat", "move", "card", "taken", "sur", "by", "turn", "legal"}
    assert [e.number for e in events] == list(range(events[0].number, events[-1].number + 1))


def test_bot_seats_play_through_tick_and_a_game_runs_to_the_end() -> None:
    table = make_table("bhb", dealer=0)
    game = table.game
    assert game is not None and game.turn == 1
    assert table.tick(100.0) == []  # nothing is due while a person is to play
    assert table.next_deadline() is None
    table.submit(1, str(moves_of(table)[0]), table.version, now=1.0)
    assert table.next_deadline() == 1.0
    events = table.tick(1.0)
    assert [(e.data["seat"], e.data["by"]) for e in events] == [(2, "bot"), (0, "bot")]
    game = table.game
    assert game is not None and game.turn == 1
    rng = random.Random(4)
    numbers = []
    while table.status is Status.PLAYING:
        game = table.game
        assert game is not None
        check_invariants(game)
        move = rng.choice(moves_of(table))
        numbers += [e.number for e in table.submit(1, str(move), table.version, now=2.0)]
        numbers += [e.number for e in table.tick(2.0)]
    assert numbers == list(range(numbers[0], table.version + 1))
    assert table.history[-1].kind.value == "game_over"


def test_bot_delay_spaces_out_the_bots() -> None:
    table = make_table("hbb", dealer=2, bot_delay=1.5)
    table.submit(0, str(moves_of(table)[0]), table.version, now=10.0)
    first = 10.0 + think_time(_game(table), "random", 1.5)
    assert table.next_deadline() == first > 10.0
    assert table.tick(first - 0.01) == []
    [event] = table.tick(first)
    assert event.data["seat"] == 1
    assert table.next_deadline() == first + think_time(_game(table), "random", 1.5) > first
    assert [e.data["seat"] for e in table.tick(20.0)] == [2]  # one turn began at `first`, then 20


def _game(table: Table) -> GameState:
    game = table.game
    assert game is not None
    return game


def test_a_table_of_bots_plays_a_whole_game_in_one_tick() -> None:
    table = Table(TableConfig(players=4, rules=make_rules("standard", {"partnerships": "on"})))
    for seat in range(4):
        table.put_bot(seat, "random")
    table.start(now=0.0)
    events = table.tick(0.0)
    assert events[-1].kind.value == "game_over"
    assert table.status is Status.FINISHED
    game = table.game
    assert game is not None
    assert events[-1].data["winners"] == [s for s in range(4) if s % 2 == game.winner]


def test_a_person_can_play_at_once_after_joining_a_finished_table() -> None:
    table = make_table("hb", rules=make_rules("standard", {"target": "1"}))
    until(table, random.Random(0), lambda t: t.status is Status.FINISHED)
    table.remove_bot(1)
    table.join(Player("q", "Zal"), 1)
    table.start(now=0.0, dealer=0)
    game = table.game
    assert game is not None and game.turn == 1
    table.submit(1, str(moves_of(table)[0]), table.version, now=0.0)


def test_every_move_the_snapshot_lists_is_accepted_as_written() -> None:
    optional = make_rules("standard", {"capture": "optional", "sum-sets": "several"})
    table = make_table("hh", rules=optional, seed=12)
    rng = random.Random(12)
    lays_beside_captures = 0
    for _ in range(30):
        game = table.game
        assert game is not None
        legal = table.snapshot_for(game.turn)["game"]["legal"]
        assert len(legal) == len(moves_of(table))
        cards_that_capture = {m.card for m in moves_of(table) if m.taken}
        lays_beside_captures += sum(
            text.endswith(" lay") and Card.parse(text.split()[0]) in cards_that_capture
            for text in legal
        )
        log = list(table.history)
        for text in legal:
            copy = Table.from_log(table.config, log, now=0.0)
            [played, *_] = copy.submit(game.turn, text, copy.version, now=0.0)
            assert played.data["move"] == text.removesuffix(" lay")
        table.submit(game.turn, rng.choice(legal), table.version, now=0.0)
    assert lays_beside_captures > 0


class BrokenBot:
    """A bot level with a bug: it raises, or answers a move that is not legal."""

    name = "broken"

    def __init__(self, how: str) -> None:
        self.how = how

    def choose(self, view: object, legal: object, rng: object) -> Move:
        if self.how == "raise":
            raise RuntimeError("bug")
        return Move(CARDS[0], 1 << 51)


@pytest.mark.parametrize("how", ["raise", "illegal"])
def test_a_failing_bot_does_not_stop_the_table(
    how: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = make_table("bh", dealer=1)  # the bot leads
    first = str(moves_of(table)[0])
    monkeypatch.setattr(timers_module, "make_bot", lambda level: BrokenBot(how))
    [event] = table.tick(0.0)
    assert (event.data["seat"], event.data["move"], event.data["by"]) == (0, first, "bot")
    expected = "bot failed in seat 0" if how == "raise" else "which is not legal"
    assert expected in caplog.text
