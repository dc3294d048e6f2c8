"""A practice table held in the browser: the server's own :class:`Table`, run by Pyodide.

Offline practice runs in a Web Worker (``web/js/offline/engine-worker.js``) that unpacks the
engine's sources (:mod:`pasur.server.offline.engine`) and drives one :class:`PracticeTable`. It
answers the frames the table page sends (hello, play, hint, rematch, ping) with the frames the
server would send, made by the same code (the table, its views, the protocol's frames), so the
page plays offline exactly as it plays online. Standard library, rules, bots, protocol and the
tables wing only: nothing here may import a web framework (the worker has none).

Everything crosses to JavaScript as JSON text, the one type both sides read without conversion.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from typing import Any

from pasur.bots import make_bot
from pasur.bots.hint import hint
from pasur.bots.review import LEVEL, review
from pasur.protocol import ErrorCode, JSONObject, Refused, parse_client
from pasur.protocol.encode import move_text
from pasur.protocol.events import Event
from pasur.protocol.frames import (
    ClaimFrame,
    ErrorFrame,
    EventFrame,
    Hello,
    HintFrame,
    HintRequest,
    Ping,
    PlayFrame,
    Pong,
    RankedMove,
    RematchFrame,
    ServerFrame,
    SnapshotFrame,
    Unreadable,
    Welcome,
)
from pasur.rules import GameState, PasurError, legal_moves, make_rules, new_game, play, view
from pasur.rules.positions import positions
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import Player
from pasur.server.tables.table import Table

TABLE_ID = "offline"
"""The table page's id for the browser's own table (``/play/t/offline``)."""

YOU = 0
"""The person's seat; every other seat is a bot."""

PLAYER = "offline"
"""The person's id in the browser; the server puts its guest's id in its place on upload."""

REVIEW_SECONDS = 4.0
"""The budget of a whole review in the browser (the server's is
:data:`pasur.bots.review.DEFAULT_SECONDS`): WebAssembly searches slower, and a person waits."""

HINT_SECONDS = 0.5
"""The expert's budget for a hint, as the server gives it (``pasur.server.play.hints``)."""


