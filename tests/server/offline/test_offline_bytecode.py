"""The engine's bytecode, as the worker makes and keeps it (pasur.server.offline.bytecode), run
here on CPython: unpacked over the sources, imports take it and never read the sources again."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

from pasur.server.offline.bytecode import compiled
from pasur.server.offline.engine import engine_archive
from pasur.server.offline.practice import bot_move


def _unpack(archive: bytes, folder: Path) -> list[str]:
    with zipfile.ZipFile(BytesIO(archive)) as opened:
        opened.extractall(folder)
        return opened.namelist()


def test_every_source_gets_its_bytecode_where_imports_look(tmp_path: Path) -> None:
    sources = _unpack(engine_archive(), tmp_path)
    entries = _unpack(compiled(str(tmp_path)), tmp_path / "bytecode")
    expected = {
        Path(importlib.util.cache_from_source(str(tmp_path / source)))
        .relative_to(tmp_path)
        .as_posix()
        for source in sources
    }
    assert set(entries) == expected
    assert len(entries) == len(sources) > 50


def test_imports_take_the_bytecode_and_leave_the_sources_unread(tmp_path: Path) -> None:
    made = tmp_path / "made"
    _unpack(engine_archive(), made)
    bytecode = compiled(str(made))
    # A fresh start: the sources, then the kept bytecode over them, as the worker does.
    start = tmp_path / "start"
    _unpack(engine_archive(), start)
    _unpack(bytecode, start)
    for name in ("rules/cards.py", "bots/expert.py", "server/offline/practice.py"):
        (start / "pasur" / name).write_text("raise SystemExit('the source was read')\n")
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from pasur.server.offline import practice;"
        "print(practice.bot_move('expert', 11))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", script, str(start)],
        capture_output=True,
        text=True,
        check=False,
        env={"PASUR_PURE_PYTHON": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == bot_move("expert", 11)


STDLIB = (
    Path(__file__).parents[3] / "src" / "pasur" / "web" / "vendor" / "pyodide" / "python_stdlib.zip"
)

STARTED_WITH = ("typing", "inspect", "dataclasses", "asyncio/base_events", "json/decoder", "random")
"""Modules every start of the worker imports (Pyodide's own, and the engine's)."""


def test_the_vendored_standard_library_holds_what_the_worker_imports_as_bytecode() -> None:
    """scripts/vendor-pyodide compiles them (scripts/compile-stdlib.mjs): a copy of the npm
    package's source-only zip would cost every start of the worker seconds of compiling."""
    with zipfile.ZipFile(STDLIB) as stdlib:
        names = set(stdlib.namelist())
        for module in STARTED_WITH:
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
            header = stdlib.read(f"{module}.pyc")[:8]
            assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, unchecked
        assert "email/message.py" in names  # what nothing imports stays source
