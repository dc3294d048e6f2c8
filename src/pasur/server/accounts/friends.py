"""Friends between accounts: following by name, blocking, and challenges to a table.

Following is one way (like a bookmark with presence): ``A`` follows ``B`` and sees whether ``B``
is online. Blocking is stronger: ``A`` blocks ``B`` and neither follows the other any longer,
``B``'s pending challenges to ``A`` are dropped, and ``B`` can neither follow nor challenge
``A`` again (``blocked``); ``B`` is not told who blocked them, only that it is refused. At the
tables, ``B``'s chat lines and emotes no longer reach ``A``, and the lobby does not show ``A`` a
table where ``B`` sits (:func:`block_lookup` is how online play reads the blocks).

A challenge carries the settings of a table (seats, house rules, turn timer, rated or not). When
the one challenged accepts, the table is made with the challenger as its creator and both are
seated at it (:mod:`~pasur.server.accounts.challenge_table`); the answer and the challenger's
list name the table.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from pasur.protocol import ErrorCode, Refused
from pasur.server.accounts import store
from pasur.server.accounts.store import Account
from pasur.server.db.account_rows import AccountRow, BlockRow, ChallengeRow, FollowRow
from pasur.server.history.games import iso_utc

PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"

MAX_PENDING = 20
"""Pending challenges one account may have sent at once."""


async def other(connection: AsyncConnection, me: str, name: object) -> Account:
    """The account called ``name``, not the caller's own (``no_such_account``, ``own_account``)."""
    found = None if not isinstance(name, str) else await store.account_by_name(connection, name)
    if found is None:
        raise Refused(ErrorCode.NO_SUCH_ACCOUNT, "no account has that name")
    if found.id == me:
        raise Refused(ErrorCode.OWN_ACCOUNT, "that is your own account")
    return found


async def blocked_between(connection: AsyncConnection, one: str, two: str) -> bool:
    found = await connection.scalar(
        select(BlockRow.blocker_id).where(
            or_(
                (BlockRow.blocker_id == one) & (BlockRow.blocked_id == two),
                (BlockRow.blocker_id == two) & (BlockRow.blocked_id == one),
            )
        )
    )
    return found is not None


async def follow(connection: AsyncConnection, me: str, name: object) -> Account:
    found = await other(connection, me, name)
    if await blocked_between(connection, me, found.id):
        raise Refused(ErrorCode.BLOCKED, "you cannot follow this person")
    try:
        async with connection.begin_nested():
            await connection.execute(
                insert(FollowRow).values(
                    follower_id=me, followed_id=found.id, created_at=datetime.now(UTC)
                )
            )
    except IntegrityError:
        pass  # already followed: following again changes nothing
    return found


async def unfollow(connection: AsyncConnection, me: str, name: object) -> None:
    found = await other(connection, me, name)
    await connection.execute(
        delete(FollowRow).where(FollowRow.follower_id == me, FollowRow.followed_id == found.id)
    )


async def block(connection: AsyncConnection, me: str, name: object) -> Account:
    """Block the account: follows both ways and challenges between the two go."""
    found = await other(connection, me, name)
    pair = or_(
        (FollowRow.follower_id == me) & (FollowRow.followed_id == found.id),
        (FollowRow.follower_id == found.id) & (FollowRow.followed_id == me),
    )
    await connection.execute(delete(FollowRow).where(pair))
    await connection.execute(
        delete(ChallengeRow).where(
            ChallengeRow.status == PENDING,
            or_(
                (ChallengeRow.from_id == me) & (ChallengeRow.to_id == found.id),
                (ChallengeRow.from_id == found.id) & (ChallengeRow.to_id == me),
            ),
        )
    )
    try:
        async with connection.begin_nested():
            await connection.execute(
                insert(BlockRow).values(
                    blocker_id=me, blocked_id=found.id, created_at=datetime.now(UTC)
                )
            )
    except IntegrityError:
        pass  # already blocked
    return found


async def unblock(connection: AsyncConnection, me: str, name: object) -> Account:
    found = await other(connection, me, name)
    await connection.execute(
        delete(BlockRow).where(BlockRow.blocker_id == me, BlockRow.blocked_id == found.id)
    )
    return found


async def blocked_by(connection: AsyncConnection, me: str) -> frozenset[str]:
    """The ids of the accounts ``me`` has blocked."""
    rows = await connection.execute(select(BlockRow.blocked_id).where(BlockRow.blocker_id == me))
    return frozenset(rows.scalars())


def block_lookup(engine: AsyncEngine) -> Callable[[str], Awaitable[frozenset[str]]]:
    """:func:`blocked_by` on a connection of its own, for online play (which hides a blocked
    person's chat lines and tables from the blocker; ``pasur.server.play.blocks``)."""

    async def lookup(person: str) -> frozenset[str]:
        async with engine.connect() as connection:
            return await blocked_by(connection, person)

    return lookup


