"""How a server is set up: where its database is, where it listens, which web folder it serves.

The database URL comes from ``--db``, else the ``PASUR_DB`` environment variable, else the file
``pasur.db`` in the working directory. Only drivers that work under asyncio are accepted; the
plain forms ``sqlite:///FILE`` and ``postgresql://…`` are read as their asyncio drivers.

The table socket's limits (:class:`Limits`) and the web pages allowed to open it besides the
server's own (``PASUR_ALLOWED_ORIGINS``, comma-separated) are settings too, so tests can use
small values.

Invite links start with the public URL when one is given (``--public-url``, else
``PASUR_PUBLIC_URL``): the address players reach the server by through a reverse proxy.

Several processes share the tables through Redis when a Redis URL is given (``--redis``, else
``PASUR_REDIS_URL``); ``PASUR_REDIS_PREFIX`` starts every key and channel name (so deployments,
or test runs, can share one Redis), and ``PASUR_LEASE_TTL`` is how many seconds a table's lease
lasts: how long the tables of a lost machine wait (a process that dies gives its leases up at
once; ``docs/deploy.md``, "Failover within 3 s").
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from pasur.server.collector import CollectorPacing
from pasur.server.http.origin import normalize_origin
from pasur.server.http.rate_limit import Rate

log = logging.getLogger("pasur.server")

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./pasur.db"
"""The file ``pasur.db`` in the working directory."""

DATABASE_ENV = "PASUR_DB"
"""The environment variable that overrides the default database URL."""

ORIGINS_ENV = "PASUR_ALLOWED_ORIGINS"
"""Web pages (origins, comma-separated) besides the server's own that may open table sockets."""

PUBLIC_URL_ENV = "PASUR_PUBLIC_URL"
"""The address players reach the server by (``https://pasur.example``), for invite links."""

REDIS_ENV = "PASUR_REDIS_URL"
REDIS_PREFIX_ENV = "PASUR_REDIS_PREFIX"
LEASE_TTL_ENV = "PASUR_LEASE_TTL"
DEFAULT_LEASE_TTL = 2.0
"""Seconds: a lost machine's tables go on within about 2.5 s, and a process's lease keeper has
1.5 s to renew its leases in (``docs/deploy.md``, "Failover within 3 s")."""

WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
"""The web client's files, installed with the package (``src/pasur/web``)."""

_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "sqlite+aiosqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
    "postgresql+asyncpg": "postgresql+asyncpg",
}
_EXAMPLES = "sqlite+aiosqlite:///FILE or postgresql+asyncpg://USER@HOST/DATABASE"


class DatabaseURLError(ValueError):
    """A database URL the server cannot use; the message says why (and never shows a password)."""


class PublicURLError(ValueError):
    """A public URL that is not an origin; the message names where it came from."""


WS_MAX_MESSAGE = 64 * 1024
"""The largest WebSocket message ``pasur serve`` reads, in bytes: a bigger one closes the socket
(1009) before it is held in memory whole. Frames up to this size that are over the protocol's
4 KiB are still read, and answered ``bad_frame`` like any other bad frame; without this bound the
server would read up to 16 MiB per message on every socket."""

SEAT_FRAMES = Rate(100, 20.0)
SPECTATOR_FRAMES = Rate(50, 20.0)
CHAT_LINES = Rate(5, 10.0)
HINTS = Rate(1, 2.0)
CONNECTS = Rate(60, 60.0)


@dataclasses.dataclass(frozen=True, slots=True)
class Limits:
    """How much one table socket, and one remote address, may do (``docs/protocol.md`` 2)."""

    seat_frames: Rate = SEAT_FRAMES
    """Frames of any type from a seat's socket."""
    spectator_frames: Rate = SPECTATOR_FRAMES
    """Frames of any type from a spectator's socket."""
    chat: Rate = CHAT_LINES
    """Chat lines from one socket."""
    hints: Rate = HINTS
    """Hint requests from one socket."""
    abuse_factor: int = 3
    """Refused frames per frame window, as a multiple of the window's size, before the socket is
    closed."""
    sockets_per_address: int = 20
    """Table sockets one address may hold open at once."""
    connects_per_address: Rate = CONNECTS
    """New table sockets one address may open."""


