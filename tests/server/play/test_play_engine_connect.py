"""``pasur connect`` seats an engine at a table of a real ``pasur serve`` and plays a game out.

The table has no turn timer, so the game can only finish if every move of the engine's seat was
sent by ``pasur connect`` and accepted; a wrong seat token or a server that is not there ends the
command with one line and exit 1, never a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from process_support import Server, guest, launch, stop, wait_until_up

ROOT = Path(__file__).resolve().parents[3]
ENGINE = f"{sys.executable} {ROOT / 'examples' / 'greedy_engine.py'}"


def _connect(*args: str) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-c",
        "import sys; from pasur.cli.main import run; sys.argv[0] = 'pasur'; run()",
        "connect",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)


@pytest.fixture
def server(tmp_path: Path) -> Server:
    running = launch(f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}", tmp_path / "server.log")
    try:
        wait_until_up(running)
        yield running  # type: ignore[misc]
    finally:
        stop([running])


def _table(server: Server, seat: int) -> tuple[str, str]:
    """A started table (a random bot in the other seat); its id and ``seat``'s token."""
    with guest(server, "Ava") as ava:
        body = {"players": 2, "settings": {"target": "25"}, "bots": {str(1 - seat): "random"}}
        table_id = ava.post("/api/tables", json=body).json()["table_id"]
        token = ava.post(f"/api/tables/{table_id}/join", json={"seat": seat}).json()["seat_token"]
        started = ava.post(f"/api/tables/{table_id}/start", headers={"Pasur-Seat-Token": token})
        assert started.status_code == 200, started.text
    return table_id, token


COUNTING = """
import sys
sys.path.insert(0, {examples!r})
import greedy_engine
chosen = greedy_engine.choose
def choose(legal, rng):
    with open({log!r}, "a") as log:
        log.write("move\\n")
    return chosen(legal, rng)
greedy_engine.choose = choose
greedy_engine.main()
"""
"""The example engine, noting each move it makes in a file."""


@pytest.mark.parametrize(("seat", "games"), [(0, 1), (1, 2)])
def test_an_engine_plays_whole_games_online(
    server: Server, seat: int, games: int, tmp_path: Path
) -> None:
    table_id, token = _table(server, seat)
    log = tmp_path / "moves.txt"
    script = tmp_path / "counting.py"
    script.write_text(COUNTING.format(examples=str(ROOT / "examples"), log=str(log)))
    engine = f"{sys.executable} {script}"
    done = _connect(
        server.base,
        "--table",
        table_id,
        "--seat-token",
        token,
        "--engine",
        engine,
        "--games",
        str(games),
    )
    assert done.returncode == 0, (done.stdout, done.stderr, server.output())
    lines = done.stdout.splitlines()
    assert len(lines) == games
    assert all(line.startswith(f"game over: seat {seat} ") for line in lines)
    rounds = 0
    with guest(server, "Babak") as babak:
        assert babak.get(f"/api/tables/{table_id}").json()["status"] == "finished"
        for game in range(1, games + 1):
            record = babak.get(f"/api/tables/{table_id}/games/{game}/record").json()
            rounds += len(record["rounds"])
    # Every one of the seat's plays, all rounds long, was the engine's (24 cards a round).
    assert len(log.read_text().splitlines()) == 24 * rounds


def test_a_wrong_seat_token_is_one_line(server: Server) -> None:
    table_id, _ = _table(server, 0)
    done = _connect(server.base, "--table", table_id, "--seat-token", "x" * 32, "--engine", ENGINE)
    assert done.returncode == 1
    assert "bad_token" in done.stderr and "Traceback" not in done.stderr


def test_no_server_is_one_line() -> None:
    done = _connect("http://127.0.0.1:9", "--table", "t", "--seat-token", "x", "--engine", ENGINE)
    assert done.returncode == 1
    assert "cannot reach the table" in done.stderr and "Traceback" not in done.stderr


def test_a_bad_address_is_refused() -> None:
    done = _connect("127.0.0.1:8000", "--table", "t", "--seat-token", "x", "--engine", ENGINE)
    assert done.returncode == 2
    assert "give the server's address" in done.stderr and "Traceback" not in done.stderr
