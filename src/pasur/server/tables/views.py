"""What each recipient may see of a table: the events it missed, or the whole table now.

A recipient is a seat (0 to players - 1) or a spectator (-1). Everything here reads the table's
state and history and renders it for one recipient: a seat sees its own hand and, on its turn,
its legal moves; nobody sees another hand or the undealt pack (the events' public fields and
:func:`pasur.rules.view` decide what shows).
"""

from __future__ import annotations

from collections.abc import Sequence

from pasur.protocol import SPECTATOR, ErrorCode, Event, JSONObject, Refused
from pasur.protocol.encode import encode_view
from pasur.protocol.events import copy_json
from pasur.rules import view
from pasur.server.tables.seats import Status
from pasur.server.tables.state import TableState, check_seat, is_int
from pasur.server.tables.timers import Duty, next_due


def check_recipient(state: TableState, recipient: int) -> None:
    """Raise unless ``recipient`` may watch: ``no_such_seat``, or ``no_spectators``."""
    if recipient == SPECTATOR:
        if not state.config.spectators:
            raise Refused(ErrorCode.NO_SPECTATORS, "this table does not allow spectators")
        return
    check_seat(state.config, recipient)


def events_for(
    state: TableState, history: Sequence[Event], version: int, recipient: int, since: int
) -> list[JSONObject]:
    """The events after number ``since`` as ``recipient`` may see them; ``history`` holds the
    table's latest events, up to number ``version``.

    Raises:
        Refused: ``no_such_seat``, ``no_spectators``, ``bad_version`` (``since`` is not an event
            number of this table) or ``history_gap`` (the events after ``since`` are no longer
            kept: take a snapshot).
    """
    check_recipient(state, recipient)
    if not is_int(since) or not 0 <= since <= version:
        raise Refused(
            ErrorCode.BAD_VERSION, f"{since!r} is not an event number here (0 to {version})"
        )
    first = history[0].number if history else version + 1
    if since < first - 1:
        raise Refused(
            ErrorCode.HISTORY_GAP,
            f"events after {since} are no longer kept (the oldest is {first}): resync",
        )
    return [event.for_recipient(recipient) for event in history[since - first + 1 :]]


def snapshot_for(state: TableState, version: int, recipient: int, now: float | None) -> JSONObject:
    """The whole table as ``recipient`` may see it, at event number ``version``.

    With ``now``, ``clock`` says how long the seat to play has before a timer or its grace period
    runs out.

    Raises:
        Refused: ``no_such_seat`` or ``no_spectators``.
    """
    check_recipient(state, recipient)
    game = state.game
    clock: JSONObject | None = None
    due = next_due(state)
    if now is not None and due is not None and due.duty is not Duty.BOT:
        left = max(0.0, due.at - now)
        clock = {"seat": due.seat, "kind": due.duty.value, "seconds_left": left}
    return {
        "version": version,
        "you": recipient,
        "config": state.config.to_json(),
        "status": state.status.value,
        "seats": [occupant.to_json(seat) for seat, occupant in enumerate(state.seats)],
        "game_no": state.game_no,
        "names": list(state.names),
        "game": encode_view(view(game, recipient)) if game is not None else None,
        "game_over": copy_json(state.over) if state.over is not None else None,
        "commitment": state.commitment if state.status is Status.PLAYING else None,
        "rounds": [dict(reveal) for reveal in state.reveals],
        "rematch": [state.votes.get(seat) for seat in range(state.config.players)],
        "clock": clock,
        "take_back": state.take_backs.shown(),
    }


def catch_up(
    state: TableState,
    history: Sequence[Event],
    version: int,
    recipient: int,
    since: int,
    now: float | None,
) -> JSONObject:
    """The events a reconnecting recipient missed, or the whole table when they are no longer
    kept (a gap in the history) or ``since`` is not one of the table's versions."""
    try:
        return {"events": events_for(state, history, version, recipient, since)}
    except Refused as error:
        if error.code not in (ErrorCode.HISTORY_GAP, ErrorCode.BAD_VERSION):
            raise
    return {"snapshot": snapshot_for(state, version, recipient, now)}


def record_for(state: TableState) -> JSONObject:
    """A copy of the last finished game's record, for anyone (its hands are no secret now).

    Raises:
        Refused: ``not_finished`` (no game has finished yet).
    """
    if state.record is None:
        raise Refused(ErrorCode.NOT_FINISHED, "no game has finished at this table yet")
    copied: JSONObject = copy_json(state.record)
    return copied
