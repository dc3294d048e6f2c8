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
from typing import TypeAlias, TypeVar

JSONValue: TypeAlias = (
    bool | int | float | str | Sequence["JSONValue"] | Mapping[str, "JSONValue"] | None
)
"""Any JSON value, as read (lists and objects are read-only here, so a ``list[str]`` is one)."""

JSONObject: TypeAlias = dict[str, JSONValue]
"""A JSON object: a frame, a command, an event as a recipient sees it."""

T = TypeVar("T")


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""One encoder for every frame: ``json.dumps`` with any option builds a new one per call, a
measurable part of a play's cost once each frame is written for each recipient."""


def dumps(value: JSONValue | Mapping[str, object]) -> str:
    """Compact JSON text (no spaces), as every frame is sent."""
    return _COMPACT.encode(value)


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
        if _is_int(value):
            assert isinstance(value, int)
            return value
        raise FieldError(f"{name} is a whole number")

    def optional_integer(self, name: str) -> int | None:
        return None if self.data.get(name) is None else self.integer(name)

    def text(self, name: str) -> str:
        return self._typed(name, str, "text")

    def optional_text(self, name: str) -> str | None:
        return None if self.data.get(name) is None else self.text(name)

    def boolean(self, name: str) -> bool:
        return self._typed(name, bool, "true or false")

    def optional_boolean(self, name: str) -> bool | None:
        return None if self.data.get(name) is None else self.boolean(name)

    def mapping(self, name: str) -> JSONObject:
        return self._typed(name, dict, "an object")

    def mappings(self, name: str) -> list[JSONObject]:
        """A list of objects."""
        items = self._typed(name, list, "a list of objects")
        if not all(isinstance(item, dict) for item in items):
            raise FieldError(f"{name} is a list of objects")
        return items

    def integers(self, name: str) -> tuple[int, ...]:
        items = self._typed(name, list, "a list of whole numbers")
        if not all(_is_int(item) for item in items):
            raise FieldError(f"{name} is a list of whole numbers")
        return tuple(items)

    def texts(self, name: str) -> dict[str, str]:
        """An object whose values are all text, such as seat tokens by seat."""
        value = self.mapping(name)
        if not all(isinstance(item, str) for item in value.values()):
            raise FieldError(f"{name} maps names to text")
        return {key: item for key, item in value.items() if isinstance(item, str)}

    def _typed(self, name: str, kind: type[T], what: str) -> T:
        value = self.data.get(name)
        if not isinstance(value, kind):
            raise FieldError(f"{name} is {what}")
        return value


def _is_int(value: JSONValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
