"""Write ``src/pasur/web/js/shared/api-types.d.ts``: the HTTP API's JSON bodies as TypeScript
types, made from the server's OpenAPI document (``create_app().openapi()``).

The web client is type-checked with ``tsc --checkJs`` (docs/development.md): its API modules
name these types in JSDoc, so a request body with a field the server does not take, or of the
wrong type, is a type error. The server's pydantic models are the one truth; this file is only
their mirror, which ``tests/web/test_api_types.py`` keeps up to date.

Run it again after a change to the API's models: ``python scripts/api_types.py``.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parents[1] / "src/pasur/web/js/shared/api-types.d.ts"

HEADER = """\
// The HTTP API's JSON bodies, as the server's OpenAPI document (/openapi.json) describes them:
// the types the web client's JSDoc names for what it sends and what it reads. The browser never
// loads this file; only tsc reads it. Written by scripts/api_types.py from the server's models:
// do not edit it, run that script after a change to them (tests/web/test_api_types.py checks).
"""

IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
WIDTH = 100


def type_name(schema_name: str) -> str:
    """A schema's name as a TypeScript identifier (FastAPI may name one ``Model-Input``)."""
    return re.sub(r"[^A-Za-z0-9_$]", "", schema_name)


def ts_type(schema: dict[str, Any], indent: str) -> str:
    """The TypeScript type of a JSON schema (the subset pydantic writes)."""
    if "$ref" in schema:
        return type_name(schema["$ref"].rsplit("/", 1)[-1])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            members: list[str] = []
            for member in schema[key]:
                text = ts_type(member, indent)
                if text not in members:
                    members.append(text)
            return " | ".join(members)
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts_type({**schema, "type": one}, indent) for one in kind)
    if kind == "string":
        return "string"
    if kind in ("integer", "number"):
        return "number"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        return f"Array<{ts_type(schema.get('items', {}), indent)}>"
    if kind == "object":
        if "properties" in schema:
            return object_type(schema, indent)
        extra = schema.get("additionalProperties", True)
        value = "unknown" if extra is True or extra == {} else ts_type(extra, indent)
        return f"{{ [key: string]: {value} }}"
    return "unknown"


def comment(text: str, indent: str) -> list[str]:
    """A description as a JSDoc comment, wrapped to the file's width."""
    text = " ".join(text.replace("*/", "* /").split())
    if len(indent) + len(text) + 7 <= WIDTH:
        return [f"{indent}/** {text} */"]
    lines = textwrap.wrap(text, WIDTH - len(indent) - 3, break_on_hyphens=False)
    return [f"{indent}/**", *(f"{indent} * {line}" for line in lines), f"{indent} */"]


def object_type(schema: dict[str, Any], indent: str) -> str:
    """An object schema's properties as a TypeScript object type: a property the schema does not
    require (it has a default) is optional."""
    inner = indent + "  "
    required = set(schema.get("required", []))
    lines = ["{"]
    for name, prop in schema["properties"].items():
        if "description" in prop:
            lines.extend(comment(prop["description"], inner))
        key = name if IDENTIFIER.match(name) else json.dumps(name)
        optional = "" if name in required else "?"
        lines.append(f"{inner}{key}{optional}: {ts_type(prop, inner)};")
    lines.append(f"{indent}}}")
    return "\n".join(lines)


def declaration(name: str, schema: dict[str, Any]) -> str:
    """One schema as an exported interface (an object) or type (anything else)."""
    lines = comment(schema["description"], "") if "description" in schema else []
    if schema.get("type") == "object" and "properties" in schema:
        lines.append(f"export interface {type_name(name)} {object_type(schema, '')}")
    else:
        line = f"export type {type_name(name)} = {ts_type(schema, '')};"
        if len(line) > WIDTH and "enum" in schema:  # a long union: one member a line
            members = "".join(f"\n  | {json.dumps(value)}" for value in schema["enum"])
            line = f"export type {type_name(name)} ={members};"
        lines.append(line)
    return "\n".join(lines)


def render(openapi: dict[str, Any]) -> str:
    """The declaration file for an OpenAPI document: every schema it names, by name."""
    schemas = openapi.get("components", {}).get("schemas", {})
    parts = [declaration(name, schemas[name]) for name in sorted(schemas)]
    return HEADER + "\n" + "\n\n".join(parts) + "\n"


def current() -> str:
    """The declaration file for this server's API as it stands."""
    from pasur.server.app import create_app

    return render(create_app().openapi())


def main() -> None:
    OUTPUT.write_text(current(), encoding="utf-8")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
