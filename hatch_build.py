"""Build hook: compile the rules engine's hot modules with mypyc when pasur is installed.

Random self-play (issue #2) needs the engine about twice as fast as CPython runs it. mypyc compiles
the type-annotated modules listed in ``pasur.rules._implementation.COMPILED`` into C extensions
with the same API; the ``.py`` files stay the source of truth and the fallback (that module's
docstring says when each form runs).

- ``pip install -e .``: the extensions are built into ``src/pasur/rules/``, where an editable
  install imports from (they are git-ignored); installing again rebuilds them.
- A wheel: they are built in a temporary folder and added to the wheel, tagged for this Python.
- ``PASUR_PURE_PYTHON=1`` while installing skips the compile; a compile that fails prints why and
  leaves the pure-Python package, which works the same, only slower.

The compile runs in a child process (``python hatch_build.py OUT_DIR``) so that mypy and
setuptools never run inside the build backend itself.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
RULES = ROOT / "src" / "pasur" / "rules"
SELECTOR = RULES / "_implementation.py"


def _constant(name: str) -> Any:
    """A literal assigned at the top of ``_implementation.py``, read without importing it."""
    for node in ast.parse(SELECTOR.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == name and node.value is not None:
            return ast.literal_eval(node.value)
    raise LookupError(f"{SELECTOR} assigns no {name}")


def compile_rules(out_dir: Path) -> None:
    """Compile the modules into ``out_dir/pasur/rules/`` and write the manifest of their sources."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    modules: tuple[str, ...] = _constant("COMPILED")
    work = Path(tempfile.mkdtemp(prefix="pasur-mypyc-"))
    try:
        os.chdir(ROOT)  # mypy reads [tool.mypy] from pyproject.toml here
        extensions = mypycify(
            [f"--cache-dir={work / 'cache'}", *(f"src/pasur/rules/{m}.py" for m in modules)],
            group_name="pasur.rules." + _constant("GROUP"),
            target_dir=str(work / "c"),
        )
        dist = Distribution({"name": "pasur-rules-compiled", "ext_modules": extensions})
        build = dist.get_command_obj("build_ext")
        build.build_lib = str(out_dir)
        build.build_temp = str(work / "objects")
        build.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    digests = [
        f"{m} {hashlib.sha256((RULES / f'{m}.py').read_bytes()).hexdigest()}" for m in modules
    ]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    manifest = out_dir / "pasur" / "rules" / _constant("MANIFEST")
    manifest.write_text("\n".join([suffix, *digests]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    compile_rules(Path(sys.argv[1]).resolve())
else:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    class CompileRulesHook(BuildHookInterface):  # type: ignore[type-arg]
        """Runs :func:`compile_rules` for wheels and editable installs (configured for wheels)."""

        out_dir: Path | None = None

        def initialize(self, version: str, build_data: dict[str, Any]) -> None:
            if version == "editable":
                remove_in_place_build()
            if os.environ.get("PASUR_PURE_PYTHON", "") not in ("", "0"):
                print("pasur: PASUR_PURE_PYTHON is set; the rules engine stays pure Python")
                return
            self.out_dir = Path(tempfile.mkdtemp(prefix="pasur-build-"))
            started = time.monotonic()
            done = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), str(self.out_dir)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode:
                print(
                    "pasur: compiling the rules engine failed; it stays pure Python (slower).\n"
                    + done.stdout[-4000:]
                    + done.stderr[-4000:],
                    file=sys.stderr,
                )
                return
            print(f"pasur: rules engine compiled in {time.monotonic() - started:.0f} s")
            built = {
                str(path): str(path.relative_to(self.out_dir))
                for path in (self.out_dir / "pasur" / "rules").iterdir()
            }
            if version == "editable":
                for path, relative in built.items():
                    shutil.copy2(path, ROOT / "src" / relative)
            else:
                build_data["force_include"].update(built)
                build_data["pure_python"] = False
                build_data["infer_tag"] = True

        def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
            if self.out_dir is not None:
                shutil.rmtree(self.out_dir, ignore_errors=True)

        def clean(self, versions: list[str]) -> None:
            remove_in_place_build()


def remove_in_place_build() -> None:
    """Remove what an editable install built, so that no old build outlives a new install."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in (*_constant("COMPILED"), _constant("GROUP") + "__mypyc"):
        (RULES / f"{name}{suffix}").unlink(missing_ok=True)
    (RULES / _constant("MANIFEST")).unlink(missing_ok=True)
