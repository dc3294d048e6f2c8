"""Write ``src/pasur/web/learn/first-game.json``: the guided first game, made by the rules engine.

The guide (``/play/t/first-game``) plays one round on a fixed deal against a gentle bot, as the
table page plays any round: from events shaped as the server sends them to seat 0
(docs/protocol.md section 4), with ``legal`` on seat 0's turns. The first deal teaches: a card
taking table cards that sum to eleven with it, a jack taking every number card, a Sur, a card
that can only be laid; the casual bot then plays the rest of the round for both seats, and the
round is counted. ``tests/web/test_first_game.py`` replays the file through the engine.

The deal is arranged to teach, not shuffled, so it carries no commitment and no salt (section 9
of docs/protocol.md): a commitment would only prove that this arranged deck was fixed before the
deal, and the page would then call it a fair shuffle. The page calls it a practice deal instead.

Run it again after a rules change: ``python scripts/first_game.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from pasur.bots.registry import make_bot
from pasur.rules import (
    CARDS,
    STANDARD,
    GameState,
    Move,
    format_cards,
    legal_moves,
    new_game,
    parse_cards,
    play,
    view,
)

OUT = Path(__file__).resolve().parents[1] / "src" / "pasur" / "web" / "learn" / "first-game.json"

# Seat 0 (you) leads: the dealer is seat 1. Each of your first four moves teaches one thing.
YOURS = "7D JC 8S QH"
THEIRS = "KC 3H 10C 2S"
TABLE = "4S 9H 5C KD"
TEACH = [("7D+4S", "eleven"), ("JC+5C+9H", "jack"), ("8S+3H", "sur"), ("QH", "lay")]
BOT_FIRST_DEAL = ["KC+KD", "3H", "10C", "2S"]
SEED = 13


def _text(move: Move) -> str:
    return str(move) if move.taken else f"{move.played} lay"


def _cards(mask: int) -> list[str]:
    return format_cards(mask).split()


def _legal(state: GameState) -> list[str]:
    return [_text(move) for move in legal_moves(state)] if state.turn == 0 else []


def _deck() -> list[int]:
    chosen = parse_cards(f"{YOURS} {THEIRS} {TABLE}")
    rest = [card for card in CARDS if card not in chosen]
    random.Random(SEED).shuffle(rest)
    return [int(card) for card in [*chosen, *rest]]


def _find(state: GameState, text: str) -> Move:
    for move in legal_moves(state):
        if _text(move) == text or str(move) == text:
            return move
    raise ValueError(f"{text} is not legal here: {[_text(m) for m in legal_moves(state)]}")


def build() -> dict[str, Any]:
    deck = _deck()
    state = new_game(STANDARD, players=2, deck=deck, dealer=1)
    events: list[dict[str, Any]] = [
        {
            "kind": "round_started",
            "round": 0,
            "dealer": 1,
            "turn": state.turn,
            "table": _cards(state.table),
            "pack_size": 40,
            "hand": _cards(state.hands[0]),
            "legal": _legal(state),
        }
    ]
    teach = iter(TEACH)
    theirs = iter(BOT_FIRST_DEAL)
    bot = make_bot("casual")
    rng = random.Random(SEED)
    while state.turn >= 0:
        seat = state.turn
        first_deal = len(state.plays) < 8
        lesson = None
        if first_deal and seat == 0:
            text, lesson = next(teach)
            move = _find(state, text)
        elif first_deal:
            move = _find(state, next(theirs))
        else:
            move = bot.choose(view(state, seat), legal_moves(state), rng)
        state = play(state, move)
        last = state.plays[-1]
        played: dict[str, Any] = {
            "kind": "played",
            "seat": seat,
            "move": _text(move),
            "card": str(move.played),
            "taken": _cards(last.taken),
            "sur": last.sur,
            "by": "player" if seat == 0 else "bot",
            "turn": state.turn,
            "legal": _legal(state),
        }
        if lesson:
            played["teach"] = lesson
        events.append(played)
        # Two seats play four cards each a deal: after every eighth play the next deal comes.
        if state.turn >= 0 and len(state.plays) % 8 == 0:
            events.append(
                {
                    "kind": "dealt",
                    "round": 0,
                    "deal": len(state.plays) // 8,
                    "turn": state.turn,
                    "pack_size": 40 - len(state.plays),
                    "hand": _cards(state.hands[0]),
                    "legal": _legal(state),
                }
            )
    result = state.result
    assert result is not None
    lines = [{**line._asdict(), "total": line.total} for line in result.score.lines]
    events.append(
        {
            "kind": "round_ended",
            "round": 0,
            "points": list(result.points),
            "lines": lines,
            "leftover": _cards(result.leftover),
            "leftover_to": result.leftover_to,
            "totals": list(result.totals),
        }
    )
    for number, event in enumerate(events, start=1):
        event["n"] = number
    return {"deck": [str(CARDS[card]) for card in deck], "events": events}


def main() -> None:
    OUT.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
