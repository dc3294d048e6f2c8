"""Tournaments in the database: made, joined, left, paired and scored, all from stored rows.

Nothing about a tournament lives only in memory: the entrants, every pairing and every result
are rows, and the pure modules (:mod:`~pasur.server.tournaments.swiss`,
:mod:`~pasur.server.tournaments.arena`) rebuild the standings and the next pairing from them
(:mod:`~pasur.server.tournaments.field` reads the rows into what they take), so a restarted
server (or another process taking over) carries on where the last one stopped.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, Select, and_, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from pasur.protocol import ErrorCode, Refused
from pasur.server.db.rows import TournamentEntrantRow, TournamentGameRow, TournamentRow
from pasur.server.db.upsert import insert_or
from pasur.server.history.games import iso_utc
from pasur.server.tournaments import swiss, teams
from pasur.server.tournaments.field import Field, arena_of, field_of, is_bye, results, sides

SWISS, ARENA = "swiss", "arena"
UPCOMING, RUNNING, FINISHED, CANCELLED = "upcoming", "running", "finished", "cancelled"
LONGEST_ARENA = 240
"""An arena's most minutes: the clock looks no further back for an arena still open."""


@dataclass(frozen=True)
class NewTournament:
    """What a tournament is made with (checked by the API's body)."""

    name: str
    kind: str
    players: int
    rules: dict[str, Any]
    starts_at: datetime
    minutes: int | None
    rounds: int | None


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive times, which are UTC here."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def create(connection: AsyncConnection, creator_id: str, new: NewTournament) -> str:
    tournament_id = secrets.token_urlsafe(9)
    await connection.execute(
        insert(TournamentRow).values(
            id=tournament_id,
            name=new.name,
            kind=new.kind,
            players=new.players,
            rules=new.rules,
            starts_at=new.starts_at,
            minutes=new.minutes,
            rounds=new.rounds,
            creator_id=creator_id,
            created_at=datetime.now(UTC),
        )
    )
    return tournament_id


async def tournament(connection: AsyncConnection, tournament_id: str, lock: bool = False) -> Any:
    """The tournament's row (``no_such_tournament`` when there is none); ``lock`` holds it (on
    PostgreSQL) until the transaction ends."""
    query = select(TournamentRow).where(TournamentRow.id == tournament_id)
    row = (await connection.execute(query.with_for_update() if lock else query)).first()
    if row is None:
        raise Refused(ErrorCode.NO_SUCH_TOURNAMENT, "there is no tournament with that id")
    return row


async def join(
    connection: AsyncConnection,
    tournament_id: str,
    account_id: str,
    name: str,
    players: int,
    partner: str | None = None,
) -> None:
    """Enter the tournament (or come back after leaving it: an arena any time, a Swiss before
    it starts), naming the ``partner`` wanted in a 4-player Swiss (:mod:`teams`).

    The entry is keyed by the account: a join that repeats the caller's entry (a double click,
    two tabs, a retry) changes nothing and succeeds as the first did, even when the copies
    arrive at once (the row is inserted with ``ON CONFLICT DO NOTHING``, so the second copy
    waits for the first and then finds its entry).

    Refused: ``wrong_format`` (the caller joins for another number of players, or names a
    partner for 2 players), ``own_account`` (oneself as partner), ``tournament_started`` (a
    Swiss after its start), ``already_joined`` (in it already, with another partner named).
    """
    found = await tournament(connection, tournament_id)
    if players != found.players:
        raise Refused(
            ErrorCode.WRONG_FORMAT, f"this tournament is for {found.players} players a table"
        )
    if partner is not None and found.players != 4:
        raise Refused(ErrorCode.WRONG_FORMAT, "a partner is named for 4 players in partnerships")
    if partner is not None and teams.same_name(partner, name):
        raise Refused(ErrorCode.OWN_ACCOUNT, "you cannot be your own partner")
    entrant = await _entrant(connection, tournament_id, account_id)
    if entrant is not None and not entrant.withdrawn:
        _same_entry(entrant, partner)
        return
    if found.kind == SWISS and aware(found.starts_at) <= datetime.now(UTC):
        raise Refused(ErrorCode.TOURNAMENT_STARTED, "a Swiss tournament is closed once it starts")
    if entrant is not None:
        await connection.execute(
            update(TournamentEntrantRow)
            .where(
                TournamentEntrantRow.tournament_id == tournament_id,
                TournamentEntrantRow.account_id == account_id,
            )
            .values(withdrawn=False, partner=partner)
        )
        return
    seed = await connection.scalar(
        select(func.count()).where(TournamentEntrantRow.tournament_id == tournament_id)
    )
    entered = await connection.execute(
        insert_or(connection, TournamentEntrantRow)
        .values(
            tournament_id=tournament_id,
            account_id=account_id,
            name=name,
            seed=int(seed or 0),
            withdrawn=False,
            partner=partner,
        )
        .on_conflict_do_nothing()
    )
    if not entered.rowcount:  # another copy of this join entered a moment ago
        _same_entry(await _entrant(connection, tournament_id, account_id), partner)


