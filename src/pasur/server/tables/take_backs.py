"""Take-backs (the table setting ``take_backs="ask"``): the seat that just played asks to undo its
play, and every other person at the table must accept.

The rules, and why each is so:

- Only the seat's own play (``by: "player"``), and only the last one: a timer's or a stand-in's
  move was not the person's choice, and undoing more would undo someone else's.
- Only a play that showed nobody a card they had not seen: one after which cards were dealt, a
  card was turned face up (Pasur Ru Baaz), or the round ended, cannot be undone. The card played
  itself was seen by all, which is what the others accept. A bot's claim after the play ends the
  game, so that play cannot be undone either.
- Never at a rated table: :class:`~pasur.server.tables.config.TableConfig` refuses the setting
  there, so no play of a rated game can be undone.
- Bots accept at once: they have no stake, and a bot reads the seat's view afresh at each turn.
  A person who left the game gave their seat to a bot for good, which accepts too.
- Every other person must accept, and be there to do it: while a person is disconnected (or a
  stand-in bot plays for them) a take-back is refused, since a stand-in must not consent for
  anyone, and a request open when someone drops ends.
- The first decline ends the request, and that play cannot be asked about again.
- Any other event ends an open request unanswered (the next play, a timer's move, a claim, a
  leave, a lost connection): the table appends ``take_back_ended`` just before that event.
- A request or an answer may say the event number its sender last saw: then a request about a
  play made after it, or an answer to a request asked after it, is ``stale``. An answer sent to
  one request never consents to the next (a decline, the asker's next play and a new request can
  all come between), and a request sent twice never asks about a later play. The same request or
  answer sent again otherwise changes nothing, or is refused as ``no_take_back``: never a card.

Undoing puts back the engine's state from before the play (states are immutable, so the one
kept is exactly it) and the seat's turn clock as it was when it played. Everything here changes
only as :meth:`TableState.apply <pasur.server.tables.state.TableState.apply>` applies events, so
a table rebuilt from its log, or a replica following it, ends in the same state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pasur.protocol import SPECTATOR, ErrorCode, JSONObject, Kind, Refused
from pasur.protocol.encode import cards, encode_view
from pasur.protocol.events import EventData
from pasur.rules import GameState, Move, view
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import SeatKind, SeatState

TAKE_BACK_KINDS = frozenset(
    {Kind.TAKE_BACK_ASKED, Kind.TAKE_BACK_ANSWERED, Kind.TAKE_BACK_ENDED, Kind.TAKE_BACK}
)
"""The take-back's own events: every other kind ends an open request."""

KEEP_UNDO = frozenset({Kind.CONNECTION, Kind.STAND_IN, *TAKE_BACK_KINDS})
"""Kinds after which the last play may still be taken back (a request a drop ended can be asked
again once everyone is back); every other kind moves the game on for good."""

Step = tuple[Kind, JSONObject]
"""An event to append: its kind and its (private) data."""


@dataclasses.dataclass(frozen=True, slots=True)
class Undo:
    """What taking the last play back restores."""

    seat: int
    """The seat that played it."""
    game: GameState
    """The game just before the play."""
    move: Move
    """The play."""
    used: float
    """Seconds of the seat's turn gone when it played (its clock is given back as it was)."""
    at: int
    """The number of the play's event."""
    declined: bool = False
    """Someone declined to take it back: it is not asked about again."""


@dataclasses.dataclass(slots=True)
class Request:
    """A take-back asked and not yet answered by everyone."""

    seat: int
    at: int
    """The number of the ``take_back_asked`` event."""
    accepted: set[int] = dataclasses.field(default_factory=set)


