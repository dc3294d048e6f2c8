"""The browser's practice table, run here on CPython: the frames it answers, the events it keeps,
and the archive of sources the worker imports with the standard library alone."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

from pasur.protocol import ErrorCode, Refused
from pasur.rules import legal_moves
from pasur.server.offline.engine import engine_archive
from pasur.server.offline.practice import (
    PracticeTable,
    bot_move,
    open_table,
    position,
    positions_of,
    review_of,
)

HELLO = json.dumps({"type": "hello", "protocol": 1, "seat_token": None, "since": None})
SHORT = {"players": 2, "bots": {"1": "casual"}, "settings": {"target": "1"}}
"""A game of one round (the first to one point wins it)."""


@functools.cache
def finished(seed: int = 3) -> PracticeTable:
    """A one-round practice game played to its end, the person playing each turn the hint's
    last-ranked move. Made once per seed and shared: the tests only read it (each hint is a
    search, and the upload tests ask for the game on two databases each)."""
    table = PracticeTable(SHORT, "Mina", seed=seed)
    while table.table.game is not None and table.table.status.value != "finished":
        table.tick()
        game = table.table.game
        if game.turn == 0 and game.result is None:
            move = json.loads(table.receive(json.dumps({"type": "hint"})))[0]["moves"][-1]["move"]
            frame = {"type": "play", "move": move, "version": table.table.version}
            assert json.loads(table.receive(json.dumps(frame)))[0]["type"] == "event"
    return table


def test_hello_is_answered_as_the_server_does() -> None:
    table = PracticeTable(SHORT, "Mina", seed=1)
    welcome, snapshot = json.loads(table.receive(HELLO))
    assert welcome == {
        "type": "welcome",
        "protocol": 1,
        "table": "offline",
        "you": 0,
        "version": table.table.version,
    }
    assert snapshot["snapshot"]["seats"][1]["kind"] == "bot"
    assert snapshot["snapshot"]["status"] == "playing"


def test_refusals_are_error_frames_with_the_ref() -> None:
    table = PracticeTable(SHORT, "Mina", seed=1)
    frame = {"type": "play", "move": "ZZ", "version": table.table.version, "ref": "o1"}
    (error,) = json.loads(table.receive(json.dumps(frame)))
    assert error["type"] == "error" and error["ref"] == "o1"
    assert error["code"] in {"malformed", "not_your_turn"}
    (chat,) = json.loads(table.receive(json.dumps({"type": "chat", "text": "hi"})))
    assert chat["code"] == "bad_frame"


def test_a_claim_is_answered_as_at_the_server() -> None:
    """Per shodam works offline too: a claim made before anyone has a point is wrong, and a wrong
    claim loses the game (docs/rules.md, claims)."""
    settings = {"players": 2, "bots": {"1": "casual"}, "settings": {"claims": "on"}}
    table = PracticeTable(settings, "Mina", seed=1)
    table.receive(HELLO)
    while table.table.game is not None and table.table.game.turn != 0:
        table.tick()
    frame = {"type": "claim", "version": table.table.version, "ref": "c1"}
    kinds = [event["event"]["kind"] for event in json.loads(table.receive(json.dumps(frame)))]
    assert "claimed" in kinds and kinds[-1] == "game_over"
    refused = {"type": "claim", "version": table.table.version}
    (error,) = json.loads(table.receive(json.dumps(refused)))
    assert error["type"] == "error"


def test_bad_settings_are_refused() -> None:
    for settings in (json.dumps({"preset": "nonsense"}), "[]", json.dumps({"players": 5})):
        with pytest.raises(Refused) as refused:
            open_table(settings, "Mina")
        assert refused.value.code is ErrorCode.BAD_CONFIG


def test_a_finished_game_has_its_record_log_positions_and_review() -> None:
    table = finished()
    record = table.record()
    assert json.loads(record)["players"] == 2
    assert json.loads(positions_of(record))["rounds"]
    review = json.loads(review_of(record, 0))
    assert review["seat"] == 0 and isinstance(review["turns"], list)
    upload = json.loads(table.upload())
    assert [event["n"] for event in upload["events"]] == list(range(1, len(upload["events"]) + 1))
    assert upload["events"][-1]["kind"] == "game_over"


def test_bot_moves_are_legal_and_repeatable() -> None:
    for seed in range(20):
        state = position(seed)
        move = bot_move("casual", seed)
        assert move == bot_move("casual", seed)
        if state.result is None:
            assert move in {str(m) if m.taken else f"{m.played} lay" for m in legal_moves(state)}


SLOW_MACHINE = """import itertools, json, sys, time
ticks = itertools.count()
time.perf_counter = lambda: float(next(ticks))  # each reading a second on: a very slow machine
from pasur.server.offline.practice import bot_move
print(json.dumps([bot_move(level, seed) for level in ("advanced", "expert") for seed in range(6)]))
"""


def test_search_moves_do_not_depend_on_the_machine_speed() -> None:
    """The differential test compares the browser's moves with these: a clock read in the search
    (the time cap) would make a slower machine play other moves."""
    done = subprocess.run(
        [sys.executable, "-c", SLOW_MACHINE], capture_output=True, text=True, check=True
    )
    here = [bot_move(level, seed) for level in ("advanced", "expert") for seed in range(6)]
    assert json.loads(done.stdout) == here


def test_the_archive_imports_with_the_standard_library_alone(tmp_path: Path) -> None:
    """What the worker does: unpack, then import the practice table with no site-packages."""
    archive = engine_archive()
    with zipfile.ZipFile(BytesIO(archive)) as opened:
        names = opened.namelist()
        opened.extractall(tmp_path)
    assert all(name.endswith(".py") for name in names)
    assert engine_archive() == archive  # the same sources, the same bytes (the cache's build)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from pasur.server.offline import practice;"
        "print(practice.bot_move('casual', 7));"
        "assert 'fastapi' not in sys.modules and 'sqlalchemy' not in sys.modules"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        env={"PASUR_PURE_PYTHON": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == bot_move("casual", 7)
