"""``pasur serve``: bad database URLs are one line and exit 2; a real server starts and stops.

Most tests run the command in this process with uvicorn replaced by a recorder; one starts the
real server in a child process on a free loopback port, uses it, and stops it with Ctrl+C.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from pasur.cli.main import run
from pasur.server.collector import CollectorPacing


@dataclasses.dataclass(frozen=True)
class Result:
    code: int
    stdout: str
    stderr: str


def pasur(*args: str, env: dict[str, str] | None = None) -> Result:
    out, err = io.StringIO(), io.StringIO()
    environ = {key: value for key, value in os.environ.items() if key != "PASUR_DB"}
    with (
        mock.patch.object(sys, "argv", ["pasur", *args]),
        mock.patch.dict(os.environ, {**environ, **(env or {})}, clear=True),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            run()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        else:
            code = 0
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What ``uvicorn.Server.run`` was asked to serve, which is replaced so that nothing is
    served: the app, the options and the address of the socket ``pasur serve`` bound."""
    calls: list[dict[str, Any]] = []

    def record(server: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        config = server.config
        assert sockets is not None
        (listening,) = sockets
        calls.append(
            {
                "app": config.app,
                "host": config.host,
                "port": config.port,
                "log_config": config.log_config,
                "proxy_headers": config.proxy_headers,
                "forwarded_allow_ips": config.forwarded_allow_ips,
                "timeout_keep_alive": config.timeout_keep_alive,
                "bound": listening.getsockname()[:2],
            }
        )
        server.started = True

    monkeypatch.setattr(uvicorn.Server, "run", record)
    return calls


def one_line_error(result: Result, *fragments: str) -> str:
    assert result.code == 2, result
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("pasur serve: "), line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


@pytest.mark.parametrize(
    ("url", "fragments"),
    [
        ("mysql://root:hunter2@db/pasur", ("--db: ", "'mysql' driver is not supported")),
        ("nonsense", ("--db: 'nonsense' is not a database URL",)),
        (
            "sqlite:///no/such/folder/pasur.db",
            ("--db: the folder 'no/such/folder' does not exist",),
        ),
        ("sqlite://", ("--db: an SQLite URL needs a file",)),
        (
            "postgresql://postgres:hunter2@127.0.0.1:1/test",
            ("--db: cannot open postgresql+asyncpg://postgres:***@127.0.0.1:1/test",),
        ),
    ],
)
def test_a_bad_db_url_is_one_line_and_exit_2(
    served: list[dict[str, Any]], url: str, fragments: tuple[str, ...]
) -> None:
    line = one_line_error(pasur("serve", "--db", url), *fragments)
    assert "hunter2" not in line
    assert served == []


def test_a_bad_pasur_db_is_named_as_such(served: list[dict[str, Any]]) -> None:
    one_line_error(pasur("serve", env={"PASUR_DB": "oracle://x"}), "PASUR_DB: ")


def test_serve_runs_uvicorn_on_the_app(served: list[dict[str, Any]], tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'scores.db'}"
    port = free_port()
    result = pasur("serve", "--host", "0.0.0.0", "--port", str(port), "--db", url)
    assert result.code == 0, result
    assert result.stdout.startswith(f"Pasur serves on http://0.0.0.0:{port}/ ")
    assert url in result.stdout
    (call,) = served
    assert (call["host"], call["port"]) == ("0.0.0.0", port)
    assert call["bound"] == ("0.0.0.0", port)
    app = call["app"]
    assert isinstance(app, FastAPI)
    assert app.state.settings.database_url == url
    # The command owns its process, so it paces the garbage collector (tests' apps do not).
    assert app.state.settings.collector == CollectorPacing()
    access = call["log_config"]["handlers"]["access"]
    assert access["filters"] == ["redact"]


def test_serve_defaults_to_pasur_db_here_unless_pasur_db_says_otherwise(
    served: list[dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with _taken_port(8000) as taken:
        if taken:  # pragma: no cover - another program holds 8000 on this machine
            pytest.skip("port 8000 is in use here, so the default cannot be served")
        assert pasur("serve").code == 0
    assert served[-1]["app"].state.settings.database_url == "sqlite+aiosqlite:///./pasur.db"
    assert (served[-1]["host"], served[-1]["port"]) == ("127.0.0.1", 8000)
    assert (tmp_path / "pasur.db").is_file()
    # Longer than clients keep idle connections (httpx: 5 s), so none is reset as it is reused.
    assert served[-1]["timeout_keep_alive"] > 60

    other = f"sqlite+aiosqlite:///{tmp_path / 'other.db'}"
    assert pasur("serve", "--port", str(free_port()), env={"PASUR_DB": other}).code == 0
    assert served[-1]["app"].state.settings.database_url == other


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _taken_port(port: int) -> Iterator[bool]:
    """Whether ``port`` on loopback is taken by another program right now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            yield True
            return
    yield False


@contextlib.contextmanager
def _listener(host: str = "127.0.0.1") -> Iterator[int]:
    """A port another program listens on for the duration."""
    with socket.socket() as other:
        other.bind((host, 0))
        other.listen()
        yield other.getsockname()[1]


def test_a_port_in_use_is_one_line_and_exit_2_before_serving(
    served: list[dict[str, Any]], tmp_path: Path
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    with _listener() as port:
        result = pasur("serve", "--port", str(port), "--db", url)
    line = one_line_error(result, f"port {port} is already in use", "--port")
    assert "Errno" not in line
    assert served == []


@pytest.mark.parametrize(
    ("host", "fragments"),
    [
        ("no-such-host.invalid", ("--host 'no-such-host.invalid'", "127.0.0.1", "0.0.0.0")),
        ("192.0.2.1", ("--host 192.0.2.1 is not an address of this computer",)),
    ],
)
def test_a_host_that_cannot_be_listened_on_is_one_line_and_exit_2(
    served: list[dict[str, Any]], tmp_path: Path, host: str, fragments: tuple[str, ...]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    result = pasur("serve", "--host", host, "--port", str(free_port()), "--db", url)
    one_line_error(result, *fragments)
    assert served == []


def test_a_real_server_on_a_port_in_use_says_so_before_any_serves_on_line(
    tmp_path: Path,
) -> None:
    """The command as a person runs it: nothing from uvicorn, no "serves on", exit 2."""
    with _listener() as port:
        done = subprocess.run(
            [
                *_command(),
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite+aiosqlite:///{tmp_path / 'p.db'}",
            ],
            capture_output=True,
            text=True,
            env={key: value for key, value in os.environ.items() if key != "PASUR_DB"},
            cwd=tmp_path,
            timeout=60,
        )
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert "serves on" not in done.stderr
    assert "startup complete" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"pasur serve: port {port} is already in use"), line


def _command() -> list[str]:
    return [
        sys.executable,
        "-c",
        "import sys; from pasur.cli.main import run; sys.argv[0] = 'pasur'; run()",
    ]


def test_a_real_server_starts_serves_and_shuts_down_gracefully(tmp_path: Path) -> None:
    port = free_port()
    url = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    command = [*_command(), "serve", "--port", str(port), "--db", url]
    env = {key: value for key, value in os.environ.items() if key != "PASUR_DB"}
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                health = httpx.get(f"{base}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, "the server exited before it answered"
                assert time.monotonic() < deadline, "the server did not answer in 30 s"
                time.sleep(0.2)
        assert health.json() == {"status": "ok"}
        created = httpx.post(f"{base}/api/tracker/sheets", json={"players": ["Ana", "Bahram"]})
        assert created.status_code == 201
        token = created.json()["edit_token"]
        assert httpx.get(f"{base}/api/tracker/sheets/{token}").status_code == 200
    finally:
        server.send_signal(signal.SIGINT)
        try:
            output, _ = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # pragma: no cover - only if shutdown hangs
            server.kill()
            output, _ = server.communicate()
    assert server.returncode == 0, output
    assert f"Pasur serves on http://127.0.0.1:{port}/" in output
    assert "Application shutdown complete" in output
    assert "GET /api/tracker/sheets/*** HTTP/1.1" in output
    assert token not in output
