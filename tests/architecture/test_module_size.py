"""Small modules with one job: no Python module of the package, nor of the web client, passes 500
lines.

A module that grows past this is doing more than one job; split it by job (as the server's wings
and ``web/js``'s folders are split) instead of raising the limit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "src" / "pasur"
LIMIT = 500
PACKAGES = ("rules", "bots", "tracker", "protocol", "server", "cli")
WATCHED = (*((package, "*.py") for package in PACKAGES), ("web/js", "*.js"))


def line_counts() -> dict[str, int]:
    """Lines per watched module, by its path under ``src/pasur``."""
    counts = {}
    for folder, pattern in WATCHED:
        for path in sorted((SOURCE / folder).rglob(pattern)):
            counts[str(path.relative_to(SOURCE))] = len(path.read_text("utf-8").splitlines())
    return counts


def test_the_watched_folders_hold_modules() -> None:
    counts = line_counts()
    for folder, _ in WATCHED:
        assert any(name.startswith(f"{folder}/") for name in counts), folder


@pytest.mark.parametrize("folder", [folder for folder, _ in WATCHED])
def test_no_module_passes_the_limit(folder: str) -> None:
    over = {
        name: lines
        for name, lines in line_counts().items()
        if name.startswith(f"{folder}/") and lines > LIMIT
    }
    assert over == {}, f"split these modules by job (limit {LIMIT} lines): {over}"
