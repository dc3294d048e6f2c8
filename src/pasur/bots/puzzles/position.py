"""A puzzle's position as its seat sees it, written as JSON, and the game state it stands for.

The position holds what the seat knows and nothing more: its hand, the table, both capture
piles, the Surs, the last capturer, the round's plays (which everyone saw), the dealer and the
game totals, in the card notation of game records (``AC 10D JH``). In a 2-player round's last deal
that is enough to rebuild the whole state: the other hand is every card the seat has not seen,
and :func:`pasur.rules.world` deals it there. So the JSON is both what a person is shown and what
a checker re-solves, with no hidden field to trust.

The protocol's view encoding would say the same, but the bots' layer may import the rules only,
so the format here follows the rules' records (see ``docs/puzzles.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pasur.rules import (
    GameState,
    Move,
    Play,
    Rules,
    SeatView,
    format_cards,
    make_rules,
    mask_of,
    parse_cards,
    world,
)
from pasur.rules import view as seat_view
from pasur.rules.cards import CARDS
from pasur.rules.deal import PACK_SIZE


def _cards(mask: int) -> str:
    return format_cards(mask)


def _mask(text: str) -> int:
    return mask_of(parse_cards(text)) if text.strip() else 0


def encode(state: GameState) -> dict[str, Any]:
    """The position of the seat to play in ``state``, as it sees it."""
    seen = seat_view(state, state.turn)
    return {
        "seat": seen.seat,
        "players": seen.players,
        "round": seen.round_no,
        "dealer": seen.dealer,
        "totals": list(seen.totals),
        "hand": _cards(seen.hand),
        "table": _cards(seen.table),
        "piles": [_cards(pile) for pile in seen.piles],
        "surs": list(seen.surs),
        "last_capturer": seen.last_capturer,
        "plays": [
            {"seat": p.seat, "play": str(Move(CARDS[p.card], p.taken)), "sur": p.sur}
            for p in seen.plays
        ],
        "open": [_cards(cards) for cards in seen.open_cards],
    }


def decode(position: Mapping[str, Any], rules: Rules) -> GameState:
    """The full state of a last-deal ``position``: the other hand holds every unseen card."""
    plays = tuple(
        Play(entry["seat"], (move := Move.parse(entry["play"])).card, move.taken, entry["sur"])
        for entry in position["plays"]
    )
    seen = SeatView(
        seat=position["seat"],
        hand=_mask(position["hand"]),
        rules=rules,
        players=position["players"],
        round_no=position["round"],
        dealer=position["dealer"],
        turn=position["seat"],
        dealt=PACK_SIZE,
        table=_mask(position["table"]),
        piles=tuple(_mask(pile) for pile in position["piles"]),
        surs=tuple(position["surs"]),
        last_capturer=position["last_capturer"],
        plays=plays,
        totals=tuple(position["totals"]),
        result=None,
        winner=-1,
        open_cards=tuple(_mask(cards) for cards in position["open"]),
    )
    hands = [0] * seen.players
    hands[seen.seat] = seen.hand
    hands[1 - seen.seat] = seen.unseen() | (
        seen.open_cards[1 - seen.seat] if seen.open_cards else 0
    )
    return world(seen, hands, [])


def rules_of(settings: Mapping[str, str]) -> Rules:
    """The rules a puzzle names: every setting, as ``--set`` takes it."""
    return make_rules("standard", settings)
