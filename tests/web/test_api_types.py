"""The web client's API types (``web/js/shared/api-types.d.ts``, written by
``scripts/api_types.py``) are the server's models as they stand: a change to a request body's
model without the file written again fails here, and the client's type check then holds the
calls to the new shape."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "api_types.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_types", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_types_are_the_servers_models() -> None:
    script = _script()
    written = script.OUTPUT.read_text("utf-8")
    assert written == script.current(), "the API's models changed: run python scripts/api_types.py"


def test_a_schema_becomes_the_type_a_body_must_have() -> None:
    """What pydantic writes, as TypeScript: required and optional fields, null, enums, lists,
    objects by key, references, and descriptions as comments."""
    openapi = {
        "components": {
            "schemas": {
                "Body": {
                    "type": "object",
                    "description": "A body.",
                    "required": ["name"],
                    "properties": {
                        "name": {"type": "string", "description": "Who."},
                        "seat": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                        "kind": {"type": "string", "enum": ["swiss", "arena"]},
                        "cards": {"type": "array", "items": {"type": "string"}},
                        "bots": {"type": "object", "additionalProperties": {"type": "string"}},
                        "keys": {"$ref": "#/components/schemas/Keys"},
                        "extra": {},
                    },
                },
                "Keys": {"type": "object", "properties": {"auth": {"type": "string"}}},
            }
        }
    }
    text = _script().render(openapi)
    assert "/** A body. */\nexport interface Body {\n" in text
    assert "  /** Who. */\n  name: string;\n" in text
    assert "  seat?: number | null;\n" in text
    assert '  kind?: "swiss" | "arena";\n' in text
    assert "  cards?: Array<string>;\n" in text
    assert "  bots?: { [key: string]: string };\n" in text
    assert "  keys?: Keys;\n" in text
    assert "  extra?: unknown;\n" in text
    assert "export interface Keys {\n  auth?: string;\n}\n" in text
