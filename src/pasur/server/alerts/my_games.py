"""``GET /api/my-games``: every table the guest holds a seat at, whose turn it is and how long is
left, for the home page's "my games" list (docs/protocol.md, section 3a).

The tables come from the seat index (:mod:`pasur.server.alerts.seat_index`), so a table written by
another process, or not in memory at all, is found too; each one is then read through the table
manager like ``GET /api/tables/{id}``. A table that can no longer be read is left out, not an error.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, JSONObject
from pasur.server.alerts.seat_index import SeatIndex
from pasur.server.http.guests import COOKIE, Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.tables.live import LiveTable, clock
from pasur.server.tables.manager import TableManager

router = APIRouter(tags=["alerts"])


def my_game(live: LiveTable, seat: int) -> JSONObject:
    """One table as the guest in ``seat`` sees it in "my games"."""
    table = live.table
    snapshot = table.snapshot_for(seat, now=clock())
    game = snapshot["game"]
    turn = game.get("turn") if isinstance(game, dict) and table.status.value == "playing" else None
    turn = turn if isinstance(turn, int) and turn >= 0 else None
    timer = snapshot["clock"]
    seconds_left = timer.get("seconds_left") if isinstance(timer, dict) else None
    return {
        "table_id": live.id,
        "seat": seat,
        "status": table.status.value,
        "players": table.config.players,
        "turn_timer": table.config.turn_timer,
        "seats": [state.to_json(number) for number, state in enumerate(table.seats)],
        "turn": turn,
        "your_turn": turn == seat,
        "seconds_left": seconds_left,
        "url": f"/play/t/{live.id}",
    }


@router.get(
    "/api/my-games",
    summary="The tables you hold a seat at",
    responses=refusals(ErrorCode.UNAVAILABLE),
)
async def my_games(request: Request) -> Response:
    """Every table the guest's cookie holds a seat at (at most 50), the most recently changed
    first: its seats, whose turn it is (``turn``, ``your_turn``) and the seconds left on the
    turn's clock (``seconds_left``, null without a timer). Without a guest cookie the list is
    empty: the home page asks before anyone has chosen a name, and must not be refused."""
    person = shared(request, "guests", Guests).read(request.cookies.get(COOKIE))
    if person is None:
        return JSONResponse({"games": []})
    tables = shared(request, "table_manager", TableManager)
    found: list[JSONObject] = []
    for table_id, seat in await shared(request, "seat_index", SeatIndex).tables_of(person.id):
        live = await tables.get(table_id)
        if live is not None and live.table.seat_of(person.id) == seat:
            found.append(my_game(live, seat))
    return JSONResponse({"games": found})
