"""The JSON shapes of the tracker API, as pydantic models (they also make its OpenAPI page).

Players and sides are numbered from 1 here, as people number them; :mod:`pasur.tracker` counts
from 0 and the API converts at its edge. Input is strict: numbers must be JSON numbers, and a
field the API does not know is refused, so that a typo cannot be silently ignored.
"""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pasur.server.http.fields import Whole
from pasur.server.http.text import PlayerName

MAX_SIDES = 8
"""A bound on per-player lists, well above the 4 the rules allow (they give the real message)."""

_INPUT = ConfigDict(extra="forbid", strict=True)

PerSide = Annotated[list[Whole], Field(max_length=MAX_SIDES)]
CardText = Annotated[str, Field(max_length=16)]
Pile = Annotated[list[CardText], Field(max_length=52)]


class SheetCreate(BaseModel):
    """A new score sheet."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "players": ["Ana", "Bahram", "Cyrus"],
                    "preset": "standard",
                    "settings": {"sur-points": "10"},
                    "first_dealer": 1,
                }
            ]
        },
    )

    players: list[PlayerName] = Field(
        max_length=16,
        description="The players' names in seating order: 2, 3 or 4 of them, each up to 40 "
        "characters (no control characters or direction overrides; kept normalised, NFC, with "
        "its spaces tidied) and all different. With partnerships=on, 4 names: seats 1 and 3 play "
        "against 2 and 4.",
    )
    preset: str = Field(
        "standard", max_length=100, description="The house-rule preset: standard or pagat."
    )
    settings: dict[Annotated[str, Field(max_length=100)], str | int | bool] = Field(
        default_factory=dict,
        max_length=50,
        description="Settings changed from the preset, by name, as `pasur --set` takes them: "
        'for example {"sur-points": "10", "target": "100", "partnerships": "on"}.',
    )
    first_dealer: Whole = Field(1, description="The player (from 1) who deals the first round.")
    made_offline: str | None = Field(
        None,
        pattern=r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
        description="For a sheet a browser made with no connection: the id it gave it (a UUID, "
        "lower case). Sent again, the same id answers the sheet it made (200) instead of "
        "making another, so a creation whose answer was lost can be sent again.",
    )


class CountsIn(BaseModel):
    """A round as counted at the table, per player (per team with partnerships)."""

    model_config = _INPUT

    clubs: PerSide = Field(
        description="Clubs each player took, the 2♣ included; they add up to 13."
    )
    aces: PerSide = Field(description="Aces each player took; they add up to 4.")
    jacks: PerSide = Field(description="Jacks each player took; they add up to 4.")
    ten_of_diamonds: Whole = Field(description="The player (from 1) who took the 10♦.")
    two_of_clubs: Whole = Field(
        description="The player (from 1) who took the 2♣; that player has at least one club."
    )
    surs: PerSide | None = Field(
        None,
        description="Surs each player made, cancelled ones left out; no Surs when omitted.",
    )


class RoundIn(BaseModel):
    """One round: either the counts, or the cards each player captured (plus their Surs)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "counts": {
                        "clubs": [5, 5, 3],
                        "aces": [1, 2, 1],
                        "jacks": [2, 1, 1],
                        "ten_of_diamonds": 1,
                        "two_of_clubs": 3,
                        "surs": [1, 0, 0],
                    }
                }
            ]
        },
    )

    counts: CountsIn | None = Field(None, description="The round's counts.")
    cards: Annotated[list[Pile], Field(max_length=MAX_SIDES)] | None = Field(
        None,
        description="Instead of counts: the cards each player captured, as in "
        '[["2C", "10D", …], […]]; every card of the pack exactly once.',
    )
    surs: PerSide | None = Field(
        None, description="With cards: Surs each player made; no Surs when omitted."
    )

    @model_validator(mode="after")
    def _one_way(self) -> Self:
        if (self.counts is None) == (self.cards is None):
            raise ValueError("give either counts or cards for the round")
        if self.counts is not None and self.surs is not None:
            raise ValueError("with counts, give the Surs inside counts")
        return self


class CountsOut(BaseModel):
    """A round's counts, players from 1."""

    clubs: list[int]
    aces: list[int]
    jacks: list[int]
    ten_of_diamonds: int = Field(description="The player (from 1) who took the 10♦.")
    two_of_clubs: int = Field(description="The player (from 1) who took the 2♣.")
    surs: list[int]


class LineOut(BaseModel):
    """One side's points for a round, by category."""

    side: int = Field(description="The player or team, from 1.")
    clubs: int = Field(description="Clubs taken.")
    clubs_points: int = Field(description="Points for the clubs award (0 unless this side won).")
    ten_of_diamonds: int = Field(description="Points for the 10♦.")
    two_of_clubs: int = Field(description="Points for the 2♣.")
    aces: int = Field(description="Aces taken, a point each.")
    jacks: int = Field(description="Jacks taken, a point each.")
    surs: int = Field(description="Surs that scored (none at or past the Sur cutoff).")
    sur_points: int = Field(description="Points for those Surs.")
    points: int = Field(description="The side's points for the round.")


class RoundOut(BaseModel):
    """One round of the sheet, scored."""

    number: int = Field(description="The round's number, from 1.")
    dealer: int = Field(description="The player (from 1) who dealt it.")
    counts: CountsOut
    points: list[int] = Field(description="Points per side for this round.")
    totals: list[int] = Field(description="Game totals per side after this round.")
    breakdown: list[LineOut]


class SheetOut(BaseModel):
    """A score sheet, with every figure derived from its rounds."""

    names: list[str] = Field(description="The players, in seating order.")
    sides: list[str] = Field(description="The scoring sides: players, or teams as 'Ana & Cyrus'.")
    settings: dict[str, str] = Field(description="Every rule setting, by name.")
    target: int = Field(description="The total that ends the game.")
    first_dealer: int = Field(description="The player (from 1) who dealt the first round.")
    next_dealer: int = Field(description="The player (from 1) who deals the next round.")
    rounds: list[RoundOut]
    totals: list[int] = Field(description="Game totals per side.")
    winner: int | None = Field(
        description="The winning side (from 1) once one has reached the target alone at the top."
    )
    tied_at_target: bool = Field(
        description="The target is reached but the top totals tie: play another round."
    )
    can_edit: bool = Field(description="Whether the link used may change the sheet.")
    can_undo: bool = Field(description="Whether there is a change to undo.")
    version: int = Field(
        description="Grows with every change; pass it as ?version= to refuse a stale change."
    )
    share_url: str = Field(description="The read-only link, to show to everyone.")
    edit_token: str | None = Field(
        None, description="The private edit token; only present when it was used."
    )
    edit_url: str | None = Field(
        None, description="The private edit link; only present when the edit token was used."
    )
