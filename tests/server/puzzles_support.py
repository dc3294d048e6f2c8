"""What the puzzle API's tests share: the day they run on, people with cookies of their own, the
shipped sets read straight from the package (not through the server's catalogue), and the
ratings worked out with OpenSkill itself."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from pasur.server.http.guests import COOKIE
from pasur.server.puzzles.trainer import PuzzleTrainer

DAY = datetime(2026, 12, 4, 9, 30, tzinfo=UTC)


def shipped(name: str = "standard.json") -> list[dict[str, Any]]:
    """The puzzles of a shipped set, as the file holds them."""
    text = resources.files("pasur.bots.puzzles").joinpath("sets", name).read_text("utf-8")
    puzzles: list[dict[str, Any]] = json.loads(text)["puzzles"]
    return puzzles


EVERY = {p["id"]: p for name in ("standard.json", "sur-final-deal.json") for p in shipped(name)}
"""Every served puzzle, by id."""


def trainer_of(client: TestClient) -> PuzzleTrainer:
    trainer = client.app.state.puzzles  # type: ignore[attr-defined]
    assert isinstance(trainer, PuzzleTrainer)
    return trainer


class Person:
    """Someone with a guest cookie of their own."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        client.cookies.clear()
        response = client.post("/api/guest", json={"name": name})
        assert response.status_code == 200, response.text
        self.cookie = response.cookies[COOKIE]
        client.cookies.clear()

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"{COOKIE}={self.cookie}"}

    def get(self, path: str) -> Any:
        return self.client.get(path, headers=self.headers())

    def attempt(self, puzzle_id: str, body: Any) -> Any:
        url = f"/api/puzzles/{puzzle_id}/attempt"
        return self.client.post(url, json=body, headers=self.headers())

    def play(self, puzzle_id: str, play: str) -> dict[str, Any]:
        response = self.attempt(puzzle_id, {"play": play})
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer


MODEL = PlackettLuce()


def shown(mu: float) -> int:
    """The figure docs/puzzles.md says people see: 1500 + 42 (mu - 25), rounded."""
    return round(1500 + 42 * (mu - 25))


def puzzle_start(difficulty: int) -> tuple[float, float]:
    """A puzzle's rating before anyone tried it, as docs/puzzles.md says."""
    return 25 + (difficulty - 3) * 25 / 6, 25 / 3


def rated(
    person: tuple[float, float], puzzle: tuple[float, float], *, solved: bool
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Both (mu, sigma) after the match, by OpenSkill's Plackett-Luce."""
    teams = [[MODEL.rating(*person)], [MODEL.rating(*puzzle)]]
    [[a], [b]] = MODEL.rate(teams, ranks=[0, 1] if solved else [1, 0])
    return (a.mu, a.sigma), (b.mu, b.sigma)
