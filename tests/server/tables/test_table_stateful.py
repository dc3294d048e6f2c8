"""A Hypothesis state machine that throws every kind of action at a table, from every seat.

Legal moves (full and short), illegal moves, text that is no move, out-of-turn and stale
submissions, frames sent twice, connection drops, timers running out, rematch votes, people
leaving and joining between games, take-backs asked, accepted and declined (or sent by anyone).
After every step:

- the game state obeys the engine's conservation laws (``check_invariants``);
- event numbers run 1, 2, 3 … without a gap, in the history and in what the table returned;
- a refused action changed nothing at all (every recipient's snapshot, the history, the rng);
- no recipient's events for the current round or snapshot holds a card it may not see;
- catching up from any event number gives exactly the events the table returned since then;

and at the end the table rebuilt from its returned events is the same table.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from table_support import capture, leaked

from pasur.protocol import SPECTATOR, Event, Refused
from pasur.rules import CARDS, legal_moves, make_rules
from pasur.rules.testing import check_invariants
from pasur.server.tables.config import TURN_TIMERS, TableConfig
from pasur.server.tables.seats import Player, SeatKind, Status
from pasur.server.tables.table import Table

CARD_NAMES = [str(card) for card in CARDS]
JUNK = st.sampled_from(["", " ", "7X", "lay", "7D+", "7D lay lay", "x" * 120, "♠", "10", "AC+AC"])


class TableMachine(RuleBasedStateMachine):
    table: Table
    log: list[Event]
    now: float
    last_accepted: tuple[int, str, int] | None
    refusals: Counter[str]

    @initialize(
        seats=st.sampled_from(["hh", "hb", "bh", "hhb", "hbh", "hhh", "hbhb", "hhhh", "bbhh"]),
        partnerships=st.booleans(),
        goal=st.sampled_from(["1", "20", "62"]),
        timer=st.sampled_from(TURN_TIMERS),
        grace=st.sampled_from([0.0, 10.0, 30.0]),
        bot_delay=st.sampled_from([0.0, 0.0, 2.0]),
        seed=st.integers(0, 2**32 - 1),
        history=st.sampled_from([8, 64, 256]),
        take_backs=st.sampled_from(["off", "ask", "ask"]),
    )
    def setup(
        self,
        seats: str,
        partnerships: bool,
        goal: str,
        timer: int | None,
        grace: float,
        bot_delay: float,
        seed: int,
        history: int,
        take_backs: str,
    ) -> None:
        partners = "on" if partnerships and len(seats) == 4 else "off"
        rules = make_rules("standard", {"target": goal, "partnerships": partners})
        config = TableConfig(
            players=len(seats),
            rules=rules,
            turn_timer=timer,
            grace=grace,
            bot_delay=bot_delay,
            drop_bot="random",
            take_backs=take_backs,
        )
        self.table = Table(config, rng=random.Random(seed), history=history)
        self.log = []
        self.now = 0.0
        self.last_accepted = None
        self.refusals = Counter()
        for seat, kind in enumerate(seats):
            if kind == "h":
                self.log += self.table.join(Player(f"id-{seat}", f"P{seat}"), seat)
            else:
                self.log += self.table.put_bot(seat, "random")
        self.log += self.table.start(now=0.0)

    # Helpers.

    def attempt(self, action: Any, *args: Any, **kwargs: Any) -> Refused | None:
        """Run an action; a refusal must leave the table exactly as it was."""
        before = capture(self.table)
        try:
            events = action(*args, **kwargs)
        except Refused as error:
            assert capture(self.table) == before, f"refused ({error.code}) but changed"
            self.refusals[error.code] += 1
            return error
        self.log += events
        return None

    def playing(self) -> bool:
        return self.table.status is Status.PLAYING

    def turn(self) -> int:
        game = self.table.game
        return game.turn if game is not None and self.playing() else -1

    def persons_turn(self) -> bool:
        seat = self.turn()
        return seat >= 0 and self.table.seats[seat].kind is SeatKind.HUMAN

    def people(self) -> list[int]:
        return [s for s, seat in enumerate(self.table.seats) if seat.kind is SeatKind.HUMAN]

    # Rules: plays.

    @precondition(lambda self: self.persons_turn())
    @rule(data=st.data(), short=st.booleans())
    def play_legal(self, data: st.DataObject, short: bool) -> None:
        seat = self.turn()
        game = self.table.game
        assert game is not None
        move = data.draw(st.sampled_from(legal_moves(game)))
        text = str(move)
        if short and sum(m.card == move.card for m in legal_moves(game)) == 1:
            text = str(move.played).lower()
        version = self.table.version
        error = self.attempt(self.table.submit, seat, text, version, now=self.now)
        assert error is None, error
        self.last_accepted = (seat, text, version)

    @precondition(lambda self: self.turn() >= 0 and not self.persons_turn())
    @rule(data=st.data())
    def play_for_a_bot(self, data: st.DataObject) -> None:
        """A frame for a seat a bot holds (or a stand-in plays): refused, the bot plays it."""
        game = self.table.game
        assert game is not None
        move = str(data.draw(st.sampled_from(legal_moves(game))))
        error = self.attempt(self.table.submit, game.turn, move, self.table.version, now=self.now)
        if self.table.seats[game.turn].kind is SeatKind.BOT:
            assert error is not None and error.code == "not_seated"
        else:  # a person with a stand-in may still play for themselves
            assert error is None

    @precondition(lambda self: self.persons_turn())
    @rule(data=st.data())
    def play_any_cards(self, data: st.DataObject) -> None:
        """A move made of cards from the hand, the table or anywhere: often illegal or ambiguous."""
        seat = self.turn()
        game = self.table.game
        assert game is not None
        hand = [str(card) for card in game.hand(seat)]
        near = hand + [str(card) for card in game.table_cards()]
        card = data.draw(st.sampled_from(hand) | st.sampled_from(CARD_NAMES))
        taken = data.draw(st.lists(st.sampled_from(near) | st.sampled_from(CARD_NAMES), max_size=3))
        text = "+".join([card, *taken])
        error = self.attempt(self.table.submit, seat, text, self.table.version, now=self.now)
        if error is not None:
            assert error.code in {"illegal", "ambiguous", "malformed", "not_seated"}, error
            # A refusal names no card the sender may not see, beyond those it typed.
            assert not leaked(self.table, seat, error.message, allowed=[card, *taken])
        elif self.table.seats[seat].kind is SeatKind.HUMAN:
            self.last_accepted = (seat, text, self.table.version)

    @precondition(lambda self: self.turn() >= 0)
    @rule(data=st.data())
    def play_out_the_round(self, data: st.DataObject) -> None:
        """Everyone plays legal moves (people through submit) until the round or game ends."""
        game = self.table.game
        assert game is not None
        round_no, game_no = game.round_no, self.table.game_no
        for _ in range(200):
            self.log += self.table.tick(self.now)
            game = self.table.game
            assert game is not None
            if self.table.game_no != game_no or game.round_no != round_no or not self.playing():
                return
            if self.table.seats[game.turn].kind is SeatKind.HUMAN:
                move = data.draw(st.sampled_from(legal_moves(game)))
                self.log += self.table.submit(
                    game.turn, str(move), self.table.version, now=self.now
                )
            else:
                self.now += self.table.config.bot_delay
        raise AssertionError("the round did not end")

    @precondition(lambda self: self.persons_turn())
    @rule(text=JUNK)
    def play_junk(self, text: str) -> None:
        error = self.attempt(self.table.submit, self.turn(), text, self.table.version, now=self.now)
        assert error is not None and error.code in {"malformed", "illegal", "not_seated"}

    @rule(seat=st.integers(-1, 4), data=st.data())
    def play_out_of_turn(self, seat: int, data: st.DataObject) -> None:
        if seat == self.turn():
            return
        text = data.draw(st.sampled_from(CARD_NAMES))
        error = self.attempt(self.table.submit, seat, text, self.table.version, now=self.now)
        assert error is not None
        if not 0 <= seat < self.table.config.players:
            assert error.code == "no_such_seat"
        elif not self.playing():
            assert error.code in {"not_started", "game_over"}
        else:
            assert error.code in {"not_your_turn", "not_seated"}

    @precondition(lambda self: self.persons_turn())
    @rule(offset=st.sampled_from([-3, -1, 1, 2]))
    def play_stale(self, offset: int) -> None:
        seat = self.turn()
        game = self.table.game
        assert game is not None
        move = str(legal_moves(game)[0])
        error = self.attempt(self.table.submit, seat, move, self.table.version + offset, now=0.0)
        assert error is not None and error.code in {"stale", "not_seated"}

    @precondition(lambda self: self.last_accepted is not None)
    @rule()
    def play_again(self) -> None:
        """The last accepted frame, sent again: it must never be played twice."""
        assert self.last_accepted is not None
        seat, text, version = self.last_accepted
        error = self.attempt(self.table.submit, seat, text, version, now=self.now)
        assert error is not None
        assert error.code in {"stale", "not_your_turn", "game_over", "not_seated"}, error

    # Rules: time, connections, seats and rematches.

    @rule(seconds=st.sampled_from([0.0, 1.0, 5.0, 14.0, 16.0, 31.0, 61.0, 300.0]))
    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.log += self.table.tick(self.now)
        deadline = self.table.next_deadline()
        assert deadline is None or deadline > self.now

    @precondition(lambda self: bool(self.people()))
    @rule(data=st.data(), connected=st.booleans())
    def connection(self, data: st.DataObject, connected: bool) -> None:
        seat = data.draw(st.sampled_from(self.people()))
        assert self.attempt(self.table.set_connected, seat, connected, now=self.now) is None

    @precondition(lambda self: not self.playing())
    @rule(data=st.data(), accept=st.booleans())
    def vote(self, data: st.DataObject, accept: bool) -> None:
        people = self.people()
        seat = data.draw(st.sampled_from(people) if people else st.integers(0, 3))
        self.attempt(self.table.vote_rematch, seat, accept, now=self.now)

    @precondition(lambda self: self.playing())
    @rule(seat=st.integers(-1, 4), answer=st.sampled_from([None, True, False]))
    def take_back_from_anyone(self, seat: int, answer: bool | None) -> None:
        self.attempt(self.table.take_back, seat, answer, now=self.now)

    @precondition(lambda self: self.playing())
    @rule(data=st.data())
    def take_back_asked_and_answered(self, data: st.DataObject) -> None:
        """The seat whose last play may be taken back (a person to play plays first, if need be)
        asks; the others answer, mostly yes."""
        if self.table.snapshot_for(0)["take_back"] is None and self.persons_turn():
            game = self.table.game
            assert game is not None
            move = str(data.draw(st.sampled_from(legal_moves(game))))
            self.attempt(self.table.submit, game.turn, move, self.table.version, now=self.now)
        shown = self.table.snapshot_for(0)["take_back"]
        if shown is None:
            return
        asker = shown["seat"]
        self.attempt(self.table.take_back, asker, None, now=self.now)
        for seat in self.people():
            if seat != asker:
                accept = data.draw(st.sampled_from([True, True, True, False]))
                self.attempt(self.table.take_back, seat, accept, now=self.now)

    @precondition(lambda self: bool(self.people()))
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self.people()))
        assert self.attempt(self.table.leave, f"id-{seat}", now=self.now) is None

    @precondition(lambda self: not self.playing())
    @rule(seat=st.integers(0, 3), person=st.booleans())
    def fill(self, seat: int, person: bool) -> None:
        if person:
            self.attempt(self.table.join, Player(f"id-{seat}", f"P{seat}"), seat)
        else:
            self.attempt(self.table.put_bot, seat, "random")

    @precondition(lambda self: not self.playing())
    @rule()
    def start(self) -> None:
        self.attempt(self.table.start, now=self.now)

    @rule(recipient=st.integers(-1, 3), back=st.integers(0, 300))
    def catch_up(self, recipient: int, back: int) -> None:
        since = max(0, self.table.version - back)
        try:
            got = self.table.catch_up(recipient, since)
        except Refused as error:
            assert error.code == "no_such_seat"
            return
        if "events" in got:
            assert got["events"] == [e.for_recipient(recipient) for e in self.log[since:]]
        else:
            assert since < self.table.history[0].number - 1
            assert got["snapshot"]["version"] == self.table.version

    # Invariants.

    @invariant()
    def game_is_valid(self) -> None:
        if hasattr(self, "table") and self.table.game is not None:
            check_invariants(self.table.game)

    @invariant()
    def numbers_have_no_gaps(self) -> None:
        if not hasattr(self, "table"):
            return
        assert [e.number for e in self.log] == list(range(1, self.table.version + 1))
        history = [e.number for e in self.table.history]
        assert history == list(range(self.table.version - len(history) + 1, self.table.version + 1))

    @invariant()
    def nothing_hidden_is_sent(self) -> None:
        if not hasattr(self, "table") or not self.playing():
            return
        # The events of the current round still kept (older rounds' deck orders are revealed).
        kept = self.table.history
        starts = [e.number for e in kept if e.kind.value == "round_started"]
        since = starts[-1] - 1 if starts else kept[0].number - 1
        # A card played and then taken back was seen by everyone: it may show in those events.
        taken_back = [e.data["card"] for e in kept if e.kind.value == "take_back"]
        for recipient in [*range(self.table.config.players), SPECTATOR]:
            events = self.table.events_for(recipient, since)
            assert not leaked(self.table, recipient, events, allowed=taken_back)
            snapshot = self.table.snapshot_for(recipient, now=self.now)
            del snapshot["rounds"]
            assert not leaked(self.table, recipient, snapshot)

    def teardown(self) -> None:
        if not hasattr(self, "table"):
            return
        rebuilt = Table.from_log(self.table.config, self.log, now=self.now)
        assert rebuilt.version == self.table.version
        assert rebuilt.game == self.table.game
        assert rebuilt.seats == self.table.seats
        assert rebuilt.status == self.table.status
        for recipient in [*range(self.table.config.players), SPECTATOR]:
            assert rebuilt.snapshot_for(recipient) == self.table.snapshot_for(recipient)


TableMachine.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestTable = TableMachine.TestCase
