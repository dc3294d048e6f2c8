"""Where a weights file came from: each step's record, and the sidecar shipped beside the weights.

A file of numbers says nothing of how it was made, and weights shipped to every install must be
traceable to the data, the code and the commands that made them, and carry the project's licence.
So each step leaves a record in its folder (``provenance.json``): ``generate`` in the data folder
(the seed and the settings of the play, which a later ``generate`` into the same folder must
share, or the folder would mix two data sets under one record), ``fit`` and ``fit-choices`` in the
run folder (the data's record, the fit's settings, the training set's size, the weights it started
from with their own record). ``ship`` turns the run's record into the sidecar beside the weights
(``master-value.json`` for ``master-value.npz``), which names the weights' SHA-256, so a sidecar
that no longer describes its file can be told.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import shlex
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RECORD = "provenance.json"
"""A step's record, in the folder it wrote (the data folder, or the run folder)."""

LICENCE = "MIT"
"""The project's licence (``license`` in pyproject.toml), the weights' too."""

LICENCE_NOTE = (
    "The weights are part of pasur and under its licence: they were fitted only to rounds that "
    "pasur's own bots played against each other, with no outside data."
)

SIDECAR_FIELDS = (
    "weights",
    "sha256",
    "licence",
    "licence_note",
    "date",
    "commit",
    "data_seed",
    "commands",
    "training_set",
)
"""What every sidecar holds (a test checks the shipped one has each)."""

COMMAND = "python -m pasur.bots.training"

CODE = Path(__file__).resolve().parents[2]
"""The package's folder: the code whose commit a record names."""


class ProvenanceError(RuntimeError):
    """A folder's record does not fit the step asked of it."""


def command(argv: Sequence[str]) -> str:
    """The command line a step was run with, as one could type it again."""
    return f"{COMMAND} {shlex.join(argv)}"


def sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def code_commit() -> dict[str, Any]:
    """The git commit of the code, and the files under ``pasur/bots`` and ``pasur/rules`` that
    differ from it (the code that plays and trains; empty when the run used the commit's code).

    Outside a git checkout (an installed wheel) the commit is ``"unknown"``.
    """
    git = ["git", "-C", str(CODE)]
    try:
        head = subprocess.run(
            [*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            [*git, "status", "--porcelain", "--", "bots", "rules"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return {"commit": "unknown", "changed": []}
    return {"commit": head, "changed": sorted(line[3:] for line in changed)}


def stamped(record: dict[str, Any], argv: Sequence[str]) -> dict[str, Any]:
    """``record`` with the step's command, the code's commit and the date (UTC)."""
    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return {**record, "command": command(argv), **code_commit(), "date": now}


def read_record(folder: Path) -> dict[str, Any] | None:
    """The record a step left in ``folder``, if any."""
    path = folder / RECORD
    if not path.exists():
        return None
    record: dict[str, Any] = json.loads(path.read_text())
    return record


def write_json(path: Path, record: dict[str, Any]) -> None:
    """Write a record as indented JSON, keys in the order given."""
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")


def start_data(folder: Path, settings: dict[str, Any], argv: Sequence[str]) -> None:
    """Record a ``generate`` into ``folder``, refusing one whose play differs from the folder's.

    ``settings`` are what decides the shards' contents (kind, seed, level, budget, rounds per
    shard); the number of shards may grow from one command to the next.
    """
    earlier = read_record(folder)
    if earlier is not None:
        before = {name: earlier.get(name) for name in settings if name != "shards"}
        after = {name: value for name, value in settings.items() if name != "shards"}
        if before != after:
            raise ProvenanceError(
                f"{folder} holds data generated with {before}, not {after}: use another --data"
            )
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / RECORD, stamped(settings, argv))


def weights_record(path: Path) -> dict[str, Any]:
    """What a fit started from: the weights' file and hash, and their own record, from their
    run folder or the sidecar beside them (``None`` when they have neither)."""
    sidecar = path.with_suffix(".json")
    origin = read_record(path.parent)
    if origin is None and sidecar.exists():
        origin = json.loads(sidecar.read_text())
    return {"file": str(path), "sha256": sha256(path), "provenance": origin}


def commands(record: dict[str, Any]) -> list[str]:
    """The commands that made a run's weights, first to last: those of the weights it started
    from, its data's ``generate``, and its own (each once)."""
    if "commands" in record:  # a sidecar: the chain is written out already
        return list(record["commands"])
    chain: list[str] = []
    start = record.get("start")
    if start and start["provenance"]:
        chain += commands(start["provenance"])
    if record.get("data"):
        chain.append(record["data"]["command"])
    chain.append(record["command"])
    return list(dict.fromkeys(chain))


def sidecar(weights: Path, run: dict[str, Any], argv: Sequence[str]) -> dict[str, Any]:
    """The sidecar of ``weights``, shipped from the run whose record is ``run``."""
    data = run.get("data") or {}
    return {
        "weights": weights.name,
        "sha256": sha256(weights),
        "licence": LICENCE,
        "licence_note": LICENCE_NOTE,
        "date": run["date"],
        "commit": run["commit"],
        "changed": run["changed"],
        "data_seed": data.get("seed"),
        "commands": [*commands(run), command(argv)],
        "training_set": run["training_set"],
        "data": run.get("data"),
        "fit": run["fit"],
        "start": run.get("start"),
    }
