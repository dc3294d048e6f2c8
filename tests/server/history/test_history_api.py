"""Finished games over REST: records (verified and replayed), positions, history, reviews."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from history_support import SHORT, finished_table, play_out, rematch
from play_support import GuestClient

from pasur.rules.records import replay


def pasur(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``pasur`` command."""
    script = Path(sys.executable).with_name("pasur")
    return subprocess.run([str(script), *args], capture_output=True, text=True, check=False)


@pytest.fixture
def ava(client: TestClient) -> GuestClient:
    return GuestClient(client, "Ava")


def record_of(guest: GuestClient, table_id: str, game: int, query: str = "") -> Any:
    return guest.client.get(f"/api/tables/{table_id}/games/{game}/record{query}")


def test_a_finished_game_s_record_verifies_and_replays(
    client: TestClient, ava: GuestClient, tmp_path: Path
) -> None:
    table_id = finished_table(client, [ava], bots=1)
    response = record_of(ava, table_id, 1)
    assert response.status_code == 200, response.text
    assert "content-disposition" not in response.headers
    record = response.json()
    assert record["seats"] == ["Ava", "random bot"]
    assert record["winner"] is not None
    assert len(record["commitments"]) == len(record["rounds"])
    path = tmp_path / "game.json"
    path.write_text(response.text, encoding="utf-8")
    verified = pasur("verify", str(path))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    replayed = pasur("replay", "--json", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["totals"] == record["totals"]


def test_a_download_is_named_after_the_table_and_game(client: TestClient, ava: GuestClient) -> None:
    table_id = finished_table(client, [ava], bots=1)
    response = record_of(ava, table_id, 1, "?download=1")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == (
        f'attachment; filename="pasur-{table_id}-1.json"'
    )
    assert response.json() == record_of(ava, table_id, 1).json()


def test_games_that_are_not_there_or_not_over_are_refused(
    client: TestClient, ava: GuestClient
) -> None:
    table_id = ava.create(players=2, bots={"1": "random"})
    ava.join(table_id, 0)
    assert _code(record_of(ava, table_id, 1)) == (404, "no_such_game")
    ava.post(f"/api/tables/{table_id}/start")
    assert _code(record_of(ava, table_id, 1)) == (409, "not_finished")
    assert _code(ava.client.get(f"/api/tables/{table_id}/games/1/positions")) == (
        409,
        "not_finished",
    )
    assert _code(record_of(ava, "nosuchtable", 1)) == (404, "no_such_table")
    assert _code(record_of(ava, "x" * 40, 1)) == (404, "no_such_table")
    assert _code(record_of(ava, table_id, 0)) == (404, "no_such_game")
    assert record_of(ava, table_id, "one").status_code == 422  # type: ignore[arg-type]


def test_an_earlier_game_s_record_stays_after_a_rematch_and_a_restart(
    make_client: Callable[..., TestClient], backend: str
) -> None:
    client = make_client(backend)
    ava = GuestClient(client, "Ava")
    table_id = finished_table(client, [ava], bots=1)
    first = record_of(ava, table_id, 1).json()
    rematch(client, table_id)
    second = record_of(ava, table_id, 2).json()
    assert second["rounds"][0]["deck"] != first["rounds"][0]["deck"]
    assert second["rounds"][0]["dealer"] == (first["rounds"][0]["dealer"] + 1) % 2
    assert record_of(ava, table_id, 1).json() == first
    client.__exit__(None, None, None)
    again = make_client(backend)
    assert again.get(f"/api/tables/{table_id}/games/1/record").json() == first
    assert again.get(f"/api/tables/{table_id}/games/2/record").json() == second


def test_positions_show_every_play_of_the_record(client: TestClient, ava: GuestClient) -> None:
    table_id = finished_table(client, [ava], bots=1)
    record = record_of(ava, table_id, 1).json()
    response = client.get(f"/api/tables/{table_id}/games/1/positions")
    assert response.status_code == 200
    shown = response.json()
    assert shown["players"] == 2
    assert shown["seats"] == record["seats"]
    final = replay(record)
    assert shown["rounds"][-1]["score"]["totals"] == list(final.totals)
    for entry, round_ in zip(record["rounds"], shown["rounds"], strict=True):
        assert [p["played"] for p in round_["positions"]] == [*entry["plays"], None]
        assert len(round_["positions"][0]["hands"][0]) == 4


def test_history_lists_a_guest_s_games_newest_first(client: TestClient, ava: GuestClient) -> None:
    babak = GuestClient(client, "Babak")
    stranger = GuestClient(client, "Cyrus")
    first = finished_table(client, [ava, babak])
    second = finished_table(client, [babak], bots=1)
    rematch(client, second)
    response = client.get("/api/history", headers=babak.headers)
    assert response.status_code == 200
    games = response.json()["games"]
    assert [(g["table_id"], g["game"]) for g in games] == [(second, 2), (second, 1), (first, 1)]
    assert [g["you"] for g in games] == [0, 0, 1]
    last = games[-1]
    record = record_of(ava, first, 1).json()
    assert last["seats"] == ["Ava", "Babak"]
    assert last["totals"] == record["totals"]
    assert last["winner"] == record["winner"]
    assert last["record_url"] == f"/api/tables/{first}/games/1/record"
    assert last["replay_url"] == f"/replay/{first}/1"
    assert last["finished_at"].endswith("Z")
    assert last["finished_at"] <= games[0]["finished_at"]
    assert client.get(last["record_url"]).json() == record
    ava_games = client.get("/api/history", headers=ava.headers).json()["games"]
    assert [(g["table_id"], g["you"]) for g in ava_games] == [(first, 0)]
    assert client.get("/api/history", headers=stranger.headers).json() == {"games": []}


def test_history_needs_a_guest(client: TestClient) -> None:
    client.cookies.clear()
    assert _code(client.get("/api/history")) == (401, "no_guest")
    forged = {"Cookie": "pasur_guest=not-signed"}
    assert _code(client.get("/api/history", headers=forged)) == (401, "no_guest")


def test_a_person_who_leaves_mid_game_still_finds_it_in_their_history(
    client: TestClient, ava: GuestClient
) -> None:
    babak = GuestClient(client, "Babak")
    table_id = ava.create(players=2, settings=SHORT)
    ava.join(table_id, 0)
    babak.join(table_id, 1)
    ava.post(f"/api/tables/{table_id}/start")
    assert babak.post(f"/api/tables/{table_id}/leave").status_code == 200
    play_out(client, table_id)
    games = client.get("/api/history", headers=babak.headers).json()["games"]
    assert [(g["table_id"], g["you"], g["seats"]) for g in games] == [
        (table_id, 1, ["Ava", "Babak"])
    ]


def test_the_review_ranks_a_seat_s_costliest_turns(client: TestClient, ava: GuestClient) -> None:
    client.app.state.game_archive.review_seconds = 1.0  # type: ignore[attr-defined]
    # A whole game to 62, not SHORT's one round to 1 point: when one round decides the game, a
    # seat far ahead wins whatever it plays, so every move is worth the same and a correct review
    # is empty (about one deal in seventy did that). Over several rounds scored by margin, a seat
    # that always plays its first legal move makes costly turns.
    table_id = finished_table(client, [ava], bots=1, settings={})
    record = record_of(ava, table_id, 1).json()
    assert len(record["rounds"]) > 1
    response = client.get(f"/api/tables/{table_id}/games/1/review?seat=0")
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["seat"] == 0
    assert answer["level"] == "expert"
    assert 0 < len(answer["turns"]) <= 5
    losses = [turn["loss"] for turn in answer["turns"]]
    assert losses == sorted(losses, reverse=True)
    for turn in answer["turns"]:
        assert record["rounds"][turn["round"]]["plays"][turn["index"]] == turn["played"]
        assert turn["best"] == turn["moves"][0]["move"]
        assert turn["played"] in [move["move"] for move in turn["moves"]]
        assert turn["loss"] > 0
    # A second ask is answered from the cache, identically.
    assert client.get(f"/api/tables/{table_id}/games/1/review?seat=0").json() == answer


def test_a_review_of_a_seat_or_game_that_is_not_there_is_refused(
    client: TestClient, ava: GuestClient
) -> None:
    table_id = finished_table(client, [ava], bots=1)
    base = f"/api/tables/{table_id}/games"
    assert _code(client.get(f"{base}/1/review?seat=2")) == (400, "no_such_seat")
    assert _code(client.get(f"{base}/1/review?seat=-1")) == (422, "bad_request")
    assert _code(client.get(f"{base}/3/review?seat=0")) == (404, "no_such_game")
    assert client.get(f"{base}/1/review").status_code == 422


def _code(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["detail"]["code"]
