"""The shared field types of request bodies take exactly what their schema says."""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from pasur.bots import BOT_NAMES
from pasur.rules import PRESETS, SETTINGS
from pasur.server.http.fields import BotLevel, HouseRules, Preset, Seat, Whole, between


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    number: Whole = 0
    seat: Seat = 0
    settings: HouseRules = {}


def test_the_bot_levels_and_presets_are_the_engine_s() -> None:
    assert get_args(BotLevel) == BOT_NAMES
    assert get_args(Preset) == tuple(PRESETS)


@pytest.mark.parametrize(("low", "high"), [(0, 9), (1, 1000), (1, 10_000), (17, 4321), (5, 5)])
def test_between_matches_exactly_the_numbers_of_its_range(low: int, high: int) -> None:
    numbers = re.compile(between(low, high))
    assert [n for n in range(12_000) if numbers.fullmatch(str(n))] == list(range(low, high + 1))
    assert not numbers.fullmatch(f"0{low}") and not numbers.fullmatch(f"+{low}")


@pytest.mark.parametrize(
    ("body", "read"),
    [
        ({"number": 2.0}, {"number": 2}),
        ({"seat": 3}, {"seat": 3}),
        ({"settings": {"target": "100", "sur-cutoff": "none", "claims": "on"}}, None),
    ],
)
def test_what_the_schema_allows_is_taken(body: dict[str, Any], read: dict[str, Any] | None) -> None:
    taken = Body.model_validate(body)
    assert taken.model_dump(include=set(body)) == (read or body)
    assert type(taken.number) is int


@pytest.mark.parametrize(
    "body",
    [
        {"number": "2"},
        {"number": True},
        {"number": 2.5},
        {"seat": 4},
        {"seat": -1},
        {"settings": {"target": "062"}},
        {"settings": {"target": "10001"}},
        {"settings": {"claims": "ON"}},
        {"settings": {"sur_points": "10"}},
        {"settings": {"colour": "red"}},
    ],
)
def test_what_the_schema_refuses_is_refused(body: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Body.model_validate(body)


def test_every_setting_s_values_are_in_the_schema() -> None:
    properties = Body.model_json_schema()["properties"]["settings"]["properties"]
    assert set(properties) == set(SETTINGS)
    for name, setting in SETTINGS.items():
        values = properties[name]
        assert values.get("enum") == (list(setting.choices) or None), name
        if not setting.choices:
            assert re.fullmatch(values["pattern"], str(setting.high)), name
