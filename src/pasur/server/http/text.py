"""The text fields of request bodies, as pydantic types checked by the one text policy.

Each is a ``str`` checked and tidied by a :class:`~pasur.protocol.text.TextRule` (the policy is
:mod:`pasur.protocol.text`'s), whose limits the OpenAPI document carries: ``minLength`` 1,
``maxLength`` and a ``pattern`` that matches exactly what the rule takes, so what the document
allows the server takes. A field whose rule has an error code is refused with it (a guest's name
is ``bad_name``, as a seat's name at the table is); the others are bad input (422 naming the
field). A body model declares ``name: GuestName`` and gets the text already tidied.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

from pasur.protocol.text import NAME, TextRule
from pasur.tracker.sheet import MAX_NAME_LENGTH


@dataclasses.dataclass(frozen=True)
class Typed:
    """A body field's text, checked by ``rule`` (as ``Annotated[str, Typed(rule)]``)."""

    rule: TextRule

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        # The rule counts the length itself: a schema constraint would refuse a long name with
        # pydantic's 422 before the rule could refuse it with its own code.
        return core_schema.no_info_after_validator_function(self.rule.clean, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        found = handler(schema)
        found.update(minLength=1, maxLength=self.rule.longest, pattern=self.rule.pattern)
        return found


GuestName = Annotated[str, Typed(NAME)]
"""A guest's name, the one shown at tables: refused as ``bad_name``."""

TournamentName = Annotated[str, Typed(TextRule("a tournament's name", 80))]
"""A tournament's name, as the list and its page show it."""

PlayerName = Annotated[str, Typed(TextRule("a player's name", MAX_NAME_LENGTH))]
"""A player on a score sheet (the tracker's own rules then want each one different)."""

PasskeyLabel = Annotated[str, Typed(TextRule("a passkey's label", 64))]
"""What the account page calls a passkey."""