def _same_entry(entrant: Any, partner: str | None) -> None:
    """Nothing to do when the entrant's entry names the same ``partner`` (or none, as asked);
    ``already_joined`` when it names another."""
    if entrant.partner is None and partner is None:
        return
    if partner is not None and teams.same_name(entrant.partner, partner):
        return
    raise Refused(ErrorCode.ALREADY_JOINED, "you are already in this tournament")


async def start(connection: AsyncConnection, tournament_id: str, account_id: str) -> datetime:
    """Its creator starts an upcoming tournament now: its start becomes this moment, which the
    clock's step (:func:`~pasur.server.tournaments.games.advance`) then acts on as at any start.

    The row is read locked and the time taken after, so of two starts at once the second waits
    for the first and finds it started (on SQLite the server's one connection takes one
    transaction at a time, which does the same).
    Refused: ``not_creator``, ``tournament_started`` (running, finished or cancelled).
    """
    found = await tournament(connection, tournament_id, lock=True)
    if found.creator_id != account_id:
        raise Refused(ErrorCode.NOT_CREATOR, "only the tournament's creator can start it")
    now = datetime.now(UTC)
    if aware(found.starts_at) <= now:
        raise Refused(ErrorCode.TOURNAMENT_STARTED, "the tournament has already started")
    await connection.execute(
        update(TournamentRow).where(TournamentRow.id == tournament_id).values(starts_at=now)
    )
    return now


async def leave(connection: AsyncConnection, tournament_id: str, account_id: str) -> None:
    """Withdraw: no more pairings; the results so far stay in the standings (``not_entered``)."""
    await tournament(connection, tournament_id)
    entrant = await _entrant(connection, tournament_id, account_id)
    if entrant is None or entrant.withdrawn:
        raise Refused(ErrorCode.NOT_ENTERED, "you are not playing in this tournament")
    await withdraw(connection, tournament_id, account_id)


async def withdraw(connection: AsyncConnection, tournament_id: str, account_id: str) -> None:
    """No more pairings for the entrant (whether they left or missed a pairing)."""
    await _set_withdrawn(connection, tournament_id, account_id, True)


async def pair_swiss_round(connection: AsyncConnection, tournament_id: str) -> list[int]:
    """Store the next Swiss round's pairings (and bye) among those not withdrawn; their ids.

    A 4-player Swiss forms its teams as it pairs round one (:func:`teams.form_teams`); whoever
    is left without a partner is withdrawn. Later rounds read the teams from round one's rows.
    """
    found = await tournament(connection, tournament_id)
    entrants, games = await _rows(connection, tournament_id)
    if found.players == 4 and not games:
        formed, alone = teams.form_teams(
            [teams.Entry(e.account_id, e.name, e.partner) for e in entrants if not e.withdrawn]
        )
        for who in alone:
            await withdraw(connection, tournament_id, who)
        field = Field(formed, {}, set())
    else:
        field = field_of(found, entrants, games)
    done = swiss.progress(field.entrants, results(games), [g.first for g in games if is_bye(g)])
    playing = [key for key in field.entrants if key not in field.out]
    next_round = max((g.round for g in games), default=0) + 1
    paired = swiss.pair_round(playing, done.scores, done.met, done.byes)
    rows: list[dict[str, Any]] = [
        {"first": a, "second": b, "outcome": None} for a, b in paired.pairings
    ]
    if paired.bye is not None:
        rows.append({"first": paired.bye, "second": None, "outcome": swiss.BYE})
    return await _add_games(connection, tournament_id, next_round, rows)


async def pair_arena(connection: AsyncConnection, tournament_id: str) -> list[int]:
    """Store a game for every two arena players waiting; their ids."""
    entrants, games = await _rows(connection, tournament_id)
    live = arena_of(entrants, games)
    next_round = max((g.round for g in games), default=0) + 1
    rows = [{"first": a, "second": b, "outcome": None} for a, b in live.pair()]
    return await _add_games(connection, tournament_id, next_round, rows)


