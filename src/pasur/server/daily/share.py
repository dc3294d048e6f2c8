"""The share line of a daily score: emoji squares that say how it went and nothing of the deal.

It is made from the score alone (the day's leaderboard shows the same number), so posting it
before the day is over gives nobody a card: one square per point of margin, up to ten, green
when the person beat the bots, red when they lost, a white one for a tie.
"""

from __future__ import annotations

MOST_SQUARES = 10
"""A margin of more points still shows ten squares (the number says the rest)."""


def share_squares(score: int) -> str:
    """``"+3 🟩🟩🟩"``, ``"-2 🟥🟥"`` or ``"0 ⬜"``."""
    if score == 0:
        return "0 \N{WHITE LARGE SQUARE}"
    square = "\N{LARGE GREEN SQUARE}" if score > 0 else "\N{LARGE RED SQUARE}"
    return f"{score:+d} " + square * min(abs(score), MOST_SQUARES)
