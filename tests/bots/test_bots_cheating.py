"""What process separation gives: a cheating bot sees every hidden card in-process, none as an
engine.

The same hunt (cheating_support.hunt: the call stack and the garbage collector, for any game
state) runs inside a bot that the arena holds in its own process, and inside an engine that the
arena starts as a program. In-process it finds the game state at every move and with it every
card it should not know; as an engine, the only thing it is given is the seat's view as JSON, and
its process holds no game state at all.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import sys
import weakref
from collections.abc import Sequence
from pathlib import Path

from cheating_support import hunt

from pasur.bots import Bot
from pasur.bots.arena import ArenaSettings, run_arena
from pasur.bots.base import OutsideBot
from pasur.cli.engines import EngineSpec
from pasur.rules import Move, SeatView

SUPPORT = Path(__file__).with_name("cheating_support.py")


@dataclasses.dataclass
class CheatingBot:
    """Plays the first legal move, after hunting for the hidden cards."""

    found: list[tuple[int, int, int]]
    name: str = "cheater"

    def choose(self, view: SeatView, legal: Sequence[Move], rng: random.Random) -> Move:
        sizes = view.hand_sizes
        others = sum(sizes) - sizes[view.seat]
        position = hunt(view.seat, view.hand, view.table, len(view.plays))
        self.found.append((*position, others + view.pack_size))
        return legal[0]


@dataclasses.dataclass(frozen=True)
class InProcess:
    """The cheater as the arena's player from outside, but living in the arena's process."""

    found: list[tuple[int, int, int]]
    name: str = "cheater"

    def make(self) -> Bot:
        return CheatingBot(self.found)


def _arena(cheater: OutsideBot) -> None:
    report = run_arena(ArenaSettings(bots=("random", cheater), sets=1, bootstrap=10))
    assert report.matches[0].forfeits == ()


def test_in_process_the_cheater_finds_every_hidden_card() -> None:
    found: list[tuple[int, int, int]] = []
    _arena(InProcess(found))
    assert len(found) == 2 * 24
    for states, hidden, should_be_hidden in found:
        assert states > 0
        assert hidden == should_be_hidden  # every card of the other hands and the pack


def test_as_an_engine_the_cheater_finds_nothing(tmp_path: Path) -> None:
    log = tmp_path / "found.txt"
    _arena(EngineSpec("cheater", (sys.executable, str(SUPPORT), str(log))))
    found = [tuple(map(int, line.split())) for line in log.read_text().splitlines()]
    assert len(found) == 2 * 24
    for states, hidden, _ in found:
        assert (states, hidden) == (0, 0)
    assert any(should_be_hidden > 0 for *_, should_be_hidden in found)


def test_the_hunt_walks_past_a_weak_proxy_whose_object_is_gone() -> None:
    # The heap may hold such a proxy at any moment (another test's leftovers): asking it for its
    # class raised ReferenceError in the hunt, once, in CI.
    class Gone:
        pass

    doomed = Gone()
    dead = [weakref.proxy(doomed)]
    del doomed
    gc.collect()
    assert hunt(0, 0, 0, 0) == (0, 0)
    assert len(dead) == 1