async def record(connection: AsyncConnection, game_id: int, outcome: int) -> None:
    """A tournament game ended: ``outcome`` is its first player's (WIN, DRAW or LOSS)."""
    last = await connection.scalar(
        select(func.max(TournamentGameRow.finished)).where(
            TournamentGameRow.tournament_id
            == select(TournamentGameRow.tournament_id)
            .where(TournamentGameRow.id == game_id)
            .scalar_subquery()
        )
    )
    await connection.execute(
        update(TournamentGameRow)
        .where(TournamentGameRow.id == game_id, TournamentGameRow.outcome.is_(None))
        .values(outcome=outcome, finished=int(last or 0) + 1)
    )


async def listing(connection: AsyncConnection, now: datetime) -> list[dict[str, Any]]:
    """Every tournament, the last to start first, with how many have joined and its stage."""
    rows = await connection.execute(_tallied().order_by(TournamentRow.starts_at.desc()))
    return [{**_summary(row, now), "entrants": int(row.entrants)} for row in rows]


async def tallied(connection: AsyncConnection, tournament_id: str) -> Any:
    """The tournament's row with what :func:`stage` reads (``no_such_tournament`` when none)."""
    row = (await connection.execute(_tallied().where(TournamentRow.id == tournament_id))).first()
    if row is None:
        raise Refused(ErrorCode.NO_SUCH_TOURNAMENT, "there is no tournament with that id")
    return row


async def underway(connection: AsyncConnection, now: datetime) -> list[str]:
    """The tournaments the clock may still have work in, the first to start first: those
    :func:`stage` says are running, and any with a game undecided (whose table may yet be
    forfeited, or opened), however long ago it ended.

    The query leaves out in the database what is over (a Swiss played out or cancelled, an
    arena older than the longest window), so a tick costs what is live, not every tournament
    ever held; :func:`stage` then decides each one left exactly.
    """
    found = _tallied().subquery()
    live = or_(
        found.c.undecided > 0,
        and_(found.c.kind == ARENA, found.c.starts_at > now - timedelta(minutes=LONGEST_ARENA)),
        and_(
            found.c.kind == SWISS,
            found.c.last_round < found.c.rounds,
            or_(
                and_(found.c.last_round > 0, found.c.playing > 0),
                found.c.playing >= found.c.players,
            ),
        ),
    )
    rows = await connection.execute(
        select(found).where(found.c.starts_at <= now, live).order_by(found.c.starts_at)
    )
    return [row.id for row in rows if row.undecided or stage(row, now) == RUNNING]


def stage(row: Any, now: datetime) -> str:
    """Where a tournament (a row of :func:`_tallied`) stands at ``now``.

    Upcoming before its start. An arena runs through its window and is finished when the time
    is up (a game still at its table then is played out and counted, as its players expect, but
    no one is paired any more). A Swiss is finished when its last round is paired and every game
    has a result, and cancelled when it has paired nobody and fewer are left than one table
    seats: two players, or four in partnerships (:func:`teams.form_teams` makes ``n // 2`` teams
    of ``n``). Entries close at the start and nobody comes back, so a field too small then never
    grows: the clock pairs no cancelled Swiss (:func:`~pasur.server.tournaments.games.advance`).
    A Swiss everyone has withdrawn from between rounds is finished early: nobody is left to pair
    (one player or team left has the byes of the rounds to come).
    """
    starts = aware(row.starts_at)
    if now < starts:
        return UPCOMING
    if row.kind == ARENA:
        return RUNNING if now < starts + timedelta(minutes=row.minutes) else FINISHED
    if row.last_round == 0 and row.playing < row.players:
        return CANCELLED
    if row.playing == 0 and not row.undecided:
        return FINISHED  # over early: everyone withdrew, nobody is left to pair
    return FINISHED if row.last_round >= row.rounds and not row.undecided else RUNNING


