"""The puzzle API over HTTP (``docs/puzzles.md``, "The puzzle API"): the public form hides the
answer, an attempt is judged by the solver, the first attempt alone moves the ratings exactly as
OpenSkill's Plackett-Luce does, the next puzzle is the nearest untried one, the day's puzzle is
the same all day, and bad input is refused with nothing stored.

Doing the same at the same moment (double clicks, two processes) is in ``test_puzzles_once.py``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from puzzles_support import (
    DAY,
    EVERY,
    Person,
    puzzle_start,
    rated,
    shipped,
    shown,
    trainer_of,
)
from sqlalchemy import func, select

from pasur.bots.puzzles import THEMES, decode, rules_of, solve
from pasur.rules import Move, legal_moves, play_legal
from pasur.server.db.rows import PuzzleAttemptRow, PuzzlePlayerRow, PuzzleRatingRow
from pasur.server.puzzles.api import Theme
from pasur.server.puzzles.trainer import PuzzleTrainer

STANDARD = shipped()
FIRST, SECOND = STANDARD[0], STANDARD[1]
PUBLIC = {"id", "theme", "themes", "difficulty", "rating", "rules", "position", "legal", "tried"}
START = (25.0, 25 / 3)


@pytest.fixture
def trainer(client: TestClient) -> PuzzleTrainer:
    found = trainer_of(client)
    found.clock = lambda: DAY
    return found


def state_of(puzzle: dict[str, Any]) -> Any:
    return decode(puzzle["position"], rules_of(puzzle["rules"]))


def a_wrong_play(puzzle: dict[str, Any]) -> str:
    """The puzzle's worst play (never the solution: the best is ahead by 2 points or more)."""
    play: str = puzzle["alternatives"][-1]["play"]
    return play


