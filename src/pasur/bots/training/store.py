"""Writing the training's ``.npz`` files: whole or not at all, and the same arrays, the same bytes.

NumPy's own ``savez`` stamps every array in the archive with the time it was written, so two runs
of the same seed would make files that differ only in their dates, and the reproducibility of a
run could not be checked by comparing bytes. These files carry a fixed date instead, as the
offline archive does (:mod:`pasur.server.offline.engine`).
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import numpy as np

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
"""Every array's date in an archive (the earliest a zip file can hold)."""


def save(path: Path, arrays: dict[str, Any], *, compress: bool = False) -> None:
    """Write ``arrays`` to ``path`` as ``np.load`` reads them, through a ``.partial.npz`` file
    renamed into place, so a stop mid-write keeps the last good file (and a reader of a folder
    skips the partial one)."""
    partial = path.with_name(path.stem + ".partial.npz")
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(partial, "w") as archive:
        for name, value in arrays.items():
            entry = zipfile.ZipInfo(f"{name}.npy", FIXED_TIME)
            entry.compress_type = method
            with archive.open(entry, "w", force_zip64=True) as stream:
                np.lib.format.write_array(stream, np.asanyarray(value), allow_pickle=False)
    partial.replace(path)
