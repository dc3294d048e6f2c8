"""How errors become responses: field-level 422s, a 503 while Redis is unreachable, and a generic
500 that reveals nothing.

Every feature reports bad input by raising :func:`field_error` (FastAPI's own
:class:`~fastapi.exceptions.RequestValidationError`), so the client always sees one shape::

    {"detail": [{"loc": ["body", "counts", "clubs"], "msg": "...", "type": "value_error"}]}

A server that shares its tables through Redis (``pasur serve --redis``) cannot take a table or
reach its owner while Redis is down; that is a passing outage, not a bug, so the call is answered
503 with the play API's error body (``{"detail": {"code": "unavailable", "message": ...}}``) and
the client may try again.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from starlette.responses import Response

from pasur.server.logs import redact

log = logging.getLogger("pasur.server")

Loc = tuple[str | int, ...]

_SURROGATE = re.compile("[\ud800-\udfff]")


def field_error(loc: Sequence[str | int], message: str) -> RequestValidationError:
    """The 422 error for one wrong field; raise it from an endpoint."""
    return RequestValidationError([{"loc": tuple(loc), "msg": message, "type": "value_error"}])


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers for validation errors and for anything unexpected."""
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(RedisConnectionError, _redis_unreachable)
    app.add_exception_handler(RedisTimeoutError, _redis_unreachable)
    app.add_exception_handler(Exception, _unexpected_error)


async def _validation_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    # Only where, why and what kind: the input itself is not echoed back.
    lines = [
        {
            "loc": [
                _text(part) if isinstance(part, str) else part
                for part in error.get("loc", ())
                if isinstance(part, str | int)
            ],
            "msg": _text(_message(str(error.get("msg", "")))),
            "type": _text(str(error.get("type", "value_error"))),
        }
        for error in exc.errors()
    ]
    return JSONResponse({"detail": lines}, status_code=422)


def _text(text: str) -> str:
    # A field name in "loc" comes from the client and may hold lone surrogates, which UTF-8
    # cannot encode; they become U+FFFD instead of failing the response.
    return _SURROGATE.sub("\ufffd", text)


def _message(text: str) -> str:
    # Pydantic words a validator's ValueError as "Value error, <message>".
    return text.removeprefix("Value error, ")


REDIS_UNREACHABLE = (
    "the server cannot reach Redis, which it shares tables through; try again in a moment"
)


async def _redis_unreachable(request: Request, exc: Exception) -> Response:
    # One line without a traceback: the cause is outside the server, and Redis's own message
    # (its address, "connection refused") says which.
    log.warning("Redis unreachable in %s %s: %s", request.method, redact(request.url.path), exc)
    return JSONResponse(
        {"detail": {"code": "unavailable", "message": REDIS_UNREACHABLE}}, status_code=503
    )


async def _unexpected_error(request: Request, exc: Exception) -> Response:
    # The server logs the traceback as well; this line says which request it was, without the
    # tokens a path may hold.
    log.error(
        "unexpected %s in %s %s", type(exc).__name__, request.method, redact(request.url.path)
    )
    return JSONResponse(
        {"detail": "something went wrong on the server; the error has been logged"},
        status_code=500,
    )
