"""The engine's bytecode, made once by the browser's Python and kept by the browser.

The server runs another CPython than the browser's (Pyodide's 3.14), so it cannot compile the
engine for it, and Pyodide writes no bytecode: each start of the worker compiled the engine's
hundred-odd sources again. So the worker, once a practice game has started, asks for
:func:`compiled` and keeps the archive in the browser's Cache Storage under the digest of the
engine's sources; later starts unpack it over the sources, and Python's own import system takes
the ``__pycache__`` files. They are unchecked-hash ``.pyc`` files: Python takes them without
reading the sources again (the digest they are kept under says which sources they were made of).
"""

from __future__ import annotations

import importlib.util
import io
import py_compile
import zipfile
from pathlib import Path

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def compiled(root: str) -> bytes:
    """A zip of the bytecode of every ``.py`` file under ``root``, each at its ``__pycache__``
    path relative to ``root`` (unpacked over the sources, it is where imports look)."""
    folder = Path(root)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in sorted(folder.rglob("*.py")):
            target = Path(importlib.util.cache_from_source(str(source)))
            py_compile.compile(
                str(source),
                cfile=str(target),
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            entry = zipfile.ZipInfo(target.relative_to(folder).as_posix(), _FIXED_TIME)
            archive.writestr(entry, target.read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()
