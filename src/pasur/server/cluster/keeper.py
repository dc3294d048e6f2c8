"""The lease keeper: a small process beside each server process that renews its table leases.

Why a process of its own. A lease lasts 2 s and is renewed every quarter of that, so a dead
server's tables go on within about 2.5 s. Renewing on the server's event loop, or on a thread of
the server, cost a busy server its tables: a loop behind on its work runs the renewal late, and
a thread needs the GIL, which the server's compiled code (the rules engine under a bot's search,
a hint, a review) holds for up to 0.7 s at a time on a loaded machine, with no switch in between
(measured; ``docs/deploy.md``). The keeper is scheduled by the operating system alone, and it
runs this module with nothing but the standard library (``python -I -S keeper.py``), so it starts
in 0.1 to 0.25 s and takes about 17 MB: the third-party Redis client's import alone takes a
second and 30 MB (measured on a loaded 2-core machine). It speaks the little of Redis's protocol
it needs (:class:`Redis`).

It also notices its server's death at once. The server writes to the keeper's standard input; the
operating system closes that pipe when the server exits, however it exits (``kill -9``, a crash,
the out-of-memory killer). On end of input the keeper gives up every lease its server held and
exits, so the other servers take the tables at their next look (every half second), not when the
leases run out. Only when the whole machine is lost (the keeper with it) do the leases run out.

Its input, one line each: a JSON object first (the Redis URL, the key prefix, the server's process
id, the lease's seconds, the stall limit), then ``+TABLE`` (a lease taken: renew it), ``-TABLE``
(a lease given up or lost: renew it no more) and ``.`` (the server's event loop runs). Its output:
``ready`` once it has reached Redis (or ``unreachable REASON``, and it exits), then ``lost TABLE``
for each lease it found held by another process, or by nobody (it ran out). Its warnings go to
standard error, the server's log. It ignores SIGINT and SIGTERM (Ctrl+C reaches the
whole process group): a server that stops gracefully closes the keeper's input after its last
step is stored.

A server whose event loop is stuck must not keep its tables forever: the keeper renews nothing
while it has not heard a ``.`` for the stall limit (10 s), so the leases run out and another
server takes the tables. A paused server (SIGSTOP, a suspended machine) is stuck the same way.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import ssl
import sys
import time
from collections.abc import Sequence
from typing import Any, BinaryIO
from urllib.parse import parse_qs, unquote, urlsplit

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""
"""Extend each lease of ``KEYS`` that ``ARGV[1]`` holds by ``ARGV[2]`` milliseconds; the answer is
the positions (from 1) of the keys it holds no more."""

RELEASE = """
local released = 0
for _, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    released = released + redis.call('del', key)
  end