def test_a_puzzle_is_shown_with_its_legal_plays_and_nothing_of_its_answer(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    for puzzle in (FIRST, EVERY[next(reversed(EVERY))]):
        response = client.get(f"/api/puzzles/{puzzle['id']}")
        assert response.status_code == 200, response.text
        shown_form = response.json()
        assert set(shown_form) == PUBLIC
        assert shown_form["position"] == puzzle["position"]
        assert shown_form["rules"] == puzzle["rules"]
        assert shown_form["themes"] == puzzle["themes"] and shown_form["theme"] == puzzle["theme"]
        assert shown_form["rating"] == shown(puzzle_start(puzzle["difficulty"])[0])
        assert shown_form["tried"] is False
        engine = [str(move) for move in legal_moves(state_of(puzzle))]
        assert shown_form["legal"] == engine
        assert sorted(engine) == sorted(entry["play"] for entry in puzzle["alternatives"])
        for secret in ("solution", "alternatives", "value", "margin", "source"):
            assert f'"{secret}"' not in response.text


def test_solving_then_failing_moves_both_ratings_as_openskill_does(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    ava = Person(client, "Ava")
    solved = ava.play(FIRST["id"], FIRST["solution"][0])
    person, puzzle = rated(START, puzzle_start(FIRST["difficulty"]), solved=True)
    assert solved["solved"] is True and solved["counted"] is True
    assert solved["rating"] == {"before": 1500, "after": shown(person[0])}
    assert solved["rating"]["after"] > 1500
    assert solved["puzzle_rating"] == {
        "before": shown(puzzle_start(FIRST["difficulty"])[0]),
        "after": shown(puzzle[0]),
    }
    assert solved["streak"] == 1
    assert solved["play"] == solved["best"] == FIRST["solution"][0]
    assert solved["value"] == solved["best_value"] == FIRST["value"]
    assert solved["margin"] == FIRST["margin"]
    assert solved["alternatives"] == FIRST["alternatives"]
    assert solved["themes"] == FIRST["themes"]
    assert [entry["play"] for entry in solved["solution"]] == FIRST["solution"]
    assert solved["line"] == solved["solution"]

    trainer.clock = lambda: DAY + timedelta(minutes=1)
    wrong = a_wrong_play(SECOND)
    failed = ava.play(SECOND["id"], wrong)
    after, second_puzzle = rated(person, puzzle_start(SECOND["difficulty"]), solved=False)
    assert failed["solved"] is False and failed["counted"] is True
    assert failed["rating"] == {"before": shown(person[0]), "after": shown(after[0])}
    assert failed["puzzle_rating"]["after"] == shown(second_puzzle[0])
    assert failed["streak"] == 0
    assert failed["value"] == next(a["value"] for a in SECOND["alternatives"] if a["play"] == wrong)
    assert failed["best"] == SECOND["solution"][0] and failed["best_value"] == SECOND["value"]

    summary = ava.get("/api/puzzles").json()
    assert summary["rating"] == shown(after[0])
    assert (summary["attempts"], summary["solved"]) == (2, 1)
    assert (summary["streak"], summary["best_streak"]) == (0, 1)
    assert summary["history"] == [
        {
            "id": SECOND["id"],
            "theme": SECOND["theme"],
            "solved": False,
            "play": wrong,
            "at": (DAY + timedelta(minutes=1)).isoformat(),
            "rating": shown(after[0]),
        },
        {
            "id": FIRST["id"],
            "theme": FIRST["theme"],
            "solved": True,
            "play": FIRST["solution"][0],
            "at": DAY.isoformat(),
            "rating": shown(person[0]),
        },
    ]
    assert client.get(f"/api/puzzles/{SECOND['id']}").json()["rating"] == shown(second_puzzle[0])


def test_the_line_after_a_wrong_play_is_the_solvers_best_replies_to_the_rounds_end(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    wrong = a_wrong_play(SECOND)
    answer = Person(client, "Ava").play(SECOND["id"], wrong)
    state = state_of(SECOND)
    expected = solve(state).line(Move.parse(wrong))
    assert [entry["play"] for entry in answer["line"]] == [str(move) for move in expected]
    seat = state.turn
    for entry in answer["line"]:
        assert entry["seat"] == state.turn
        state = play_legal(state, Move.parse(entry["play"]))
        assert entry["sur"] == state.plays[-1].sur
    assert state.result is not None  # the line reaches the round's end
    points = state.result.points
    assert points[seat] - points[1 - seat] == answer["value"]
    assert answer["line"][1]["seat"] != seat  # the other side's best reply comes first


def test_a_later_attempt_answers_the_same_shape_and_counts_for_nothing(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    ava = Person(client, "Ava")
    first = ava.play(FIRST["id"], FIRST["solution"][0])
    summary = ava.get("/api/puzzles").json()
    trainer.clock = lambda: DAY + timedelta(minutes=5)
    wrong = a_wrong_play(FIRST)
    again = ava.play(FIRST["id"], wrong)
    assert set(again) == set(first)
    assert again["counted"] is False and again["solved"] is False
    now = first["rating"]["after"]
    assert again["rating"] == {"before": now, "after": now}
    its = first["puzzle_rating"]["after"]
    assert again["puzzle_rating"] == {"before": its, "after": its}
    assert again["streak"] == 1
    assert again["play"] == wrong and again["line"][0]["play"] == wrong
    assert again["solution"] == first["solution"]
    assert ava.get("/api/puzzles").json() == summary
    # The solution again: solved, still not counted.
    assert ava.play(FIRST["id"], FIRST["solution"][0])["counted"] is False
    assert ava.get("/api/puzzles").json() == summary


def test_each_line_is_solved_once_in_the_worker_processes(
    client: TestClient, trainer: PuzzleTrainer, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[tuple[Any, ...]] = []
    run = trainer.thinkers.run

    async def counted(work: Any, *args: Any, **kwargs: Any) -> Any:
        runs.append((work.__name__, *args[2:]))
        return await run(work, *args, **kwargs)

    monkeypatch.setattr(trainer.thinkers, "run", counted)
    wrong = a_wrong_play(SECOND)
    ava, bob = Person(client, "Ava"), Person(client, "Bob")
    assert ava.play(SECOND["id"], wrong)["line"] == bob.play(SECOND["id"], wrong)["line"]
    ava.play(SECOND["id"], SECOND["solution"][0])  # the solution line needs no search
    assert runs == [("line_after", wrong)]


def test_a_play_is_read_in_any_case_and_answered_as_the_set_writes_it(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    best = FIRST["solution"][0]
    assert "+" in best
    card, taken = best.split("+", 1)
    answer = Person(client, "Ava").play(FIRST["id"], f"{card.lower()}+{taken.lower()}")
    assert answer["play"] == best and answer["solved"] is True


def bad_bodies() -> list[Any]:
    legal = FIRST["solution"][0]
    not_held = FIRST["position"]["table"].split()[-1]  # a table card is in no hand
    return [
        {"play": "ZZ"},
        {"play": not_held},
        {"play": f"{legal}+{not_held}"},
        {"play": ""},
        {"play": "x" * 101},
        {"play": 5},
        {"play": None},
        {"play": [legal]},
        {},
        {"play": legal, "extra": 1},
        [legal],
        legal,
    ]


def test_bad_input_is_refused_and_nothing_is_stored(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    ava = Person(client, "Ava")
    for body in bad_bodies():
        refused = ava.attempt(FIRST["id"], body)
        assert refused.status_code == 422, (body, refused.text)
        detail = refused.json()["detail"]
        assert detail["code"] == "bad_request" and detail["fields"], refused.text
    legal = {"play": FIRST["solution"][0]}
    for puzzle_id in ("000000000000", "B6A10FFAE06C", "next", "x" * 300, "%20"):
        refused = ava.attempt(puzzle_id, legal)
        assert refused.status_code == 404, (puzzle_id, refused.text)
        assert refused.json()["detail"]["code"] == "no_such_puzzle"
    client.cookies.clear()
    nobody = client.post(f"/api/puzzles/{FIRST['id']}/attempt", json=legal)
    assert (nobody.status_code, nobody.json()["detail"]["code"]) == (401, "no_guest")
    summary = ava.get("/api/puzzles").json()
    assert (summary["attempts"], summary["history"], summary["rating"]) == (0, [], 1500)
    assert ava.get(f"/api/puzzles/{FIRST['id']}").json()["tried"] is False
    assert client.get(f"/api/puzzles/{FIRST['id']}").json()["rating"] == shown(
        puzzle_start(FIRST["difficulty"])[0]
    )


def test_an_unknown_or_malformed_id_is_no_such_puzzle_and_a_theme_must_be_one(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    for puzzle_id in ("000000000000", "NEXT", "a" * 13, "b6a10ffae06"):
        refused = client.get(f"/api/puzzles/{puzzle_id}")
        assert refused.status_code == 404, refused.text
        assert refused.json()["detail"]["code"] == "no_such_puzzle"
        assert puzzle_id in refused.json()["detail"]["message"]
    for theme in ("nope", "", "Make-Sur"):
        refused = client.get("/api/puzzles/next", params={"theme": theme})
        assert refused.status_code == 422, refused.text
        assert refused.json()["detail"]["fields"][0]["loc"] == ["query", "theme"]


def test_the_themes_the_api_takes_are_the_puzzles(trainer: PuzzleTrainer) -> None:
    assert get_args(Theme) == THEMES


def test_a_new_person_is_shown_a_new_record_with_or_without_a_cookie(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    client.cookies.clear()
    anonymous = client.get("/api/puzzles").json()
    assert Person(client, "Ava").get("/api/puzzles").json() == anonymous
    counts = [{"theme": t, "count": sum(t in p["themes"] for p in EVERY.values())} for t in THEMES]
    assert anonymous == {
        "rating": 1500,
        "attempts": 0,
        "solved": 0,
        "streak": 0,
        "best_streak": 0,
        "themes": [entry for entry in counts if entry["count"]],
        "daily": {
            "id": anonymous["daily"]["id"],
            "day": "2026-12-04",
            "tried": False,
            "solved": None,
        },
        "history": [],
    }


def test_the_next_puzzle_is_the_nearest_untried_one_then_the_one_tried_longest_ago(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    """Worked out here from the sets and OpenSkill: the untried puzzle whose rating is nearest
    the person's (the first in the sets' order among equals), until every one of the theme is
    tried; then the one tried longest ago, which trying it again makes the newest."""
    ava = Person(client, "Ava")
    order = list(EVERY)
    theme = min(THEMES, key=lambda t: sum(t in p["themes"] for p in EVERY.values()))
    pool = [p for p in EVERY.values() if theme in p["themes"]]
    me = START
    ratings = {p["id"]: puzzle_start(p["difficulty"]) for p in pool}
    tried: list[str] = []
    for minute in range(len(pool)):
        trainer.clock = lambda minute=minute: DAY + timedelta(minutes=minute)
        offered = ava.get(f"/api/puzzles/next?theme={theme}").json()
        fresh = [p["id"] for p in pool if p["id"] not in tried]
        expected = min(fresh, key=lambda i: (abs(ratings[i][0] - me[0]), order.index(i)))
        assert (offered["id"], offered["tried"]) == (expected, False)
        assert theme in offered["themes"]
        # Solve every other one, so the person's rating goes up and down.
        play = EVERY[expected]["solution"][0] if minute % 2 == 0 else a_wrong_play(EVERY[expected])
        me, ratings[expected] = rated(me, ratings[expected], solved=minute % 2 == 0)
        assert ava.play(expected, play)["rating"]["after"] == shown(me[0])
        tried.append(expected)
    trainer.clock = lambda: DAY + timedelta(hours=1)
    again = ava.get(f"/api/puzzles/next?theme={theme}").json()
    assert (again["id"], again["tried"]) == (tried[0], True)
    assert ava.play(tried[0], EVERY[tried[0]]["solution"][0])["counted"] is False
    assert ava.get(f"/api/puzzles/next?theme={theme}").json()["id"] == tried[1]
    # Without a theme, an untried puzzle of any theme.
    assert ava.get("/api/puzzles/next").json()["id"] not in tried


def test_a_new_person_is_offered_the_first_puzzle_rated_1500(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    first_at_1500 = next(p for p in EVERY.values() if p["difficulty"] == 3)
    offered = client.get("/api/puzzles/next").json()
    assert set(offered) == PUBLIC
    assert (offered["id"], offered["rating"]) == (first_at_1500["id"], 1500)


def test_the_days_puzzle_is_the_same_for_everyone_all_day(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    standard = {p["id"] for p in STANDARD}
    ava, bob = Person(client, "Ava"), Person(client, "Bob")
    daily = ava.get("/api/puzzles/daily").json()
    assert set(daily) == PUBLIC | {"day"}
    assert daily["day"] == "2026-12-04" and daily["id"] in standard
    trainer.clock = lambda: DAY.replace(hour=23, minute=59)
    assert bob.get("/api/puzzles/daily").json() == daily
    assert ava.get("/api/puzzles").json()["daily"]["id"] == daily["id"]
    ava.play(daily["id"], EVERY[daily["id"]]["solution"][0])
    assert ava.get("/api/puzzles").json()["daily"] == {
        "id": daily["id"],
        "day": "2026-12-04",
        "tried": True,
        "solved": True,
    }
    assert ava.get("/api/puzzles/daily").json()["tried"] is True
    days = set()
    for later in range(1, 15):
        trainer.clock = lambda later=later: DAY + timedelta(days=later)
        answer = client.get("/api/puzzles/daily").json()
        assert answer["day"] == (DAY + timedelta(days=later)).date().isoformat()
        assert answer["id"] in standard
        days.add(answer["id"])
    assert len(days) > 1


def test_deleting_an_account_deletes_its_puzzle_record(
    client: TestClient, trainer: PuzzleTrainer
) -> None:
    device = Device(client)
    device.guest("Ava")
    assert device.add_passkey(Passkey(), name="Ava").status_code == 201
    body = {"play": FIRST["solution"][0]}
    assert device.call("POST", f"/api/puzzles/{FIRST['id']}/attempt", body).json()["counted"]
    assert [rows(client, kind) for kind in PUZZLE_ROWS] == [1, 1, 1]
    assert device.call("DELETE", "/api/account", {"confirm": "Ava"}).status_code == 204
    # The puzzle's own rating stays: it was earned against the puzzle, not the person.
    assert [rows(client, kind) for kind in PUZZLE_ROWS] == [0, 0, 1]
    solved = client.get(f"/api/puzzles/{FIRST['id']}").json()["rating"]
    assert solved < shown(puzzle_start(FIRST["difficulty"])[0])


PUZZLE_ROWS = (PuzzlePlayerRow, PuzzleAttemptRow, PuzzleRatingRow)


def rows(client: TestClient, kind: Any) -> int:
    """How many rows of ``kind`` the application's database holds."""
    engine = client.app.state.database.engine  # type: ignore[attr-defined]

    async def count() -> int:
        async with engine.connect() as connection:
            return int(await connection.scalar(select(func.count()).select_from(kind)))

    portal = client.portal
    assert portal is not None
    return portal.call(count)