class TakeBacks:
    """A table's take-back state: the play that could be undone, and the request open."""

    def __init__(self) -> None:
        self.undo: Undo | None = None
        self.request: Request | None = None

    def shown(self) -> JSONObject | None:
        """What a snapshot says of it (everyone may know): the seat whose last play may be taken
        back, whether it has asked, and who has accepted; None when no play may be."""
        if self.request is not None:
            accepted: list[int] = sorted(self.request.accepted)
            return {"seat": self.request.seat, "asked": True, "accepted": accepted}
        if self.undo is not None and not self.undo.declined:
            return {"seat": self.undo.seat, "asked": False, "accepted": []}
        return None

    # What the events change (called by TableState.apply only).

    def moved_on(self, kind: Kind) -> None:
        """Any event that is not a take-back's own ends the open request (the table has already
        said so with ``take_back_ended``), and most end the chance of one."""
        if kind not in TAKE_BACK_KINDS:
            self.request = None
        if kind not in KEEP_UNDO:
            self.undo = None

    def played(
        self,
        config: TableConfig,
        data: EventData,
        before: GameState,
        after: GameState,
        used: float,
        at: int,
    ) -> None:
        """The play of event number ``at`` was made: remember how to undo it, if it may ever be
        undone."""
        if (
            config.take_backs == "ask"
            and data["by"] == "player"
            and revealed_nothing(before, after)
        ):
            self.undo = Undo(before.turn, before, Move.parse(data["move"]), used, at)

    def apply(self, kind: Kind, data: EventData, at: int) -> Undo | None:
        """A take-back event (number ``at``); for ``take_back`` itself, the undo to restore.

        Raises:
            ValueError: the event does not fit (a stored log that cannot be replayed).
        """
        undo, request, seat = self.undo, self.request, data["seat"]
        if kind is Kind.TAKE_BACK_ASKED:
            if undo is None or undo.declined or undo.seat != seat or request is not None:
                raise ValueError(f"seat {seat} asked for a take-back with nothing to take back")
            self.request = Request(seat, at)
            return None
        if request is None or undo is None:
            raise ValueError(f"a {kind.value} event with no take-back asked")
        if kind is Kind.TAKE_BACK_ANSWERED:
            if seat == request.seat:
                raise ValueError(f"seat {seat} answered its own take-back")
            if data["accept"]:
                request.accepted.add(seat)
            else:
                self.undo, self.request = dataclasses.replace(undo, declined=True), None
            return None
        if seat != request.seat:
            raise ValueError(f"a {kind.value} event for seat {seat}, which asked none")
        self.request = None
        if kind is Kind.TAKE_BACK_ENDED:
            return None
        self.undo = None
        return undo

    def ending(self, kind: Kind) -> Step | None:
        """The ``take_back_ended`` to append just before an event of ``kind``, when that event
        ends the open request (any kind but the take-back's own)."""
        if self.request is None or kind in TAKE_BACK_KINDS:
            return None
        return Kind.TAKE_BACK_ENDED, {"seat": self.request.seat, "reason": kind.value}

    # What may be asked (called by Table, before any event).

    def steps(
        self,
        config: TableConfig,
        seats: Sequence[SeatState],
        seat: int,
        answer: bool | None,
        seen: int | None = None,
    ) -> list[Step]:
        """The events a take-back asked (``answer`` None) or answered by ``seat`` leads to;
        empty for the same request or answer sent again. ``seen``: the event number the sender
        last saw, when it says one.

        Raises:
            Refused: ``take_backs_off``, ``not_seated`` (a bot's seat), ``stale`` (about a play
                or a request made after ``seen``) or ``no_take_back`` (with the reason in words).
        """
        if config.take_backs != "ask":
            raise Refused(ErrorCode.TAKE_BACKS_OFF, "take-backs are off at this table")
        if seats[seat].kind is not SeatKind.HUMAN:
            raise Refused(ErrorCode.NOT_SEATED, f"seat {seat} holds no person")
        if answer is None:
            return self._ask(config, seats, seat, seen)
        return self._answer(config, seats, seat, bool(answer), seen)

    def _ask(
        self, config: TableConfig, seats: Sequence[SeatState], seat: int, seen: int | None
    ) -> list[Step]:
        undo = self.undo
        _check_seen(undo.at if undo is not None else None, seen, "a play made since")
        if self.request is not None and self.request.seat == seat:
            return []  # asked already (a resent frame)
        if undo is None or undo.seat != seat:
            raise Refused(ErrorCode.NO_TAKE_BACK, _NOTHING_TO_TAKE_BACK)
        if undo.declined:
            raise Refused(ErrorCode.NO_TAKE_BACK, "someone declined to take this play back")
        away = [
            s.name for s in seats if s.kind is SeatKind.HUMAN and (s.stand_in or not s.connected)
        ]
        if away:
            names = ", ".join(away)
            raise Refused(ErrorCode.NO_TAKE_BACK, f"everyone must be here to agree; away: {names}")
        return [(Kind.TAKE_BACK_ASKED, {"seat": seat}), *self._done_if_agreed(config, seats, set())]

    def _answer(
        self,
        config: TableConfig,
        seats: Sequence[SeatState],
        seat: int,
        accept: bool,
        seen: int | None,
    ) -> list[Step]:
        request = self.request
        _check_seen(request.at if request is not None else None, seen, "a request asked since")
        if request is None:
            raise Refused(ErrorCode.NO_TAKE_BACK, "no take-back has been asked")
        if request.seat == seat:
            raise Refused(ErrorCode.NO_TAKE_BACK, "you asked: the others answer")
        if accept and seat in request.accepted:
            return []  # accepted already (a resent frame)
        answered: Step = (Kind.TAKE_BACK_ANSWERED, {"seat": seat, "accept": accept})
        if not accept:
            return [answered]
        return [answered, *self._done_if_agreed(config, seats, request.accepted | {seat})]

    def _done_if_agreed(
        self, config: TableConfig, seats: Sequence[SeatState], accepted: set[int]
    ) -> list[Step]:
        """The ``take_back`` itself once every person but the asker has accepted."""
        undo = self.undo
        assert undo is not None
        people = {s for s, occupant in enumerate(seats) if occupant.kind is SeatKind.HUMAN}
        if not people - {undo.seat} <= accepted:
            return []
        return [(Kind.TAKE_BACK, taken_back(config, undo))]