end
return released
"""
"""Delete each lease of ``KEYS`` that ``ARGV[1]`` holds (never one another process took after
it ran out); the answer is how many were deleted."""

CHUNK = 1000
"""Leases renewed or released by one call of a script (several calls go in one pipeline), so that
Redis, which runs a script alone, is never held up by one for long."""


class ReplyError(Exception):
    """Redis answered a command with an error."""


Reply = int | bytes | str | list["Reply"] | ReplyError | None
"""An answer from Redis; an error answer is a :class:`ReplyError`, returned rather than raised so
that the answers after it in a pipeline are still read."""


class Redis:
    """One connection to the Redis at a ``redis://``, ``rediss://`` or ``unix://`` URL (with its
    user, password and database, and for TLS the ``ssl_cert_reqs``, ``ssl_ca_certs`` and
    ``ssl_check_hostname`` options the server's own client reads from the URL too), for pipelined
    commands; every wait is at most ``timeout``."""

    def __init__(self, url: str, timeout: float) -> None:
        self._url = urlsplit(url)
        self._options = {name: values[0] for name, values in parse_qs(self._url.query).items()}
        self._timeout = timeout
        self._socket: socket.socket | None = None
        self._reader: BinaryIO | None = None

    def pipeline(self, commands: Sequence[Sequence[str | int]]) -> list[Reply]:
        """Send the commands together and read their answers (connecting first if need be)."""
        reader = self._reader or self._connect()
        assert self._socket is not None
        self._socket.sendall(b"".join(_encode(command) for command in commands))
        return [_read(reader) for _ in commands]

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        self._socket = self._reader = None

    def _connect(self) -> BinaryIO:
        url = self._url
        if url.scheme == "unix":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(self._timeout)
            sock.connect(unquote(url.path))
        else:
            host = url.hostname or "localhost"
            sock = socket.create_connection((host, url.port or 6379), self._timeout)
            if url.scheme == "rediss":
                sock = self._tls().wrap_socket(sock, server_hostname=host)
        reader = sock.makefile("rb")
        self._socket, self._reader = sock, reader
        hello: list[list[str | int]] = []
        if url.password:
            user = [unquote(url.username)] if url.username else []
            hello.append(["AUTH", *user, unquote(url.password)])
        # The database: ?db=N, else the path of a redis:// URL (/N), else 0.
        path = "" if url.scheme == "unix" else url.path.strip("/")
        hello.append(["SELECT", self._options.get("db", path or "0")])
        try:
            for answer in self.pipeline(hello):
                if isinstance(answer, ReplyError):
                    raise answer
        except (OSError, ReplyError):
            self.close()
            raise
        return reader

    def _tls(self) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=self._options.get("ssl_ca_certs"))
        if self._options.get("ssl_check_hostname", "").lower() in ("false", "no", "0"):
            context.check_hostname = False
        required = self._options.get("ssl_cert_reqs", "required").lower()
        if required == "none":
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        elif required == "optional":
            context.verify_mode = ssl.CERT_OPTIONAL
        return context


def _encode(command: Sequence[str | int]) -> bytes:
    parts = [str(part).encode() for part in command]
    bulks = (b"$%d\r\n%s\r\n" % (len(part), part) for part in parts)
    return b"*%d\r\n" % len(parts) + b"".join(bulks)


def _read(reader: BinaryIO) -> Reply:
    """One answer."""
    line = reader.readline()
    if not line.endswith(b"\r\n"):
        raise ConnectionError("Redis closed the connection")
    kind, rest = line[:1], line[1:-2]
    if kind == b"+":
        return rest.decode()
    if kind == b"-":
        return ReplyError(rest.decode())
    if kind == b":":
        return int(rest)
    if kind == b"$":
        size = int(rest)
        return None if size < 0 else reader.read(size + 2)[:-2]
    if kind == b"*":
        size = int(rest)
        return None if size < 0 else [_read(reader) for _ in range(size)]
    raise ConnectionError(f"not an answer from Redis: {line[:40]!r}")


class Keeper:
    """The leases of one server process, renewed from here."""

    def __init__(self, config: dict[str, Any], output: BinaryIO) -> None:
        self.owner = str(config["owner"])
        self.prefix = str(config["prefix"])
        self.ttl = float(config["ttl"])
        self.stall_limit = float(config["stall_limit"])
        self.redis = Redis(str(config["url"]), timeout=self.ttl / 4)
        self.output = output
        self.held: set[str] = set()
        self.heard = time.monotonic()
        """When the server's event loop last said it runs."""
        self.trouble: str | None = None

    def hear(self, line: str) -> None:
        """One line from the server."""
        self.heard = time.monotonic()
        if line.startswith("+"):
            self.held.add(line[1:])
        elif line.startswith("-"):
            self.held.discard(line[1:])

    def renew(self) -> None:
        """Renew every lease held (unless the server's loop is stuck); report those lost."""
        if not self.held:
            return
        stalled = time.monotonic() - self.heard
        if stalled > self.stall_limit:
            self.troubled(f"the server has not run for {stalled:.0f} s; its leases run out")
            return
        tables = sorted(self.held)
        try:
            answers = self.call(RENEW, tables, [self.owner, max(1, round(self.ttl * 1000))])
        except (OSError, ReplyError) as error:
            self.troubled(f"could not renew {len(tables)} leases: {error}")
            return
        self.troubled(None)
        lost = [
            chunk[position - 1]
            for chunk, answer in answers
            if isinstance(answer, list)
            for position in answer
            if isinstance(position, int)
        ]
        if lost:
            self.held.difference_update(lost)
            self.output.write(b"".join(f"lost {table_id}\n".encode() for table_id in lost))
            self.output.flush()

    def release(self) -> None:
        """Give every lease held up (the server has exited)."""
        if self.held:
            try:
                self.call(RELEASE, sorted(self.held), [self.owner])
            except (OSError, ReplyError) as error:
                warn(self.owner, f"could not give {len(self.held)} leases up: {error}")

    def call(
        self, script: str, tables: list[str], args: list[str | int]
    ) -> list[tuple[list[str], Reply]]:
        """Run ``script`` over the leases of ``tables`` a chunk at a time, in one round trip: each
        chunk of tables with the script's answer for it.

        Raises:
            OSError: Redis could not be reached (the connection is opened again next time).
            ReplyError: Redis refused the script.
        """
        chunks = [tables[start : start + CHUNK] for start in range(0, len(tables), CHUNK)]
        commands = [
            ["EVAL", script, len(chunk), *(f"{self.prefix}lease:{t}" for t in chunk), *args]
            for chunk in chunks
        ]
        try:
            answers = self.redis.pipeline(commands)
        except OSError:
            self.redis.close()
            raise
        for answer in answers:
            if isinstance(answer, ReplyError):
                raise answer
        return list(zip(chunks, answers, strict=True))

    def troubled(self, trouble: str | None) -> None:
        """Warn when a trouble starts, and say when it ends."""
        if trouble is not None and self.trouble is None:
            warn(self.owner, trouble)
        elif trouble is None and self.trouble is not None:
            warn(self.owner, "renews the leases again")
        self.trouble = trouble


