"""The score tracker's REST API, under ``/api/tracker``.

A sheet is reached by either of its two tokens: the edit token (the private link) reads and
changes it, the share token only reads it. Every change goes through :mod:`pasur.tracker`, which
checks the counts and scores the rounds with the rules engine; this module only stores the
result, with :mod:`~pasur.server.sheets.convert` converting between JSON (players from 1) and
the model (players from 0). A refused change is :class:`~pasur.protocol.Refused` with one of the
tracker's codes (``no_such_sheet``, ``read_only``, ``sheet_changed`` …), bad input a 422.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.errors import field_error
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared
from pasur.server.sheets.convert import apply_round, rules_of, sheet_out
from pasur.server.sheets.models import RoundIn, SheetCreate, SheetOut
from pasur.server.sheets.store import Access, SheetStore, StoredSheet, VersionConflict
from pasur.tracker import RoundEntry, SheetError, SheetHistory, new_sheet

MAX_ROUNDS = 500
"""The most rounds one sheet holds (a game to 62 takes a handful)."""

E = ErrorCode

router = APIRouter(prefix="/api/tracker", tags=["score tracker"])


def get_store(request: Request) -> SheetStore:
    """The application's sheet store (set by :func:`pasur.server.app.create_app`)."""
    return shared(request, "sheet_store", SheetStore)


Store = Annotated[SheetStore, Depends(get_store)]
Token = Annotated[
    str, Path(description="The sheet's edit token, or (to read only) its share token.")
]
EditToken = Annotated[str, Path(description="The sheet's edit token.")]
RoundNumber = Annotated[int, Path(ge=1, description="The round's number, from 1.")]
Version = Annotated[
    int | None,
    Query(
        description="The sheet's version as last read; the change is refused with 409 if the "
        "sheet has changed since."
    ),
]

READ = (E.NO_SUCH_SHEET, E.UNAVAILABLE)
"""What reading a sheet may be refused with."""

CHANGE = (*READ, E.READ_ONLY, E.SHEET_CHANGED, E.CROSS_SITE)
"""What any change of a sheet may be refused with."""


@router.post(
    "/sheets",
    status_code=201,
    response_model=SheetOut,
    summary="Create a score sheet",
    responses={
        200: {"model": SheetOut, "description": "The sheet made before with this `made_offline`."},
        **refusals(E.CROSS_SITE, E.UNAVAILABLE, body=True),
    },
)
async def create_sheet(body: SheetCreate, store: Store) -> Response:
    """Start a sheet for 2, 3 or 4 players (or two teams) under the table's rules.

    The answer holds the private edit link (keep it) and the read-only share link (show it).
    A sheet made offline names the id its browser gave it (``made_offline``): sent again, the
    creation answers the sheet it made, with 200.
    """
    rules = rules_of(body.preset, body.settings)
    try:
        sheet = new_sheet(body.players, rules, first_dealer=body.first_dealer - 1)
    except SheetError as error:
        raise field_error(("body", error.field), error.reason) from None
    stored, made = await store.create(sheet, body.made_offline)
    return _sheet_response(stored, Access.EDIT, status_code=201 if made else 200)


@router.get(
    "/sheets/{token}",
    response_model=SheetOut,
    summary="Read a score sheet",
    responses=refusals(*READ),
)
async def read_sheet(token: Token, store: Store) -> Response:
    """The sheet with every round scored; edit links appear only when the edit token is used."""
    stored, access = await _find(store, token)
    return _sheet_response(stored, access)


@router.post(
    "/sheets/{edit_token}/rounds",
    status_code=201,
    response_model=SheetOut,
    summary="Add a round",
    responses=refusals(*CHANGE, E.SHEET_FULL, E.SHEET_FINISHED, body=True),
)
async def add_round(
    edit_token: EditToken, body: RoundIn, store: Store, version: Version = None
) -> Response:
    """Add the next round, as counts or as the cards each player captured."""

    def change(history: SheetHistory) -> SheetHistory:
        sheet = history.sheet
        if len(sheet.entries) >= MAX_ROUNDS:
            raise Refused(E.SHEET_FULL, f"a sheet holds at most {MAX_ROUNDS} rounds")
        if sheet.winner is not None:
            raise Refused(E.SHEET_FINISHED, "the game is over: a side has reached the target")
        return history.change(apply_round(body, sheet.add_round))

    return await _change(store, edit_token, version, change, status_code=201)


