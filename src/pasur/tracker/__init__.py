"""The score sheet for a real table: rounds entered as counts, scored by the rules engine.

Pure and free of I/O: storage and the web API live in the server, which keeps sheets in its
database and calls this package to score them.
"""

from pasur.tracker.history import SheetHistory
from pasur.tracker.sheet import (
    RoundEntry,
    ScoredRound,
    ScoreSheet,
    SheetError,
    entry_from_cards,
    new_sheet,
)

__all__ = [
    "RoundEntry",
    "ScoreSheet",
    "ScoredRound",
    "SheetError",
    "SheetHistory",
    "entry_from_cards",
    "new_sheet",
]
