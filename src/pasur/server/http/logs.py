"""Logging without secrets: link tokens are cut out of every path the server logs.

A sheet's edit token is the key to changing it, so it must not end up in an access log. Tokens are
long runs of URL-safe characters (32 for ``secrets.token_urlsafe(24)``); :func:`redact` replaces
any run of 24 or more that follows a ``/`` or ``=`` with ``***``.
"""

from __future__ import annotations

import logging
import re

_TOKEN_IN_PATH = re.compile(r"(?<=[/=])[A-Za-z0-9_-]{24,}")


def redact(path: str) -> str:
    """``path`` with anything that looks like a token replaced by ``***``."""
    return _TOKEN_IN_PATH.sub("***", path)


class RedactTokens(logging.Filter):
    """A filter for uvicorn's access log (whose third argument is the request path)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg for arg in args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True
