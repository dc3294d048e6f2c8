"""A ``pasur serve`` of this checkout for the browser benchmarks: on a free port, on a scratch
SQLite file, answered ``/healthz`` before the benchmark starts, stopped after it."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = os.environ.get("PASUR_CHROMIUM") or "/usr/bin/chromium"
"""The browser the benchmarks drive: the system's Chromium, or $PASUR_CHROMIUM, as the browser
tests do."""


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """The server's base address while the block runs; its database is ``folder``/b.db."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-c", "from pasur.cli.main import run; run()", "serve"]
    command += ["--port", str(port), "--db", f"sqlite+aiosqlite:///{folder / 'b.db'}"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
