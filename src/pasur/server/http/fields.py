"""The numbers, bot levels and house rules that request bodies share, as pydantic types whose
limits the OpenAPI document carries, so that what the document allows the server takes and what
it refuses the server refuses (``tests/server/http/test_schema_contract.py``).

- :data:`Whole` (:data:`WHOLE` with limits): a JSON integer, ``2`` or ``2.0`` alike (JSON and
  JSON Schema make no difference between them), never ``"2"`` or ``true``: bodies are strict,
  nothing else is converted.
- :data:`Seat` and :data:`SeatKey`: a seat number from 0, as a value and as an object's key.
- :data:`BotLevel` and :data:`Preset`: the names :mod:`pasur.bots` and :mod:`pasur.rules` know,
  exactly as they list them (the command line also takes other cases and ``greedy``).
- :func:`id_in_path`: an id in a path that only ids of its form match.
- :data:`HouseRules`: settings changed from a preset, each by its name with one of its values,
  as ``pasur --set`` takes them and ``GET /api/rules`` lists them. Which settings go together
  (``partnerships=on`` wants four players) is no schema's to say: the rules refuse that with
  ``bad_config``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, WithJsonSchema
from starlette.convertors import StringConvertor, register_url_convertor

from pasur.rules import SETTINGS

SEATS = 4
"""The most seats a table has."""


def _whole(value: object) -> object:
    """``2.0`` as ``2``; anything else as it came, for the strict integer check."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WHOLE = BeforeValidator(_whole)
"""Reads ``2.0`` as ``2``: the last of an integer's ``Annotated`` parts, after its limits
(``Annotated[int, Field(ge=2, le=4), WHOLE]``); limits put after it are checked but missing
from the schema."""

Whole = Annotated[int, WHOLE]
"""An integer as JSON counts it: ``2`` and ``2.0`` alike."""

Seat = Annotated[int, Field(ge=0, le=SEATS - 1), WHOLE]
"""A seat number, from 0 (whether the table has that seat is the table's to say)."""

SeatKey = Literal["0", "1", "2", "3"]
"""A seat number as a JSON object's key, which is always text."""

BotLevel = Literal["random", "beginner", "casual", "intermediate", "advanced", "expert", "master"]
"""A bot's level (``pasur.bots.BOT_NAMES``, weakest first)."""

Preset = Literal["standard", "pagat", "ru-baaz", "varagh", "pasur11"]
"""A house-rule preset (``pasur.rules.PRESETS``)."""


def id_in_path(name: str, regex: str) -> str:
    """Register the path convertor ``name``: a segment matching ``regex`` (an id of one form),
    and answer the pattern for the parameter's schema. Other text is no such path, so a word of
    a neighbouring route (``/api/account/passkeys/options``) is never read as an id, and the
    ``Allow`` header of that route names its own methods only."""
    register_url_convertor(name, type(f"{name}_convertor", (StringConvertor,), {"regex": regex})())
    return f"^{regex}$"


def between(low: int, high: int) -> str:
    """A regular expression matching the whole numbers ``low`` to ``high`` written plainly (no
    sign, no leading zero), for :func:`re.fullmatch`."""
    parts: list[str] = []
    for digits in range(len(str(low)), len(str(high)) + 1):
        first = max(low, 10 ** (digits - 1) if digits > 1 else 0)
        last = min(high, 10**digits - 1)
        if first <= last:
            parts += _same_length(str(first), str(last))
    return "|".join(parts)


def _same_length(first: str, last: str) -> list[str]:
    """Alternatives matching the numbers ``first`` to ``last``, both of the same length."""
    if len(first) == 1:
        return [_digits(first, last)]
    head, tail, width = first[0], last[0], len(first) - 1
    if first[1:] == "0" * width and last[1:] == "9" * width:
        return [f"{_digits(head, tail)}[0-9]{{{width}}}"]
    if head == tail:
        return [head + rest for rest in _same_length(first[1:], last[1:])]
    inner = (str(int(head) + 1), str(int(tail) - 1))
    middle = [f"{_digits(*inner)}[0-9]{{{width}}}"] if inner[0] <= inner[1] else []
    return [
        *(head + rest for rest in _same_length(first[1:], "9" * width)),
        *middle,
        *(tail + rest for rest in _same_length("0" * width, last[1:])),
    ]


def _digits(low: str, high: str) -> str:
    """One digit from ``low`` to ``high``."""
    return low if low == high else f"[{low}-{high}]"


def _values(name: str) -> str:
    """A regular expression matching exactly one setting's values."""
    setting = SETTINGS[name]
    if setting.choices:
        return "|".join(re.escape(choice) for choice in setting.choices)
    numbers = between(setting.low, setting.high)
    return f"{numbers}|none" if setting.none_allowed else numbers


VALUES = {name: re.compile(_values(name)) for name in SETTINGS}
"""Every setting's values, by its name."""


def _setting_schema(name: str) -> dict[str, Any]:
    """One setting's values, as JSON Schema."""
    setting = SETTINGS[name]
    if setting.choices:
        return {"type": "string", "enum": list(setting.choices)}
    return {"type": "string", "pattern": f"^(?:{_values(name)})$", "description": setting.valid()}


def _exact(settings: dict[str, str]) -> dict[str, str]:
    """The settings, if each is named and written exactly as the schema says."""
    for name, value in settings.items():
        values = VALUES.get(name)
        if values is None:
            raise ValueError(f"unknown setting {name!r}; the settings are: {', '.join(SETTINGS)}")
        if values.fullmatch(value) is None:
            raise ValueError(
                f"{name}={value!r} is not valid; {name} takes {SETTINGS[name].valid()}"
            )
    return settings


HouseRules = Annotated[
    dict[str, str],
    AfterValidator(_exact),
    WithJsonSchema(
        {
            "type": "object",
            "properties": {name: _setting_schema(name) for name in SETTINGS},
            "additionalProperties": False,
            "description": "Settings changed from the preset, by name, as `pasur --set` takes "
            'them: {"target": "100"}; GET /api/rules lists them. Which settings go together '
            "(partnerships=on wants 4 players) the rules check: `bad_config`.",
        }
    ),
]
"""Settings changed from a preset: ``{"target": "100"}``."""
