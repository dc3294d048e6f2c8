"""The daily deal's API tests: the application's daily games on a fixed day, with quick bots."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from daily_support import DAY
from fastapi.testclient import TestClient

from pasur.server.daily import deal as daily_deal
from pasur.server.daily.games import DailyGames


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random bots and a casual expert: a game takes no time, and identical answers still show
    that the bots' generators are the deal's, not the process's."""
    monkeypatch.setattr(daily_deal, "OPPONENTS", {2: {1: "random"}, 3: {1: "random", 2: "random"}})
    monkeypatch.setattr(daily_deal, "EXPERT", "casual")


@pytest.fixture
def daily(client: TestClient, quick_bots: None) -> Iterator[DailyGames]:
    """The application's daily games, on :data:`DAY`."""
    games = client.app.state.daily  # type: ignore[attr-defined]
    assert isinstance(games, DailyGames)
    games.clock = lambda: DAY
    yield games
