"""The tracker API's flows, on SQLite and (when configured) on PostgreSQL.

Create a sheet, add rounds by counts and by cards, read it through both links, correct, delete and
undo rounds, export CSV, finish a game, and find it all again after a restart.
"""

from __future__ import annotations

import asyncio
import csv
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_support import (
    ALL_TO_FIRST,
    ALL_TO_SECOND,
    ISSUE_COUNTS,
    add_counts,
    new_sheet,
    suit,
)

from pasur.rules import make_rules
from pasur.server.db.database import Database
from pasur.server.sheets.store import SheetStore, VersionConflict
from pasur.tracker import new_sheet as tracker_sheet

TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
MakeClient = Callable[..., TestClient]


@pytest.fixture
def api(make_client: MakeClient, backend: str) -> TestClient:
    return make_client(backend)


def test_create_returns_both_links_and_the_settings(api: TestClient) -> None:
    sheet = new_sheet(api, "Ana", "Bahram", "Cyrus", settings={"sur-points": "10"})
    assert TOKEN.fullmatch(sheet["edit_token"])
    assert sheet["edit_url"] == f"/tracker/e/{sheet['edit_token']}"
    share = sheet["share_url"].removeprefix("/tracker/s/")
    assert TOKEN.fullmatch(share)
    assert share != sheet["edit_token"]
    assert sheet["names"] == sheet["sides"] == ["Ana", "Bahram", "Cyrus"]
    assert sheet["settings"]["sur-points"] == "10"
    assert sheet["settings"]["target"] == "62"
    assert sheet["target"] == 62
    assert (sheet["first_dealer"], sheet["next_dealer"]) == (1, 1)
    assert sheet["rounds"] == []
    assert sheet["totals"] == [0, 0, 0]
    assert sheet["winner"] is None
    assert sheet["tied_at_target"] is False
    assert (sheet["can_edit"], sheet["can_undo"]) == (True, False)


def test_a_sheet_made_offline_is_created_once_however_often_it_is_sent(
    api: TestClient, backend: str
) -> None:
    made = "0f8c6a0e-3b7d-4c1e-9a53-2d4e8f1b7c60"
    body = {"players": ["Nima", "Shirin"], "made_offline": made}
    first = api.post("/api/tracker/sheets", json=body)
    assert first.status_code == 201, first.text
    # Its answer was lost on the way: the browser sends the same creation again.
    again = api.post("/api/tracker/sheets", json=body)
    assert again.status_code == 200 and again.json() == first.json()
    add_counts(api, first.json()["edit_token"], ALL_TO_FIRST)
    later = api.post("/api/tracker/sheets", json=body).json()
    assert later["edit_token"] == first.json()["edit_token"] and len(later["rounds"]) == 1
    other = api.post("/api/tracker/sheets", json={**body, "made_offline": made[:-1] + "1"})
    assert other.status_code == 201 and other.json()["edit_token"] != later["edit_token"]
    assert new_sheet(api, "Nima", "Shirin")["edit_token"] != later["edit_token"]


@pytest.mark.parametrize("made", ["not-a-uuid", "0F8C6A0E-3B7D-4C1E-9A53-2D4E8F1B7C60", "", 7])
def test_a_bad_made_offline_id_is_refused(api: TestClient, made: object) -> None:
    response = api.post("/api/tracker/sheets", json={"players": ["A", "B"], "made_offline": made})
    assert response.status_code == 422, response.text
    assert "made_offline" in response.text


def test_the_same_sheet_made_offline_sent_twice_at_once_is_one_sheet(backend: str) -> None:
    async def run() -> None:
        database = Database(backend)
        await database.upgrade()
        store = SheetStore(database)
        sheet = tracker_sheet(["Nima", "Shirin"], make_rules())
        made = "5b1d7c2a-8e4f-4a6b-b3c9-0d2e1f7a9c84"
        try:
            answers = await asyncio.gather(*(store.create(sheet, made) for _ in range(4)))
        finally:
            await database.close()
        assert len({stored.edit_token for stored, _ in answers}) == 1
        assert sorted(new for _, new in answers) == [False, False, False, True]

    asyncio.run(run())


