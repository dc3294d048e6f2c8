"""What a table is at one moment, and the one function that changes it: :meth:`TableState.apply`.

Every change at a table is an event, and applying the event is the only way the state moves on,
whether the table has just decided it (:class:`~pasur.server.tables.table.Table` emits it) or
reads it back from the database or from the process that owns the table (a rebuild, a replica).
So a rebuilt table is the same table: there is no second path that could drift from the first.
"""

from __future__ import annotations

import dataclasses

from pasur.protocol import ErrorCode, Event, JSONObject, Kind, Refused
from pasur.protocol.events import PUBLIC_FIELDS, EventData
from pasur.rules import Card, GameState, Move, claim, claim_is_right, new_game, next_round, play
from pasur.rules.records import record_of
from pasur.server.tables.config import TableConfig
from pasur.server.tables.leavers import KINDS as LEAVER_KINDS
from pasur.server.tables.leavers import SEAT_CHANGES, Leavers, rates_people
from pasur.server.tables.plays import game_over
from pasur.server.tables.seats import EMPTY_SEAT, SeatKind, SeatState, Status, check_reserved
from pasur.server.tables.take_backs import TAKE_BACK_KINDS, TakeBacks


class TableState:
    """Seats, the current game, its round's commitment, rematch votes and the seats' clocks."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        players = config.players
        self.status = Status.WAITING
        self.seats: list[SeatState] = [EMPTY_SEAT] * players
        self.game: GameState | None = None
        """The current (or last) game: server-side only, it holds every hidden card."""
        self.game_no = 0
        self.first_dealer = -1
        """The first dealer of the current (or last) game."""
        self.names: tuple[str, ...] = ()
        """The seats' names as the current game started (its record's seats)."""
        self.salt = b""
        self.commitment = ""
        """The current round's deck commitment and its secret salt."""
        self.reveals: list[JSONObject] = []
        """Each finished round of the game: its number, commitment and salt."""
        self.votes: dict[int, bool] = {}
        """Rematch votes by seat."""
        self.turn_started = 0.0
        self.away_since: list[float | None] = [None] * players
        self.grace_used = [0.0] * players
        self.record: JSONObject | None = None
        """The last finished game's record."""
        self.leavers = Leavers()
        """Which seats of the game under way count as left (a rated game counts them lost)."""
        self.over: JSONObject | None = None
        """The last finished game's ``game_over`` data, as everyone may see it (one stored
        before ``left`` and ``rated`` existed lacks them: not known)."""
        self.take_backs = TakeBacks()
        """The play that could be taken back, and the take-back asked (``take_backs="ask"``)."""

    def seat_of(self, player_id: str) -> int | None:
        """The seat a person holds, or None."""
        for seat, state in enumerate(self.seats):
            if state.kind is SeatKind.HUMAN and state.player == player_id:
                return seat
        return None

    def first_empty(self) -> int | None:
        """The first seat nobody holds, or None."""
        for seat, state in enumerate(self.seats):
            if state.kind is SeatKind.EMPTY:
                return seat
        return None

    def check_empty(self, seat: int, player: str | None = None) -> None:
        """Raise unless ``seat`` is a seat of this table that nobody holds and that is not kept
        for anyone but ``player`` (None: a bot): ``no_such_seat``, ``seat_taken`` or
        ``seat_reserved``."""
        check_seat(self.config, seat)
        occupant = self.seats[seat]
        if occupant.kind is not SeatKind.EMPTY:
            raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken by {occupant.name}")
        check_reserved(self.config.reserved, seat, player)

    def person_in_game(self, seat: int) -> GameState:
        """The game, when ``seat`` is a person's seat at a table that is playing: what a play or
        a claim needs (``no_such_seat``, ``not_started``, ``game_over``, ``not_seated``)."""
        check_seat(self.config, seat)
        if self.status is Status.WAITING:
            raise Refused(ErrorCode.NOT_STARTED, "the game has not started yet")
        if self.status is Status.FINISHED or self.game is None:
            raise Refused(ErrorCode.GAME_OVER, "the game is over")
        if self.seats[seat].kind is not SeatKind.HUMAN:
            raise Refused(ErrorCode.NOT_SEATED, f"seat {seat} is played by a bot")
        return self.game

    def bot_with_a_right_claim(self) -> int:
        """The first bot seat whose side could claim the game rightly now (``claims=on``, a
        round being played), or -1: bots claim as the self-play loop does."""
        game = self.game
        if game is None or game.turn < 0 or not game.rules.claims:
            return -1
        for seat, occupant in enumerate(self.seats):
            if occupant.kind is SeatKind.BOT and claim_is_right(game, game.side_of(seat)):
                return seat
        return -1

    def game_over(self, game: GameState) -> JSONObject:
        """The ``game_over`` data of the game under way, which ``game`` has ended: its result,
        the seats that count as left, and whether it moves people's ratings."""
        at_start = self.leavers.at_start
        rated = at_start is not None and rates_people(self.config.rated, at_start)
        return game_over(game, self.game_no, self.leavers.seats(), rated=rated)

    def refuse_while_playing(self, what: str) -> None:
        """Raise ``game_running`` while a game is played: seats change between games."""
        if self.status is Status.PLAYING:
            raise Refused(ErrorCode.GAME_RUNNING, f"cannot {what} while a game is being played")

    def apply(self, event: Event, now: float, *, after: GameState | None = None) -> None:
        """Make one event's change. ``after`` is the game a ``played`` event leads to, when the
        table has just worked it out (then the engine is not called a second time).

        Raises:
            ValueError, KeyError, TypeError, IndexError or Refused: the event does not fit the
                table (a stored log read back is checked this way: ``bad_log``).
        """
        data = event.data
        kind = event.kind
        if "seat" in data:
            check_seat(self.config, data["seat"])
        self.take_backs.moved_on(kind)
        if kind in LEAVER_KINDS:
            self.leavers.apply(kind, data)
        if kind in SEAT_CHANGES:
            self._seat(kind, data)
        elif kind is Kind.STARTED:
            self.status = Status.PLAYING
            self.game_no = data["game"]
            self.first_dealer = data["dealer"]
            self.names = tuple(data["seats"])
            self.reveals = []
            self.votes.clear()
            self.over = None
            self.game = None  # the round_started that follows deals the new game
        elif kind is Kind.ROUND_STARTED:
            self._deal(data, now)
        elif kind is Kind.PLAYED:
            self._played(data, event.number, now, after)
        elif kind is Kind.CLAIMED:
            if self.game is None:
                raise ValueError("a claim before any deal")
            self.game = after if after is not None else claim(self.game, data["seat"])
        elif kind is Kind.ROUND_ENDED:
            if self.game is None or self.game.result is None:
                raise ValueError("a round ended before its last play")
            self.reveals.append(
                {"round": data["round"], "commitment": data["commitment"], "salt": data["salt"]}
            )
        elif kind is Kind.GAME_OVER:
            if self.game is None or not self.game.is_over:
                raise ValueError("a game over before a side has won or the game is drawn")
            self.status = Status.FINISHED
            self.over = {name: data[name] for name in PUBLIC_FIELDS[kind] if name in data}
            commitments = [{"commitment": r["commitment"], "salt": r["salt"]} for r in self.reveals]
            self.record = record_of(self.game, seats=list(self.names)) | {
                "commitments": commitments
            }
        elif kind is Kind.REMATCH_VOTE:
            self.votes[data["seat"]] = data["accept"]
        elif kind is Kind.CONNECTION:
            seat = data["seat"]
            self.away_since[seat] = None if data["connected"] else now
            self.seats[seat] = dataclasses.replace(
                self.seats[seat], connected=data["connected"], gone_since=self.away_since[seat]
            )
            if data["connected"]:
                self.grace_used[seat] = 0.0
        elif kind is Kind.STAND_IN:
            seat = data["seat"]
            self.seats[seat] = dataclasses.replace(self.seats[seat], stand_in=data["active"])
        elif kind in TAKE_BACK_KINDS:
            undo = self.take_backs.apply(kind, data, event.number)
            if undo is not None:  # the game and the seat's clock as they were before the play
                self.game, self.turn_started = undo.game, now - data["used"]
        # DEALT adds nothing: the play before it dealt the cards.

    def _seat(self, kind: Kind, data: EventData) -> None:
        seat = data["seat"]
        if kind is Kind.SEATED:
            self.seats[seat] = SeatState(
                SeatKind.HUMAN, player=data["player"], name=data["name"], connected=True
            )
        elif kind is Kind.BOT_SEATED:
            self.seats[seat] = SeatState(SeatKind.BOT, name=data["name"], level=data["level"])
        else:
            self.seats[seat] = EMPTY_SEAT
        self.away_since[seat] = None
        self.grace_used[seat] = 0.0
        self.votes.pop(seat, None)

    def _deal(self, data: EventData, now: float) -> None:
        deck = [Card.parse(name) for name in data["deck"]]
        rules, players = self.config.rules, self.config.players
        if self.game is None:
            self.game = new_game(rules, players=players, deck=deck, dealer=data["dealer"])
        else:
            self.game = next_round(self.game, deck=deck)
        if self.game.dealer != data["dealer"]:
            raise ValueError(f"round dealt by seat {data['dealer']}, not {self.game.dealer}")
        self.salt = bytes.fromhex(data["salt"])
        self.commitment = data["commitment"]
        self.turn_started = now

    def _played(self, data: EventData, at: int, now: float, after: GameState | None) -> None:
        game = self.game
        if game is None:
            raise ValueError("a play before any deal")
        if data["seat"] != game.turn:
            raise ValueError(f"seat {data['seat']} played out of turn")
        self.count_grace(game.turn, now)
        # A play read back from a log is checked by the engine; one just decided was checked.
        self.game = after if after is not None else play(game, Move.parse(data["move"]))
        used = now - self.turn_started
        self.take_backs.played(self.config, data, game, self.game, used, at)
        self.turn_started = now

    def count_grace(self, seat: int, now: float) -> None:
        """Add the grace a dropped person used on this turn so far (the turn is ending)."""
        state = self.seats[seat]
        away = self.away_since[seat]
        if state.kind is SeatKind.HUMAN and not state.connected and not state.stand_in:
            since = max(self.turn_started, away if away is not None else now)
            self.grace_used[seat] += max(0.0, now - since)
            self.away_since[seat] = now


def is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (not a bool): what a value from outside must hold."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_version(expected: object, version: int) -> None:
    """Raise ``stale`` unless ``expected`` is the table's ``version``, which the sender last saw."""
    if not is_int(expected) or expected != version:
        raise Refused(
            ErrorCode.STALE,
            f"you sent version {expected!r} but the table is at {version}: catch up and play again",
        )


def check_seat(config: TableConfig, seat: object) -> int:
    """``seat`` if it is a seat number of this table, else ``no_such_seat``."""
    players = config.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise Refused(
            ErrorCode.NO_SUCH_SEAT, f"seats are numbered 0 to {players - 1}, not {seat!r}"
        )
    return seat
