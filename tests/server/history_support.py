"""Helpers for the finished-games tests: tables played out quickly through the table manager."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi.testclient import TestClient
from play_support import GuestClient

from pasur.protocol.encode import move_text as written
from pasur.rules import legal_moves
from pasur.server.tables.commands import Play, Rematch
from pasur.server.tables.seats import Status

SHORT = {"target": "1"}
"""A game won in its first round, which is all most tests need of a finished game."""


def play_out(client: TestClient, table_id: str) -> None:
    """Play every person's turn (first legal move) until the game at the table is over.

    The plays go through :meth:`TableManager.act` in the server's own event loop, exactly as a
    socket's ``play`` frames do (stored step by step), only without the sockets.
    """
    manager = client.app.state.table_manager  # type: ignore[attr-defined]

    async def run() -> None:
        live = await manager.get(table_id)
        while live.table.status is Status.PLAYING:
            game = live.table.game
            seat, move = game.turn, written(legal_moves(game)[0])
            await manager.act(live, Play(seat, move, live.table.version))

    client.portal.call(run)  # type: ignore[union-attr]


def finished_table(
    client: TestClient, people: list[GuestClient], bots: int | Sequence[str] = 0, **options: Any
) -> str:
    """A table where ``people`` sit in seats 0, 1 … and ``bots`` after them (that many random
    bots, or bots of these levels), with one game played out; the first person creates and
    starts it. The game is :data:`SHORT` unless ``settings`` say otherwise."""
    creator = people[0]
    levels = ["random"] * bots if isinstance(bots, int) else list(bots)
    options.setdefault("settings", SHORT)
    table_id = creator.create(
        players=len(people) + len(levels),
        bots={str(len(people) + k): level for k, level in enumerate(levels)},
        **options,
    )
    for seat, person in enumerate(people):
        person.join(table_id, seat)
    response = creator.post(f"/api/tables/{table_id}/start")
    assert response.status_code == 200, response.text
    play_out(client, table_id)
    return table_id


def rematch(client: TestClient, table_id: str) -> None:
    """Every person accepts a rematch, and the next game is played out."""
    manager = client.app.state.table_manager  # type: ignore[attr-defined]

    async def vote() -> None:
        live = await manager.get(table_id)
        for seat, state in enumerate(live.table.seats):
            if state.player is not None:
                await manager.act(live, Rematch(seat, True))

    client.portal.call(vote)  # type: ignore[union-attr]
    play_out(client, table_id)


def results(client: TestClient, table_id: str, games: int = 1) -> list[tuple[list[int], int]]:
    """Each game's (totals, winner) at a table, from its records."""
    found = []
    for game in range(1, games + 1):
        record = client.get(f"/api/tables/{table_id}/games/{game}/record").json()
        found.append((record["totals"], record["winner"]))
    return found
