"""Which site a request comes from: the Origin check of the WebSocket handshake, and of the REST
calls that change something.

Browsers send cookies with a WebSocket handshake whatever page opened it, so without this check
any web site could open a socket to a table in its visitor's name (cross-site WebSocket
hijacking). A browser always says which page it comes from in ``Origin``; the socket is allowed
when that page is this server's own (the Origin's host and port are the request's ``Host``) or
one the operator listed (``PASUR_ALLOWED_ORIGINS``). Programs that are not browsers send no
``Origin`` and carry no one else's cookie, so they are allowed.

The same reasoning guards the REST calls that change something (:func:`from_another_site`, used by
:class:`pasur.server.http.middleware.CrossSiteGuard`): a modern browser says in ``Sec-Fetch-Site``
whether the page that sent a request is this server's own; an older one says it in ``Origin``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from urllib.parse import SplitResult, urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normalize_origin(text: str) -> str | None:
    """An origin as ``scheme://host[:port]``, lower case, without a default port; None if it is
    not one (``null``, a path, a user name, an unknown scheme)."""
    parts = _split(text.strip())
    if parts is None or parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    host, port = _host_port(parts)
    if host is None:
        return None
    shown = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{shown}" + ("" if port == DEFAULT_PORTS[parts.scheme] else f":{port}")


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str]) -> bool:
    """Whether a handshake with this ``Origin`` and ``Host`` header may open a socket.

    ``allowed`` holds origins as :func:`normalize_origin` writes them.
    """
    if origin is None:
        return True
    normal = normalize_origin(origin)
    if normal is None:
        return False
    if normal in allowed:
        return True
    parts = _split(normal)
    if parts is None or host is None:
        return False
    wanted = _host_port(parts)
    # The Host header has no scheme: its port, when absent, is the default of the page's scheme.
    asked = _host_port(urlsplit(f"{parts.scheme}://{host.strip()}"))
    return asked[0] is not None and asked == wanted


def from_another_site(headers: Mapping[str, str], allowed: Collection[str]) -> bool:
    """Whether a browser sent this request from a page of another site (cross-site request
    forgery, when the request changes something).

    ``headers`` are the request's, with lower-case names. ``Sec-Fetch-Site: same-origin`` (this
    server's page) or ``none`` (the person typed the address) is never another site; any other
    value is, unless ``Origin`` is one the operator listed. Without ``Sec-Fetch-Site`` (older
    browsers, programs), ``Origin`` is checked as for a socket: absent, it is not another site.
    """
    fetch_site = headers.get("sec-fetch-site")
    origin = headers.get("origin")
    if fetch_site is None:
        return not origin_allowed(origin, headers.get("host"), allowed)
    if fetch_site.strip().lower() in ("same-origin", "none"):
        return False
    normal = normalize_origin(origin) if origin is not None else None
    return normal is None or normal not in allowed


def _split(text: str) -> SplitResult | None:
    try:
        parts = urlsplit(text)
    except ValueError:
        return None
    if parts.scheme.lower() not in DEFAULT_PORTS or parts.username or parts.password:
        return None
    return parts._replace(scheme=parts.scheme.lower())


def _host_port(parts: SplitResult) -> tuple[str | None, int | None]:
    """The host (lower case) and port (the scheme's default when absent) of a URL."""
    try:
        port = parts.port
    except ValueError:  # not a number, or out of range
        return None, None
    host = parts.hostname
    if not host:
        return None, None
    return host, port if port is not None else DEFAULT_PORTS.get(parts.scheme)