def test_the_issue_round_is_scored_with_its_breakdown(api: TestClient) -> None:
    sheet = new_sheet(api, "Ana", "Bahram", "Cyrus", settings={"sur-points": "10"})
    after = add_counts(api, sheet["edit_token"], ISSUE_COUNTS)
    (played,) = after["rounds"]
    assert played["number"] == 1
    assert played["dealer"] == 1
    assert played["counts"] == ISSUE_COUNTS
    # Ana: ace 1 + jacks 2 + 10♦ 3 + a Sur at 10; Bahram: aces 2 + jack 1;
    # Cyrus: the 7 for clubs (the two leaders tie at 5) + ace + jack + 2♣ 2.
    assert played["points"] == played["totals"] == after["totals"] == [16, 3, 11]
    ana, _bahram, cyrus = played["breakdown"]
    assert ana == {
        "side": 1,
        "clubs": 5,
        "clubs_points": 0,
        "ten_of_diamonds": 3,
        "two_of_clubs": 0,
        "aces": 1,
        "jacks": 2,
        "surs": 1,
        "sur_points": 10,
        "points": 16,
    }
    assert (cyrus["clubs_points"], cyrus["two_of_clubs"], cyrus["points"]) == (7, 2, 11)
    assert after["next_dealer"] == 2
    assert after["can_undo"] is True


def test_a_round_entered_as_cards(api: TestClient) -> None:
    sheet = new_sheet(api, "Ana", "Bahram", "Cyrus", first_dealer=3)
    piles = [suit("C"), suit("D"), suit("H") + suit("S")]
    response = api.post(
        f"/api/tracker/sheets/{sheet['edit_token']}/rounds",
        json={"cards": piles, "surs": [0, 1, 0]},
    )
    assert response.status_code == 201, response.text
    played = response.json()["rounds"][0]
    assert played["counts"] == {
        "clubs": [13, 0, 0],
        "aces": [1, 1, 2],
        "jacks": [1, 1, 2],
        "ten_of_diamonds": 2,
        "two_of_clubs": 1,
        "surs": [0, 1, 0],
    }
    assert played["points"] == [7 + 2 + 1 + 1, 3 + 1 + 1 + 5, 2 + 2]
    assert played["dealer"] == 3
    assert response.json()["next_dealer"] == 1


def test_the_share_link_reads_but_never_changes(api: TestClient) -> None:
    sheet = new_sheet(api, "Ana", "Bahram", "Cyrus")
    edit = sheet["edit_token"]
    add_counts(api, edit, ISSUE_COUNTS)
    share = sheet["share_url"].removeprefix("/tracker/s/")

    seen = api.get(f"/api/tracker/sheets/{share}")
    assert seen.status_code == 200
    body = seen.json()
    assert "edit_token" not in body
    assert "edit_url" not in body
    assert edit not in seen.text
    assert (body["can_edit"], body["can_undo"]) == (False, False)
    assert body["totals"] == [11, 3, 11]
    assert body["share_url"] == sheet["share_url"]

    round_body = {"counts": ISSUE_COUNTS}
    for method, path, payload in [
        ("POST", f"/api/tracker/sheets/{share}/rounds", round_body),
        ("PUT", f"/api/tracker/sheets/{share}/rounds/1", round_body),
        ("DELETE", f"/api/tracker/sheets/{share}/rounds/1", None),
        ("POST", f"/api/tracker/sheets/{share}/undo", None),
    ]:
        refused = api.request(method, path, json=payload)
        assert refused.status_code == 403, (method, path, refused.text)
        assert refused.json()["detail"]["code"] == "read_only"
        assert "read-only" in refused.json()["detail"]["message"]
    assert api.get(f"/api/tracker/sheets/{edit}").json()["totals"] == [11, 3, 11]


