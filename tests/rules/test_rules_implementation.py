"""The compiled engine and its Python source: which one runs, and that they play alike.

The build compiles some modules of ``pasur.rules`` with mypyc (``hatch_build.py``); the source
runs when nothing was compiled, when a source changed since, or when ``PASUR_PURE_PYTHON=1``.
CI sets ``PASUR_EXPECT_COMPILED=1`` so that a build that silently fell back to Python fails there.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, SourceFileLoader
from pathlib import Path

import pytest

import pasur.rules
from pasur.rules import _implementation
from pasur.rules._implementation import COMPILED, GROUP, MANIFEST, compiled_is_current

TRANSCRIPT = Path(__file__).with_name("engine_transcript.py")


def run_python(code_or_script: list[str], *, pure: bool) -> str:
    """Run Python in a child process, the engine forced to its source or not; return stdout."""
    env = {k: v for k, v in os.environ.items() if k != "PASUR_PURE_PYTHON"}
    if pure:
        env["PASUR_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, *code_or_script], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


LOADERS = (
    "import pasur.rules, sys; "
    "print(pasur.rules.IMPLEMENTATION, *sorted({type(sys.modules['pasur.rules.' + m].__loader__)"
    ".__name__ for m in pasur.rules._implementation.COMPILED}))"
)


def test_the_modules_loaded_are_the_form_announced() -> None:
    loaders = {type(sys.modules[f"pasur.rules.{name}"].__loader__) for name in COMPILED}
    if pasur.rules.IMPLEMENTATION == "compiled":
        assert loaders == {ExtensionFileLoader}
    else:
        assert pasur.rules.IMPLEMENTATION == "python"
        assert loaders == {SourceFileLoader}


def test_ci_installs_a_compiled_engine() -> None:
    if os.environ.get("PASUR_EXPECT_COMPILED") != "1":
        pytest.skip("PASUR_EXPECT_COMPILED=1 is set where a compiled build must be present (CI)")
    # A current build, whether or not PASUR_PURE_PYTHON=1 sets it aside for this run.
    assert compiled_is_current(), "the install did not compile the engine"
    if not _implementation.PURE_PYTHON_REQUESTED:
        assert pasur.rules.IMPLEMENTATION == "compiled"


def test_the_environment_forces_the_python_source() -> None:
    assert run_python(["-c", LOADERS], pure=True) == "python SourceFileLoader"


def test_both_forms_play_the_same_games() -> None:
    if pasur.rules.IMPLEMENTATION != "compiled":
        pytest.skip("the Python source runs here (no current build, or PASUR_PURE_PYTHON=1)")
    compiled = run_python([str(TRANSCRIPT)], pure=False)
    source = run_python([str(TRANSCRIPT)], pure=True)
    assert compiled.startswith("compiled ")
    assert source.startswith("python ")
    assert compiled.split()[1] == source.split()[1]


def fake_build(directory: Path, suffix: str = EXTENSION_SUFFIXES[0]) -> None:
    """Sources, empty stand-ins for the extensions, and the manifest a build would write."""
    lines = [suffix]
    for name in COMPILED:
        source = directory / f"{name}.py"
        source.write_text(f"NAME = {name!r}\n", encoding="utf-8")
        lines.append(f"{name} {hashlib.sha256(source.read_bytes()).hexdigest()}")
        (directory / f"{name}{suffix}").write_bytes(b"")
    (directory / f"{GROUP}__mypyc{suffix}").write_bytes(b"")
    (directory / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_build_matching_its_sources_is_current(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert compiled_is_current(str(tmp_path))


def test_a_changed_source_makes_the_build_stale(tmp_path: Path) -> None:
    fake_build(tmp_path)
    with (tmp_path / "engine.py").open("a", encoding="utf-8") as source:
        source.write("# edited after the build\n")
    assert not compiled_is_current(str(tmp_path))


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    fake_build(tmp_path, suffix=".cpython-39-x86_64-linux-gnu.so")
    assert not compiled_is_current(str(tmp_path))


def test_a_missing_extension_or_manifest_means_no_build(tmp_path: Path) -> None:
    assert not compiled_is_current(str(tmp_path))
    fake_build(tmp_path)
    (tmp_path / f"{GROUP}__mypyc{EXTENSION_SUFFIXES[0]}").unlink()
    assert not compiled_is_current(str(tmp_path))


def test_the_manifest_names_exactly_the_compiled_modules(tmp_path: Path) -> None:
    fake_build(tmp_path)
    manifest = tmp_path / MANIFEST
    manifest.write_text(manifest.read_text(encoding="utf-8") + "cards 00\n", encoding="utf-8")
    assert not compiled_is_current(str(tmp_path))


def test_the_choice_is_made_before_any_compiled_module_loads() -> None:
    init = Path(pasur.rules.__file__).read_text(encoding="utf-8")
    first_import = next(line for line in init.splitlines() if line.startswith("from "))
    assert first_import.startswith(f"from {_implementation.__name__} import")
