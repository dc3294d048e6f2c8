"""An independent checker of puzzles: plain brute force, written apart from the generator's solver.

The generator solves with a memo and reads themes through its own helpers; this re-solves every
first play by bare recursion over :func:`pasur.rules.play` (no memo, no pruning, no shared code
but the rules engine and the position's decoding, whose result is checked field by field), and
decides each theme again from the cards and the engine's facts. A puzzle passes only if its
stated values, margin, line and themes are all what the brute force finds.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pasur.bots.puzzles import decode, rules_of
from pasur.rules import GameState, Move, legal_moves, parse_cards, play
from pasur.rules.cards import ALL_CARDS, CARDS, card_index, mask_of

_POINTS = {"10D": 3, "2C": 2}
"""Cards worth points beside the aces and jacks, by name."""
_TEN_TWO = (card_index("10D"), card_index("2C"))


def brute_value(state: GameState, seat: int) -> int:
    """The round's final margin of ``seat`` with both seats playing their best: every line tried."""
    if state.turn < 0:
        assert state.result is not None
        points = state.result.points
        return points[seat] - points[1 - seat]
    values = [brute_value(play(state, move), seat) for move in legal_moves(state)]
    return max(values) if state.turn == seat else min(values)


def _mask(text: str) -> int:
    return mask_of(parse_cards(text)) if text.strip() else 0


def _card_points(cards: int) -> int:
    total = 0
    for card in CARDS:
        if cards >> card & 1:
            name = str(card)
            total += _POINTS.get(name, 1 if name[0] in "AJ" else 0)
    return total


def _immediate(state: GameState, move: Move) -> tuple[int, int]:
    """Points taken at once (a Sur's included), then clubs taken; (0, 0) for a lay."""
    if not move.taken:
        return (0, 0)
    cards = move.taken | 1 << move.card
    sur = state.rules.sur_points if play(state, move).plays[-1].sur else 0
    clubs = sum(1 for card in CARDS if cards >> card & 1 and str(card).endswith("C"))
    return (_card_points(cards) + sur, clubs)


def expected_themes(state: GameState, line: list[Move]) -> set[str]:
    """Each theme decided again, from the line replayed through the engine."""
    seat, other = state.turn, 1 - state.turn
    end = state
    for move in line:
        end = play(end, move)
    assert end.result is not None
    new_plays = end.plays[len(state.plays) :]
    themes = set()
    if any(p.sur and p.seat == seat for p in new_plays):
        themes.add("make-sur")
    if not any(p.sur and p.seat == other for p in new_plays):
        for move in legal_moves(state):
            after = play(state, move)
            if (
                move != line[0]
                and after.turn >= 0
                and any(play(after, reply).plays[-1].sur for reply in legal_moves(after))
            ):
                themes.add("deny-sur")
    if any(p.seat == seat and p.taken and str(CARDS[p.card])[0] == "J" for p in new_plays):
        themes.add("jack-sweep")
    if any(end.piles[seat] >> c & 1 and not state.piles[seat] >> c & 1 for c in _TEN_TWO):
        themes.add("ten-two")
    clubs_before = [
        sum(str(c).endswith("C") for c in CARDS if pile >> c & 1) for pile in state.piles
    ]
    if max(clubs_before) < 7 and end.result.score.clubs_winner == seat:
        themes.add("clubs-race")
    captures = [p for p in end.plays if p.taken]
    if end.result.leftover and captures and captures[-1].seat == seat:
        themes.add("leftovers")
    gains = [_immediate(state, move) for move in legal_moves(state)]
    if _immediate(state, line[0]) < max(gains):
        themes.add("counting")
    return themes


def check_puzzle(puzzle: dict[str, Any]) -> None:
    """Assert that ``puzzle`` is what it says: re-solved, its best play unique by its margin."""
    position = puzzle["position"]
    named = json.dumps({"position": position, "rules": puzzle["rules"]}, sort_keys=True)
    assert puzzle["id"] == hashlib.sha256(named.encode()).hexdigest()[:12]
    assert 1 <= puzzle["difficulty"] <= 5
    state = decode(position, rules_of(puzzle["rules"]))
    seat = position["seat"]
    assert state.turn == seat and state.players == 2 and state.pack_size == 0
    assert state.hands[seat] == _mask(position["hand"])
    assert state.table == _mask(position["table"])
    assert state.piles == tuple(_mask(pile) for pile in position["piles"])
    seen = state.hands[seat] | state.table | state.piles[0] | state.piles[1]
    assert state.hands[1 - seat] == ALL_CARDS & ~seen

    values = {str(move): brute_value(play(state, move), seat) for move in legal_moves(state)}
    stated = {entry["play"]: entry["value"] for entry in puzzle["alternatives"]}
    assert stated == values
    best = puzzle["solution"][0]
    others = [value for play_text, value in values.items() if play_text != best]
    assert values[best] == puzzle["value"] == max(values.values())
    assert puzzle["margin"] == values[best] - max(others) >= 2

    line = [Move.parse(text) for text in puzzle["solution"]]
    node = state
    for move in line:
        assert move in legal_moves(node), (str(move), puzzle["id"])
        child = play(node, move)
        assert brute_value(child, seat) == brute_value(node, seat), (str(move), puzzle["id"])
        node = child
    assert node.turn < 0  # the line runs to the round's end
    themes = expected_themes(state, line)
    assert set(puzzle["themes"]) == themes, (puzzle["id"], puzzle["themes"], themes)
    assert themes and puzzle["theme"] == puzzle["themes"][0]
