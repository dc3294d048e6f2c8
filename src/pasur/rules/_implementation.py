"""Which form of the rules engine runs: its mypyc-compiled modules or their Python source.

Installing pasur compiles the hot modules named in :data:`COMPILED` with mypyc when it can (see
``hatch_build.py`` at the root of the repository): random self-play needs the engine about twice as
fast as CPython runs it. Each extension lies beside its ``.py`` file, and Python's import system
prefers an extension to source, so the compiled form needs no code of its own. The ``.py`` files
stay the one source of truth, and the pure-Python form runs instead whenever

- ``PASUR_PURE_PYTHON=1`` is set (tests run both forms this way),
- nothing was compiled (no C compiler, or ``PASUR_PURE_PYTHON=1`` when installing), or
- a compiled module's source changed since it was compiled (an editable install being worked on):
  the build records each source's digest in :data:`MANIFEST`, so a stale build never runs.

``pasur.rules`` imports this module before any other, so the choice is made before the first
compiled module could load. Standard library only, like the rest of the package.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, SOURCE_SUFFIXES, FileFinder, SourceFileLoader

COMPILED = ("captures", "deal", "engine", "playout", "scoring", "state", "sur", "views")
"""The modules of ``pasur.rules`` that the build compiles: the self-play loop's hot path."""

GROUP = "native"
"""mypyc's shared library for the compiled modules is ``pasur.rules.native__mypyc``."""

MANIFEST = "compiled.txt"
"""Written by the build beside the extensions: their suffix, then ``module digest`` lines."""

_DIRECTORY = os.path.dirname(__file__)


def source_digest(path: str) -> str:
    """The SHA-256 of a source file, as the build records it."""
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def compiled_is_current(directory: str = _DIRECTORY) -> bool:
    """Whether every module in COMPILED has an extension built for this Python from its source."""
    try:
        with open(os.path.join(directory, MANIFEST), encoding="utf-8") as manifest:
            suffix, *lines = manifest.read().split("\n")
    except OSError:
        return False
    recorded = dict(line.split(" ", 1) for line in lines if line)
    names = (*COMPILED, GROUP + "__mypyc")
    return (
        suffix in EXTENSION_SUFFIXES
        and set(recorded) == set(COMPILED)
        and all(os.path.exists(os.path.join(directory, name + suffix)) for name in names)
        and all(
            recorded[name] == source_digest(os.path.join(directory, name + ".py"))
            for name in COMPILED
        )
    )


def _load_source_only(directory: str) -> None:
    """Make the package's modules load from their ``.py`` files, whatever lies beside them."""
    sys.path_importer_cache[directory] = FileFinder(directory, (SourceFileLoader, SOURCE_SUFFIXES))


PURE_PYTHON_REQUESTED = os.environ.get("PASUR_PURE_PYTHON", "") not in ("", "0")

IMPLEMENTATION = "compiled" if not PURE_PYTHON_REQUESTED and compiled_is_current() else "python"
"""``"compiled"`` when the mypyc extensions run, ``"python"`` when the source does."""

if IMPLEMENTATION == "python":
    _load_source_only(_DIRECTORY)
