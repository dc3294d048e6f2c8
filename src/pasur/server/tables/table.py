"""The authoritative table: seats, games, timers and numbered events, with no transport at all.

A :class:`Table` is the single source of truth for one table. A driver (the table manager, a
test, a load script) calls its methods and forwards what they return; the table never sleeps,
never reads a clock and never touches a socket or a database. Time comes in as ``now`` (seconds,
from any clock the driver likes), so timers and disconnect grace periods are tested by passing
numbers.

Every accepted action appends numbered :class:`~pasur.protocol.Event` objects (through its
:class:`~pasur.server.tables.event_log.EventLog`) and returns them; the driver stores them (their
private form rebuilds the table with :meth:`Table.from_log`) and sends each connection
:meth:`Event.for_recipient` of them. A refused action raises :class:`~pasur.protocol.Refused`
with a stable ``code`` and a readable message, and changes nothing: the checks all come before
the first event. The state itself changes in one place, :meth:`TableState.apply
<pasur.server.tables.state.TableState.apply>`.

A driver's loop is: call the action, then :meth:`Table.tick` (bots, expired timers and dropped
players play there), then schedule the next tick at :meth:`Table.next_deadline`.

>>> import random
>>> table = Table(TableConfig(players=2), rng=random.Random(1))
>>> _ = table.join(Player("p1", "Ava"))
>>> _ = table.put_bot(1, "random")
>>> events = table.start(now=0.0)
>>> [event.kind.value for event in events]
['started', 'round_started']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from pasur.protocol import ErrorCode, Event, JSONObject, Kind, Refused
from pasur.protocol.text import clean_name
from pasur.rules import GameState, Move, claim, play_legal
from pasur.server.tables.config import TableConfig, bot_level
from pasur.server.tables.event_log import EventLog
from pasur.server.tables.moves import read_move
from pasur.server.tables.plays import dealt, next_deal, played, round_ended
from pasur.server.tables.seats import Player, SeatKind, SeatState, Status, bot_name, check_player
from pasur.server.tables.state import TableState, check_seat, check_version
from pasur.server.tables.timers import BotAnswer, Bots, Due, Duty, Thought, next_due, who_plays
from pasur.server.tables.views import catch_up, events_for, record_for, snapshot_for

DEFAULT_HISTORY = 256
"""Events kept for reconnection; a client further behind gets a snapshot."""


class Table:
    """One table: its seats, its current game, its event history and its timers.

    Args:
        config: the table's settings.
        rng: where deck orders (and the first game's dealer) come from. The default,
            :class:`random.SystemRandom`, draws from the operating system's entropy; tests pass a
            seeded :class:`random.Random`.
        bot_rng: the bots' random generator; by default a :class:`random.Random` seeded from
            ``rng``, so a seeded table replays exactly.
        history: how many recent events are kept for :meth:`events_for`.
        search_inline: False for a server's tables: a searching bot's move is not searched in
            :meth:`tick` but asked for by :meth:`thought_due` and handed back to :meth:`tick`
            (:class:`~pasur.server.tables.timers.Bots`).
    """

    def __init__(
        self,
        config: TableConfig,
        *,
        rng: random.Random | None = None,
        bot_rng: random.Random | None = None,
        history: int = DEFAULT_HISTORY,
        search_inline: bool = True,
    ) -> None:
        if history < 1:
            raise Refused(ErrorCode.BAD_CONFIG, "the history must keep at least one event")
        self.config = config
        """The table's settings."""
        self._rng = rng if rng is not None else random.SystemRandom()
        self._bots = Bots(
            bot_rng if bot_rng is not None else random.Random(self._rng.getrandbits(64)),
            search_inline=search_inline,
        )
        self._state = TableState(config)
        self._log = EventLog(self._state, history)

    @property
    def version(self) -> int:
        """The number of the last event (0 before any): what ``expected_version`` must be."""
        return self._log.version

    @property
    def status(self) -> Status:
        """Waiting for a first game, playing, or finished."""
        return self._state.status

    @property
    def seats(self) -> tuple[SeatState, ...]:
        """Every seat, by number."""
        return tuple(self._state.seats)

    @property
    def game(self) -> GameState | None:
        """The current (or last) game's state: server-side only, it holds every hidden card."""
        return self._state.game

    @property
    def game_no(self) -> int:
        """Games started at this table so far."""
        return self._state.game_no

    @property
    def history(self) -> tuple[Event, ...]:
        """The events kept for reconnection, oldest first (private form: never send them)."""
        return tuple(self._log.kept)

    def seat_of(self, player_id: str) -> int | None:
        """The seat a person holds, or None."""
        return self._state.seat_of(player_id)

    # Seats.

    def join(self, player: Player, seat: int | None = None) -> list[Event]:
        """Seat a person: in ``seat``, or the first empty seat. Not while a game is played.

        Raises:
            Refused: ``game_running``, ``already_seated``, ``bad_player``, ``bad_name``,
                ``no_such_seat``, ``seat_taken``, ``seat_reserved`` or ``table_full``.
        """
        self._state.refuse_while_playing("join")
        check_player(player)
        held = self.seat_of(player.id)
        if held is not None:
            raise Refused(ErrorCode.ALREADY_SEATED, f"you already sit in seat {held}")
        name = clean_name(player.name)
        if seat is None:
            seat = self.first_empty()
            if seat is None:
                raise Refused(ErrorCode.TABLE_FULL, "every seat is taken")
        self._state.check_empty(seat, player.id)
        self._emit(Kind.SEATED, {"seat": seat, "player": player.id, "name": name}, 0.0)
        return self._log.flush()

    def first_empty(self) -> int | None:
        """The first seat nobody holds, or None."""
        return self._state.first_empty()

    def leave(self, player_id: str, *, now: float) -> list[Event]:
        """Take a person out of their seat; during a game the table's drop bot takes it over.

        Raises:
            Refused: ``not_seated``.
        """
        seat = self.seat_of(player_id)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "you do not sit at this table")
        name = self._state.seats[seat].name
        self._emit(Kind.LEFT, {"seat": seat, "player": player_id, "name": name}, now)
        if self.status is Status.PLAYING:
            level = self.config.drop_bot
            self._emit(
                Kind.BOT_SEATED, {"seat": seat, "level": level, "name": bot_name(level)}, now
            )
        return self._log.flush()

    def put_bot(self, seat: int, level: str) -> list[Event]:
        """Put a bot of ``level`` (one of ``BOT_NAMES``) in an empty seat (not a reserved one).

        Raises:
            Refused: ``game_running``, ``bad_level``, ``no_such_seat`` or ``seat_taken``.
        """
        self._state.refuse_while_playing("seat a bot")
        level = bot_level(level, ErrorCode.BAD_LEVEL)
        self._state.check_empty(seat)
        self._emit(Kind.BOT_SEATED, {"seat": seat, "level": level, "name": bot_name(level)}, 0.0)
        return self._log.flush()

    def remove_bot(self, seat: int) -> list[Event]:
        """Empty a seat a bot holds. Not while a game is played.

        Raises:
            Refused: ``game_running``, ``no_such_seat`` or ``not_a_bot``.
        """
        self._state.refuse_while_playing("remove a bot")
        check_seat(self.config, seat)
        if self._state.seats[seat].kind is not SeatKind.BOT:
            raise Refused(ErrorCode.NOT_A_BOT, f"seat {seat} holds no bot")
        self._emit(Kind.BOT_REMOVED, {"seat": seat}, 0.0)
        return self._log.flush()

    def set_connected(self, seat: int, connected: bool, *, now: float) -> list[Event]:
        """Mark a person's connection as up or down; no event if nothing changes.

        A person who comes back takes their seat back from a stand-in bot at once.

        Raises:
            Refused: ``no_such_seat`` or ``not_seated`` (the seat holds no person).
        """
        check_seat(self.config, seat)
        state = self._state.seats[seat]
        if state.kind is not SeatKind.HUMAN:
            raise Refused(ErrorCode.NOT_SEATED, f"seat {seat} holds no person")
        if state.connected == connected:
            return []
        self._emit(Kind.CONNECTION, {"seat": seat, "connected": connected}, now)
        if connected and state.stand_in:
            level = self.config.drop_bot
            self._emit(Kind.STAND_IN, {"seat": seat, "level": level, "active": False}, now)
        return self._log.flush()

    # Games.

    def start(self, *, now: float, dealer: int | None = None) -> list[Event]:
        """Start a game once every seat is filled.

        The first game's first dealer is drawn from the table's generator unless given; after
        that the deal passes on: a new game's first dealer is the seat after the last game's.

        Raises:
            Refused: ``game_running``, ``not_ready`` (an empty seat) or ``no_such_seat``.
        """
        self._state.refuse_while_playing("start")
        empty = self.first_empty()
        if empty is not None:
            raise Refused(ErrorCode.NOT_READY, f"seat {empty} is empty: seat a person or a bot")
        if dealer is None:
            players = self.config.players
            if self.game_no == 0:
                dealer = self._rng.randrange(players)
            else:
                dealer = (self._state.first_dealer + 1) % players
        check_seat(self.config, dealer)
        self._start_game(dealer, now)
        return self._log.flush()

    def vote_rematch(self, seat: int, accept: bool, *, now: float) -> list[Event]:
        """Accept or decline a rematch once a game is over.

        When every person at the table has accepted (bots always do) and no seat is empty, the
        next game starts at once, dealt by the seat after the last game's first dealer.

        Raises:
            Refused: ``not_finished``, ``no_such_seat`` or ``not_seated``.
        """
        if self.status is not Status.FINISHED:
            raise Refused(ErrorCode.NOT_FINISHED, "a rematch is voted on once a game is over")
        check_seat(self.config, seat)
        state = self._state
        if state.seats[seat].kind is not SeatKind.HUMAN:
            raise Refused(ErrorCode.NOT_SEATED, f"seat {seat} holds no person")
        if state.votes.get(seat) is bool(accept):
            return []  # the same vote again (a resent frame) changes nothing
        self._emit(Kind.REMATCH_VOTE, {"seat": seat, "accept": bool(accept)}, now)
        people = [s for s, occupant in enumerate(state.seats) if occupant.kind is SeatKind.HUMAN]
        if self.first_empty() is None and all(state.votes.get(s) for s in people):
            self._start_game((state.first_dealer + 1) % self.config.players, now)
        return self._log.flush()

    def submit(
        self, seat: int, move_text: str, expected_version: int, *, now: float
    ) -> list[Event]:
        """Play a move for ``seat``: the person's own play, as typed or sent.

        ``move_text`` is a full move (``7D+2D+2H``, ``7D lay``) or just a card (``7D``) when that
        card has only one legal play. ``expected_version`` is the event number the sender last
        saw; anything else is stale.

        Raises:
            Refused: ``no_such_seat``, ``not_started``, ``game_over``, ``not_seated`` (a bot's
                seat), ``not_your_turn``, ``stale``, ``malformed``, ``ambiguous`` or ``illegal``.
        """
        game = self._state.person_in_game(seat)
        if game.turn != seat:
            raise Refused(
                ErrorCode.NOT_YOUR_TURN, f"it is seat {game.turn}'s turn, not seat {seat}'s"
            )
        check_version(expected_version, self.version)
        self._play(read_move(game, move_text), "player", now)
        return self._log.flush()

    def claim(self, seat: int, expected_version: int, *, now: float) -> list[Event]:
        """``seat`` claims the game for its side (per shodam, ``claims=on``), on any turn.

        The round ends at once and the game with it: a right claim wins, a wrong one loses
        (:func:`pasur.rules.claim`). ``expected_version`` is checked as a play's is, so that a
        claim is judged on the table its sender saw.

        Raises:
            Refused: as :meth:`submit` does, and ``illegal`` when claims are off.
        """
        game = self._state.person_in_game(seat)
        check_version(expected_version, self.version)
        if not game.rules.claims:
            raise Refused(ErrorCode.ILLEGAL, "claims are off at this table (claims=off)")
        after = claim(game, seat)
        right = after.winner == game.side_of(seat)  # a wrong claim gives the game to another
        self._emit(Kind.CLAIMED, {"seat": seat, "right": right}, now, after=after)
        self._end_round(after, now)
        return self._log.flush()

    def take_back(
        self,
        seat: int,
        answer: bool | None,
        *,
        now: float,
        expected_version: int | None = None,
    ) -> list[Event]:
        """Ask to take back ``seat``'s last play (``answer`` None), or answer the take-back asked
        (:mod:`~pasur.server.tables.take_backs` says who must accept, and when it is refused).

        ``expected_version``, when given, is the event number its sender last saw: a request
        about a play made after it, or an answer to a request asked after it, is ``stale``, so
        that nobody asks about, or consents to undo, a play they did not see.

        Raises:
            Refused: ``no_such_seat``, ``take_backs_off``, ``not_seated``, ``stale`` or
                ``no_take_back``.
        """
        state = self._state
        check_seat(self.config, seat)
        steps = state.take_backs.steps(self.config, state.seats, seat, answer, expected_version)
        for kind, data in steps:
            self._emit(kind, data, now)
        return self._log.flush()

    # Time.

    @property
    def turn_started(self) -> float:
        """When the turn being played began (on the driver's clock; 0 before any deal)."""
        return self._state.turn_started

    def resume_turn(self, started: float) -> None:
        """Set when the turn being played began: a correspondence table read back from its log
        keeps the turn clock it had (:meth:`from_log` starts every clock at ``now``)."""
        self._state.turn_started = started

    def next_deadline(self) -> float | None:
        """When :meth:`tick` next has something to do (a bot's play, a timer, a grace period)."""
        due = next_due(self._state)
        return due.at if due is not None else None

    def tick(self, now: float, answer: BotAnswer | None = None) -> list[Event]:
        """Play whatever is due at ``now``: bots' moves, expired timers and grace periods.

        A bot seat plays ``bot_delay`` seconds after its turn began. When a person's turn timer
        runs out, the ``casual`` bot (``random`` until it exists) plays that one move for them.
        When a dropped person's grace (counted only during their own turns) runs out, the table's
        drop bot plays for them until they reconnect. A table that searches elsewhere stops at a
        searching bot's move (:meth:`thought_due`) until its ``answer`` comes.
        """
        while True:
            due = next_due(self._state)
            if due is None or due.at > now or not self._do(due, now, answer):
                return self._log.flush()

    def thought_due(self, now: float) -> Thought | None:
        """The search :meth:`tick` waits for at a table that searches elsewhere: a searching
        bot's move from its turn's start (the answer waits out the think time in :meth:`tick`:
        search and thinking overlap), a timer's once the timer has run out by ``now``; None
        otherwise (then :meth:`tick` does what is due by itself)."""
        due = next_due(self._state)
        if due is None or due.duty is Duty.GRACE or (due.at > now and due.duty is not Duty.BOT):
            return None
        level, _ = who_plays(self._state, due)
        if not self._bots.elsewhere(level):
            return None
        game = self.game
        assert game is not None
        return self._bots.thought(game, due.seat, level, self.version)

    def _do(self, due: Due, now: float, answer: BotAnswer | None) -> bool:
        """Do what is due; False when it is a move searched elsewhere with no answer yet."""
        seat = due.seat
        if due.duty is Duty.GRACE:
            level = self.config.drop_bot
            self._emit(Kind.STAND_IN, {"seat": seat, "level": level, "active": True}, now)
            return True
        level, by = who_plays(self._state, due)
        game = self.game
        assert game is not None
        move = self._bots.move(game, seat, level, self.version, answer)
        if move is None:
            return False
        self._play(move, by, now)
        return True

    # What each recipient may see.

    def events_for(self, recipient: int, since: int = 0) -> list[JSONObject]:
        """The events after number ``since``, as ``recipient`` (a seat or -1) may see them
        (:func:`~pasur.server.tables.views.events_for`)."""
        return events_for(self._state, self.history, self.version, recipient, since)

    def catch_up(self, recipient: int, since: int, *, now: float | None = None) -> JSONObject:
        """What a reconnecting recipient needs: ``{"events": [...]}``, or ``{"snapshot": {...}}``
        if too far behind (:func:`~pasur.server.tables.views.catch_up`)."""
        return catch_up(self._state, self.history, self.version, recipient, since, now)

    def snapshot_for(self, recipient: int, *, now: float | None = None) -> JSONObject:
        """The whole table as ``recipient`` may see it, at event number ``version``
        (:func:`~pasur.server.tables.views.snapshot_for`)."""
        return snapshot_for(self._state, self.version, recipient, now)

    def record(self) -> JSONObject:
        """The last finished game's record (:func:`pasur.rules.records.record_of`, seat names as
        at its start) with ``"commitments"``: one ``{"commitment", "salt"}`` a round, which
        :func:`pasur.rules.fairness.verify_record` checks.

        Raises:
            Refused: ``not_finished`` (no game has finished yet).
        """
        return record_for(self._state)

    # Rebuilding.

    @classmethod
    def from_log(
        cls,
        config: TableConfig,
        log: Iterable[Event | Mapping[str, Any]],
        *,
        now: float,
        rng: random.Random | None = None,
        bot_rng: random.Random | None = None,
        history: int = DEFAULT_HISTORY,
        search_inline: bool = True,
    ) -> Table:
        """Rebuild a table from its settings and every event it appended, oldest first.

        ``log`` holds :class:`Event` objects or their stored form (:meth:`Event.to_json`). Turn
        clocks restart at ``now``; connection marks are as the log left them, so a restarted
        server marks the people whose sockets are gone with :meth:`set_connected`.

        Raises:
            Refused: ``bad_log``: an event is missing, out of order or cannot be applied.
        """
        table = cls(config, rng=rng, bot_rng=bot_rng, history=history, search_inline=search_inline)
        for item in log:
            table._log.replay(item, now)
        return table

    def follow(self, log: Iterable[Event | Mapping[str, Any]], *, now: float) -> list[Event]:
        """Apply events another server stored (a replica of a table it owns catching up), in
        number order; the events this table already has are skipped. Returns the new ones.

        Raises:
            Refused: ``bad_log``: an event is missing (a gap) or cannot be applied; the events
                before it were applied.
        """
        return self._log.follow(log, now)

    # Inside: every change is an event, applied by TableState.apply.

    def _emit(
        self, kind: Kind, data: Mapping[str, Any], now: float, *, after: GameState | None = None
    ) -> None:
        ending = self._state.take_backs.ending(kind)  # an open take-back ends first, unanswered
        if ending is not None:
            self._emit(*ending, now)
        self._log.append(kind, data, now, after=after)

    def _start_game(self, dealer: int, now: float) -> None:
        names = [occupant.name for occupant in self._state.seats]
        data = {"game": self.game_no + 1, "players": self.config.players, "dealer": dealer}
        self._emit(Kind.STARTED, data | {"seats": names}, now)
        self._deal_round(now)

    def _deal_round(self, now: float) -> None:
        """Shuffle, commit to the deck order, and deal the next round (or the game's first)."""
        data = next_deal(self.config, self.game, self._state.first_dealer, self._rng)
        self._emit(Kind.ROUND_STARTED, data, now)

    def _play(self, move: Move, by: str, now: float) -> None:
        """Play a legal move (read against the legal moves, or a bot's checked choice): the
        engine is called once, and the events it leads to follow."""
        before = self.game
        assert before is not None
        after = play_legal(before, move)
        self._emit(Kind.PLAYED, played(before, after, move, by), now, after=after)
        if after.turn >= 0 and after.dealt > before.dealt:
            self._emit(Kind.DEALT, dealt(after), now)
        bot = self._state.bot_with_a_right_claim()
        if bot >= 0:  # per shodam: a bot claims as soon as its claim is right, never wrongly
            after = claim(after, bot)
            self._emit(Kind.CLAIMED, {"seat": bot, "right": True}, now, after=after)
        self._end_round(after, now)

    def _end_round(self, after: GameState, now: float) -> None:
        """After a play or a claim: score a round that has ended, then deal on or end the game."""
        if after.result is None:
            return
        state = self._state
        self._emit(Kind.ROUND_ENDED, round_ended(after, state.commitment, state.salt), now)
        if not after.is_over:  # a won or drawn game (target-tie=draw) deals no more
            self._deal_round(now)
            return
        self._emit(Kind.GAME_OVER, state.game_over(after), now)
