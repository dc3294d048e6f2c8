"""The rules engine imports only the standard library and itself (read from the source, not run)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import pasur.rules

RULES_DIR = Path(pasur.rules.__file__).parent
MODULES = sorted(RULES_DIR.glob("*.py"))


def imported_names(path: Path) -> list[tuple[int, str]]:
    """Every module an ``import`` statement in the file names, anywhere in it, with its line."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # A relative import stays inside the package.
                names.append((node.lineno, "pasur.rules." + (node.module or "")))
            else:
                names.append((node.lineno, node.module or ""))
    return names


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    return (
        top in sys.stdlib_module_names or name == "pasur.rules" or name.startswith("pasur.rules.")
    )


def test_the_rules_package_has_its_modules() -> None:
    assert {path.stem for path in MODULES} >= {
        "cards",
        "settings",
        "captures",
        "deal",
        "engine",
        "state",
        "views",
        "scoring",
        "moves",
        "records",
        "determinize",
        "testing",
    }


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_rules_module_imports_only_the_standard_library(path: Path) -> None:
    outside = [f"line {line}: {name}" for line, name in imported_names(path) if not allowed(name)]
    assert outside == []


def test_the_check_itself_tells_stdlib_from_the_rest() -> None:
    assert allowed("json") and allowed("collections.abc") and allowed("pasur.rules.cards")
    assert not allowed("pasur.bots") and not allowed("rich") and not allowed("typer.main")
    assert not allowed("pasur")