class PracticeTable:
    """One practice game against bots, answering the table page's frames as the server would.

    Args:
        create: the practise page's table settings (``players``, ``preset``, ``settings``,
            ``bots`` by seat, ``bot_delay``), as it sends them to ``POST /api/tables``.
        name: the person's name at the table.
        seed: the deck's and the bots' seed (tests); by default the system's randomness.
    """

    def __init__(self, create: Mapping[str, Any], name: str, seed: int | None = None) -> None:
        try:
            rules = make_rules(str(create.get("preset", "standard")), create.get("settings", {}))
        except PasurError as error:
            raise Refused(ErrorCode.BAD_CONFIG, str(error)) from None
        config = TableConfig(
            players=create.get("players", 2),
            rules=rules,
            private=True,
            spectators=False,
            bot_delay=create.get("bot_delay", 0.0),
        )
        rng = random.SystemRandom() if seed is None else random.Random(seed)
        self.table = Table(config, rng=rng)
        self.log: list[JSONObject] = []
        """Every event of the table in its stored form: what the server replays on upload."""
        self._keep(self.table.join(Player(id=PLAYER, name=name), YOU))
        for seat, level in dict(create.get("bots", {})).items():
            self._keep(self.table.put_bot(int(seat), str(level)))
        self._keep(self.table.start(now=time.monotonic()))

    def receive(self, text: str) -> str:
        """The frames (a JSON list) answering one frame of the page."""
        frame = parse_client(text)
        try:
            frames = self._answer(frame)
        except Refused as refused:
            frames = [ErrorFrame.of(refused, frame.ref)]
        return _frames(frames)

    def tick(self) -> str:
        """The events (as frames) of whatever is due now: the bots' plays."""
        return _frames(self._events(self.table.tick(time.monotonic())))

    def wait(self) -> float | None:
        """Seconds until :meth:`tick` has something to do, or None."""
        deadline = self.table.next_deadline()
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    def record(self) -> str:
        """The last finished game's record (``not_finished`` before one ends)."""
        return json.dumps(self.table.record())

    def upload(self) -> str:
        """What ``POST /api/offline/games`` takes: the table's settings and every event so far."""
        return json.dumps({"config": self.table.config.to_json(), "events": self.log})

    def _answer(self, frame: object) -> list[ServerFrame]:
        now = time.monotonic()
        if isinstance(frame, Unreadable):
            return [ErrorFrame(frame.code, frame.message, frame.ref)]
        if isinstance(frame, Hello):
            return [
                Welcome(TABLE_ID, YOU, self.table.version),
                SnapshotFrame(self.table.snapshot_for(YOU, now=now)),
            ]
        if isinstance(frame, PlayFrame):
            return self._events(self.table.submit(YOU, frame.move, frame.version, now=now))
        if isinstance(frame, RematchFrame):
            return self._events(self.table.vote_rematch(YOU, frame.accept, now=now))
        if isinstance(frame, ClaimFrame):
            return self._events(self.table.claim(YOU, frame.version, now=now))
        if isinstance(frame, HintRequest):
            return [self._hint(frame)]
        if isinstance(frame, Ping):
            return [Pong(frame.t)]
        # Chat, emotes and take-backs need other people: none is here.
        raise Refused(
            ErrorCode.BAD_FRAME,
            "a practice table played offline takes plays, claims, hints and rematches only",
        )

    def _hint(self, frame: HintRequest) -> HintFrame:
        game = self.table.game
        if game is None or game.turn != YOU or game.result is not None:
            raise Refused(ErrorCode.NO_HINTS, "a hint is given on your own turn")
        ranked = hint(view(game, YOU), seconds=HINT_SECONDS)
        moves = tuple(RankedMove(move_text(r.move), round(r.value, 2)) for r in ranked)
        return HintFrame(self.table.version, moves, frame.ref)

    def _events(self, events: list[Event]) -> list[ServerFrame]:
        self._keep(events)
        return [EventFrame(event.for_recipient(YOU)) for event in events]

    def _keep(self, events: list[Event]) -> None:
        self.log.extend(event.to_json() for event in events)


def open_table(create: str, name: str, seed: int | None = None) -> PracticeTable:
    """A :class:`PracticeTable` from the settings as JSON text (what the worker holds)."""
    settings = json.loads(create)
    if not isinstance(settings, dict):
        raise Refused(ErrorCode.BAD_CONFIG, "the table's settings are a JSON object")
    return PracticeTable(settings, name, seed)


def _frames(frames: list[ServerFrame]) -> str:
    return json.dumps([frame.to_json() for frame in frames])


def position(seed: int) -> GameState:
    """A position reached from seed ``seed``: 2 to 4 players, standard rules, a deal from the
    seed, then some random legal plays of its first round (the differential test's positions)."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    state = new_game(make_rules(), players=players, seed=seed)
    for _ in range(rng.randrange(0, 48 // players)):
        if state.result is not None:
            break
        state = play(state, rng.choice(legal_moves(state)))
    return state


def bot_move(level: str, seed: int) -> str:
    """The move the ``level`` bot plays at :func:`position` ``seed``, its generator seeded with
    ``seed`` too, written as the table page sends moves.

    The search levels search their fixed budget with no time cap: the cap is a reading of the
    clock, and a move cut short by it depends on the machine (the browser is several times slower
    than CPython here), not only on the seed and the view.
    """
    state = position(seed)
    if state.result is not None:
        return ""
    chosen = make_bot(level, time_cap=None).choose(
        view(state, state.turn), legal_moves(state), random.Random(seed)
    )
    return move_text(chosen)


def positions_of(record: str) -> str:
    """Every position of a recorded game (:func:`pasur.rules.positions.positions`), as JSON."""
    return json.dumps(positions(json.loads(record)))


def review_of(record: str, seat: int) -> str:
    """The coach's review of ``seat`` in a recorded game, shaped as the server's review."""
    turns = review(json.loads(record), seat, seconds=REVIEW_SECONDS)
    return json.dumps({"seat": seat, "level": LEVEL, "turns": [turn.as_json() for turn in turns]})
