"""A table's numbered events: how every change to a table is made, kept and replayed.

Every change to a :class:`~pasur.server.tables.table.Table` is an :class:`~pasur.protocol.Event`
with the next number, applied by :meth:`TableState.apply
<pasur.server.tables.state.TableState.apply>`. :class:`EventLog` numbers them, keeps the recent
ones for reconnection and holds the new ones until the driver takes them. A stored log goes
through the same ``apply`` when it is replayed, so a table rebuilt from its events (or a replica
following another server's) is the table that wrote them; the table itself decides which events
an action leads to.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from pasur.protocol import ErrorCode, Event, Kind, Refused
from pasur.rules import GameState
from pasur.server.tables.state import TableState


class EventLog:
    """The events of one table's ``state``: the last ``history`` of them are kept."""

    def __init__(self, state: TableState, history: int) -> None:
        self._state = state
        self.kept: deque[Event] = deque(maxlen=history)
        """The events kept for reconnection, oldest first (private form: never send them)."""
        self.version = 0
        """The number of the last event (0 before any)."""
        self._out: list[Event] = []

    def append(
        self, kind: Kind, data: Mapping[str, Any], now: float, *, after: GameState | None = None
    ) -> None:
        """Apply the next event to the state and keep it; the driver gets it at :meth:`flush`."""
        event = Event(self.version + 1, kind, data)
        self._state.apply(event, now, after=after)
        self._keep(event)
        self._out.append(event)

    def flush(self) -> list[Event]:
        """The events appended since the last flush, oldest first."""
        out, self._out = self._out, []
        return out

    def follow(self, log: Iterable[Event | Mapping[str, Any]], now: float) -> list[Event]:
        """Replay the stored events after the version, skipping those already applied; returns
        the new ones (:meth:`Table.follow <pasur.server.tables.table.Table.follow>`).

        Raises:
            Refused: ``bad_log``, as :meth:`replay` does; the events before it were applied.
        """
        applied = []
        for item in log:
            number = item.number if isinstance(item, Event) else item.get("n")
            if isinstance(number, int) and number <= self.version:
                continue
            applied.append(self.replay(item, now))
        return applied

    def replay(self, item: Event | Mapping[str, Any], now: float) -> Event:
        """Apply the next stored event (its number must follow the version).

        Raises:
            Refused: ``bad_log``: the event is out of order or cannot be applied.
        """
        try:
            event = item if isinstance(item, Event) else Event.from_json(item)
            if event.number != self.version + 1:
                raise ValueError(f"event {event.number} follows event {self.version}")
            self._state.apply(event, now)
        except (ValueError, KeyError, TypeError, IndexError, Refused) as error:
            raise Refused(ErrorCode.BAD_LOG, f"cannot rebuild the table: {error}") from None
        self._keep(event)
        return event

    def _keep(self, event: Event) -> None:
        self.kept.append(event)
        self.version = event.number
