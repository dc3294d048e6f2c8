"""The score tracker's REST API, under ``/api/tracker``.

A sheet is reached by either of its two tokens: the edit token (the private link) reads and
changes it, the share token only reads it. Every change goes through :mod:`pasur.tracker`, which
checks the counts and scores the rounds with the rules engine; this module only converts between
JSON (players from 1) and the model (players from 0), and stores the result.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from pasur.rules import CardSyntaxError, RoundCounts, Rules, SettingError, make_rules
from pasur.rules.cards import Card
from pasur.server.errors import field_error
from pasur.server.tracker_models import (
    CountsOut,
    LineOut,
    MessageOut,
    RoundIn,
    RoundOut,
    SheetCreate,
    SheetOut,
    ValidationErrorOut,
)
from pasur.server.tracker_store import Access, SheetStore, StoredSheet, VersionConflict
from pasur.tracker import (
    RoundEntry,
    ScoredRound,
    ScoreSheet,
    SheetError,
    SheetHistory,
    entry_from_cards,
    new_sheet,
)

MAX_ROUNDS = 500
"""The most rounds one sheet holds (a game to 62 takes a handful)."""

COUNT_FIELDS = frozenset({"clubs", "aces", "jacks", "ten_of_diamonds", "two_of_clubs", "surs"})

router = APIRouter(prefix="/api/tracker", tags=["score tracker"])


def get_store(request: Request) -> SheetStore:
    """The application's sheet store (set by :func:`pasur.server.create_app`)."""
    store = request.app.state.sheet_store
    assert isinstance(store, SheetStore)
    return store


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

_422 = {"model": ValidationErrorOut, "description": "Bad input; each line names the field."}
_403 = {"model": MessageOut, "description": "The share token only reads the sheet."}
_404 = {"model": MessageOut, "description": "No sheet (or no such round) for this link."}
_409 = {
    "model": MessageOut,
    "description": "The sheet changed meanwhile, the game is over, or there is nothing to undo: "
    "read it again.",
}


@router.post(
    "/sheets",
    status_code=201,
    response_model=SheetOut,
    summary="Create a score sheet",
    responses={422: _422},
)
async def create_sheet(body: SheetCreate, store: Store) -> Response:
    """Start a sheet for 2, 3 or 4 players (or two teams) under the table's rules.

    The answer holds the private edit link (keep it) and the read-only share link (show it).
    """
    rules = _rules(body.preset, body.settings)
    try:
        sheet = new_sheet(body.players, rules, first_dealer=body.first_dealer - 1)
    except SheetError as error:
        raise field_error(("body", error.field), error.reason) from None
    stored = await store.create(sheet)
    return _sheet_response(stored, Access.EDIT, status_code=201)


@router.get(
    "/sheets/{token}",
    response_model=SheetOut,
    summary="Read a score sheet",
    responses={404: _404},
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
    responses={403: _403, 404: _404, 409: _409, 422: _422},
)
async def add_round(
    edit_token: EditToken, body: RoundIn, store: Store, version: Version = None
) -> Response:
    """Add the next round, as counts or as the cards each player captured."""

    def change(history: SheetHistory) -> SheetHistory:
        sheet = history.sheet
        if len(sheet.entries) >= MAX_ROUNDS:
            raise HTTPException(409, f"a sheet holds at most {MAX_ROUNDS} rounds")
        if sheet.winner is not None:
            raise HTTPException(409, "the game is over: a side has reached the target")
        return history.change(_apply(body, sheet.add_round))

    return await _change(store, edit_token, version, change, status_code=201)


@router.put(
    "/sheets/{edit_token}/rounds/{number}",
    response_model=SheetOut,
    summary="Correct a round",
    responses={403: _403, 404: _404, 409: _409, 422: _422},
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
        return history.change(_apply(body, lambda entry: sheet.edit_round(number, entry)))

    return await _change(store, edit_token, version, change)


@router.delete(
    "/sheets/{edit_token}/rounds/{number}",
    response_model=SheetOut,
    summary="Delete a round",
    responses={403: _403, 404: _404, 409: _409},
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
    responses={403: _403, 404: _404, 409: _409},
)
async def undo(edit_token: EditToken, store: Store, version: Version = None) -> Response:
    """Go back to the sheet as it was before the last added, corrected or deleted round."""

    def change(history: SheetHistory) -> SheetHistory:
        if not history.can_undo:
            raise HTTPException(409, "there is nothing to undo")
        return history.undo()

    return await _change(store, edit_token, version, change)


@router.get(
    "/sheets/{token}/export.csv",
    summary="Download the sheet as CSV",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {}}, "description": "One row per round."},
        404: _404,
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
        raise HTTPException(404, "no score sheet has this link")
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
        raise HTTPException(403, "this is the read-only share link; use the edit link to change")
    if version is not None and version != stored.version:
        raise HTTPException(409, _stale(stored.version))
    history = change(stored.history)
    try:
        saved = await store.save(stored, history)
    except VersionConflict:
        raise HTTPException(409, _stale(None)) from None
    return _sheet_response(saved, access, status_code=status_code)


