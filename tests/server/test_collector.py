"""The garbage collector's pacing: survivors frozen, a full collection now and then, and the
collector given everything back when the server stops."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pasur.server.app import create_app
from pasur.server.collector import CollectorPacing, pace_collector
from pasur.server.settings import ServerSettings


class Stop(Exception):
    """Ends a paced run after a given number of sleeps."""


def test_survivors_are_frozen_and_everything_is_collected_every_full_period(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    frozen_at_each_sleep: list[int] = []
    collections: list[float] = []

    async def sleep(seconds: float) -> None:
        frozen_at_each_sleep.append(gc.get_freeze_count())
        if len(frozen_at_each_sleep) == 8:
            raise Stop
        now[0] += seconds

    def collect(generation: int = 2) -> int:
        # A full collection sees everything: nothing is frozen while it runs.
        assert gc.get_freeze_count() == 0
        collections.append(now[0])
        return 0

    monkeypatch.setattr(gc, "collect", collect)
    kept = [[index] for index in range(1000)]  # survivors the first freeze must take
    with pytest.raises(Stop):
        asyncio.run(
            pace_collector(
                CollectorPacing(freeze_every=1.0, full_every=3.0), sleep=sleep, clock=lambda: now[0]
            )
        )
    assert frozen_at_each_sleep[0] == 0
    assert all(count >= len(kept) for count in frozen_at_each_sleep[1:])
    assert collections == [3.0, 6.0]
    # Stopping gives the collector back everything it was kept from.
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize(("freeze_every", "full_every"), [(0.0, 1.0), (-1.0, 1.0), (2.0, 1.0)])
def test_a_pacing_that_cannot_work_is_refused(freeze_every: float, full_every: float) -> None:
    with pytest.raises(ValueError, match="0 < freeze_every <= full_every"):
        CollectorPacing(freeze_every=freeze_every, full_every=full_every)


def test_an_app_with_a_pacing_freezes_while_it_runs_and_unfreezes_when_it_stops(
    sqlite_url: str, web_root: Path
) -> None:
    settings = ServerSettings(
        database_url=sqlite_url,
        web_root=web_root,
        # No full collection within the test (the test above covers them): each one unfreezes
        # everything for a moment, and a reading taken then would be 0.
        collector=CollectorPacing(freeze_every=0.01, full_every=3600.0),
    )
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").status_code == 200
        deadline = time.monotonic() + 10
        frozen = gc.get_freeze_count()
        while frozen == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
            frozen = gc.get_freeze_count()
        assert frozen > 0
    assert gc.get_freeze_count() == 0


def test_an_app_without_a_pacing_leaves_the_collector_alone(
    sqlite_url: str, web_root: Path
) -> None:
    with TestClient(create_app(ServerSettings(database_url=sqlite_url, web_root=web_root))):
        time.sleep(0.05)
        assert gc.get_freeze_count() == 0
