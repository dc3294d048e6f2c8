"""A seat's view kept up to date from the table's events, as a client that plays needs it.

A socket gets one snapshot, then events. An engine seated through ``pasur connect`` must be
given, at each of its turns, the same view a snapshot would show then (``encode_view``); asking
the server for a snapshot on every move would cost a socket each time. So :class:`FollowedView`
starts from the snapshot's ``game`` and applies each event the way the rules change the public
state: a lay adds the card to the table, a capture moves it and what it took to the seat's pile,
the round's end hands the leftover to its taker, and a take-back brings the whole view again.
The table tests compare it with the server's snapshot after every event.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import ClassVar

from pasur.protocol.encode import cards
from pasur.protocol.values import JSONObject
from pasur.rules import STANDARD, mask_of, parse_cards
from pasur.rules.deal import HAND_SIZE


def _mask(names: object) -> int:
    """A card set from a list of card names, as events and snapshots write them."""
    assert isinstance(names, list)
    return mask_of(parse_cards(" ".join(str(name) for name in names)))


class FollowedView:
    """The seat's view (the snapshot's ``game`` shape), changed event by event."""

    def __init__(self, seat: int, players: int, rules: dict[str, str]) -> None:
        self.seat = seat
        self.players = players
        self.rules = dict(rules)
        sides = 2 if STANDARD.with_settings(rules).partnerships else players
        self._view: JSONObject = {
            "seat": seat,
            "players": players,
            "rules": dict(rules),
            "round": 0,
            "dealer": 0,
            "turn": -1,
            "pack_size": 0,
            "hand_sizes": [0] * players,
            "table": [],
            "piles": [[] for _ in range(players)],
            "surs": [0] * players,
            "last_capturer": -1,
            "plays": [],
            "totals": [0] * sides,
            "result": None,
            "winner": None,
            "hand": [],
            "legal": [],
        }

    @classmethod
    def from_snapshot(cls, game: JSONObject) -> FollowedView:
        """Start from a snapshot's ``game`` (the view at the snapshot's version)."""
        seat, players, rules = game["seat"], game["players"], game["rules"]
        assert isinstance(seat, int) and isinstance(players, int) and isinstance(rules, dict)
        followed = cls(seat, players, {str(k): str(v) for k, v in rules.items()})
        followed._view = copy.deepcopy(game)
        return followed

    @property
    def view(self) -> JSONObject:
        """The view now: a copy, so whoever reads it cannot change what is followed."""
        return copy.deepcopy(self._view)

    @property
    def legal(self) -> list[str]:
        """The seat's legal moves now (empty when it is not its turn)."""
        legal = self._view["legal"]
        assert isinstance(legal, list)
        return [str(move) for move in legal]

    @property
    def to_play(self) -> bool:
        """Whether the seat is to play now, with its cards in hand.

        A ``played`` event that ends a deal already lists the next hand's moves, but the cards
        come in the ``dealt`` event right after it; until then there is nothing to play.
        """
        sizes = self._view["hand_sizes"]
        assert isinstance(sizes, list)
        return bool(self._view["legal"]) and sizes[self.seat] > 0

    def apply(self, event: JSONObject) -> None:
        """Change the view as the event (rendered for this seat) says; other kinds change none."""
        step = self._steps.get(str(event.get("kind")))
        if step is not None:
            step(self, event)

    def _started(self, event: JSONObject) -> None:
        view = self._view
        view["dealer"] = event["dealer"]
        totals = view["totals"]
        assert isinstance(totals, list)
        view["totals"] = [0] * len(totals)
        view["result"] = None
        view["winner"] = None

    def _round_started(self, event: JSONObject) -> None:
        players = self.players
        self._view |= {
            "round": event["round"],
            "dealer": event["dealer"],
            "turn": event["turn"],
            "pack_size": event["pack_size"],
            "hand_sizes": [HAND_SIZE] * players,
            "table": cards(_mask(event["table"])),
            "piles": [[] for _ in range(players)],
            "surs": [0] * players,
            "last_capturer": -1,
            "plays": [],
            "result": None,
            "hand": cards(_mask(event.get("hand", []))),
            "legal": list(_legal(event)),
        }

    def _dealt(self, event: JSONObject) -> None:
        self._view |= {
            "turn": event["turn"],
            "pack_size": event["pack_size"],
            "hand_sizes": [HAND_SIZE] * self.players,
            "hand": cards(_mask(event.get("hand", []))),
            "legal": list(_legal(event)),
        }

    def _played(self, event: JSONObject) -> None:
        view = self._view
        seat = event["seat"]
        assert isinstance(seat, int)
        card = _mask([event["card"]])
        taken = _mask(event["taken"])
        table = _mask(view["table"])
        if taken:
            piles = view["piles"]
            assert isinstance(piles, list)
            piles[seat] = cards(_mask(piles[seat]) | taken | card)
            table &= ~taken
            view["last_capturer"] = seat
            if event["sur"]:
                surs = view["surs"]
                assert isinstance(surs, list)
                surs[seat] += 1
        else:
            table |= card
        view["table"] = cards(table)
        sizes = view["hand_sizes"]
        assert isinstance(sizes, list)
        sizes[seat] -= 1
        if seat == self.seat:
            view["hand"] = cards(_mask(view["hand"]) & ~card)
        plays = view["plays"]
        assert isinstance(plays, list)
        plays.append(
            {
                "seat": seat,
                "move": event["move"],
                "card": event["card"],
                "taken": event["taken"],
                "sur": event["sur"],
            }
        )
        view["turn"] = event["turn"]
        view["legal"] = list(_legal(event))

    def _round_ended(self, event: JSONObject) -> None:
        view = self._view
        to = event["leftover_to"]
        if isinstance(to, int) and to >= 0:
            piles = view["piles"]
            assert isinstance(piles, list)
            piles[to] = cards(_mask(piles[to]) | _mask(event["leftover"]))
        view |= {
            "turn": -1,
            "table": [],
            "hand_sizes": [0] * self.players,
            "totals": event["totals"],
            "legal": [],
            "result": {
                key: event[key]
                for key in ("points", "lines", "clubs_winner", "leftover", "leftover_to", "totals")
            },
        }

    def _game_over(self, event: JSONObject) -> None:
        self._view["winner"] = event["winner"]

    def _take_back(self, event: JSONObject) -> None:
        game = event["game"]  # the whole view once the play is undone, as a snapshot shows it
        assert isinstance(game, dict)
        self._view = copy.deepcopy(game)

    _steps: ClassVar[dict[str, Callable[[FollowedView, JSONObject], None]]] = {
        "started": _started,
        "round_started": _round_started,
        "dealt": _dealt,
        "played": _played,
        "round_ended": _round_ended,
        "game_over": _game_over,
        "take_back": _take_back,
    }


def _legal(event: JSONObject) -> list[str]:
    legal = event.get("legal", [])
    assert isinstance(legal, list)
    return [str(move) for move in legal]
