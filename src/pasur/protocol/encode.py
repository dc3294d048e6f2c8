"""What the engine's values look like on the wire: cards, plays, results, views, moves, reasons.

Cards are written as in the rules (``"10D"``) and moves as in game records (``"7D+2D+2H"``); a
lay is always ``"7D lay"`` where ``play`` must read it back (:func:`move_text`). Everything here
is pure: an engine value in, JSON-ready data out.
"""

from __future__ import annotations

from pasur.protocol.values import JSONObject
from pasur.rules import CARDS, IllegalReason, Move, Play, RoundResult, SeatView, format_cards


def cards(mask: int) -> list[str]:
    """A card set as a list of card names in rank order."""
    return format_cards(mask).split()


def encode_play(play: Play) -> JSONObject:
    """One play of a round, as everyone saw it."""
    return {
        "seat": play.seat,
        "move": str(Move(play.played, play.taken)),
        "card": str(play.played),
        "taken": cards(play.taken),
        "sur": play.sur,
    }


def encode_result(result: RoundResult) -> JSONObject:
    """A round's result: points, the breakdown per side, the cards left over, the totals."""
    score = result.score
    return {
        "points": list(score.points),
        "lines": [line._asdict() | {"total": line.total} for line in score.lines],
        "clubs_winner": score.clubs_winner,
        "leftover": cards(result.leftover),
        "leftover_to": result.leftover_to,
        "totals": list(result.totals),
    }


def encode_view(seat_view: SeatView) -> JSONObject:
    """What one seat (or a spectator, seat -1) knows of the game, for a snapshot."""
    shown: JSONObject = {
        "seat": seat_view.seat,
        "players": seat_view.players,
        "rules": seat_view.rules.settings(),
        "round": seat_view.round_no,
        "dealer": seat_view.dealer,
        "turn": seat_view.turn,
        "pack_size": seat_view.pack_size,
        "hand_sizes": list(seat_view.hand_sizes),
        "table": cards(seat_view.table),
        "piles": [cards(pile) for pile in seat_view.piles],
        "surs": list(seat_view.surs),
        "last_capturer": seat_view.last_capturer,
        "plays": [encode_play(play) for play in seat_view.plays],
        "totals": list(seat_view.totals),
        "result": encode_result(seat_view.result) if seat_view.result is not None else None,
        # The winning side, -2 for a drawn game (the engine's DRAW), None while it is played.
        "winner": seat_view.winner if seat_view.winner != -1 else None,
    }
    if seat_view.open_cards:  # Pasur Ru Baaz: every seat's face-up cards, seen by all
        shown["open"] = [cards(open_cards) for open_cards in seat_view.open_cards]
    if seat_view.seat >= 0:
        shown["hand"] = cards(seat_view.hand)
        shown["legal"] = legal_texts(seat_view)
    return shown


def legal_texts(seat_view: SeatView) -> list[str]:
    """The seat's legal moves as ``play`` accepts them (empty when it is not its turn)."""
    return [move_text(move) for move in seat_view.legal_moves()]


def move_text(move: Move) -> str:
    """A move as ``play`` reads it unambiguously: ``7D+2D+2H``, or ``7D lay`` for a lay.

    A bare ``7D`` means "the one legal play of 7D", which is ambiguous when 7D could also capture
    (with optional captures), so a lay is always written with the word ``lay``.
    """
    return str(move) if move.taken else f"{move.played} lay"


def encode_reason(reason: IllegalReason) -> JSONObject:
    """An illegal move's refusal as data: ``{"kind", "card", …}`` (``docs/protocol.md`` 6).

    Only the parts its kind's sentence names are given: ``seat`` for ``not_in_hand``, ``taken``
    (card names) for ``cannot_take``, ``not_on_table``, ``cannot_capture`` and ``must_sweep``,
    ``options`` (each a list of card names) for ``cannot_take``, ``must_capture``, ``must_sweep``
    and ``hidden_in_stack`` (the open card).
    """
    shown: JSONObject = {"kind": reason.kind.value}
    if 0 <= reason.card < len(CARDS):
        shown["card"] = str(CARDS[reason.card])
    if reason.kind == "not_in_hand":
        shown["seat"] = reason.seat
    if reason.kind in ("cannot_take", "not_on_table", "cannot_capture", "must_sweep"):
        shown["taken"] = cards(reason.taken)
    if reason.options:
        shown["options"] = [cards(option) for option in reason.options]
    return shown
