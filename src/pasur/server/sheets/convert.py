"""The score tracker's JSON (players from 1, as people number them) to and from its model.

:mod:`pasur.tracker` counts players from 0 and knows nothing of JSON; this module converts at the
edge: a request's rules and round into the model (its errors become 422s at the field they
concern), and a stored sheet into the API's :class:`~pasur.server.sheets.models.SheetOut`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.exceptions import RequestValidationError

from pasur.rules import CardSyntaxError, RoundCounts, Rules, SettingError, make_rules
from pasur.rules.cards import Card
from pasur.server.http.errors import field_error
from pasur.server.sheets.models import CountsOut, LineOut, RoundIn, RoundOut, SheetOut
from pasur.server.sheets.store import Access, StoredSheet
from pasur.tracker import RoundEntry, ScoredRound, ScoreSheet, SheetError, entry_from_cards

COUNT_FIELDS = frozenset({"clubs", "aces", "jacks", "ten_of_diamonds", "two_of_clubs", "surs"})


def rules_of(preset: str, settings: dict[str, str | int | bool]) -> Rules:
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


def apply_round(body: RoundIn, step: Callable[[RoundEntry], ScoreSheet]) -> ScoreSheet:
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
