"""The authoritative table: seats, games, timers and numbered events, with no transport at all.

A :class:`Table` is the single source of truth for one table. A driver (the WebSocket endpoint,
a test, a load script) calls its methods and forwards what they return; the table never sleeps,
never reads a clock and never touches a socket or a database. Time comes in as ``now`` (seconds,
from any clock the driver likes), so timers and disconnect grace periods are tested by passing
numbers.

Every accepted action appends numbered :class:`~pasur.server.table_events.Event` objects and
returns them; the driver stores them (their private form rebuilds the table with
:meth:`Table.from_log`) and sends each connection :meth:`Event.for_recipient` of them. A refused
action raises :class:`TableError` with a stable ``code`` and a readable message, and changes
nothing: the checks all come before the first event.

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

import dataclasses
import logging
import math
import random
from collections import deque
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from pasur.bots import BOT_NAMES, Bot, make_bot, parse_bot_names
from pasur.rules import (
    STANDARD,
    AmbiguousMoveError,
    Card,
    GameState,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    PasurError,
    Rules,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    resolve_move,
    shuffle_deck,
    view,
    why_illegal,
)
from pasur.rules.fairness import commitment, new_salt
from pasur.rules.records import record_of
from pasur.server.table_events import (
    JSON,
    SPECTATOR,
    Event,
    Kind,
    cards,
    copy_json,
    encode_result,
    encode_view,
    hands_of,
    legal_texts,
)

log = logging.getLogger("pasur.server.table")

TURN_TIMERS: tuple[int | None, ...] = (None, 15, 30, 60)
"""The turn timers a table may have, in seconds; None is no timer."""

DEFAULT_GRACE = 30.0
"""Seconds a dropped player's turns may wait before a bot plays for them."""

DEFAULT_HISTORY = 256
"""Events kept for reconnection; a client further behind gets a snapshot."""

MAX_MOVE_TEXT = 100
"""Longest move text read; a real move is at most about 30 characters."""

MAX_NAME = 40
"""Longest display name."""


ERROR_CODES: dict[str, str] = {
    # Playing.
    "not_started": "no game has started at the table yet",
    "game_over": "the game is over",
    "not_your_turn": "another seat is to play",
    "stale": "the version sent is not the table's current event number",
    "malformed": "the move text cannot be read as a move",
    "ambiguous": "a card alone was sent and it has several legal plays",
    "illegal": "the move is not legal here; the message gives the engine's reason",
    # Seats and games.
    "no_such_seat": "there is no seat with that number",
    "seat_taken": "the seat is not empty",
    "table_full": "every seat is taken",
    "already_seated": "the person already holds a seat at this table",
    "not_seated": "the person holds no seat here, or the seat is a bot's",
    "not_a_bot": "the seat holds no bot",
    "bad_player": "the player id is not a non-empty string",
    "bad_name": "the name is empty, too long or not printable",
    "bad_level": "no bot level has that name",
    "game_running": "not possible while a game is being played",
    "not_ready": "a seat is still empty",
    "not_finished": "no game has finished yet (rematch votes, records)",
    # Watching and catching up.
    "no_spectators": "the table does not allow spectators",
    "bad_version": "the event number is not one of this table's",
    "history_gap": "the events after that number are no longer kept: take a snapshot",
    # Creating and rebuilding.
    "bad_config": "the table settings are not valid",
    "bad_log": "the stored events cannot rebuild the table",
}
"""Every code a :class:`TableError` may carry, with what it means."""


def timeout_level() -> str:
    """The bot that plays when a turn timer runs out: ``casual`` once it exists, else ``random``."""
    return "casual" if "casual" in BOT_NAMES else "random"


class TableError(Exception):
    """An action the table refuses; it changed nothing.

    ``code`` is stable and meant for programs (the protocol sends it as ``error.code``);
    ``message`` is for people.
    """

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(f"{code}: {message}")
        self.code = code
        """What went wrong, as one of the codes in ``docs/protocol.md``."""
        self.message = message
        """Why, in words."""

    def to_json(self) -> JSON:
        """``{"code": ..., "message": ...}``, the body of an error frame."""
        return {"code": self.code, "message": self.message}


class Status(StrEnum):
    """Where a table stands."""

    WAITING = "waiting"
    """No game has been played yet: seats fill up, then :meth:`Table.start`."""
    PLAYING = "playing"
    """A game is being played."""
    FINISHED = "finished"
    """The last game is over: rematch votes, seat changes, or :meth:`Table.start`."""


