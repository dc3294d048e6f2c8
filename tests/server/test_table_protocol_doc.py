"""docs/protocol.md agrees with the table: every error code, every event kind and its fields."""

from __future__ import annotations

import re
from pathlib import Path

from pasur.server.table import ERROR_CODES
from pasur.server.table_events import PUBLIC_FIELDS, Kind

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def table_rows(text: str) -> dict[str, str]:
    """The first cell (a `code`) of each Markdown table row, with the rest of the row."""
    rows = {}
    lines = text.splitlines()
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        found = re.match(r"\| `([a-z_]+)` \|(.*)", line)
        if found and not after.startswith("| ---"):  # not a header row
            rows[found.group(1)] = found.group(2)
    return rows


def test_every_error_code_is_documented_and_nothing_else() -> None:
    documented = table_rows(section("6. Errors").split("Codes the socket layer")[0])
    assert set(documented) == set(ERROR_CODES)


def test_every_event_kind_is_documented_with_exactly_its_public_fields() -> None:
    documented = table_rows(section("4. Events"))
    assert set(documented) == {kind.value for kind in Kind}
    for kind in Kind:
        fields_cell = documented[kind.value].split("|")[0]
        fields = set(re.findall(r"`([a-z_]+)`", fields_cell)) - {"hand", "legal"}
        assert fields == set(PUBLIC_FIELDS[kind]), kind