def _stale(current: int | None) -> str:
    now = f" (it is now at version {current})" if current is not None else ""
    return f"the sheet was changed meanwhile{now}; read it again and repeat the change"


def _check_round(number: int, entries: tuple[RoundEntry, ...]) -> None:
    if number > len(entries):
        raise HTTPException(404, f"there is no round {number}; the sheet has {len(entries)}")


def _rules(preset: str, settings: dict[str, str | int | bool]) -> Rules:
    errors: list[dict[str, Any]] = []
    try:
        rules = make_rules(preset)
    except SettingError as error:
        errors.append(_line(("body", "preset"), str(error)))
        rules = make_rules()
    for name, value in settings.items():
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        try:
            rules = rules.with_settings({name: text})
        except SettingError as error:
            errors.append(_line(("body", "settings", name), str(error)))
    if errors:
        raise RequestValidationError(errors)
    return rules


def _line(loc: tuple[str | int, ...], message: str) -> dict[str, Any]:
    return {"loc": loc, "msg": message, "type": "value_error"}


def _apply(body: RoundIn, step: Callable[[RoundEntry], ScoreSheet]) -> ScoreSheet:
    """Run ``step`` on the round in ``body``; model errors become 422s at the right field."""
    by_cards = body.cards is not None
    try:
        return step(_entry(body))
    except SheetError as error:
        field = error.field
        if field in COUNT_FIELDS and not by_cards:
            loc: tuple[str | int, ...] = ("body", "counts", field)
        elif field == "surs":
            loc = ("body", "surs")
        elif by_cards:
            loc = ("body", "cards")
        else:
            loc = ("body",)
        raise field_error(loc, error.reason) from None


def _entry(body: RoundIn) -> RoundEntry:
    if body.counts is not None:
        counts = body.counts
        surs = counts.surs if counts.surs is not None else [0] * len(counts.clubs)
        return RoundEntry(
            RoundCounts(
                clubs=tuple(counts.clubs),
                aces=tuple(counts.aces),
                jacks=tuple(counts.jacks),
                ten_of_diamonds=counts.ten_of_diamonds - 1,
                two_of_clubs=counts.two_of_clubs - 1,
                surs=tuple(surs),
            )
        )
    assert body.cards is not None
    piles = []
    for side, pile in enumerate(body.cards):
        cards = []
        for index, text in enumerate(pile):
            try:
                cards.append(Card.parse(text))
            except CardSyntaxError as error:
                raise field_error(("body", "cards", side, index), str(error)) from None
        piles.append(cards)
    surs = body.surs if body.surs is not None else [0] * len(piles)
    return entry_from_cards(piles, surs)


def _sheet_response(stored: StoredSheet, access: Access, *, status_code: int = 200) -> Response:
    out = sheet_out(stored, access)
    exclude = None if out.can_edit else {"edit_token", "edit_url"}
    return JSONResponse(out.model_dump(mode="json", exclude=exclude), status_code=status_code)


def sheet_out(stored: StoredSheet, access: Access) -> SheetOut:
    """The API's view of a stored sheet through the given kind of link."""
    sheet = stored.sheet
    editing = access is Access.EDIT
    winner = sheet.winner
    return SheetOut(
        names=list(sheet.names),
        sides=list(sheet.side_names()),
        settings=sheet.rules.settings(),
        target=sheet.rules.target,
        first_dealer=sheet.first_dealer + 1,
        next_dealer=sheet.next_dealer + 1,
        rounds=[_round_out(scored) for scored in sheet.rounds()],
        totals=list(sheet.totals),
        winner=None if winner is None else winner + 1,
        tied_at_target=sheet.tied_at_target,
        can_edit=editing,
        can_undo=editing and stored.history.can_undo,
        version=stored.version,
        share_url=f"/tracker/s/{stored.share_token}",
        edit_token=stored.edit_token if editing else None,
        edit_url=f"/tracker/e/{stored.edit_token}" if editing else None,
    )


def _round_out(scored: ScoredRound) -> RoundOut:
    counts = scored.entry.counts
    return RoundOut(
        number=scored.number,
        dealer=scored.dealer + 1,
        counts=CountsOut(
            clubs=list(counts.clubs),
            aces=list(counts.aces),
            jacks=list(counts.jacks),
            ten_of_diamonds=counts.ten_of_diamonds + 1,
            two_of_clubs=counts.two_of_clubs + 1,
            surs=list(counts.surs),
        ),
        points=list(scored.score.points),
        totals=list(scored.totals),
        breakdown=[
            LineOut(
                side=side,
                clubs=line.clubs,
                clubs_points=line.clubs_points,
                ten_of_diamonds=line.ten_of_diamonds,
                two_of_clubs=line.two_of_clubs,
                aces=line.aces,
                jacks=line.jacks,
                surs=line.surs,
                sur_points=line.sur_points,
                points=line.total,
            )
            for side, line in enumerate(scored.score.lines, start=1)
        ],
    )
