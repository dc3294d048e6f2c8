"""The guided first game (``web/learn/first-game.json``, written by ``scripts/first_game.py``)
is a round the rules engine plays exactly so: every event, replayed through ``pasur.rules``,
gives the same hands, legal moves, captures, Surs and count, and the first deal teaches what
the guide says it teaches (eleven, a jack, a Sur, a lay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pasur.rules import CARDS, STANDARD, format_cards, legal_moves, new_game, parse_cards, play

WEB = Path(__file__).resolve().parents[2] / "src" / "pasur" / "web"
GUIDE: dict[str, Any] = json.loads((WEB / "learn" / "first-game.json").read_text("utf-8"))
RANK = {"A": 1, "J": 11, "Q": 12, "K": 13}


def _text(move: Any) -> str:
    return str(move) if move.taken else f"{move.played} lay"


def _value(code: str) -> int:
    return RANK.get(code[:-1]) or int(code[:-1])


def test_every_event_is_what_the_engine_plays() -> None:
    deck = [CARDS.index(card) for card in parse_cards(" ".join(GUIDE["deck"]))]
    state = new_game(STANDARD, players=2, deck=deck, dealer=1)
    events = GUIDE["events"]
    assert [event["n"] for event in events] == list(range(1, len(events) + 1))
    first = events[0]
    assert first["kind"] == "round_started"
    assert first["table"] == format_cards(state.table).split()
    assert first["hand"] == format_cards(state.hands[0]).split()
    for event in events[1:]:
        if event["kind"] == "dealt":
            assert event["hand"] == format_cards(state.hands[0]).split()
            assert event["turn"] == state.turn
            continue
        if event["kind"] == "round_ended":
            assert state.result is not None
            assert event["points"] == list(state.result.points)
            lines = [{**line._asdict(), "total": line.total} for line in state.result.score.lines]
            assert event["lines"] == lines
            continue
        legal = {_text(move): move for move in legal_moves(state)}
        assert event["seat"] == state.turn
        state = play(state, legal[event["move"]])
        last = state.plays[-1]
        assert event["taken"] == format_cards(last.taken).split()
        assert event["sur"] is last.sur
        assert event["turn"] == state.turn
        expected = [_text(move) for move in legal_moves(state)] if state.turn == 0 else []
        assert event["legal"] == expected
    assert events[-1]["kind"] == "round_ended"


def test_the_first_deal_teaches_eleven_a_jack_a_sur_and_a_lay() -> None:
    taught = {event["teach"]: event for event in GUIDE["events"] if "teach" in event}
    assert list(taught) == ["eleven", "jack", "sur", "lay"]
    assert all(event["seat"] == 0 for event in taught.values())
    eleven = taught["eleven"]
    assert sum(map(_value, [eleven["card"], *eleven["taken"]])) == 11
    assert taught["jack"]["card"].startswith("J") and taught["jack"]["taken"]
    assert taught["sur"]["sur"] is True
    assert taught["lay"]["taken"] == []


def test_the_arranged_deal_claims_no_shuffle() -> None:
    # A commitment would let the page call this arranged deal a verified fair shuffle; it has
    # none, and the page calls it a practice deal (tests/browser/test_first_game_browser.py).
    for event in GUIDE["events"]:
        assert not {"commitment", "salt"} & event.keys(), event["n"]
