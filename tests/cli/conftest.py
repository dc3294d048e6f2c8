"""Two ways to run the ``pasur`` command in tests, both through its real entry point.

``pasur(*args)`` calls :func:`pasur.cli.main.run` in this process with ``sys.argv`` set, and
captures stdout, stderr and the exit status: the same code path as the installed script, fast
enough to run a hundred times. ``pasur_script(*args)`` runs the installed ``pasur`` script (the one
beside the running interpreter) in a separate process, exactly as a user types it; the entry-point
tests use it to show that the two agree.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from pasur.cli.main import run

ENV = {"COLUMNS": "100", "NO_COLOR": "1"}
"""A fixed terminal width for Rich, so text output does not depend on the machine."""


@dataclasses.dataclass(frozen=True)
class Result:
    """What one run of the command produced."""

    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        """The JSON document on stdout of a successful run."""
        assert self.code == 0, (self.code, self.stderr)
        assert self.stderr == ""
        return json.loads(self.stdout)

    def assert_one_line_error(self, command: str, *fragments: str) -> str:
        """Exit 2, nothing on stdout, exactly one line ``pasur COMMAND: ...`` on stderr."""
        assert self.code == 2, (self.code, self.stdout, self.stderr)
        assert "Traceback" not in self.stderr
        assert self.stdout == ""
        lines = self.stderr.splitlines()
        assert len(lines) == 1, self.stderr
        assert self.stderr.endswith("\n")
        line = lines[0]
        assert line.startswith(f"pasur {command}: "), line
        for fragment in fragments:
            assert fragment in line, (fragment, line)
        return line


def _run_in_process(*args: str) -> Result:
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sys, "argv", ["pasur", *args]),
        mock.patch.dict(os.environ, ENV),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        try:
            run()
        except SystemExit as done:
            status = done.code
        else:
            status = 0
    if status is None:
        status = 0
    elif not isinstance(status, int):
        # sys.exit("text") prints the text and exits 1; nothing in pasur should do this.
        err.write(f"{status}\n")
        status = 1
    return Result(status, out.getvalue(), err.getvalue())


@pytest.fixture(scope="session")
def pasur() -> Callable[..., Result]:
    """``pasur(*args)``: run the command in this process and return a :class:`Result`."""
    return _run_in_process


def _find_script() -> str:
    beside = Path(sys.executable).with_name("pasur")
    if beside.is_file():
        return str(beside)
    found = shutil.which("pasur")
    if found is None:
        pytest.fail("no 'pasur' script beside the interpreter or on PATH: install the project")
    return found


@pytest.fixture(scope="session")
def pasur_script() -> Callable[..., Result]:
    """``pasur_script(*args)``: run the installed script in a new process."""
    script = _find_script()
    env = {**os.environ, **ENV, "PYTHONIOENCODING": "utf-8"}

    def run_script(*args: str) -> Result:
        done = subprocess.run(
            [script, *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )
        return Result(done.returncode, done.stdout, done.stderr)

    return run_script
