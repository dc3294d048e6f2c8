"""The table page says the engine's reasons for refusing a move in the user's language.

``js/play/play-api.js`` reads each reason of ``pasur.rules.why_illegal`` back into its parts
with a list of patterns (``REASONS``). If the engine's wording changed, the page would quietly
fall back to the English text; this test makes the change fail here instead: every reason the
engine gives for the moves a client can send matches one of the page's patterns.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from pasur.rules import GameState, legal_moves, new_game, play_legal, why_illegal

SCRIPT = (
    Path(__file__).resolve().parents[2] / "src" / "pasur" / "web" / "js" / "play" / "play-api.js"
)


def _page_patterns() -> list[re.Pattern[str]]:
    text = SCRIPT.read_text(encoding="utf-8")
    block = text[text.index("const REASONS = [") : text.index("];", text.index("const REASONS"))]
    return [re.compile(source) for source in re.findall(r"\[/(.+?)/, '", block)]


def _refusals(state: GameState) -> set[str]:
    """The reasons for refusing moves a client could send at ``state``: a lay, a wrong set, a card
    not held, a card taken that is not on the table."""
    reasons: set[str] = set()
    hand, table = state.hands[state.turn], state.table
    held = [card for card in range(52) if hand >> card & 1]
    on_table = [card for card in range(52) if table >> card & 1]
    absent = next(card for card in range(52) if not (hand | table) >> card & 1)
    moves = [(card, 0) for card in held] + [(absent, 0)]
    moves += [(card, 1 << taken) for card in held for taken in on_table]
    moves += [(held[0], 1 << absent)]
    for move in moves:
        reason = why_illegal(state, move)
        if reason is not None:
            reasons.add(reason)
    return reasons


def test_every_reason_the_engine_gives_is_read_by_the_page() -> None:
    patterns = _page_patterns()
    assert len(patterns) == 5
    rng = random.Random(7)
    seen: set[str] = set()
    for players in (2, 3, 4):
        state = new_game(players=players, seed=players)
        while state.turn >= 0:
            seen |= _refusals(state)
            state = play_legal(state, rng.choice(legal_moves(state)))
    unread = sorted(reason for reason in seen if not any(p.fullmatch(reason) for p in patterns))
    assert unread == []
    # Each pattern is needed: every kind of reason turned up.
    assert all(any(p.fullmatch(reason) for reason in seen) for p in patterns)
