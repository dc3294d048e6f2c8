"""How errors become answers: one body for every refusal, field-level 422s, 503 while the
database or Redis is unreachable, and a generic 500 that reveals nothing.

Every refusal of a REST call is :class:`~pasur.protocol.Refused`, answered with its code's status
and one body, ``{"detail": {"code": ..., "message": ...}}``; so are Starlette's own refusals (no
such path, a method the path does not take, a body too large), and bad input: a field missing,
of the wrong type or outside its limits is 422 ``bad_request`` whose ``fields`` list every wrong
field at once (``[{"loc", "msg", "type"}]``), so a client reads one shape whatever went wrong. A
feature reports a wrong field the same way by raising :func:`field_error`.

A server cannot store or read anything while its database is unreachable, and one that shares
its tables through Redis (``pasur serve --redis``) cannot take a table or reach its owner while
Redis is; those are passing outages, not bugs, so the call is answered 503 ``unavailable`` and the
client may try again. The database's driver reports a lost or refused connection as Python's own
:class:`ConnectionError`; Redis's client has its own exceptions. A table socket that meets such an
outage (say, while it joins) is sent an ``unavailable`` error frame and closed with
:data:`UNAVAILABLE_CLOSE`; its client reconnects a little later.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import cast

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import ExceptionHandler

from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.protocol.frames import ErrorFrame
from pasur.server.http.logs import redact
from pasur.server.http.pressure import RETRY_AFTER
from pasur.server.http.sockets import close_quietly, send_now

log = logging.getLogger("pasur.server")

_SURROGATE = re.compile("[\ud800-\udfff]")

DATABASE = "its database"
REDIS = "Redis, which it shares tables through"

OUTAGES: dict[type[Exception], str] = {
    ConnectionError: DATABASE,
    RedisConnectionError: REDIS,
    RedisTimeoutError: REDIS,
}
"""The exceptions that report an unreachable service, and the service each names."""

UNAVAILABLE_CLOSE = 4503
"""The close code of a table socket whose server cannot reach its database or Redis."""

HTTP_CODES = {
    400: ErrorCode.BAD_REQUEST,
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    413: ErrorCode.TOO_LARGE,
}
"""The code of each refusal Starlette makes itself (a body it cannot read, an unknown path, a
method the path does not take, a body over the limit)."""

INTERNAL_MESSAGE = "something went wrong on the server; the error has been logged"


def outage(error: BaseException) -> str | None:
    """The service ``error`` says is unreachable (as :func:`unavailable_message`'s object), or
    None when it reports something else."""
    for kind, service in OUTAGES.items():
        if isinstance(error, kind):
            return service
    return None


def unavailable_message(service: str) -> str:
    """What the client is told while ``service`` is unreachable."""
    return f"the server cannot reach {service}; try again in a moment"


def refusal(
    refused: Refused, *, status: int | None = None, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The answer to a refused call: ``{"detail": {"code", "message"}}`` with its status; an
    ``unavailable`` one says when to try again (``Retry-After``): an outage or a busy server is
    passing (:mod:`.pressure`)."""
    if refused.code is ErrorCode.UNAVAILABLE and headers is None:
        headers = {"Retry-After": str(RETRY_AFTER)}
    return JSONResponse(
        {"detail": refused.to_json()}, status_code=status or refused.status, headers=headers
    )


def field_error(loc: Sequence[str | int], message: str) -> RequestValidationError:
    """The 422 error for one wrong field; raise it from an endpoint."""
    return RequestValidationError([{"loc": tuple(loc), "msg": message, "type": "value_error"}])


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers for refusals, bad input, outages and anything unexpected."""
    app.add_exception_handler(Refused, _refused)
    app.add_exception_handler(HTTPException, http_refusal)
    app.add_exception_handler(RequestValidationError, _validation_error)
    for kind, service in OUTAGES.items():
        # Starlette calls a handler with the request or the socket that raised; its type names
        # one handler per kind of connection, and this one takes both.
        app.add_exception_handler(kind, cast(ExceptionHandler, _unreachable(service)))
    app.add_exception_handler(Exception, _unexpected_error)


async def _refused(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return refusal(exc)


async def http_refusal(_request: Request, exc: Exception) -> Response:
    """The JSON answer to one of Starlette's own refusals (see :data:`HTTP_CODES`)."""
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, ErrorCode.BAD_REQUEST)
    return refusal(Refused(code, str(exc.detail)), status=exc.status_code, headers=exc.headers)


BAD_INPUT_STATUS = 422
"""The status of bad input (``bad_request`` with its ``fields``); a body that cannot be read at
all is the code's own 400."""


async def _validation_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    # Only where, why and what kind: the input itself is not echoed back.
    fields: list[JSONObject] = [
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
    message = "; ".join(f"{_where(field['loc'])}: {field['msg']}" for field in fields)
    detail = Refused(ErrorCode.BAD_REQUEST, message or "bad input").to_json()
    return JSONResponse({"detail": detail | {"fields": fields}}, status_code=BAD_INPUT_STATUS)


def _where(loc: object) -> str:
    # ["body", "bots", "1"] is "bots.1": where the field is, as its body or query names it.
    assert isinstance(loc, list)
    return ".".join(str(part) for part in loc[1:] or loc)


def _text(text: str) -> str:
    # A field name in "loc" comes from the client and may hold lone surrogates, which UTF-8
    # cannot encode; they become U+FFFD instead of failing the response.
    return _SURROGATE.sub("\ufffd", text)


def _message(text: str) -> str:
    # Pydantic words a validator's ValueError as "Value error, <message>".
    return text.removeprefix("Value error, ")


def _unreachable(
    service: str,
) -> Callable[[Request | WebSocket, Exception], Awaitable[Response | None]]:
    """The handler for an outage of ``service`` (named as the message's object), for REST calls
    and table sockets alike."""
    refused = Refused(ErrorCode.UNAVAILABLE, unavailable_message(service))

    async def handle(connection: Request | WebSocket, exc: Exception) -> Response | None:
        # One line without a traceback: the cause is outside the server, and the exception's
        # own message (an address, "connection refused") says which.
        method = connection.method if isinstance(connection, Request) else "WebSocket"
        log.warning(
            "unavailable in %s %s: %s: %s",
            method,
            redact(connection.url.path),
            type(exc).__name__,
            exc,
        )
        if isinstance(connection, WebSocket):
            await send_now(connection, ErrorFrame.of(refused))
            await close_quietly(connection, UNAVAILABLE_CLOSE, "unavailable")
            return None
        return refusal(refused)

    return handle


async def _unexpected_error(request: Request, exc: Exception) -> Response:
    # The server logs the traceback as well; this line says which request it was, without the
    # tokens a path may hold.
    log.error(
        "unexpected %s in %s %s", type(exc).__name__, request.method, redact(request.url.path)
    )
    return refusal(Refused(ErrorCode.INTERNAL, INTERNAL_MESSAGE))
