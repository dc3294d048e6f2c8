"""Undo for a score sheet: every change keeps the sheet it replaced."""

from __future__ import annotations

import dataclasses

from pasur.tracker.sheet import ScoreSheet, SheetError

UNDO_DEPTH = 100
"""How many changes can be undone."""


@dataclasses.dataclass(frozen=True, slots=True)
class SheetHistory:
    """A sheet and the sheets before its recent changes, newest last."""

    sheet: ScoreSheet
    earlier: tuple[ScoreSheet, ...] = ()

    def change(self, sheet: ScoreSheet) -> SheetHistory:
        """Record a new version of the sheet."""
        return SheetHistory(sheet, (*self.earlier, self.sheet)[-UNDO_DEPTH:])

    def undo(self) -> SheetHistory:
        """Go back to the sheet before the last change."""
        if not self.earlier:
            raise SheetError("undo", "there is nothing to undo")
        return SheetHistory(self.earlier[-1], self.earlier[:-1])

    @property
    def can_undo(self) -> bool:
        """Whether there is a change to undo."""
        return bool(self.earlier)
