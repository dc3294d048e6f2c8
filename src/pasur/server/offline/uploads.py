"""Games played offline, added to the person's history: ``POST /api/offline/games``.

The browser's practice table (:mod:`~pasur.server.offline.practice`) keeps every event it
appended; once the server is reachable the page sends them, gzipped (a whole game's events are a
hundred kilobytes or so, the request limit is 64 KiB; they shrink about tenfold). Nothing sent is
believed: the server rebuilds the table from the events with its own :meth:`Table.from_log` (every
play checked by the engine), replays the finished game's record with
:func:`pasur.rules.records.replay`, and only then stores the table as if it had been played here.
The person's seat gets the id and name of their cookie (a guest's, or a signed-in account's:
the game is then the account's, under its name whatever name was typed offline); the game is
never rated. Sending the same game twice stores it once (its id is a digest of who sent it and
what), and the table is stored whole in one transaction: a repeat that finds its id answers the
same body (200, not 201) for a game that is in the history, even when the first sending failed
half-way or is still being stored.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import time
import zlib
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pasur.bots import BOT_NAMES
from pasur.protocol import ErrorCode, Kind, Refused
from pasur.rules import PasurError
from pasur.rules.records import replay
from pasur.server.http.guests import Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import Status, bot_name
from pasur.server.tables.store import TableExists, TableStore
from pasur.server.tables.table import Table

router = APIRouter(tags=["history"])
E = ErrorCode

MAX_EVENTS_BYTES = 4 * 1024 * 1024
"""The most the gzipped events may unpack to (a long game's are a few hundred kilobytes)."""

TABLE_PREFIX = "off-"
"""Tables of uploaded games are named ``off-`` and 28 hexadecimal digits."""

YOU = 0
"""The person's seat at a practice table (every other seat is a bot's)."""

BOTS = frozenset(bot_name(level) for level in BOT_NAMES)
"""The names a practice table's bots sit under."""


@router.post(
    "/api/offline/games",
    summary="Add games played offline to the history",
    status_code=201,
    responses={
        200: {"description": "The same upload was stored before: the same answer."},
        **refusals(
            E.NO_GUEST,
            E.BAD_LOG,
            E.BAD_CONFIG,
            E.NOT_FINISHED,
            E.CROSS_SITE,
            E.UNAVAILABLE,
            body=True,
        ),
    },
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/gzip": {
                    "schema": {
                        "type": "string",
                        "format": "binary",
                        "description": 'gzipped JSON: {"config": the table\'s settings, '
                        '"events": every event of the practice table in its stored form}',
                    }
                }
            },
        }
    },
)
async def upload_games(request: Request) -> Response:
    """Rebuild a practice table played in the browser from its events, check its games, and add
    them to the guest's history (201; 200 when the same upload was stored before). Answers
    ``{"table_id", "games": [{"game", "replay_url"}]}``."""
    guest = shared(request, "guests", Guests).of(request)
    config, events = _read(await request.body())
    events = [_as_you(event, guest.id, guest.name) for event in events]
    table = _rebuilt(config, events)
    digest = hashlib.sha256(guest.id.encode() + b"\0" + json.dumps(events).encode())
    table_id = TABLE_PREFIX + digest.hexdigest()[:28]
    games = [
        {"game": number, "replay_url": f"/replay/{table_id}/{number}"}
        for number in range(1, table.game_no + 1)
    ]
    answer = {"table_id": table_id, "games": games}
    store = shared(request, "table_store", TableStore)
    try:
        # The whole table in one transaction, with the history's rows of its games: a table of
        # this id is always a whole game, so a repeat that finds it may say it is stored.
        await store.create(
            table_id,
            creator=guest.id,
            config=config.to_json(),
            private=True,
            status=table.status.value,
            events=table.history,
        )
    except TableExists:  # the same upload, sent before or at the same moment (two pages online)
        return JSONResponse(answer)
    return JSONResponse(answer, status_code=201)


def _read(body: bytes) -> tuple[TableConfig, list[dict[str, Any]]]:
    """The settings (private, never rated) and the events of an upload's gzipped JSON."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(body)) as unpacked:
            text = unpacked.read(MAX_EVENTS_BYTES + 1)
        if len(text) > MAX_EVENTS_BYTES:
            raise Refused(E.BAD_LOG, f"the events unpack to more than {MAX_EVENTS_BYTES} bytes")
        data = json.loads(text)
    except (OSError, EOFError, zlib.error, ValueError) as error:
        raise Refused(E.BAD_LOG, f"the upload is not gzipped JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("config"), dict):
        raise Refused(E.BAD_LOG, 'the upload is {"config": {...}, "events": [...]}')
    events = data.get("events")
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events) or not events:
        raise Refused(E.BAD_LOG, "the events are a list of objects")
    try:
        config = TableConfig.from_json(data["config"])
    except (TypeError, ValueError) as error:
        raise Refused(E.BAD_CONFIG, f"the table's settings are not valid: {error}") from None
    if config.rated or not config.private:
        raise Refused(E.BAD_CONFIG, "a game played offline is private and never rated")
    return config, events


def _as_you(event: dict[str, Any], player_id: str, name: str) -> dict[str, Any]:
    """The event with the person's seat given to ``player_id`` under ``name`` (in the names each
    game starts with too); nobody else may be a person, and each bot sits under its level's name,
    so no name in an upload is text the server was sent."""
    data = event.get("data")
    if event.get("kind") == Kind.STARTED.value and isinstance(data, dict):
        seats = data.get("seats")
        if isinstance(seats, list) and seats:
            if not all(seat in BOTS for seat in seats[1:]):
                raise Refused(E.BAD_LOG, "a game played offline has bots in every other seat")
            return {**event, "data": {**data, "seats": [name, *seats[1:]]}}
    if event.get("kind") == Kind.BOT_SEATED.value:
        level, named = (data.get("level"), data.get("name")) if isinstance(data, dict) else ("", "")
        if level not in BOT_NAMES or named != bot_name(str(level)):
            raise Refused(E.BAD_LOG, "a bot sits under its level's name")
    if event.get("kind") != Kind.SEATED.value:
        return event
    if not isinstance(data, dict) or data.get("seat") != YOU:
        raise Refused(E.BAD_LOG, "a game played offline seats one person, in seat 0")
    return {**event, "data": {**data, "player": player_id, "name": name}}


def _rebuilt(config: TableConfig, events: list[dict[str, Any]]) -> Table:
    """The table the events build, once every game on it is over and its record replays."""
    table = Table.from_log(config, events, now=time.monotonic(), history=len(events))
    if table.status is not Status.FINISHED:
        raise Refused(E.NOT_FINISHED, "the game is not over: send it when it ends")
    try:
        replay(table.record())
    except PasurError as error:
        raise Refused(E.BAD_LOG, f"the game's record does not replay: {error}") from None
    return table
