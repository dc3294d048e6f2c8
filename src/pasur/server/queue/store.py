"""The quick-match queue's rows: who waits for what, whose table is being made, who was seated.

Every process of a cluster reads and writes the same rows, so a person may join at one process
and ask for their status at another (the load balancer sends each request anywhere). Pairing is
done by whichever process is asked; a group is *claimed* first, by moving its rows from
``waiting`` to ``seating`` in one statement that must change every one of them, so two
processes pairing at once never seat a person twice: the one whose claim comes second changes
fewer rows and gives the group up. Queueing is one statement too (:meth:`QueueStore.put`), and
it never takes a row out of ``seating`` or ``matched``: a person who queues twice at once is
seated once.

A page that stops asking leaves the queue after :data:`GONE_AFTER` seconds; a claim whose
process died before the table was made goes back to waiting after :data:`STUCK_AFTER`; a seat
nobody came to read is forgotten after :data:`UNREAD_AFTER`, and one that was read after
:data:`HELD_FOR`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from pasur.server.db.rows import QueueSeekerRow
from pasur.server.db.upsert import insert_or
from pasur.server.queue.pairing import Seeker, Wanted

WAITING, SEATING, MATCHED, HANDED = "waiting", "seating", "matched", "handed"

HELD_FOR = 10.0
"""Seconds a seat that was read stays on the row (``handed``): a copy of the request that read
it, late by a busy machine or a slow network, finds it and queues nobody (with the row deleted at
once, a third copy of a double queueing, a second late, queued the person again and seated them
at a second table). Queueing again after that is a new queueing."""

GONE_AFTER = 180.0
"""Seconds without a status asked after which a waiting person has left. The waiting page asks
every two seconds; a browser may slow a hidden page's timers to once a minute, never more."""

STUCK_AFTER = 60.0
"""Seconds after which a group still being seated is taken to be lost with its process."""

UNREAD_AFTER = 3600.0
"""Seconds a seat is kept for someone who has not come to read it."""

Row = QueueSeekerRow

_QUEUEING = ("name", "rating", "players", "turn_timer", "rated", "joined_at", "seen_at")
"""The columns a new queueing writes over a row waiting for another kind of game."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat the queue gave someone."""

    table_id: str
    seat: int
    seat_token: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One person's row: their place in the queue, and once seated their seat."""

    seeker: Seeker
    state: str
    seat: Seat | None


