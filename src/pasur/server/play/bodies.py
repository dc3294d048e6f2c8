"""The JSON bodies of online play's REST calls, as strict pydantic models (they also make the API's
OpenAPI page, constraints included).

Bodies are read as sent: a field of the wrong JSON type is refused (422 naming it), never
converted (``{"seat": true}`` is not seat 1), and a field the API does not know is refused.
Limits that do not depend on the table are schema constraints (:mod:`pasur.server.http.fields`:
seats, levels, presets and house rules); the table checks the rest (a seat number against its
seats, settings that do not go together) and answers with its error codes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pasur.protocol.text import MAX_NAME
from pasur.server.http.fields import WHOLE, BotLevel, HouseRules, Preset, Seat, SeatKey
from pasur.server.http.text import GuestName

_STRICT = ConfigDict(extra="forbid", strict=True)


class GuestBody(BaseModel):
    model_config = _STRICT
    name: GuestName = Field(
        description=f"The name shown at tables: up to {MAX_NAME} characters, something to read "
        "and no control characters or direction overrides (docs/protocol.md, section 3a); it is "
        "kept normalised (NFC) with its spaces tidied. Refused as bad_name, or name_taken for an "
        "account's name or a word of the site's (docs/accounts.md)."
    )


class NewTable(BaseModel):
    model_config = _STRICT
    players: Annotated[int, Field(ge=2, le=4), WHOLE] = Field(
        2, description="Seats: 2, 3 or 4 (4 for partnerships)."
    )
    preset: Preset = Field("standard", description="The house-rule preset (GET /api/rules).")
    settings: HouseRules = Field(default_factory=dict)
    private: bool = Field(
        True, description="Private tables are joined by invite; public ones are in the lobby."
    )
    turn_timer: Literal[15, 30, 60, 3600, 43200, 86400, 259200] | None = Field(
        None,
        description="Seconds each seat has to play, or null for no timer; an hour or more makes "
        "a correspondence table (docs/protocol.md, section 8).",
    )
    spectators: bool = Field(True, description="Whether people without a seat may watch.")
    bot_delay: float = Field(
        0.0,
        ge=0,
        le=10,
        description="Seconds a bot takes over an ordinary move (0 plays at once); a forced "
        "move takes less, a close call more, each level at its own tempo (docs/protocol.md).",
    )
    rated: bool = Field(
        False, description="Whether finished games move ratings (public tables only)."
    )
    take_backs: Literal["off", "ask"] = Field(
        "off",
        description="ask: the seat that just played may ask to take its play back, and every "
        "other person must accept (docs/protocol.md, section 8a); off at rated tables.",
    )
    bots: dict[SeatKey, BotLevel] = Field(
        default_factory=dict,
        description='Bots seated at once, by seat: {"1": "random"}; a seat the table does not '
        "have is `no_such_seat`.",
    )

    def bot_seats(self) -> dict[int, str]:
        """The bots by seat number."""
        return {int(seat): level for seat, level in self.bots.items()}


class JoinBody(BaseModel):
    model_config = _STRICT
    seat: Seat | None = Field(
        None,
        description="The seat to take, from 0; null or absent for the seat kept for the caller, "
        "else the first empty one. A seat the table does not have is `no_such_seat`.",
    )


class BotBody(BaseModel):
    model_config = _STRICT
    seat: Seat = Field(description="The empty seat, from 0.")
    level: BotLevel = Field(description="The bot's level, weakest first.")
