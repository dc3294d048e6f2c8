"""The JSON bodies of online play's REST calls, as strict pydantic models (they also make the API's
OpenAPI page, constraints included).

Bodies are read as sent: a field of the wrong JSON type is refused (422 naming it), never
converted (``{"seat": true}`` is not seat 1), and a field the API does not know is refused.
Limits that do not depend on the table are schema constraints; the table checks the rest (a seat
number against its seats, a bot level against the levels) and answers with its error codes.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from pasur.protocol.text import MAX_NAME

_STRICT = ConfigDict(extra="forbid", strict=True)

SeatKey = Annotated[int, Strict(False), Field(ge=0, le=3)]
"""A seat number as a JSON object's key, which is always text: ``"1"``."""

Setting = Annotated[str, Field(max_length=40)]
Level = Annotated[str, Field(max_length=40)]


class GuestBody(BaseModel):
    model_config = _STRICT
    name: str = Field(
        max_length=200,
        description=f"The name shown at tables: 1 to {MAX_NAME} printable characters once "
        "its spaces are tidied (longer text is refused as bad_name).",
    )


class NewTable(BaseModel):
    model_config = _STRICT
    players: int = Field(2, ge=2, le=4, description="Seats: 2, 3 or 4 (4 for partnerships).")
    preset: str = Field(
        "standard", max_length=40, description="The house-rule preset: standard or pagat."
    )
    settings: dict[Setting, Setting] = Field(
        default_factory=dict,
        max_length=40,
        description='Settings changed from the preset, as `pasur --set` takes them: {"target": '
        '"100"}. Values are text.',
    )
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
        0.0, ge=0, le=10, description="Seconds a bot waits before it plays (0 plays at once)."
    )
    rated: bool = Field(
        False, description="Whether finished games move ratings (public tables only)."
    )
    take_backs: Literal["off", "ask"] = Field(
        "off",
        description="ask: the seat that just played may ask to take its play back, and every "
        "other person must accept (docs/protocol.md, section 8a); off at rated tables.",
    )
    bots: dict[SeatKey, Level] = Field(
        default_factory=dict,
        max_length=4,
        description='Bots seated at once, by seat: {"1": "random"}.',
    )


class JoinBody(BaseModel):
    model_config = _STRICT
    seat: int | None = Field(
        None, description="The seat to take, from 0; null or absent for the first empty one."
    )


class BotBody(BaseModel):
    model_config = _STRICT
    seat: int = Field(description="The empty seat, from 0.")
    level: Level = Field(description="The bot's level: random, beginner, casual, … expert.")