@dataclasses.dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything :func:`pasur.server.app.create_app` and ``pasur serve`` need to know."""

    database_url: str = DEFAULT_DATABASE_URL
    """An SQLAlchemy URL with an asyncio driver (see :func:`database_url`)."""
    host: str = "127.0.0.1"
    """The address to listen on."""
    port: int = 8000
    """The TCP port to listen on."""
    web_root: Path = WEB_ROOT
    """The folder served at ``/static``; its ``tracker.html`` is the tracker page."""
    limits: Limits = Limits()
    """The table socket's rate limits."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) besides the server's own whose pages may open table
    sockets, as :func:`pasur.server.http.origin.normalize_origin` writes them (:meth:`from_env`
    adds the public URL)."""
    public_url: str | None = None
    """The origin players reach the server by (``https://pasur.example``), which invite links
    start with; None: the address each request reached the server by."""
    redis_url: str | None = None
    """Redis, for several processes sharing the tables (None: this process owns every table)."""
    redis_prefix: str = "pasur:"
    """The start of every Redis key and channel name."""
    lease_ttl: float = DEFAULT_LEASE_TTL
    """Seconds a table's lease lasts unless its owner renews it (every quarter of it)."""
    collector: CollectorPacing | None = None
    """How the process's garbage collector is paced (:mod:`pasur.server.collector`); ``pasur
    serve`` sets it, since it owns its process. None leaves the collector as it is."""

    @classmethod
    def from_env(
        cls,
        *,
        db: str | None = None,
        host: str = "127.0.0.1",
        port: int = 8000,
        public_url: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> ServerSettings:
        """Settings with the database URL chosen by ``db``, else ``PASUR_DB``, else the default,
        and the public URL ``public_url``, else ``PASUR_PUBLIC_URL``, else none.

        The allowed origins come from ``PASUR_ALLOWED_ORIGINS`` (and the public URL); an entry
        that is not an origin is left out with a warning in the log (leaving it out can only
        refuse more pages).

        Raises:
            DatabaseURLError: the chosen URL cannot be used.
            PublicURLError: the public URL is not an origin.
        """
        env = os.environ if environ is None else environ
        chosen = db or env.get(DATABASE_ENV) or DEFAULT_DATABASE_URL
        source = "--public-url" if public_url is not None else PUBLIC_URL_ENV
        public = public_origin(
            source, public_url if public_url is not None else env.get(PUBLIC_URL_ENV)
        )
        origins = allowed_origins(env.get(ORIGINS_ENV, ""))
        return cls(
            database_url=database_url(chosen).render_as_string(hide_password=False),
            host=host,
            port=port,
            public_url=public,
            allowed_origins=(*origins, public) if public and public not in origins else origins,
            redis_url=env.get(REDIS_ENV) or None,
            redis_prefix=env.get(REDIS_PREFIX_ENV) or "pasur:",
            lease_ttl=lease_ttl(env.get(LEASE_TTL_ENV, "")),
        )

    @property
    def safe_database_url(self) -> str:
        """The database URL with any password masked, for messages and logs."""
        return database_url(self.database_url).render_as_string(hide_password=True)


def allowed_origins(text: str) -> tuple[str, ...]:
    """The origins of ``PASUR_ALLOWED_ORIGINS``, normalized; entries that are not origins are
    logged and left out."""
    origins = []
    for entry in text.split(","):
        if not entry.strip():
            continue
        normal = normalize_origin(entry)
        if normal is None:
            log.warning(
                "%s: %r is not an origin such as https://example.org; ignored",
                ORIGINS_ENV,
                entry.strip()[:100],
            )
            continue
        origins.append(normal)
    return tuple(origins)


def public_origin(source: str, text: str | None) -> str | None:
    """The public URL as an origin (``https://pasur.example``), or None when none is given.

    Raises:
        PublicURLError: ``text`` is not an http or https origin (no path, query or user).
    """
    if text is None or not text.strip():
        return None
    normal = normalize_origin(text)
    if normal is None or not normal.startswith(("http://", "https://")):
        raise PublicURLError(
            f"{source}: {text.strip()[:80]!r} is not the address of a site, such as "
            "https://pasur.example (a scheme and a host, and a port if need be; no path)"
        )
    return normal


def lease_ttl(text: str) -> float:
    """``PASUR_LEASE_TTL`` in seconds (0.5 to 300), or the default 2 when unset or unusable."""
    if not text.strip():
        return DEFAULT_LEASE_TTL
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0.5 <= seconds <= 300:
        log.warning(
            "%s: %r is not a number of seconds from 0.5 to 300; %g is used",
            LEASE_TTL_ENV,
            text[:40],
            DEFAULT_LEASE_TTL,
        )
        return DEFAULT_LEASE_TTL
    return seconds


def redis_url(text: str) -> str:
    """Check a Redis URL's form (``redis://HOST:PORT/DB``, ``rediss://`` or ``unix://``).

    Raises:
        ValueError: not a Redis URL; the message says what is expected.
    """
    text = text.strip()
    if not text.startswith(("redis://", "rediss://", "unix://")) or len(text) > 500:
        # Not shown back: a mistyped URL may still hold a password.
        raise ValueError("not a Redis URL; write redis://HOST:6379/0 (or rediss://, unix://)")
    return text


def database_url(text: str) -> URL:
    """Read a database URL and choose its asyncio driver.

    Raises:
        DatabaseURLError: the text is not a URL, or names a database this server does not support.
    """
    try:
        url = make_url(text.strip())
    except (ArgumentError, ValueError):
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise DatabaseURLError(f"{shown!r} is not a database URL; write {_EXAMPLES}") from None
    driver = _DRIVERS.get(url.drivername)
    if driver is None:
        raise DatabaseURLError(
            f"{url.render_as_string(hide_password=True)!r}: the {url.drivername!r} driver is not "
            f"supported; write {_EXAMPLES}"
        )
    url = url.set(drivername=driver)
    if driver.startswith("sqlite") and url.database in (None, "", ":memory:"):
        raise DatabaseURLError(
            "an SQLite URL needs a file, as in sqlite+aiosqlite:///./pasur.db "
            "(an in-memory database would be lost at every restart)"
        )
    return url


def sqlite_file(url: URL) -> Path | None:
    """The file of an SQLite database URL, or None for any other database."""
    if not url.drivername.startswith("sqlite") or not url.database:
        return None
    return Path(url.database)
