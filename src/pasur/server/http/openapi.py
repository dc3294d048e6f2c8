"""What the OpenAPI description says a route answers when it refuses: every status, with the one
error body and the codes it may carry.

A route lists its codes once (``responses=refusals(ErrorCode.NO_GUEST, …)``); the statuses come
from the codes, so the description cannot disagree with what the route answers. Every route may
also answer 500 (``internal``); those that read a body, 413 (``too_large``) and FastAPI's 422.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pydantic import BaseModel, Field

from pasur.protocol import ErrorCode


class ErrorDetail(BaseModel):
    """What went wrong."""

    code: ErrorCode = Field(description="Stable, for programs (docs/protocol.md, section 6).")
    message: str = Field(description="Why, in words, for people.")
    reason: dict[str, Any] | None = Field(
        None, description="An illegal move's refusal as data (kind, card, cards): section 6."
    )


class ErrorBody(BaseModel):
    """The body of every refused call (but FastAPI's 422, which lists each wrong field)."""

    detail: ErrorDetail


def refusals(*codes: ErrorCode, body: bool = False) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that may refuse with ``codes`` (and 413 if it reads a body)."""
    everywhere = (ErrorCode.TOO_LARGE, ErrorCode.INTERNAL) if body else (ErrorCode.INTERNAL,)
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
