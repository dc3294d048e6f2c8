"""JSON as the protocol writes and reads it: the value types, compact text, strict reading, and a
typed look at an object's fields.

Everything that crosses a socket, Redis or the database is JSON. :data:`JSONObject` names such a
value for the type checker (no ``Any``); :func:`dumps` writes the compact text every frame is sent
as; :func:`loads` reads text from outside strictly (``NaN`` and the infinities are not JSON, and
text nested too deeply or holding a number too long to read is refused like any other bad text);
:class:`Fields` reads an object's fields with their types checked, so a parser says which field
is wrong instead of failing later.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSONValue: TypeAlias = (
    bool | int | float | str | Sequence["JSONValue"] | Mapping[str, "JSONValue"] | None
)
"""Any JSON value, as read (lists and objects are read-only here, so a ``list[str]`` is one)."""

JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object: a frame, a command, an event as a recipient sees it."""


def dumps(value: JSONValue | Mapping[str, object]) -> str:
    """Compact JSON text (no spaces), as every frame is sent."""
    return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes) -> JSONValue:
    """JSON text from outside, read strictly.

    Raises:
        ValueError: not JSON; ``NaN`` or an infinity (Python's extensions, which browsers cannot
            read back); nested too deeply; or a number of more digits than Python converts.
    """
    try:
        value: JSONValue = json.loads(text, parse_constant=_not_json)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    return value


def _not_json(constant: str) -> object:
    raise ValueError(f"{constant} is not JSON")


class FieldError(ValueError):
    """A field missing or of the wrong type; the message says which and what it should be."""


class Fields:
    """The fields of a JSON object, each read as one type (``True`` is no int, ``1`` no bool)."""

    def __init__(self, data: Mapping[str, JSONValue]) -> None:
        self.data = data

    def integer(self, name: str) -> int:
        value = self.data.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise FieldError(f"{name} is a whole number")
        return value

    def optional_integer(self, name: str) -> int | None:
        return None if self.data.get(name) is None else self.integer(name)

    def text(self, name: str) -> str:
        value = self.data.get(name)
        if not isinstance(value, str):
            raise FieldError(f"{name} is text")
        return value

    def optional_text(self, name: str) -> str | None:
        return None if self.data.get(name) is None else self.text(name)

    def boolean(self, name: str) -> bool:
        value = self.data.get(name)
        if not isinstance(value, bool):
            raise FieldError(f"{name} is true or false")
        return value

    def mapping(self, name: str) -> JSONObject:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise FieldError(f"{name} is an object")
        return value

    def mappings(self, name: str) -> list[JSONObject]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise FieldError(f"{name} is a list of objects")
        return [item for item in value if isinstance(item, dict)]

    def integers(self, name: str) -> tuple[int, ...]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(_is_int(item) for item in value):
            raise FieldError(f"{name} is a list of whole numbers")
        return tuple(item for item in value if isinstance(item, int))

    def texts(self, name: str) -> dict[str, str]:
        """An object whose values are all text, such as seat tokens by seat."""
        value = self.mapping(name)
        if not all(isinstance(item, str) for item in value.values()):
            raise FieldError(f"{name} maps names to text")
        return {key: item for key, item in value.items() if isinstance(item, str)}


def _is_int(value: JSONValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
