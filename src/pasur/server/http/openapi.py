"""What the OpenAPI description says a route answers when it refuses: every status, with the one
error body and the codes it may carry.

A route lists its codes once (``responses=refusals(ErrorCode.NO_GUEST, …)``); the statuses come
from the codes, so the description cannot disagree with what the route answers. Every route may
also answer 500 (``internal``); those that read a body, 400 (``bad_request``: a body that cannot
be decoded) and 413 (``too_large``). FastAPI adds a 422 to every route that reads a body or
parameters; :func:`install_openapi` makes it say what the server answers then, the same body
(``bad_request`` with ``fields``), instead of FastAPI's own list. ``tests/server/http/
test_schema_contract.py`` runs Schemathesis against a live server to keep the two in step.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from pasur.protocol import ErrorCode


class FieldError(BaseModel):
    """One wrong field of a request refused as bad input."""

    loc: list[str | int] = Field(
        description="Where: `body`, `query` or `path`, then the field's names and list indexes."
    )
    msg: str = Field(description="What is wrong with it, in words.")
    type: str = Field(description="The kind of error, for programs: `missing`, `int_type`, ….")


class ErrorDetail(BaseModel):
    """What went wrong."""

    code: ErrorCode = Field(description="Stable, for programs (docs/protocol.md, section 6).")
    message: str = Field(description="Why, in words, for people.")
    reason: dict[str, Any] | None = Field(
        None, description="An illegal move's refusal as data (kind, card, cards): section 6."
    )
    fields: list[FieldError] | None = Field(
        None, description="Bad input (422 `bad_request`): every wrong field at once."
    )


class ErrorBody(BaseModel):
    """The body of every refused call."""

    detail: ErrorDetail


BAD_INPUT = (
    "`bad_request`: bad input, a field missing, of the wrong type or outside its limits "
    "(`fields` lists each)"
)
"""What a 422 means on every route that reads a body or parameters."""


def refusals(*codes: ErrorCode, body: bool = False) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that may refuse with ``codes`` (and 400 and 413 if it reads a
    body)."""
    read = (ErrorCode.BAD_REQUEST, ErrorCode.TOO_LARGE) if body else ()
    everywhere = (*read, ErrorCode.INTERNAL)
    by_status: dict[int, list[ErrorCode]] = defaultdict(list)
    for code in (*codes, *everywhere):
        by_status[code.status].append(code)
    return {
        status: {
            "model": ErrorBody,
            "description": "; ".join(f"`{code.value}`: {code.meaning}" for code in found),
        }
        for status, found in sorted(by_status.items())
    }


def install_openapi(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI document describe its 422s as the server answers them."""
    build = app.openapi

    def document() -> dict[str, Any]:
        fresh = app.openapi_schema is None
        schema = build()
        if fresh:
            _bad_input_is_one_body(schema)
        return schema

    app.openapi = document  # type: ignore[method-assign]


def _bad_input_is_one_body(schema: dict[str, Any]) -> None:
    """FastAPI describes a 422 with its own list (``HTTPValidationError``); the server answers
    :class:`ErrorBody`. A route that declares a 422 of its own (``bad_subscription``) and reads
    input may answer both."""
    fastapi_own = {"$ref": "#/components/schemas/HTTPValidationError"}
    ours = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            answers = operation["responses"]
            bad = answers.get("422")
            if bad is None:
                continue
            if bad.get("content", {}).get("application/json", {}).get("schema") == fastapi_own:
                answers["422"] = {"description": BAD_INPUT, "content": ours}
            elif "requestBody" in operation or operation.get("parameters"):
                bad["description"] = f"{bad['description']}; {BAD_INPUT}"
            operation["responses"] = dict(sorted(answers.items()))
    for name in ("HTTPValidationError", "ValidationError"):
        schema.get("components", {}).get("schemas", {}).pop(name, None)
