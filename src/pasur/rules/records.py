"""Game records: an open JSON format holding everything needed to replay a game exactly.

A record names the rules (preset and every setting), the seats, and for each round its dealer,
its deck order and every play in order. Cards and moves are written in the usual notation
(``10D``, ``7D+2D+2H``) so a record can be read by people and by other programs.
``docs/records.md`` describes the format; this module writes and replays it.
"""

from __future__ import annotations

import json
import sys
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pasur.rules.cards import CARDS, card_index
from pasur.rules.claims import CLAIM_WORD, claim
from pasur.rules.engine import new_game, next_round, play
from pasur.rules.errors import PasurError, RecordError
from pasur.rules.moves import Move
from pasur.rules.scoring import DRAW
from pasur.rules.settings import make_rules
from pasur.rules.state import GameState, Play

FORMAT = "pasur-record"
VERSION = 1


def _round_entry(
    dealer: int, deck: Sequence[int], plays: Sequence[Play], claimed_by: int = -1
) -> dict[str, Any]:
    written = [str(Move(CARDS[p.card], p.taken)) for p in plays]
    if claimed_by >= 0:
        written.append(f"{CLAIM_WORD} {claimed_by + 1}")
    return {"dealer": dealer, "deck": [str(CARDS[card]) for card in deck], "plays": written}


def record_of(state: GameState, seats: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of a game so far (rounds finished and the one being played), as plain data.

    A round that a claim ended (``claims=on``) lists the claim after its plays as ``claim 2``:
    seat 2 claimed.
    """
    entries = [_round_entry(r.dealer, r.deck, r.plays) for r in state.finished]
    claimed_by = state.result.claimed_by if state.result is not None else -1
    entries.append(_round_entry(state.dealer, state.deck, state.plays, claimed_by))
    names = (
        list(seats) if seats is not None else [f"Seat {seat + 1}" for seat in range(state.players)]
    )
    if len(names) != state.players:
        raise RecordError(f"{len(names)} seat names for {state.players} seats")
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": state.players,
        "rules": state.rules.settings(),
        "seats": names,
        "rounds": entries,
        "totals": list(state.totals),
        "winner": _winner(state),
    }


def _winner(state: GameState) -> int | str | None:
    """The record's ``winner``: a side, ``"draw"``, or None while the game goes on."""
    if state.winner == DRAW:
        return "draw"
    return state.winner if state.winner >= 0 else None


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text."""
    return json.dumps(record, ensure_ascii=False, indent=1)


def loads(text: str) -> dict[str, Any]:
    """Read a record from JSON text, checking its shape (not yet its plays)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not a JSON game record: {error}") from None
    except ValueError:  # a number Python will not read: more digits than it converts
        raise RecordError(
            "not a JSON game record: it holds a number of more than "
            f"{sys.get_int_max_str_digits()} digits"
        ) from None
    except RecursionError:
        raise RecordError(
            "not a JSON game record: its lists or objects are nested too deeply"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'not a game record: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise RecordError(
            f"record version {data.get('version')!r} is not supported (want {VERSION})"
        )
    return data


_KINDS = {int: "a whole number", dict: "an object", list: "a list"}


def _field(data: Mapping[str, Any], name: str, kind: type, where: str = "the record") -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f'{where}: "{name}" must be {_KINDS[kind]}')
    return value


def replay(data: Mapping[str, Any]) -> GameState:
    """Play a record's rounds again through the engine and return the final state.

    Raises:
        RecordError: the record is malformed, or a play is illegal; the message names the round
            and the play (both counted from 1) and says why.
    """
    return deque(states(data), maxlen=1)[0]


def states(data: Mapping[str, Any]) -> Iterator[GameState]:
    """Every state a record passes through: each round as dealt, then after each of its plays.

    Replays, positions and reviews walk the same states, checked exactly as :func:`replay` checks
    them; the record's stated totals and winner are checked after the last state.

    Raises:
        RecordError: as :func:`replay`, when the walk reaches the problem.
    """
    players = _field(data, "players", int)
    settings = _field(data, "rules", dict)
    rounds = _field(data, "rounds", list)
    if not rounds:
        raise RecordError("the record has no rounds")
    try:
        rules = make_rules("standard", {str(k): str(v) for k, v in settings.items()})
    except PasurError as error:
        raise RecordError(f"the record's rules: {error}") from None
    state: GameState | None = None
    for number, entry in enumerate(rounds, start=1):
        where = f"round {number}"
        if not isinstance(entry, dict):
            raise RecordError(f"{where}: must be an object with dealer, deck and plays")
        dealer = _field(entry, "dealer", int, where)
        if not 0 <= dealer < players:
            raise RecordError(f'{where}: "dealer" must be a seat from 0 to {players - 1}')
        if state is not None and state.turn >= 0:
            raise RecordError(f"round {number - 1}: the record stops before the round's last play")
        try:
            deck = [card_index(str(text)) for text in _field(entry, "deck", list, where)]
            if state is None:
                state = new_game(rules, players=players, deck=deck, dealer=dealer)
            else:
                if dealer != (state.dealer + 1) % players:
                    raise RecordError(
                        f'{where}: "dealer" must be {(state.dealer + 1) % players}, '
                        "the seat after the previous round's dealer"
                    )
                state = next_round(state, deck=deck)
        except RecordError:
            raise
        except PasurError as error:
            raise RecordError(f"{where}: {error}") from None
        yield state
        for index, text in enumerate(_field(entry, "plays", list, where), start=1):
            if state.turn < 0:
                raise RecordError(f"{where}, play {index}: the round is already over")
            try:
                state = _play_entry(state, str(text))
            except PasurError as error:
                raise RecordError(f"{where}, play {index} ({text}): {error}") from None
            yield state
    assert state is not None
    _check_stated_result(data, state)


def _play_entry(state: GameState, text: str) -> GameState:
    """Play one entry of a round's plays: a move, or a claim (``claim 2``)."""
    word, _, seat = text.strip().partition(" ")
    if word.lower() != CLAIM_WORD:
        return play(state, Move.parse(text))
    if not seat.strip().isdecimal():
        raise RecordError(f"write a claim as {CLAIM_WORD} SEAT, as in {CLAIM_WORD} 1")
    return claim(state, int(seat) - 1)


def _check_stated_result(data: Mapping[str, Any], state: GameState) -> None:
    """Refuse a record whose stated totals or winner differ from what its plays give."""
    if "totals" in data and data["totals"] != list(state.totals):
        raise RecordError(
            f"the record states totals {data['totals']}, but its plays give {list(state.totals)}"
        )
    winner = _winner(state)
    if "winner" in data and data["winner"] != winner:
        raise RecordError(f"the record states winner {data['winner']}, but its plays give {winner}")
