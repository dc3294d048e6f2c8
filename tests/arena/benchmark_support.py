"""The scripts under ``benchmarks/`` as modules, for the tests that drive them."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark_modules(*names: str) -> tuple[ModuleType, ...]:
    """Import ``names`` from ``benchmarks/``, whose scripts import each other by plain name."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return tuple(importlib.import_module(name) for name in names)
    finally:
        sys.path.remove(str(BENCHMARKS))