def warn(owner: str, message: str) -> None:
    print(f"WARNING:  lease keeper of process {owner}: {message}", file=sys.stderr, flush=True)


def main() -> None:
    """Keep the leases of the server on the other end of standard input until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    server = Lines(sys.stdin.buffer.fileno())
    lines: list[str] = []
    while not lines:
        more = server.read()
        if more is None:
            return
        lines = more
    keeper = Keeper(json.loads(lines[0]), sys.stdout.buffer)
    try:  # the server waits for this answer before it starts
        keeper.redis.pipeline([])  # connects, logs in, selects the database
    except (OSError, ReplyError) as error:
        answer = f"unreachable {error}\n".encode()
    else:
        answer = b"ready\n"
    sys.stdout.buffer.write(answer)
    sys.stdout.buffer.flush()
    if answer != b"ready\n":
        return
    for line in lines[1:]:
        keeper.hear(line)
    every = keeper.ttl / 4
    listening = selectors.DefaultSelector()
    listening.register(server.source, selectors.EVENT_READ)
    due = time.monotonic() + every
    try:
        while True:
            if listening.select(max(0.0, due - time.monotonic())):
                more = server.read()
                if more is None:
                    break  # the server has exited, or stopped
                for line in more:
                    keeper.hear(line)
            if time.monotonic() >= due:
                keeper.renew()
                due = max(due + every, time.monotonic())
    except BrokenPipeError:
        pass  # the server's end is gone: it has exited
    keeper.release()


class Lines:
    """The lines the server writes, as they come."""

    def __init__(self, source: int) -> None:
        self.source = source
        self._pending = b""

    def read(self) -> list[str] | None:
        """The lines completed by one read (perhaps none); None at the end of the input."""
        chunk = os.read(self.source, 65536)
        if not chunk:
            return None
        *lines, self._pending = (self._pending + chunk).split(b"\n")
        return [line.decode() for line in lines]


if __name__ == "__main__":
    main()
