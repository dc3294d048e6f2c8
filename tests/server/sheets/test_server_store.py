"""The JSON kept for a sheet: it gives back the same sheet and undo history, compactly."""

from __future__ import annotations

import json

from pasur.rules import RoundCounts, make_rules
from pasur.server.sheets.store import decode_history, encode_history
from pasur.tracker import RoundEntry, SheetHistory, new_sheet


def entry(clubs: tuple[int, int], ten: int) -> RoundEntry:
    return RoundEntry(
        RoundCounts(
            clubs=clubs,
            aces=(2, 2),
            jacks=(2, 2),
            ten_of_diamonds=ten,
            two_of_clubs=0 if clubs[0] else 1,
            surs=(0, 1),
        )
    )


def test_a_history_round_trips() -> None:
    rules = make_rules("pagat", {"target": "300", "sur-points": "10"})
    history = SheetHistory(new_sheet(["Ana", "Bahram"], rules, first_dealer=1))
    for clubs in ((7, 6), (6, 7), (7, 6), (13, 0)):
        history = history.change(history.sheet.add_round(entry(clubs, 0)))
    history = history.change(history.sheet.edit_round(2, entry((0, 13), 1)))
    history = history.change(history.sheet.delete_round(1))
    data = encode_history(history)
    again = decode_history(json.loads(json.dumps(data)))
    assert again == history
    assert again.sheet.rules.settings() == rules.settings()
    assert again.undo().undo() == history.undo().undo()


def test_earlier_sheets_refer_to_rounds_instead_of_repeating_them() -> None:
    history = SheetHistory(new_sheet(["A", "B"], make_rules("standard", ["target=10000"])))
    for _ in range(30):
        history = history.change(history.sheet.add_round(entry((7, 6), 0)))
    data = encode_history(history)
    assert len(data["entries"]) == 30
    assert data["undo_entries"] == []
    assert all(set(item) == {"entries"} for item in data["undo"])
    assert all(isinstance(ref, int) for item in data["undo"] for ref in item["entries"])
    assert decode_history(data) == history


def test_earlier_sheets_with_other_names_or_rules_keep_them() -> None:
    first = new_sheet(["A", "B"], make_rules())
    second = new_sheet(["C", "D"], make_rules("standard", ["target=100"]), first_dealer=1)
    history = SheetHistory(first).change(second.add_round(entry((7, 6), 1)))
    history = SheetHistory(history.sheet, (first.add_round(entry((6, 7), 0)),))
    data = encode_history(history)
    assert data["undo"][0]["names"] == ["A", "B"]
    assert data["undo"][0]["first_dealer"] == 0
    assert data["undo"][0]["settings"]["target"] == "62"
    assert decode_history(data) == history
