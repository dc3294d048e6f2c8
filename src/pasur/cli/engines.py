"""Outside programs as players: start an engine, speak the engine protocol, and stop it.

An :class:`Engine` is one running program: its lines are read by a thread into a queue, so every
wait has a deadline and a silent, slow or dead program is a failure with a message, never a hang.
:class:`EngineBot` makes it a :class:`~pasur.bots.Bot` for the arena: it sees exactly what a
built-in bot sees, as JSON, and nothing else of this process (``docs/engines.md``).
"""

from __future__ import annotations

import dataclasses
import queue
import random
import shlex
import subprocess
import threading
from collections.abc import Sequence

from pasur.bots.base import Bot, BotFailure
from pasur.protocol.encode import encode_view, move_text
from pasur.protocol.engine import (
    EngineLineError,
    hello_line,
    quit_line,
    read_move,
    read_ready,
    settings_line,
    turn_line,
)
from pasur.protocol.values import JSONObject
from pasur.rules import Move, PasurError, SeatView, resolve_move

START_SECONDS = 10.0
"""How long a program may take to start and answer ``ready``."""
QUIT_SECONDS = 2.0
"""How long a program may take to exit after ``quit`` before it is killed."""
_EOF = None


class Engine:
    """One running engine program; every failure is a :class:`BotFailure` naming it."""

    def __init__(self, name: str, command: Sequence[str]) -> None:
        self.name = name
        try:
            self._process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                # A byte that is not UTF-8 makes a line that is no move (a protocol error),
                # rather than killing the reader.
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise BotFailure(f"engine {name} could not start: {error}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self._send(hello_line())
            answer = self._next(START_SECONDS, "to answer 'ready'")
            self.title = read_ready(answer)
            """The name the engine gave after ``ready`` (may be empty)."""
        except EngineLineError as error:
            self.close()
            raise BotFailure(f"engine {name} broke the protocol: {error}") from None
        except BotFailure:
            self.close()
            raise

    def _read(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            self._lines.put(line)
        self._lines.put(_EOF)

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except OSError:
            raise BotFailure(f"engine {self.name} {self._gone()}") from None

    def _next(self, seconds: float, what: str) -> str:
        try:
            line = self._lines.get(timeout=seconds)
        except queue.Empty:
            raise BotFailure(
                f"engine {self.name} timed out: it took more than {seconds:g} s {what}"
            ) from None
        if line is _EOF:
            raise BotFailure(f"engine {self.name} {self._gone()}")
        return line

    def _gone(self) -> str:
        try:
            code = self._process.wait(timeout=QUIT_SECONDS)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited (code {code})"

    def start_game(
        self, *, seat: int, players: int, rules: dict[str, str], seconds: float, seed: int
    ) -> None:
        """Tell the engine a game begins."""
        self._send(
            settings_line(seat=seat, players=players, rules=rules, seconds=seconds, seed=seed)
        )

    def ask(self, view: JSONObject, legal: Sequence[str], seconds: float) -> str:
        """The engine's answer to its turn, as move text (not yet checked against the rules)."""
        self._send(turn_line(view, legal, seconds))
        while True:
            line = self._next(seconds, "to answer its move")
            try:
                move = read_move(line)
            except EngineLineError as error:
                raise BotFailure(f"engine {self.name} broke the protocol: {error}") from None
            if move is not None:
                return move

    def close(self) -> None:
        """Say ``quit``, and kill the program if it does not exit soon."""
        process = self._process
        if process.poll() is None:
            try:
                self._send(quit_line())
                process.wait(timeout=QUIT_SECONDS)
            except (BotFailure, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        # The reader sees the end of the output once the program is gone; then it is safe to
        # close the pipes under it.
        self._reader.join(timeout=QUIT_SECONDS)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()


def chosen_move(name: str, text: str, legal: Sequence[Move]) -> Move:
    """The legal move an engine's answer names; an answer the rules refuse is a failure."""
    try:
        return resolve_move(text, legal)
    except PasurError as error:
        raise BotFailure(f"engine {name} answered an illegal move {text!r}: {error}") from None


class EngineBot:
    """An engine program playing one game, as a :class:`~pasur.bots.Bot`.

    The program starts on the first move (when the seat is known) and gets ``settings`` then;
    each turn it gets the seat's view as the server's snapshot shows it (``encode_view``).
    """

    def __init__(self, name: str, command: Sequence[str], seconds: float) -> None:
        self.name = name
        self._command = tuple(command)
        self._seconds = seconds
        self._engine: Engine | None = None

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        """Ask the program; :class:`BotFailure` if it fails to answer a legal move in time."""
        engine = self._engine
        if engine is None:
            engine = self._engine = Engine(self.name, self._command)
            engine.start_game(
                seat=view.seat,
                players=view.players,
                rules=view.rules.settings(),
                seconds=self._seconds,
                seed=rng.getrandbits(63),
            )
        texts = [move_text(move) for move in legal]
        return chosen_move(self.name, engine.ask(encode_view(view), texts, self._seconds), legal)

    def close(self) -> None:
        """Stop the program, if it was started."""
        if self._engine is not None:
            self._engine.close()
            self._engine = None


@dataclasses.dataclass(frozen=True, slots=True)
class EngineSpec:
    """An engine as ``--engine NAME=COMMAND`` names it: the arena starts one per game."""

    name: str
    command: tuple[str, ...]
    seconds: float = 5.0
    """The time it has for each move, in wall-clock seconds."""

    def make(self) -> Bot:
        """A new player for one game (the program starts at its first move)."""
        return EngineBot(self.name, self.command, self.seconds)


def parse_engine(text: str, seconds: float) -> EngineSpec:
    """Read ``NAME=COMMAND`` (the command split as a shell would, without running one)."""
    name, sep, command = text.partition("=")
    name = name.strip()
    if not sep or not name or not command.strip():
        raise ValueError(
            f"write an engine as NAME=COMMAND, as in mine='python3 engine.py'; got {text!r}"
        )
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"engine {name}: the command cannot be read: {error}") from None
    return EngineSpec(name, tuple(words), seconds)