def test_edit_delete_and_undo_rescore_everything_after(api: TestClient) -> None:
    sheet = new_sheet(api, "A", "B", settings={"target": "200"})
    token = sheet["edit_token"]
    url = f"/api/tracker/sheets/{token}"
    add_counts(api, token, ALL_TO_FIRST)
    add_counts(api, token, ALL_TO_FIRST)
    third = add_counts(api, token, {**ALL_TO_SECOND, "surs": [1, 1]})
    # A is at 40 before round 3, under the cutoff: A's Sur scores.
    assert third["rounds"][2]["points"] == [5, 25]
    assert third["totals"] == [45, 25]

    corrected = api.put(f"{url}/rounds/2", json={"counts": {**ALL_TO_FIRST, "surs": [2, 0]}})
    assert corrected.status_code == 200, corrected.text
    # Round 2 now gives A 30, so A is at 50 before round 3 and A's Sur there no longer scores.
    assert [r["points"] for r in corrected.json()["rounds"]] == [[20, 0], [30, 0], [0, 25]]
    assert corrected.json()["totals"] == [50, 25]

    deleted = api.delete(f"{url}/rounds/1")
    assert deleted.status_code == 200, deleted.text
    rounds = deleted.json()["rounds"]
    assert [r["number"] for r in rounds] == [1, 2]
    assert [r["dealer"] for r in rounds] == [1, 2]
    # A is at 30 before the (new) round 2: A's Sur scores again.
    assert [r["points"] for r in rounds] == [[30, 0], [5, 25]]

    undone = api.post(f"{url}/undo")
    assert undone.status_code == 200
    assert undone.json()["totals"] == [50, 25]
    undone = api.post(f"{url}/undo")
    assert undone.json()["totals"] == [45, 25]
    for _ in range(3):
        undone = api.post(f"{url}/undo")
        assert undone.status_code == 200
    assert undone.json()["rounds"] == []
    assert undone.json()["can_undo"] is False
    nothing = api.post(f"{url}/undo")
    assert nothing.status_code == 409
    assert nothing.json()["detail"] == {
        "code": "nothing_to_undo",
        "message": "there is nothing to undo",
    }


def test_missing_rounds_are_404(api: TestClient) -> None:
    token = new_sheet(api, "A", "B")["edit_token"]
    add_counts(api, token, ALL_TO_FIRST)
    for method, body in (("PUT", {"counts": ALL_TO_FIRST}), ("DELETE", None)):
        missing = api.request(method, f"/api/tracker/sheets/{token}/rounds/2", json=body)
        assert missing.status_code == 404
        assert missing.json() == {
            "detail": {"code": "no_such_round", "message": "there is no round 2; the sheet has 1"}
        }


def test_the_game_ends_at_the_target_and_a_tie_plays_on(api: TestClient) -> None:
    sheet = new_sheet(api, "A", "B", settings={"target": 40})
    token = sheet["edit_token"]
    add_counts(api, token, ALL_TO_FIRST)
    add_counts(api, token, ALL_TO_SECOND)
    tied = add_counts(api, token, {**ALL_TO_FIRST, "surs": [0, 4]})
    assert tied["totals"] == [40, 40]
    assert (tied["winner"], tied["tied_at_target"]) == (None, True)
    won = add_counts(api, token, ALL_TO_SECOND)
    assert (won["winner"], won["tied_at_target"]) == (2, False)
    over = api.post(f"/api/tracker/sheets/{token}/rounds", json={"counts": ALL_TO_FIRST})
    assert over.status_code == 409
    assert over.json()["detail"]["code"] == "sheet_finished"
    assert "the game is over" in over.json()["detail"]["message"]
    # A finished game can still be corrected.
    fixed = api.put(f"/api/tracker/sheets/{token}/rounds/4", json={"counts": ALL_TO_FIRST})
    assert fixed.json()["winner"] == 1


def test_partnerships_score_per_team(api: TestClient) -> None:
    sheet = new_sheet(
        api, "Ana", "Bahram", "Cyrus", "Dara", settings={"partnerships": True}, first_dealer=4
    )
    assert sheet["sides"] == ["Ana & Cyrus", "Bahram & Dara"]
    assert sheet["totals"] == [0, 0]
    after = add_counts(
        api,
        sheet["edit_token"],
        {
            "clubs": [8, 5],
            "aces": [3, 1],
            "jacks": [1, 3],
            "ten_of_diamonds": 1,
            "two_of_clubs": 2,
            "surs": [0, 2],
        },
    )
    assert after["totals"] == [7 + 3 + 3 + 1, 2 + 1 + 3 + 10]
    assert after["rounds"][0]["dealer"] == 4
    assert after["next_dealer"] == 1