class QueueStore:
    """Reads and writes the queue's rows."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def put(self, seeker: Seeker) -> None:
        """Queue ``seeker``: a new row, or in place of the person's row waiting for another kind
        of game. Any other row of theirs stays as it is: one waiting for the same kind keeps its
        place, and one being seated or holding an unread seat (of any kind) keeps the seat, so
        a second request of a double click neither loses the seat nor earns a second one.

        A seat read less than :data:`HELD_FOR` seconds before ``seeker.joined_at`` is kept too;
        an older one is replaced by the new queueing.

        One statement (:mod:`pasur.server.db.upsert`), so two puts at once, or a put and a
        claim, never interleave a delete and an insert.
        """
        async with self._engine.begin() as connection:
            statement = insert_or(connection, Row).values(
                player_id=seeker.player_id,
                name=seeker.name,
                rating=seeker.rating,
                players=seeker.wanted.players,
                turn_timer=seeker.wanted.turn_timer,
                rated=seeker.wanted.rated,
                joined_at=seeker.joined_at,
                seen_at=seeker.joined_at,
                state=WAITING,
            )
            new = statement.excluded
            another_kind = or_(
                Row.players != new.players,
                Row.rated != new.rated,
                Row.turn_timer.is_distinct_from(new.turn_timer),
            )
            read_long_ago = and_(Row.state == HANDED, Row.claimed_at < new.joined_at - HELD_FOR)
            fresh = {"state": WAITING, "table_id": None, "seat": None, "seat_token": None}
            await connection.execute(
                statement.on_conflict_do_update(
                    index_elements=[Row.player_id],
                    set_={name: new[name] for name in _QUEUEING} | fresh | {"claimed_at": None},
                    where=or_(and_(Row.state == WAITING, another_kind), read_long_ago),
                )
            )

    async def entry(self, player_id: str) -> Entry | None:
        """The person's row, if they have one."""
        async with self._engine.connect() as connection:
            found = (
                await connection.execute(select(Row).where(Row.player_id == player_id))
            ).first()
        if found is None:
            return None
        seat = None
        if found.state == MATCHED and found.table_id is not None:
            seat = Seat(found.table_id, int(found.seat or 0), str(found.seat_token))
        return Entry(_seeker(found), found.state, seat)

    async def waiting(self) -> list[Seeker]:
        """Everyone waiting, in the order they joined."""
        async with self._engine.connect() as connection:
            rows = await connection.execute(
                select(Row).where(Row.state == WAITING).order_by(Row.joined_at, Row.player_id)
            )
            return [_seeker(row) for row in rows]

    async def waiting_for(self, wanted: Wanted) -> int:
        """How many wait for ``wanted``."""
        timer = (
            Row.turn_timer.is_(None)
            if wanted.turn_timer is None
            else Row.turn_timer == wanted.turn_timer
        )
        async with self._engine.connect() as connection:
            count = await connection.scalar(
                select(func.count()).where(
                    Row.state == WAITING,
                    Row.players == wanted.players,
                    Row.rated == wanted.rated,
                    timer,
                )
            )
        return int(count or 0)

    async def seen(self, player_id: str, now: float) -> None:
        """The person asked for their status just now."""
        async with self._engine.begin() as connection:
            await connection.execute(
                update(Row).where(Row.player_id == player_id).values(seen_at=now)
            )

    async def leave(self, player_id: str) -> bool:
        """Take a waiting person out of the queue; whether they were waiting."""
        async with self._engine.begin() as connection:
            gone = await connection.execute(
                delete(Row).where(Row.player_id == player_id, Row.state == WAITING)
            )
        return bool(gone.rowcount)

    async def claim(self, group: Sequence[Seeker], now: float) -> bool:
        """Move the group from waiting to seating, all of it or none; whether it was claimed.

        Each row must still be the one read (the same ``joined_at``: a person who queued again
        meanwhile is another seeker).
        """
        ids = sorted(seeker.player_id for seeker in group)
        matches = [
            and_(Row.player_id == seeker.player_id, Row.joined_at == seeker.joined_at)
            for seeker in group
        ]
        async with self._engine.connect() as connection:
            transaction = await connection.begin()
            # Lock the rows in one order first, so two claims of overlapping groups wait for
            # each other instead of deadlocking (SQLite has one writer at a time anyway).
            await connection.execute(
                select(Row.player_id)
                .where(Row.player_id.in_(ids))
                .order_by(Row.player_id)
                .with_for_update()
            )
            claimed = await connection.execute(
                update(Row)
                .where(Row.state == WAITING, or_(*matches))
                .values(state=SEATING, claimed_at=now)
            )
            if claimed.rowcount == len(group):
                await transaction.commit()
                return True
            await transaction.rollback()
        return False

    async def release(self, group: Sequence[Seeker]) -> None:
        """Put a claimed group back in the queue (its table could not be made)."""
        async with self._engine.begin() as connection:
            await connection.execute(
                update(Row)
                .where(Row.player_id.in_([s.player_id for s in group]), Row.state == SEATING)
                .values(state=WAITING, claimed_at=None)
            )

    async def seated(self, group: Sequence[Seeker], seats: Sequence[Seat]) -> None:
        """Record each claimed person's seat, for their next status to read."""
        async with self._engine.begin() as connection:
            for seeker, seat in zip(group, seats, strict=True):
                await connection.execute(
                    update(Row)
                    .where(Row.player_id == seeker.player_id, Row.state == SEATING)
                    .values(
                        state=MATCHED,
                        table_id=seat.table_id,
                        seat=seat.seat,
                        seat_token=seat.seat_token,
                    )
                )

    async def hand_over(self, player_id: str, seat: Seat, now: float) -> bool:
        """Mark the person's seat read (``handed``, kept :data:`HELD_FOR` seconds); False if
        another request read it first."""
        async with self._engine.begin() as connection:
            taken = await connection.execute(
                update(Row)
                .where(
                    Row.player_id == player_id,
                    Row.state == MATCHED,
                    Row.seat_token == seat.seat_token,
                )
                .values(state=HANDED, claimed_at=now)
            )
        return bool(taken.rowcount)

    async def remove(self, player_id: str) -> None:
        """Forget the person's row (they were seated with bots, and told at once)."""
        async with self._engine.begin() as connection:
            await connection.execute(delete(Row).where(Row.player_id == player_id))

    async def tidy(self, now: float) -> None:
        """Drop those who stopped asking and the seats nobody read; unstick lost claims."""
        async with self._engine.begin() as connection:
            await connection.execute(
                delete(Row).where(
                    or_(
                        and_(Row.state == WAITING, Row.seen_at < now - GONE_AFTER),
                        and_(Row.state == MATCHED, Row.claimed_at < now - UNREAD_AFTER),
                        and_(Row.state == HANDED, Row.claimed_at < now - HELD_FOR),
                    )
                )
            )
            await connection.execute(
                update(Row)
                .where(Row.state == SEATING, Row.claimed_at < now - STUCK_AFTER)
                .values(state=WAITING, claimed_at=None)
            )


def _seeker(row: Any) -> Seeker:
    """A row read with ``select(Row)``, as the pairing's seeker."""
    wanted = Wanted(row.players, row.turn_timer, row.rated)
    return Seeker(row.player_id, row.name, row.rating, wanted, row.joined_at)
