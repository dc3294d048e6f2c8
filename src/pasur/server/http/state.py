"""The objects the application shares with its routes, read from ``app.state`` with their types.

:func:`pasur.server.app.create_app` puts each shared object (the table manager, the stores, the
guests' signer …) on ``app.state`` once; a route or a socket reads it back with :func:`shared`,
which says what type it must be, so the type checker knows it and a wiring mistake fails loudly.
"""

from __future__ import annotations

from typing import TypeVar

from starlette.requests import HTTPConnection

T = TypeVar("T")


def shared(connection: HTTPConnection, name: str, kind: type[T]) -> T:
    """``app.state.<name>`` of the application serving ``connection`` (a request or a socket).

    Raises:
        TypeError: the application put something else there.
    """
    found = getattr(connection.app.state, name)
    if not isinstance(found, kind):
        raise TypeError(f"app.state.{name} is a {type(found).__name__}, not a {kind.__name__}")
    return found
