"""``pasur serve``: run the web server (online play, the score tracker, their API) with uvicorn.

The server is imported only when this command runs, so the other commands start without
loading FastAPI and SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import errno
import ipaddress
import socket
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pasur.cli.common import UsageError
from pasur.cli.db import DbOption, prepare, run_on_database, server_settings

if TYPE_CHECKING:
    from pasur.server.settings import ServerSettings


KEEP_ALIVE = 75
"""Seconds an idle HTTP connection is kept open. uvicorn's default, 5 s, is also how long httpx
(and other clients) keep an idle connection for reuse: a request sent on one as the server closed
it was reset unread (``httpx.ReadError``, seen as a join's closed connection in
``benchmarks/load.py``). Clients must give a connection up before the server does; 75 s is
longer than the idle timeouts of common load balancers (60 s), which must be shorter than this
(docs/deploy.md)."""


def serve(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on.", metavar="ADDRESS")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)
    ] = 8000,
    db: DbOption = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            help="Share the tables with other pasur serve processes through this Redis "
            "(redis://HOST:6379/0); default: PASUR_REDIS_URL, else this process alone.",
            metavar="URL",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address players reach this server by (https://pasur.example, behind a "
            "reverse proxy): invite links start with it; default: $PASUR_PUBLIC_URL, else the "
            "address each request came to.",
            metavar="URL",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="Behind a reverse proxy: believe X-Forwarded-For and X-Forwarded-Proto from "
            "these addresses only (comma-separated IPs or networks such as 10.0.0.0/8, or * for "
            "any); default: from nobody, so every connection counts as its own address.",
            metavar="LIST",
        ),
    ] = None,
) -> None:
    """Run the web server: online play at /, the score tracker at /tracker, OpenAPI at /docs."""
    import uvicorn

    from pasur.server.app import create_app
    from pasur.server.collector import CollectorPacing
    from pasur.server.settings import WS_MAX_MESSAGE

    proxies = _proxies(forwarded_allow_ips) if forwarded_allow_ips is not None else []
    settings, source = server_settings(db, host=host, port=port, public_url=public_url)
    # This process is the server's own: pace its garbage collector for short pauses.
    settings = dataclasses.replace(settings, collector=CollectorPacing())
    if redis is not None or settings.redis_url is not None:
        settings = dataclasses.replace(settings, redis_url=_check_redis(redis, settings.redis_url))
    # Migrate before serving (the app's start-up then has nothing left to do), so that a wrong
    # URL or a database that cannot be migrated is one line, not a traceback.
    run_on_database(settings, source, prepare)

    # Listen before saying so: a port in use or an address this computer does not have is one
    # line and exit 2 here, not "serves on" followed by uvicorn's error and exit 3.
    listening = _listen(host, port)
    shown_host = f"[{host}]" if ":" in host else host
    typer.echo(
        f"Pasur serves on http://{shown_host}:{port}/ "
        f"(database {settings.safe_database_url}"
        f"{', tables shared through Redis' if settings.redis_url else ''}); press Ctrl+C to stop."
    )
    typer.echo(_who_can_join(settings))
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        log_config=_log_config(),
        timeout_graceful_shutdown=10,
        timeout_keep_alive=KEEP_ALIVE,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: any local process
        # could then spread its sockets over invented addresses and pass the limits per address.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        # Frames are a few hundred bytes: compressing them cost each socket a zlib state, about
        # half the server's memory per socket, and CPU per frame (docs/performance.md).
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_MESSAGE,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles Ctrl+C itself
        pass
    finally:
        listening.close()
    if not server.started:
        # The application failed to start (uvicorn has logged why): exit as uvicorn.run does.
        sys.exit(3)


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, as uvicorn would bind it, for uvicorn to serve on.

    Raises:
        UsageError: the address does not resolve, is not this computer's, or the port is taken
            or needs privileges; the message says how to fix it.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
    except OSError as error:
        listening.close()
        raise UsageError(_bind_problem(host, port, error)) from None
    listening.set_inheritable(True)
    return listening


def _bind_problem(host: str, port: int, error: OSError) -> str:
    """Why ``host:port`` cannot be listened on, and what to do instead, in one line."""
    if isinstance(error, socket.gaierror):
        return (
            f"--host {host!r} is not an address this computer can find; use 127.0.0.1 (this "
            "computer only), 0.0.0.0 (every network) or one of this computer's addresses"
        )
    if error.errno == errno.EADDRINUSE:
        return (
            f"port {port} is already in use on {host} (another pasur serve?); stop that "
            "program or choose another port with --port"
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return (
            f"--host {host} is not an address of this computer; use 127.0.0.1 (this computer "
            "only), 0.0.0.0 (every network) or one of this computer's addresses"
        )
    if error.errno == errno.EACCES:
        return f"port {port} needs administrator rights; choose a port above 1023 with --port"
    return f"cannot listen on {host}:{port}: {error.strerror or error}"


def _who_can_join(settings: ServerSettings) -> str:
    """Who can open the invite links this server writes (``docs/protocol.md``, 3a: invites)."""
    from pasur.server.play.invites import is_loopback

    if settings.public_url is not None:
        return f"Invite links start with {settings.public_url}."
    if is_loopback(settings.host):
        return (
            "Invite links open on this machine only; to play with other devices on your "
            "network, serve with --host 0.0.0.0."
        )
    return "Invite links open on the devices of your network."


def _proxies(text: str) -> list[str]:
    """The entries of ``--forwarded-allow-ips``: ``*``, IP addresses or networks.

    Raises:
        UsageError: an entry is none of these (uvicorn would take it for a socket path and
            quietly trust nobody it names).
    """
    entries = [entry.strip() for entry in text.split(",")]
    for entry in entries:
        if entry == "*":
            continue
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise UsageError(
                f"--forwarded-allow-ips: {entry[:60]!r} is not an IP address or network "
                "(write a list such as 127.0.0.1,10.0.0.0/8, or *)"
            ) from None
    return entries


def _check_redis(option: str | None, env: str | None) -> str:
    """The Redis URL to use, once Redis answers a PING (else one line, not a traceback)."""
    from redis.asyncio import Redis

    from pasur.server.settings import REDIS_ENV, redis_url

    source = "--redis" if option is not None else REDIS_ENV
    try:
        url = redis_url(option if option is not None else env or "")
    except ValueError as error:
        raise UsageError(f"{source}: {error}") from None

    async def ping() -> None:
        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except Exception as error:
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        raise UsageError(f"{source}: Redis does not answer: {reason}") from None
    return url


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, with link tokens cut out of the access log and pasur's own lines."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": "pasur.server.http.logs.RedactTokens"}
    config["handlers"]["access"]["filters"] = ["redact"]
    config["loggers"]["pasur"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