class SeatKind(StrEnum):
    """Who sits in a seat."""

    EMPTY = "empty"
    HUMAN = "human"
    BOT = "bot"


class Player(NamedTuple):
    """A person joining a table."""

    id: str
    """An opaque identity (from the guest cookie or an account); never shown to others."""
    name: str
    """The name shown at the table."""


@dataclasses.dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: empty, a person, or a bot."""

    kind: SeatKind = SeatKind.EMPTY
    player: str | None = None
    """The person's opaque id; None for a bot or an empty seat."""
    name: str = ""
    """The name shown at the table."""
    level: str | None = None
    """A bot's level; None for a person or an empty seat."""
    connected: bool = False
    """Whether the person's connection is up (bots are always there)."""
    stand_in: bool = False
    """Whether a bot is playing for the person, who dropped and ran out of grace."""

    def to_json(self, seat: int) -> JSON:
        """The seat as everyone may see it (no player id)."""
        return {
            "seat": seat,
            "kind": self.kind.value,
            "name": self.name,
            "level": self.level,
            "connected": self.kind is SeatKind.BOT or self.connected,
            "stand_in": self.stand_in,
        }


EMPTY_SEAT = SeatState()


@dataclasses.dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's settings, chosen when it is created. Invalid settings raise ``bad_config``."""

    players: int = 2
    """Seats: 2, 3 or 4 (4 for partnerships)."""
    rules: Rules = STANDARD
    """The house rules."""
    private: bool = True
    """Private tables are joined by invite link; public ones are listed in the lobby."""
    turn_timer: int | None = None
    """Seconds a seat has to play (15, 30 or 60), or None for no timer."""
    grace: float = DEFAULT_GRACE
    """Seconds of a dropped player's own turns before a bot plays for them."""
    drop_bot: str = dataclasses.field(default_factory=timeout_level)
    """The bot level that plays for a dropped player, and takes the seat of one who leaves."""
    spectators: bool = True
    """Whether people without a seat may watch."""
    bot_delay: float = 0.0
    """Seconds a bot waits before playing, so people can follow (0 plays at once)."""
    rated: bool = False
    """Whether finished games change the people's ratings (public tables only)."""

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4) or isinstance(self.players, bool):
            raise TableError("bad_config", f"a table has 2, 3 or 4 seats, not {self.players!r}")
        if self.rules.partnerships and self.players != 4:
            raise TableError("bad_config", "partnerships need 4 seats")
        if self.turn_timer not in TURN_TIMERS or isinstance(self.turn_timer, bool):
            raise TableError(
                "bad_config", f"the turn timer is off, 15, 30 or 60 s, not {self.turn_timer!r}"
            )
        for name in ("grace", "bot_delay"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise TableError("bad_config", f"{name} must be a number of seconds, 0 or more")
        rated: object = self.rated  # from_json passes whatever was stored
        if not isinstance(rated, bool) or (rated and self.private):
            raise TableError("bad_config", "rated must be true or false, on a public table")
        object.__setattr__(self, "drop_bot", _level(self.drop_bot, "bad_config"))

    def to_json(self) -> JSON:
        """The settings as plain data (all of them are public)."""
        return {
            "players": self.players,
            "rules": self.rules.settings(),
            "private": self.private,
            "turn_timer": self.turn_timer,
            "grace": self.grace,
            "drop_bot": self.drop_bot,
            "spectators": self.spectators,
            "bot_delay": self.bot_delay,
            "rated": self.rated,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableConfig:
        """Read settings written by :meth:`to_json`; missing ones take their defaults."""
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise TableError("bad_config", f"unknown table settings: {', '.join(sorted(unknown))}")
        values = dict(data)
        if "rules" in values:
            settings = values["rules"]
            if not isinstance(settings, Mapping):
                raise TableError("bad_config", "rules must be an object of settings")
            try:
                values["rules"] = make_rules(
                    "standard", {str(k): str(v) for k, v in settings.items()}
                )
            except PasurError as error:
                raise TableError("bad_config", str(error)) from None
        return cls(**values)


def _level(level: object, code: str) -> str:
    """The canonical name of a bot level, or TableError(code)."""
    if isinstance(level, str):
        try:
            names = parse_bot_names(level)
        except ValueError:
            names = ()
        if len(names) == 1:
            return names[0]
    raise TableError(code, f"unknown bot level {level!r}; the levels are: {', '.join(BOT_NAMES)}")


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
    """

    def __init__(
        self,
        config: TableConfig,
        *,
        rng: random.Random | None = None,
        bot_rng: random.Random | None = None,
        history: int = DEFAULT_HISTORY,
    ) -> None:
        if history < 1:
            raise TableError("bad_config", "the history must keep at least one event")
        self.config = config
        """The table's settings."""
        self._rng = rng if rng is not None else random.SystemRandom()
        self._bot_rng = bot_rng if bot_rng is not None else random.Random(self._rng.getrandbits(64))
        self._history: deque[Event] = deque(maxlen=history)
        self._version = 0
        self._out: list[Event] = []
        self._status = Status.WAITING
        self._seats = [EMPTY_SEAT] * config.players
        self._game: GameState | None = None
        self._game_no = 0
        self._first_dealer = -1
        self._names: tuple[str, ...] = ()
        self._salt = b""
        self._commitment = ""
        self._reveals: list[JSON] = []
        self._votes: dict[int, bool] = {}
        self._turn_started = 0.0
        self._away_since: list[float | None] = [None] * config.players
        self._grace_used = [0.0] * config.players
        self._bots: dict[tuple[int, str], Bot] = {}
        self._record: JSON | None = None

    # What the table is now.

    @property
    def version(self) -> int:
        """The number of the last event (0 before any): what ``expected_version`` must be."""
        return self._version

    @property
    def status(self) -> Status:
        """Waiting for a first game, playing, or finished."""
        return self._status

    @property
    def seats(self) -> tuple[SeatState, ...]:
        """Every seat, by number."""
        return tuple(self._seats)

    @property
    def game(self) -> GameState | None:
        """The current (or last) game's state: server-side only, it holds every hidden card."""
        return self._game

    @property
    def game_no(self) -> int:
        """Games started at this table so far."""
        return self._game_no

    @property
    def history(self) -> tuple[Event, ...]:
        """The events kept for reconnection, oldest first (private form: never send them)."""
        return tuple(self._history)

    def seat_of(self, player_id: str) -> int | None:
        """The seat a person holds, or None."""
        for seat, state in enumerate(self._seats):
            if state.kind is SeatKind.HUMAN and state.player == player_id:
                return seat
        return None

    # Seats.

    def join(self, player: Player, seat: int | None = None) -> list[Event]:
        """Seat a person: in ``seat``, or the first empty seat. Not while a game is played.

        Raises:
            TableError: ``game_running``, ``already_seated``, ``bad_player``, ``bad_name``,
                ``no_such_seat``, ``seat_taken`` or ``table_full``.
        """
        self._refuse_while_playing("join")
        if not _is_text(player.id) or not player.id or len(player.id) > 200:
            raise TableError("bad_player", "a player id is a non-empty string")
        if self.seat_of(player.id) is not None:
            raise TableError("already_seated", f"you already sit in seat {self.seat_of(player.id)}")
        name = _clean_name(player.name)
        if seat is None:
            empty = [s for s, state in enumerate(self._seats) if state.kind is SeatKind.EMPTY]
            if not empty:
                raise TableError("table_full", "every seat is taken")
            seat = empty[0]
        self._check_seat(seat)
        if self._seats[seat].kind is not SeatKind.EMPTY:
            raise TableError("seat_taken", f"seat {seat} is taken by {self._seats[seat].name}")
        self._emit(Kind.SEATED, {"seat": seat, "player": player.id, "name": name}, 0.0)
        return self._flush()

    def leave(self, player_id: str, *, now: float) -> list[Event]:
        """Take a person out of their seat; during a game the table's drop bot takes it over.

        Raises:
            TableError: ``not_seated``.
        """
        seat = self.seat_of(player_id)
        if seat is None:
            raise TableError("not_seated", "you do not sit at this table")
        name = self._seats[seat].name
        self._emit(Kind.LEFT, {"seat": seat, "player": player_id, "name": name}, now)
        if self._status is Status.PLAYING:
            level = self.config.drop_bot
            self._emit(
                Kind.BOT_SEATED, {"seat": seat, "level": level, "name": _bot_name(level)}, now
            )
        return self._flush()

    def put_bot(self, seat: int, level: str) -> list[Event]:
        """Put a bot of ``level`` (one of ``BOT_NAMES``) in an empty seat.

        Raises:
            TableError: ``game_running``, ``bad_level``, ``no_such_seat`` or ``seat_taken``.
        """
        self._refuse_while_playing("seat a bot")
        level = _level(level, "bad_level")
        self._check_seat(seat)
        if self._seats[seat].kind is not SeatKind.EMPTY:
            raise TableError("seat_taken", f"seat {seat} is taken by {self._seats[seat].name}")
        self._emit(Kind.BOT_SEATED, {"seat": seat, "level": level, "name": _bot_name(level)}, 0.0)
        return self._flush()

    def remove_bot(self, seat: int) -> list[Event]:
        """Empty a seat a bot holds. Not while a game is played.

        Raises:
            TableError: ``game_running``, ``no_such_seat`` or ``not_a_bot``.
        """
        self._refuse_while_playing("remove a bot")
        self._check_seat(seat)
        if self._seats[seat].kind is not SeatKind.BOT:
            raise TableError("not_a_bot", f"seat {seat} holds no bot")
        self._emit(Kind.BOT_REMOVED, {"seat": seat}, 0.0)
        return self._flush()

    def set_connected(self, seat: int, connected: bool, *, now: float) -> list[Event]:
        """Mark a person's connection as up or down; no event if nothing changes.

        A person who comes back takes their seat back from a stand-in bot at once.

        Raises:
            TableError: ``no_such_seat`` or ``not_seated`` (the seat holds no person).
        """
        self._check_seat(seat)
        state = self._seats[seat]
        if state.kind is not SeatKind.HUMAN:
            raise TableError("not_seated", f"seat {seat} holds no person")
        if state.connected == connected:
            return []
        self._emit(Kind.CONNECTION, {"seat": seat, "connected": connected}, now)
        if connected and state.stand_in:
            level = self.config.drop_bot
            self._emit(Kind.STAND_IN, {"seat": seat, "level": level, "active": False}, now)
        return self._flush()

    # Games.

    def start(self, *, now: float, dealer: int | None = None) -> list[Event]:
        """Start a game once every seat is filled.

        The first game's first dealer is drawn from the table's generator unless given; after
        that the deal passes on: a new game's first dealer is the seat after the last game's.

        Raises:
            TableError: ``game_running``, ``not_ready`` (an empty seat) or ``no_such_seat``.
        """
        self._refuse_while_playing("start")
        empty = [s for s, state in enumerate(self._seats) if state.kind is SeatKind.EMPTY]
        if empty:
            raise TableError("not_ready", f"seat {empty[0]} is empty: seat a person or a bot")
        if dealer is None:
            players = self.config.players
            if self._game_no == 0:
                dealer = self._rng.randrange(players)
            else:
                dealer = (self._first_dealer + 1) % players
        self._check_seat(dealer)
        self._start_game(dealer, now)
        return self._flush()

    def vote_rematch(self, seat: int, accept: bool, *, now: float) -> list[Event]:
        """Accept or decline a rematch once a game is over.

        When every person at the table has accepted (bots always do) and no seat is empty, the
        next game starts at once, dealt by the seat after the last game's first dealer.

        Raises:
            TableError: ``not_finished``, ``no_such_seat`` or ``not_seated``.
        """
        if self._status is not Status.FINISHED:
            raise TableError("not_finished", "a rematch is voted on once a game is over")
        self._check_seat(seat)
        if self._seats[seat].kind is not SeatKind.HUMAN:
            raise TableError("not_seated", f"seat {seat} holds no person")
        if self._votes.get(seat) is bool(accept):
            return []  # the same vote again (a resent frame) changes nothing
        self._emit(Kind.REMATCH_VOTE, {"seat": seat, "accept": bool(accept)}, now)
        people = [s for s, state in enumerate(self._seats) if state.kind is SeatKind.HUMAN]
        everyone = all(state.kind is not SeatKind.EMPTY for state in self._seats)
        if everyone and all(self._votes.get(s) for s in people):
            self._start_game((self._first_dealer + 1) % self.config.players, now)
        return self._flush()

    def submit(
        self, seat: int, move_text: str, expected_version: int, *, now: float
    ) -> list[Event]:
        """Play a move for ``seat``: the person's own play, as typed or sent.

        ``move_text`` is a full move (``7D+2D+2H``, ``7D lay``) or just a card (``7D``) when that
        card has only one legal play. ``expected_version`` is the event number the sender last
        saw; anything else is stale.

        Raises:
            TableError: ``no_such_seat``, ``not_started``, ``game_over``, ``not_seated`` (a bot's
                seat), ``not_your_turn``, ``stale``, ``malformed``, ``ambiguous`` or ``illegal``.
        """
        self._check_seat(seat)
        if self._status is Status.WAITING:
            raise TableError("not_started", "the game has not started yet")
        if self._status is Status.FINISHED:
            raise TableError("game_over", "the game is over")
        game = self._game
        assert game is not None
        if self._seats[seat].kind is not SeatKind.HUMAN:
            raise TableError("not_seated", f"seat {seat} is played by a bot")
        if game.turn != seat:
            raise TableError("not_your_turn", f"it is seat {game.turn}'s turn, not seat {seat}'s")
        if not _is_int(expected_version) or expected_version != self._version:
            raise TableError(
                "stale",
                f"you sent version {expected_version!r} but the table is at {self._version}: "
                "catch up and play again",
            )
        move = _read_move(game, move_text)
        self._play(move, "player", now)
        return self._flush()

    # Time.

    def next_deadline(self) -> float | None:
        """When :meth:`tick` next has something to do (a bot's play, a timer, a grace period)."""
        due = self._due()
        return due[0] if due is not None else None

    def tick(self, now: float) -> list[Event]:
        """Play whatever is due at ``now``: bots' moves, expired timers and grace periods.

        A bot seat plays ``bot_delay`` seconds after its turn began. When a person's turn timer
        runs out, the ``casual`` bot (``random`` until it exists) plays that one move for them.
        When a dropped person's grace (counted only during their own turns) runs out, the table's
        drop bot plays for them until they reconnect.
        """
        while True:
            due = self._due()
            if due is None or due[0] > now:
                return self._flush()
            _, action, seat = due
            state = self._seats[seat]
            if action == "grace":
                level = self.config.drop_bot
                self._emit(Kind.STAND_IN, {"seat": seat, "level": level, "active": True}, now)
                continue
            if action == "timer":
                level, by = timeout_level(), "timer"
            elif state.kind is SeatKind.BOT:
                assert state.level is not None
                level, by = state.level, "bot"
            else:
                level, by = self.config.drop_bot, "stand_in"
            self._play(self._bot_move(seat, level), by, now)

    def _due(self) -> tuple[float, str, int] | None:
        """The next thing to happen by itself: (when, "bot" | "timer" | "grace", seat)."""
        game = self._game
        if self._status is not Status.PLAYING or game is None or game.turn < 0:
            return None
        seat = game.turn
        state = self._seats[seat]
        if state.kind is SeatKind.BOT or state.stand_in:
            return (self._turn_started + self.config.bot_delay, "bot", seat)
        candidates = []
        if not state.connected:
            since = max(self._turn_started, self._away_since[seat] or self._turn_started)
            left = max(0.0, self.config.grace - self._grace_used[seat])
            candidates.append((since + left, "grace", seat))
        if self.config.turn_timer is not None:
            candidates.append((self._turn_started + self.config.turn_timer, "timer", seat))
        return min(candidates) if candidates else None

    def _bot_move(self, seat: int, level: str) -> Move:
        """The move a bot of ``level`` plays for ``seat``, seeing only that seat's view.

        A bot that fails (raises, or answers a move that is not legal) must not stop the table:
        the failure is logged and the first legal move is played instead.
        """
        game = self._game
        assert game is not None
        legal = legal_moves(game)
        try:
            bot = self._bots.get((seat, level))
            if bot is None:
                bot = self._bots[seat, level] = make_bot(level)
            move = bot.choose(view(game, seat), legal, self._bot_rng)
        except Exception:
            log.exception("the %s bot failed in seat %d; playing %s", level, seat, legal[0])
            return legal[0]
        if move not in legal:
            log.error("the %s bot chose %r, which is not legal; playing %s", level, move, legal[0])
            return legal[0]
        return Move(move[0], move[1])

    # What each recipient may see.

    def events_for(self, recipient: int, since: int = 0) -> list[JSON]:
        """The events after number ``since``, as ``recipient`` (a seat or -1) may see them.

        Raises:
            TableError: ``no_such_seat``, ``no_spectators``, ``bad_version`` (``since`` is not an
                event number of this table) or ``history_gap`` (the events after ``since`` are no
                longer kept: use :meth:`snapshot_for`).
        """
        self._check_recipient(recipient)
        if not _is_int(since) or not 0 <= since <= self._version:
            raise TableError(
                "bad_version", f"{since!r} is not an event number here (0 to {self._version})"
            )
        first = self._history[0].number if self._history else self._version + 1
        if since < first - 1:
            raise TableError(
                "history_gap",
                f"events after {since} are no longer kept (the oldest is {first}): resync",
            )
        return [
            event.for_recipient(recipient) for event in list(self._history)[since - first + 1 :]
        ]

    def catch_up(self, recipient: int, since: int, *, now: float | None = None) -> JSON:
        """What a reconnecting recipient needs: the missed events, or a snapshot if too far behind.

        Returns ``{"events": [...]}`` or ``{"snapshot": {...}}``.
        """
        try:
            return {"events": self.events_for(recipient, since)}
        except TableError as error:
            if error.code not in ("history_gap", "bad_version"):
                raise
        return {"snapshot": self.snapshot_for(recipient, now=now)}

    def snapshot_for(self, recipient: int, *, now: float | None = None) -> JSON:
        """The whole table as ``recipient`` may see it, at event number ``version``.

        With ``now``, ``clock`` says how long the seat to play has before a timer or its grace
        period runs out.

        Raises:
            TableError: ``no_such_seat`` or ``no_spectators``.
        """
        self._check_recipient(recipient)
        game = self._game
        clock = None
        due = self._due()
        if now is not None and due is not None and due[1] != "bot":
            clock = {"seat": due[2], "kind": due[1], "seconds_left": max(0.0, due[0] - now)}
        return {
            "version": self._version,
            "you": recipient,
            "config": self.config.to_json(),
            "status": self._status.value,
            "seats": [state.to_json(seat) for seat, state in enumerate(self._seats)],
            "game_no": self._game_no,
            "game": encode_view(view(game, recipient)) if game is not None else None,
            "commitment": self._commitment if self._status is Status.PLAYING else None,
            "rounds": [dict(reveal) for reveal in self._reveals],
            "rematch": [self._votes.get(seat) for seat in range(self.config.players)],
            "clock": clock,
        }

    def record(self) -> JSON:
        """The game record of the last finished game, with each round's commitment and salt.

        It is :func:`pasur.rules.records.record_of` (seat names as they were when the game
        started) plus ``"commitments"``: one ``{"commitment", "salt"}`` per round, which
        :func:`pasur.rules.fairness.verify_record` checks.

        Raises:
            TableError: ``not_finished`` (no game has finished yet).
        """
        if self._record is None:
            raise TableError("not_finished", "no game has finished at this table yet")
        return copy_json(self._record)  # type: ignore[no-any-return]

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
    ) -> Table:
        """Rebuild a table from its settings and every event it appended, oldest first.

        ``log`` holds :class:`Event` objects or their stored form (:meth:`Event.to_json`). Turn
        clocks restart at ``now``; connection marks are as the log left them, so a restarted
        server marks the people whose sockets are gone with :meth:`set_connected`.

        Raises:
            TableError: ``bad_log``: an event is missing, out of order or cannot be applied.
        """
        table = cls(config, rng=rng, bot_rng=bot_rng, history=history)
        for item in log:
            table._replay(item, now)
        return table

    def follow(self, log: Iterable[Event | Mapping[str, Any]], *, now: float) -> list[Event]:
        """Apply events another server stored (a replica of a table it owns catching up), in
        number order; the events this table already has are skipped. Returns the new ones.

        Raises:
            TableError: ``bad_log``: an event is missing (a gap) or cannot be applied; the events
                before it were applied.
        """
        applied = []
        for item in log:
            number = item.number if isinstance(item, Event) else item.get("n")
            if isinstance(number, int) and number <= self._version:
                continue
            applied.append(self._replay(item, now))
        return applied

    def _replay(self, item: Event | Mapping[str, Any], now: float) -> Event:
        """Apply the next stored event (its number must follow the version)."""
        try:
            event = item if isinstance(item, Event) else Event.from_json(item)
            if event.number != self._version + 1:
                raise ValueError(f"event {event.number} follows event {self._version}")
            self._apply(event, now)
        except (ValueError, KeyError, TypeError, IndexError, TableError) as error:
            raise TableError("bad_log", f"cannot rebuild the table: {error}") from None
        self._history.append(event)
        self._version = event.number
        return event

    # Inside: every change is an event, applied by _apply, so a rebuilt table is the same table.

    def _emit(self, kind: Kind, data: JSON, now: float) -> None:
        event = Event(self._version + 1, kind, data)
        self._apply(event, now)
        self._history.append(event)
        self._version = event.number
        self._out.append(event)

    def _flush(self) -> list[Event]:
        out, self._out = self._out, []
        return out

    def _start_game(self, dealer: int, now: float) -> None:
        names = [state.name for state in self._seats]
        data = {"game": self._game_no + 1, "players": self.config.players, "dealer": dealer}
        self._emit(Kind.STARTED, data | {"seats": names}, now)
        self._deal_round(now)

    def _deal_round(self, now: float) -> None:
        """Shuffle, commit to the deck order, and deal the next round (or the game's first)."""
        config = self.config
        deck = shuffle_deck(config.rules, config.players, self._rng)
        if self._game is None:
            state = new_game(
                config.rules, players=config.players, deck=deck, dealer=self._first_dealer
            )
        else:
            state = next_round(self._game, deck=deck)
        salt = new_salt()
        self._emit(
            Kind.ROUND_STARTED,
            {
                "round": state.round_no,
                "dealer": state.dealer,
                "turn": state.turn,
                "table": cards(state.table),
                "pack_size": state.pack_size,
                "commitment": commitment(deck, salt),
                "deck": [str(Card(card)) for card in deck],
                "salt": salt.hex(),
                "hands": hands_of(state.hands),
                "legal": _legal_for_turn(state),
            },
            now,
        )

    def _play(self, move: Move, by: str, now: float) -> None:
        before = self._game
        assert before is not None
        after = play(before, move)
        self._emit(
            Kind.PLAYED,
            {
                "seat": before.turn,
                "move": str(move),
                "card": str(move.played),
                "taken": cards(move.taken),
                "sur": after.plays[-1].sur,
                "by": by,
                "turn": after.turn,
                "legal": _legal_for_turn(after),
            },
            now,
        )
        if after.turn >= 0 and after.dealt > before.dealt:
            self._emit(
                Kind.DEALT,
                {
                    "round": after.round_no,
                    "deal": after.deal_no,
                    "turn": after.turn,
                    "pack_size": after.pack_size,
                    "hands": hands_of(after.hands),
                    "legal": _legal_for_turn(after),
                },
                now,
            )
        if after.result is None:
            return
        self._emit(
            Kind.ROUND_ENDED,
            {
                "round": after.round_no,
                **encode_result(after.result),
                "commitment": self._commitment,
                "deck": [str(Card(card)) for card in after.deck],
                "salt": self._salt.hex(),
            },
            now,
        )
        if after.winner < 0:
            self._deal_round(now)
            return
        winners = [seat for seat in range(after.players) if after.side_of(seat) == after.winner]
        self._emit(
            Kind.GAME_OVER,
            {
                "game": self._game_no,
                "winner": after.winner,
                "winners": winners,
                "totals": list(after.totals),
            },
            now,
        )

    def _apply(self, event: Event, now: float) -> None:
        """Make one event's change: the only place the table's state changes."""
        data = event.data
        kind = event.kind
        if "seat" in data:
            self._check_seat(data["seat"])
        if kind in (Kind.SEATED, Kind.LEFT, Kind.BOT_SEATED, Kind.BOT_REMOVED):
            seat = data["seat"]
            if kind is Kind.SEATED:
                self._seats[seat] = SeatState(
                    SeatKind.HUMAN, player=data["player"], name=data["name"], connected=True
                )
            elif kind is Kind.BOT_SEATED:
                self._seats[seat] = SeatState(SeatKind.BOT, name=data["name"], level=data["level"])
            else:
                self._seats[seat] = EMPTY_SEAT
            self._away_since[seat] = None
            self._grace_used[seat] = 0.0
            self._votes.pop(seat, None)
        elif kind is Kind.STARTED:
            self._status = Status.PLAYING
            self._game_no = data["game"]
            self._first_dealer = data["dealer"]
            self._names = tuple(data["seats"])
            self._reveals = []
            self._votes.clear()
            self._game = None  # the round_started that follows deals the new game
        elif kind is Kind.ROUND_STARTED:
            deck = [Card.parse(name) for name in data["deck"]]
            rules, players = self.config.rules, self.config.players
            if self._game is None:
                self._game = new_game(rules, players=players, deck=deck, dealer=data["dealer"])
            else:
                self._game = next_round(self._game, deck=deck)
            if self._game.dealer != data["dealer"]:
                raise ValueError(f"round dealt by seat {data['dealer']}, not {self._game.dealer}")
            self._salt = bytes.fromhex(data["salt"])
            self._commitment = data["commitment"]
            self._turn_started = now
        elif kind is Kind.PLAYED:
            game = self._game
            if game is None:
                raise ValueError("a play before any deal")
            if data["seat"] != game.turn:
                raise ValueError(f"seat {data['seat']} played out of turn")
            self._count_grace(game.turn, now)
            self._game = play(game, Move.parse(data["move"]))
            self._turn_started = now
        elif kind is Kind.ROUND_ENDED:
            if self._game is None or self._game.result is None:
                raise ValueError("a round ended before its last play")
            self._reveals.append(
                {"round": data["round"], "commitment": data["commitment"], "salt": data["salt"]}
            )
        elif kind is Kind.GAME_OVER:
            if self._game is None or self._game.winner < 0:
                raise ValueError("a game over before a side has won")
            self._status = Status.FINISHED
            self._record = record_of(self._game, seats=list(self._names)) | {
                "commitments": [
                    {"commitment": r["commitment"], "salt": r["salt"]} for r in self._reveals
                ]
            }
        elif kind is Kind.REMATCH_VOTE:
            self._votes[data["seat"]] = data["accept"]
        elif kind is Kind.CONNECTION:
            seat = data["seat"]
            self._seats[seat] = dataclasses.replace(self._seats[seat], connected=data["connected"])
            self._away_since[seat] = None if data["connected"] else now
            if data["connected"]:
                self._grace_used[seat] = 0.0
        elif kind is Kind.STAND_IN:
            seat = data["seat"]
            self._seats[seat] = dataclasses.replace(self._seats[seat], stand_in=data["active"])
        # DEALT adds nothing: the play before it dealt the cards.

    def _count_grace(self, seat: int, now: float) -> None:
        """Add the grace a dropped person used on this turn so far (the turn is ending)."""
        state = self._seats[seat]
        away = self._away_since[seat]
        if state.kind is SeatKind.HUMAN and not state.connected and not state.stand_in:
            since = max(self._turn_started, away if away is not None else now)
            self._grace_used[seat] += max(0.0, now - since)
            self._away_since[seat] = now

    def _refuse_while_playing(self, what: str) -> None:
        if self._status is Status.PLAYING:
            raise TableError("game_running", f"cannot {what} while a game is being played")

    def _check_seat(self, seat: int) -> None:
        players = self.config.players
        if not _is_int(seat) or not 0 <= seat < players:
            raise TableError("no_such_seat", f"seats are numbered 0 to {players - 1}, not {seat!r}")

    def _check_recipient(self, recipient: int) -> None:
        if recipient == SPECTATOR:
            if not self.config.spectators:
                raise TableError("no_spectators", "this table does not allow spectators")
            return
        self._check_seat(recipient)


def _legal_for_turn(game: GameState) -> list[str]:
    """The moves of the seat to play (none when the round is over), for an event's private
    ``legal`` field: the same list that seat's snapshot shows, rendered for that seat alone."""
    return legal_texts(view(game, game.turn)) if game.turn >= 0 else []


def _read_move(game: GameState, text: object) -> Move:
    """The legal move ``text`` means, or TableError(malformed | ambiguous | illegal)."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE_TEXT:
        raise TableError(
            "malformed", f"a move is a short text such as 7D or 7D+2D+2H, not {text!r}"
        )
    try:
        return resolve_move(text, legal_moves(game))
    except AmbiguousMoveError as error:
        raise TableError("ambiguous", str(error)) from None
    except IllegalMoveError as error:
        raise TableError("illegal", _engine_reason(game, text) or str(error)) from None
    except (MoveSyntaxError, PasurError) as error:
        raise TableError("malformed", str(error)) from None


def _engine_reason(game: GameState, text: str) -> str | None:
    """The engine's own words for why the move written ``text`` is illegal, if it can say."""
    words = text.split()
    if len(words) == 2 and "lay" in (word.lower() for word in words):
        words = [word for word in words if word.lower() != "lay"]
    try:
        move = Move.parse(" ".join(words))
    except PasurError:
        return None
    return why_illegal(game, move)


def _clean_name(name: object) -> str:
    if not isinstance(name, str):
        raise TableError("bad_name", "a name is text")
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise TableError("bad_name", f"a name has 1 to {MAX_NAME} printable characters")
    return cleaned


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (not a bool): what a frame from outside must hold."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _bot_name(level: str) -> str:
    return f"{level} bot"