async def challenge(
    connection: AsyncConnection, me: str, name: object, settings: dict[str, Any]
) -> dict[str, Any]:
    """A new pending challenge (settings already checked) to the account called ``name``."""
    found = await other(connection, me, name)
    if await blocked_between(connection, me, found.id):
        raise Refused(ErrorCode.BLOCKED, "you cannot challenge this person")
    pending = (
        await connection.execute(
            select(ChallengeRow.id).where(
                ChallengeRow.from_id == me, ChallengeRow.status == PENDING
            )
        )
    ).all()
    if len(pending) >= MAX_PENDING:
        raise Refused(ErrorCode.RATE_LIMITED, f"at most {MAX_PENDING} challenges wait at once")
    challenge_id = secrets.token_urlsafe(12)
    await connection.execute(
        insert(ChallengeRow).values(
            id=challenge_id,
            from_id=me,
            to_id=found.id,
            settings=settings,
            status=PENDING,
            table_id=None,
            created_at=datetime.now(UTC),
        )
    )
    return {"id": challenge_id, "to": found.name, "settings": settings, "status": PENDING}


async def to_me(connection: AsyncConnection, me: str, challenge_id: str) -> Any:
    """The challenge ``challenge_id`` to the caller, answered or not (``no_such_challenge``)."""
    row = (
        await connection.execute(
            select(ChallengeRow).where(ChallengeRow.id == challenge_id, ChallengeRow.to_id == me)
        )
    ).first()
    if row is None:
        raise Refused(ErrorCode.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
    return row


async def pending_to(connection: AsyncConnection, me: str, challenge_id: str) -> Any:
    """The pending challenge ``challenge_id`` to the caller (``no_such_challenge``)."""
    row = await to_me(connection, me, challenge_id)
    if row.status != PENDING:
        raise Refused(ErrorCode.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
    return row


async def parties(connection: AsyncConnection, row: Any) -> tuple[Account, Account]:
    """The challenger and the one challenged, as they are called now; ``no_such_challenge``
    when one of them blocks the other (the block came after the challenge) or is gone."""
    challenger = await store.account(connection, row.from_id)
    challenged = await store.account(connection, row.to_id)
    if (
        challenger is None
        or challenged is None
        or await blocked_between(connection, row.from_id, row.to_id)
    ):
        raise Refused(ErrorCode.NO_SUCH_CHALLENGE, "no pending challenge to you has that id")
    return challenger, challenged


async def claim(connection: AsyncConnection, challenge_id: str, status: str) -> bool:
    """Answer a pending challenge with ``status`` (accepted, or declined); whether this answer
    took it: of two answers at once, exactly one does."""
    taken = await connection.execute(
        update(ChallengeRow)
        .where(ChallengeRow.id == challenge_id, ChallengeRow.status == PENDING)
        .values(status=status)
    )
    return bool(taken.rowcount)


async def answer(
    connection: AsyncConnection, challenge_id: str, status: str, table_id: str | None
) -> None:
    await connection.execute(
        update(ChallengeRow)
        .where(ChallengeRow.id == challenge_id)
        .values(status=status, table_id=table_id)
    )


async def overview(connection: AsyncConnection, me: str) -> dict[str, Any]:
    """What the friends page shows: whom the caller follows, who follows them, whom they block,
    and the challenges to and from them (the accepted ones with their table: the challenger's
    page goes there when it sees its challenge accepted)."""
    following = await _names(
        connection, select(FollowRow.followed_id).where(FollowRow.follower_id == me)
    )
    followers = await _names(
        connection, select(FollowRow.follower_id).where(FollowRow.followed_id == me)
    )
    blocked = await _names(connection, select(BlockRow.blocked_id).where(BlockRow.blocker_id == me))
    rows = (
        await connection.execute(
            select(ChallengeRow)
            .where(
                or_(ChallengeRow.from_id == me, ChallengeRow.to_id == me),
                ChallengeRow.status != DECLINED,
            )
            .order_by(ChallengeRow.created_at.desc())
            .limit(50)
        )
    ).all()
    people = await _names(
        connection,
        select(AccountRow.id).where(
            AccountRow.id.in_({row.from_id for row in rows} | {row.to_id for row in rows})
        ),
    )
    challenges = [
        {
            "id": row.id,
            "from": people.get(row.from_id, "?"),
            "to": people.get(row.to_id, "?"),
            "incoming": row.to_id == me,
            "settings": row.settings,
            "status": row.status,
            "table_id": row.table_id,
            "table_url": None if row.table_id is None else f"/play/t/{row.table_id}",
            "created_at": iso_utc(row.created_at),
        }
        for row in rows
    ]
    return {
        "following": following,
        "followers": followers,
        "blocked": blocked,
        "challenges": challenges,
    }


async def _names(connection: AsyncConnection, ids: Any) -> dict[str, str]:
    """``{id: name}`` of the accounts whose ids the query selects."""
    rows = await connection.execute(
        select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids.scalar_subquery()))
    )
    return {row.id: row.name for row in rows}