@router.put(
    "/sheets/{edit_token}/rounds/{number}",
    response_model=SheetOut,
    summary="Correct a round",
    responses=refusals(*CHANGE, E.NO_SUCH_ROUND, body=True),
)
async def edit_round(
    edit_token: EditToken,
    number: RoundNumber,
    body: RoundIn,
    store: Store,
    version: Version = None,
) -> Response:
    """Replace round ``number``; every later round is scored again on the new totals."""

    def change(history: SheetHistory) -> SheetHistory:
        sheet = history.sheet
        _check_round(number, sheet.entries)
        return history.change(apply_round(body, lambda entry: sheet.edit_round(number, entry)))

    return await _change(store, edit_token, version, change)


@router.delete(
    "/sheets/{edit_token}/rounds/{number}",
    response_model=SheetOut,
    summary="Delete a round",
    responses=refusals(*CHANGE, E.NO_SUCH_ROUND),
)
async def delete_round(
    edit_token: EditToken, number: RoundNumber, store: Store, version: Version = None
) -> Response:
    """Remove round ``number``; later rounds move up and are scored again."""

    def change(history: SheetHistory) -> SheetHistory:
        _check_round(number, history.sheet.entries)
        return history.change(history.sheet.delete_round(number))

    return await _change(store, edit_token, version, change)


@router.post(
    "/sheets/{edit_token}/undo",
    response_model=SheetOut,
    summary="Undo the last change",
    responses=refusals(*CHANGE, E.NOTHING_TO_UNDO),
)
async def undo(edit_token: EditToken, store: Store, version: Version = None) -> Response:
    """Go back to the sheet as it was before the last added, corrected or deleted round."""

    def change(history: SheetHistory) -> SheetHistory:
        if not history.can_undo:
            raise Refused(E.NOTHING_TO_UNDO, "there is nothing to undo")
        return history.undo()

    return await _change(store, edit_token, version, change)


@router.get(
    "/sheets/{token}/export.csv",
    summary="Download the sheet as CSV",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {}}, "description": "One row per round."},
        **refusals(*READ),
    },
)
async def export_csv(token: Token, store: Store) -> Response:
    """One row per round: its number, the dealer, then each side's points and total.

    UTF-8 with a byte-order mark, so that spreadsheets read Persian names correctly.
    """
    stored, _access = await _find(store, token)
    sheet = stored.sheet
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    sides = sheet.side_names()
    writer.writerow(
        [
            "round",
            "dealer",
            *(_cell(f"{side} points") for side in sides),
            *(_cell(f"{side} total") for side in sides),
        ]
    )
    for scored in sheet.rounds():
        writer.writerow(
            [
                scored.number,
                _cell(sheet.names[scored.dealer]),
                *scored.score.points,
                *scored.totals,
            ]
        )
    return Response(
        "\ufeff" + out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="pasur-scores.csv"'},
    )


def _cell(text: str) -> str:
    # A cell starting with = + - @ would be run as a formula by spreadsheets.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


async def _find(store: SheetStore, token: str) -> tuple[StoredSheet, Access]:
    found = await store.find(token)
    if found is None:
        raise Refused(E.NO_SUCH_SHEET, "no score sheet has this link")
    return found


async def _change(
    store: SheetStore,
    token: str,
    version: int | None,
    change: Callable[[SheetHistory], SheetHistory],
    *,
    status_code: int = 200,
) -> Response:
    stored, access = await _find(store, token)
    if access is not Access.EDIT:
        raise Refused(E.READ_ONLY, "this is the read-only share link; use the edit link to change")
    if version is not None and version != stored.version:
        raise Refused(E.SHEET_CHANGED, _stale(stored.version))
    history = change(stored.history)
    try:
        saved = await store.save(stored, history)
    except VersionConflict:
        raise Refused(E.SHEET_CHANGED, _stale(None)) from None
    return _sheet_response(saved, access, status_code=status_code)


def _stale(current: int | None) -> str:
    now = f" (it is now at version {current})" if current is not None else ""
    return f"the sheet was changed meanwhile{now}; read it again and repeat the change"


def _check_round(number: int, entries: tuple[RoundEntry, ...]) -> None:
    if number > len(entries):
        raise Refused(E.NO_SUCH_ROUND, f"there is no round {number}; the sheet has {len(entries)}")


def _sheet_response(stored: StoredSheet, access: Access, *, status_code: int = 200) -> Response:
    out = sheet_out(stored, access)
    exclude = None if out.can_edit else {"edit_token", "edit_url"}
    return JSONResponse(out.model_dump(mode="json", exclude=exclude), status_code=status_code)
