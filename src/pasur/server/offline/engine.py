"""The pure-Python source of the engine, zipped for the browser's Pyodide worker.

Offline practice runs the very same ``pasur.rules`` and ``pasur.bots`` in the browser, so there is
one implementation of the game, and the same table as the server (``pasur.server.tables``' table
and what it needs, with ``pasur.protocol``), driven by :mod:`pasur.server.offline.practice`. All
of it needs only the standard library (tests/server/offline checks the archive imports with
nothing else); the worker unpacks the archive into its Python path. Only ``.py`` files go in:
the mypyc extensions an install builds beside them are for this machine's CPython, not for
WebAssembly.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pasur

PACKAGES = ("rules", "bots", "protocol")
"""The subpackages of pasur the worker imports whole."""

TABLE_MODULES = (
    "config event_log leavers moves pace plays seats state table take_backs timers views"
)
"""The table's modules under ``server/tables``: the table and all it imports."""

MODULES = (
    "server/__init__.py",
    "server/tables/__init__.py",
    *(f"server/tables/{name}.py" for name in TABLE_MODULES.split()),
    "server/offline/__init__.py",
    "server/offline/bytecode.py",
    "server/offline/practice.py",
)
"""The server's modules the practice table needs (its table, none of its web framework)."""

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the same sources give the same bytes, so the cache's version is stable."""


def engine_archive(root: Path | None = None) -> bytes:
    """A zip of ``pasur/__init__.py`` and the ``.py`` files of :data:`PACKAGES` under ``root``
    (the installed package's folder unless given), in name order."""
    package = root or Path(pasur.__file__).resolve().parent
    files = [package / "__init__.py"]
    for name in PACKAGES:
        files.extend(sorted((package / name).glob("*.py")))
    files.extend(package / name for name in MODULES)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in files:
            entry = zipfile.ZipInfo(f"pasur/{file.relative_to(package).as_posix()}", _FIXED_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, file.read_bytes())
    return buffer.getvalue()
