"""docs/protocol.md agrees with the protocol: every error code (with its HTTP status where the
document gives one), every event kind and its fields."""

from __future__ import annotations

import re
from pathlib import Path

from pasur.protocol import ErrorCode, Kind
from pasur.protocol.encode import encode_reason
from pasur.protocol.events import PUBLIC_FIELDS, VIEW_FIELDS
from pasur.rules import IllegalKind, IllegalReason

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


def listed_codes(text: str) -> list[str]:
    """The codes a Markdown list names: each item's backticked words that are codes, and the
    first backticked word of every item (which must be one)."""
    found = []
    for item in re.findall(r"^- (.*(?:\n  .*)*)", text, flags=re.M):
        words = re.findall(r"`([a-z_]+)`", item)
        found += [word for word in words if word in CODES or word == words[0]]
    return found


CODES = {code.value for code in ErrorCode}


def test_every_error_code_is_documented_and_nothing_else() -> None:
    errors = section("6. Errors")
    table = table_rows(errors.split("Codes the socket layer")[0])
    listed = listed_codes(errors.split("Codes the socket layer")[1])
    assert set(table) <= CODES, set(table) - CODES
    assert set(listed) <= CODES, set(listed) - CODES
    assert len(table) + len(listed) == len({*table, *listed}), "a code documented twice"
    assert {*table, *listed} == CODES


def test_the_statuses_the_document_gives_are_the_codes_statuses() -> None:
    text = DOC.read_text(encoding="utf-8")
    given = re.findall(r"`([a-z_]+)` \((\d{3})\b", text)
    assert len(given) >= 15
    for code, status in given:
        if code in CODES:
            assert ErrorCode.named(code).status == int(status), code
    conflicts = re.search(r"Conflicts \(([^)]*)\) are 409; `not_seated` is 403", text)
    assert conflicts, "section 3a names the conflicts"
    for code in re.findall(r"`([a-z_]+)`", conflicts.group(1)):
        assert ErrorCode.named(code).status == 409, code
    assert ErrorCode.NOT_SEATED.status == 403


def test_every_event_kind_is_documented_with_exactly_its_public_fields() -> None:
    documented = table_rows(section("4. Events"))
    assert set(documented) == {kind.value for kind in Kind}
    for kind in Kind:
        fields_cell = documented[kind.value].split("|")[0]
        per_recipient = {"hand", "legal"} | ({"game"} if kind in VIEW_FIELDS else set())
        fields = set(re.findall(r"`([a-z_]+)`", fields_cell)) - per_recipient
        assert fields == set(PUBLIC_FIELDS[kind]), kind


SEVEN_OF_DIAMONDS, KING_OF_HEARTS, TWO_OF_CLUBS = 25, 50, 4
TWOS, FOUR_OF_SPADES = (1 << 5) | (1 << 6), 1 << 15  # 2D 2H, and 4S
FIVE_OF_CLUBS, QUEEN_OF_HEARTS = 1 << 16, 1 << 46
REASON_SAMPLES = {
    IllegalKind.MUST_CAPTURE: IllegalReason(
        IllegalKind.MUST_CAPTURE, SEVEN_OF_DIAMONDS, options=(TWOS, FOUR_OF_SPADES)
    ),
    IllegalKind.CANNOT_TAKE: IllegalReason(
        IllegalKind.CANNOT_TAKE, SEVEN_OF_DIAMONDS, taken=1 << 5, options=(TWOS, FOUR_OF_SPADES)
    ),
    IllegalKind.CANNOT_CAPTURE: IllegalReason(
        IllegalKind.CANNOT_CAPTURE, KING_OF_HEARTS, taken=1 << 44
    ),
    IllegalKind.NOT_ON_TABLE: IllegalReason(
        IllegalKind.NOT_ON_TABLE, SEVEN_OF_DIAMONDS, taken=1 << 17
    ),
    IllegalKind.NOT_IN_HAND: IllegalReason(IllegalKind.NOT_IN_HAND, TWO_OF_CLUBS, seat=0),
    IllegalKind.HIDDEN_IN_STACK: IllegalReason(
        IllegalKind.HIDDEN_IN_STACK, TWO_OF_CLUBS, options=(FIVE_OF_CLUBS,)
    ),
    IllegalKind.MUST_SWEEP: IllegalReason(
        IllegalKind.MUST_SWEEP,
        SEVEN_OF_DIAMONDS,
        taken=FOUR_OF_SPADES,
        options=(FOUR_OF_SPADES | QUEEN_OF_HEARTS,),
    ),
}
"""One reason of each kind a client's move can be refused with (the others, a game or round
over and a set of cards that is no set, cannot come from a move written as text)."""


def test_every_reason_a_client_gets_is_documented_with_exactly_its_parts() -> None:
    rows = table_rows(section("6. Errors").split("Why a move is illegal")[1])
    assert set(rows) == {kind.value for kind in REASON_SAMPLES}
    for kind, reason in REASON_SAMPLES.items():
        fields_cell, sentence_cell = rows[kind.value].split("|")[:2]
        documented = set(re.findall(r"`([a-z_]+)`", fields_cell))
        assert documented == set(encode_reason(reason)) - {"kind"}, kind
        assert f"`{reason}`" in sentence_cell, kind  # the example is the engine's sentence
