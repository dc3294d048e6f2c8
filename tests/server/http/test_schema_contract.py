"""The OpenAPI document is the contract: Schemathesis, with every check and every phase (its
examples, the schema's edges, random requests and chains of calls), finds no request the
document allows that the server refuses for a reason the document does not carry, no status or
body the document does not declare, and no 500, against a real ``pasur serve`` on SQLite.

The run is bounded (``schemathesis.toml``: a fixed number of examples per operation, one seed,
the same cases every time) and made as a guest from the server's own page (the guest cookie and
``Origin``), as the web client calls the API. Which refusals are rules beyond the schema is
``schema_contract_hooks.RULES``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from process_support import Server, launch, stop, wait_until_up

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "schemathesis.toml"
TIMEOUT = 300.0
"""Seconds after which the run is stopped as hung (it takes about 20 on an idle machine)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = launch(f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}", tmp_path / "server.log")
    try:
        wait_until_up(running)
        yield running
    finally:
        stop([running])


def test_every_request_the_document_allows_is_answered_as_it_says(
    server: Server, tmp_path: Path
) -> None:
    cookie = httpx.post(f"{server.base}/api/guest", json={"name": "Schemathesis"}).cookies
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(CONFIG),
        "run",
        f"{server.base}/openapi.json",
        "--checks",
        "all",
        "--no-color",
        "--header",
        f"Cookie: pasur_guest={cookie['pasur_guest']}",
        "--header",
        f"Origin: {server.base}",
    ]
    env = os.environ | {"PYTHONPATH": str(HERE)}
    run = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=TIMEOUT
    )
    report = run.stdout[-20_000:] + run.stderr[-5_000:]
    assert run.returncode == 0, f"{report}\n\nthe server's log:\n{server.output()}"