async def detail(
    connection: AsyncConnection, tournament_id: str, now: datetime, viewer: str | None = None
) -> dict[str, Any]:
    """The tournament, its stage at ``now``, its standings and its pairings; ``you``: the
    ``viewer``'s entry (withdrawn or not, the partner named, the table of their game being
    played), or None; and ``made_by_you``: the viewer made it (and may start it early)."""
    found = await tallied(connection, tournament_id)
    entrants, games = await _rows(connection, tournament_id)
    field = field_of(found, entrants, games)
    if found.kind == SWISS:
        table = swiss.standings(
            field.entrants, results(games), [g.first for g in games if is_bye(g)]
        )
        lines = [
            {"name": field.names[s.entrant], "score": s.score, "buchholz": s.buchholz}
            | {"withdrawn": s.entrant in field.out}
            for s in table
        ]
    else:
        lines = [
            {"name": field.names[e.name], "score": e.points, "games": e.games, "on_fire": e.on_fire}
            | {"withdrawn": e.name in field.out}
            for e in arena_of(entrants, games).standings()
        ]
    pairings = [
        {
            "round": g.round,
            "first": field.names[g.first],
            "second": None if g.second is None else field.names[g.second],
            "table_id": g.table_id,
            "outcome": g.outcome,
            "yours": viewer is not None and viewer in sides(g),
        }
        for g in games
    ]
    return {**_summary(found, now), "standings": lines, "pairings": pairings} | {
        "you": _you(entrants, games, viewer),
        "made_by_you": viewer is not None and viewer == found.creator_id,
    }


def _you(entrants: list[Any], games: list[Any], viewer: str | None) -> dict[str, Any] | None:
    entry = next((e for e in entrants if e.account_id == viewer), None)
    if entry is None or viewer is None:
        return None
    playing = [
        g.table_id
        for g in games
        if g.outcome is None and g.table_id is not None and viewer in sides(g)
    ]
    return {
        "withdrawn": entry.withdrawn,
        "partner": entry.partner,
        "table_id": playing[-1] if playing else None,
    }


def _summary(row: Any, now: datetime) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "kind": row.kind,
        "players": row.players,
        "rules": row.rules,
        "starts_at": iso_utc(row.starts_at),
        "minutes": row.minutes,
        "rounds": row.rounds,
        "stage": stage(row, now),
    }


def _tallied() -> Select[Any]:
    """Tournaments with what their stage is read from: ``entrants`` (ever joined), ``playing``
    (not withdrawn), ``last_round`` (the highest paired, 0 before any) and ``undecided`` (games
    without a result), each counted in the database, so that a list of them is one query."""
    joined = TournamentEntrantRow.tournament_id == TournamentRow.id
    paired = TournamentGameRow.tournament_id == TournamentRow.id

    def count(*where: ColumnElement[bool]) -> ScalarSelect[int]:
        return select(func.count()).where(*where).scalar_subquery()

    last = select(func.coalesce(func.max(TournamentGameRow.round), 0)).where(paired)
    return select(
        TournamentRow,
        count(joined).label("entrants"),
        count(joined, TournamentEntrantRow.withdrawn.is_(False)).label("playing"),
        last.scalar_subquery().label("last_round"),
        count(paired, TournamentGameRow.outcome.is_(None)).label("undecided"),
    )


async def _rows(connection: AsyncConnection, tournament_id: str) -> tuple[list[Any], list[Any]]:
    entrants = await connection.execute(
        select(TournamentEntrantRow)
        .where(TournamentEntrantRow.tournament_id == tournament_id)
        .order_by(TournamentEntrantRow.seed)
    )
    games = await connection.execute(
        select(TournamentGameRow)
        .where(TournamentGameRow.tournament_id == tournament_id)
        .order_by(TournamentGameRow.id)
    )
    return list(entrants), list(games)


async def _add_games(
    connection: AsyncConnection, tournament_id: str, round_: int, rows: list[dict[str, Any]]
) -> list[int]:
    ids = []
    for row in rows:
        finished = None
        if row["outcome"] is not None:  # a bye is over as soon as it is given
            finished = await connection.scalar(
                select(func.coalesce(func.max(TournamentGameRow.finished), 0) + 1).where(
                    TournamentGameRow.tournament_id == tournament_id
                )
            )
        made = await connection.execute(
            insert(TournamentGameRow)
            .values(tournament_id=tournament_id, round=round_, finished=finished, **row)
            .returning(TournamentGameRow.id)
        )
        ids.append(int(made.scalar_one()))
    return ids


async def _entrant(connection: AsyncConnection, tournament_id: str, account_id: str) -> Any:
    return (
        await connection.execute(
            select(TournamentEntrantRow).where(
                TournamentEntrantRow.tournament_id == tournament_id,
                TournamentEntrantRow.account_id == account_id,
            )
        )
    ).first()


async def _set_withdrawn(
    connection: AsyncConnection, tournament_id: str, account_id: str, withdrawn: bool
) -> None:
    await connection.execute(
        update(TournamentEntrantRow)
        .where(
            TournamentEntrantRow.tournament_id == tournament_id,
            TournamentEntrantRow.account_id == account_id,
        )
        .values(withdrawn=withdrawn)
    )