def test_csv_export(api: TestClient) -> None:
    sheet = new_sheet(api, "Ana", "=Bahram", first_dealer=2)
    token = sheet["edit_token"]
    add_counts(api, token, ALL_TO_FIRST)
    add_counts(api, token, ALL_TO_SECOND)
    share = sheet["share_url"].removeprefix("/tracker/s/")
    for link in (token, share):
        response = api.get(f"/api/tracker/sheets/{link}/export.csv")
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/csv; charset=utf-8"
        assert response.headers["content-disposition"] == (
            'attachment; filename="pasur-scores.csv"'
        )
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
        # A name that looks like a formula is defused for spreadsheets.
        assert rows == [
            ["round", "dealer", "Ana points", "'=Bahram points", "Ana total", "'=Bahram total"],
            ["1", "'=Bahram", "20", "0", "20", "0"],
            ["2", "Ana", "0", "20", "20", "20"],
        ]


def test_tokens_are_unguessable_and_distinct(api: TestClient) -> None:
    tokens = []
    for _ in range(10):
        sheet = new_sheet(api, "A", "B")
        tokens += [sheet["edit_token"], sheet["share_url"].removeprefix("/tracker/s/")]
    assert len(set(tokens)) == len(tokens)
    assert all(TOKEN.fullmatch(token) for token in tokens)
    # The same shape, but nobody's token.
    assert api.get(f"/api/tracker/sheets/{'A' * 32}").status_code == 404


def test_a_sheet_survives_a_restart(make_client: MakeClient, backend: str) -> None:
    first = make_client(backend)
    sheet = new_sheet(first, "Ana", "Bahram", "Cyrus", settings={"clubs-tie3": "nobody"})
    token = sheet["edit_token"]
    add_counts(first, token, ISSUE_COUNTS)
    before = add_counts(first, token, ISSUE_COUNTS)
    first.__exit__(None, None, None)

    second = make_client(backend)
    after = second.get(f"/api/tracker/sheets/{token}")
    assert after.status_code == 200
    assert after.json() == before
    assert after.json()["settings"]["clubs-tie3"] == "nobody"
    # The undo history came back too.
    undone = second.post(f"/api/tracker/sheets/{token}/undo")
    assert len(undone.json()["rounds"]) == 1


def test_a_stale_version_is_refused(api: TestClient) -> None:
    sheet = new_sheet(api, "A", "B")
    token = sheet["edit_token"]
    assert sheet["version"] == 1
    url = f"/api/tracker/sheets/{token}/rounds"
    accepted = api.post(f"{url}?version=1", json={"counts": ALL_TO_FIRST})
    assert accepted.status_code == 201
    assert accepted.json()["version"] == 2
    stale = api.post(f"{url}?version=1", json={"counts": ALL_TO_FIRST})
    assert stale.status_code == 409
    assert stale.json()["detail"]["code"] == "sheet_changed"
    assert "changed meanwhile" in stale.json()["detail"]["message"]
    assert len(api.get(f"/api/tracker/sheets/{token}").json()["rounds"]) == 1


def test_a_change_racing_another_is_refused(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = new_sheet(api, "A", "B")["edit_token"]
    store = api.app.state.sheet_store
    assert isinstance(store, SheetStore)

    # The store itself: a write based on a version that is no longer current fails.
    found = api.portal.call(store.find, token)
    assert found is not None
    stored, _access = found
    add_counts(api, token, ALL_TO_FIRST)
    with pytest.raises(VersionConflict):
        api.portal.call(store.save, stored, stored.history.change(stored.sheet))

    # Through the API: another change lands between this request's read and its write.
    real_find = store.find

    async def find_then_lose_the_race(link: str) -> Any:
        result = await real_find(link)
        assert result is not None
        current, access = result
        await store.save(current, current.history)
        return current, access

    monkeypatch.setattr(store, "find", find_then_lose_the_race)
    raced = api.post(f"/api/tracker/sheets/{token}/rounds", json={"counts": ALL_TO_SECOND})
    assert raced.status_code == 409
    monkeypatch.undo()
    assert len(api.get(f"/api/tracker/sheets/{token}").json()["rounds"]) == 1