def _check_seen(at: int | None, seen: int | None, what: str) -> None:
    """Raise ``stale`` when the sender saw the table before event ``at``, which the frame would
    be about (its words name no card: only that the table moved on)."""
    if seen is not None and at is not None and at > seen:
        raise Refused(
            ErrorCode.STALE,
            f"you sent version {seen} but this is about {what}: catch up and send it again",
        )


_NOTHING_TO_TAKE_BACK = (
    "only your own last play can be taken back, before the next play, and not once it dealt "
    "new cards, turned a card up or ended the round"
)


def revealed_nothing(before: GameState, after: GameState) -> bool:
    """Whether a play showed nobody a card they had not seen, besides the card played: no deal,
    no round ended, no card turned face up (Pasur Ru Baaz)."""
    if after.turn < 0 or after.result is not None or after.dealt != before.dealt:
        return False
    shown_before = before.open_cards or (0,) * before.players
    return all(not now & ~was for now, was in zip(after.open_cards, shown_before, strict=False))


def taken_back(config: TableConfig, undo: Undo) -> JSONObject:
    """The ``take_back`` event's data: the play undone, the seat's clock as it was, and the game
    as each recipient (every seat, and the spectators) sees it once undone."""
    game, move = undo.game, undo.move
    recipients = [*range(game.players), SPECTATOR]
    clock: JSONObject | None = None
    if config.turn_timer is not None:
        left = max(0.0, config.turn_timer - undo.used)
        clock = {"seat": undo.seat, "kind": "timer", "seconds_left": left}
    return {
        "seat": undo.seat,
        "move": str(move),
        "card": str(move.played),
        "taken": cards(move.taken),
        "used": undo.used,
        "clock": clock,
        "views": {str(r): encode_view(view(game, r)) for r in recipients},
    }
