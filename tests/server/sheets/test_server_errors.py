"""Bad input: field-level 422s that say what is wrong, 404s, and never a 500.

The test client re-raises any exception the server does not handle, so every request here would
fail loudly if a hostile body reached a code path that crashes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import ALL_TO_FIRST, ISSUE_COUNTS, errors, new_sheet, suit

SHEETS = "/api/tracker/sheets"


@pytest.fixture
def three(client: TestClient) -> str:
    """The edit token of an empty sheet for three players."""
    token: str = new_sheet(client, "Ana", "Bahram", "Cyrus")["edit_token"]
    return token


@pytest.mark.parametrize(
    ("change", "loc", "message"),
    [
        ({"clubs": [5, 5, 2]}, ["body", "counts", "clubs"], "add up to 12, but a pack has 13"),
        ({"aces": [1, 1, 1]}, ["body", "counts", "aces"], "add up to 3, but a pack has 4"),
        ({"jacks": [2, 2, 2]}, ["body", "counts", "jacks"], "add up to 6, but a pack has 4"),
        ({"clubs": [14, -1, 0]}, ["body", "counts", "clubs"], "player 1 has 14"),
        ({"aces": [5, -1, 0]}, ["body", "counts", "aces"], "player 1 has 5"),
        ({"surs": [-1, 0, 0]}, ["body", "counts", "surs"], "player 1 has -1 Surs"),
        ({"surs": [0, 0]}, ["body", "counts", "surs"], "2 numbers given for 3 players"),
        ({"clubs": [7, 6]}, ["body", "counts", "clubs"], "counts for 2 sides"),
        ({"ten_of_diamonds": 4}, ["body", "counts", "ten_of_diamonds"], "player 4 does not exist"),
        ({"ten_of_diamonds": 0}, ["body", "counts", "ten_of_diamonds"], "player 0 does not exist"),
        ({"two_of_clubs": -3}, ["body", "counts", "two_of_clubs"], "does not exist"),
        (
            {"clubs": [7, 6, 0]},
            ["body", "counts", "two_of_clubs"],
            "player 3 took the 2♣ but has no clubs",
        ),
    ],
)
def test_counts_errors_name_the_field(
    client: TestClient, three: str, change: dict[str, Any], loc: list[str], message: str
) -> None:
    response = client.post(f"{SHEETS}/{three}/rounds", json={"counts": {**ISSUE_COUNTS, **change}})
    ((where, why),) = errors(response)
    assert where == loc
    assert message in why


def test_the_message_of_the_issue(client: TestClient, three: str) -> None:
    response = client.post(
        f"{SHEETS}/{three}/rounds", json={"counts": {**ISSUE_COUNTS, "clubs": [5, 5, 2]}}
    )
    assert response.json() == {
        "detail": {
            "code": "bad_request",
            "message": "counts.clubs: the counts add up to 12, but a pack has 13",
            "fields": [
                {
                    "loc": ["body", "counts", "clubs"],
                    "msg": "the counts add up to 12, but a pack has 13",
                    "type": "value_error",
                }
            ],
        }
    }


@pytest.mark.parametrize(
    ("body", "loc", "message"),
    [
        ({"players": ["Ana"]}, ["body", "players"], "2, 3 or 4 players, not 1"),
        ({"players": list("ABCDE")}, ["body", "players"], "not 5"),
        ({"players": ["Ana", "ana "]}, ["body", "players"], "the same name"),
        ({"players": ["Ana", " "]}, ["body", "players", 1], "a player's name is empty"),
        ({"players": ["Ana", "B" * 10_000]}, ["body", "players", 1], "longer than 40 characters"),
        ({"players": ["Ana", "B\nC"]}, ["body", "players", 1], "control characters"),
        ({"players": ["A", "B"], "first_dealer": 3}, ["body", "first_dealer"], "seat 1 to 2"),
        ({"players": ["A", "B"], "first_dealer": 0}, ["body", "first_dealer"], "seat 1 to 2"),
        ({"players": ["A", "B"], "preset": "casino"}, ["body", "preset"], "unknown preset"),
        (
            {"players": ["A", "B"], "settings": {"sur-pionts": "10"}},
            ["body", "settings", "sur-pionts"],
            "unknown setting 'sur-pionts'",
        ),
        (
            {"players": ["A", "B"], "settings": {"target": "-5"}},
            ["body", "settings", "target"],
            "target takes a whole number from 1 to 10000",
        ),
        (
            {"players": ["A", "B"], "settings": {"sur-points": 7}},
            ["body", "settings", "sur-points"],
            "sur-points takes 5, 10",
        ),
        (
            {"players": ["A", "B"], "settings": {"partnerships": True}},
            ["body", "players"],
            "partnerships need 4 players",
        ),
        ({"players": "Ana, Bahram"}, ["body", "players"], "valid list"),
        ({"players": ["A", 2]}, ["body", "players", 1], "valid string"),
        ({"players": ["A", "B"], "first_dealer": "1"}, ["body", "first_dealer"], "valid integer"),
        ({"players": ["A", "B"], "first_dealer": True}, ["body", "first_dealer"], "integer"),
        ({"players": ["A", "B"], "dealer": 1}, ["body", "dealer"], "Extra inputs"),
        ({}, ["body", "players"], "Field required"),
    ],
)
def test_create_errors_name_the_field(
    client: TestClient, body: dict[str, Any], loc: list[str | int], message: str
) -> None:
    lines = errors(client.post(SHEETS, json=body))
    assert any(where == loc and message in why for where, why in lines), lines


def test_every_bad_setting_is_reported_at_once(client: TestClient) -> None:
    lines = errors(
        client.post(
            SHEETS,
            json={"players": ["A", "B"], "preset": "x", "settings": {"a": "1", "target": "no"}},
        )
    )
    assert [where for where, _ in lines] == [
        ["body", "preset"],
        ["body", "settings", "a"],
        ["body", "settings", "target"],
    ]


@pytest.mark.parametrize(
    ("body", "loc", "message"),
    [
        ({}, ["body"], "give either counts or cards"),
        ({"counts": ISSUE_COUNTS, "cards": [[]]}, ["body"], "give either counts or cards"),
        ({"counts": ISSUE_COUNTS, "surs": [0, 0, 0]}, ["body"], "inside counts"),
        ({"counts": {**ISSUE_COUNTS, "clubs": "5,5,3"}}, ["body", "counts", "clubs"], "list"),
        ({"counts": {**ISSUE_COUNTS, "clubs": [5.5, 4.5, 3]}}, ["body", "counts", "clubs", 0], ""),
        ({"counts": {**ISSUE_COUNTS, "aces": list(range(10_000))}}, ["body", "counts", "aces"], ""),
        ({"counts": {"clubs": [5, 5, 3]}}, ["body", "counts", "aces"], "Field required"),
        ({"counts": {**ISSUE_COUNTS, "ten": 1}}, ["body", "counts", "ten"], "Extra inputs"),
        ({"cards": [["2C", "XX"], []]}, ["body", "cards", 0, 1], "'XX' is not a card"),
        ({"cards": [["2C"] * 2, []]}, ["body", "cards"], "lists a card twice"),
        ({"cards": [["2C"], ["2C"], []]}, ["body", "cards"], "marked for two sides"),
        ({"cards": [suit("C"), suit("D"), []]}, ["body", "cards"], "26 card(s) of the pack"),
        ({"cards": [["Q" * 10_000]]}, ["body", "cards", 0, 0], "at most 16 characters"),
    ],
)
def test_round_errors_name_the_field(
    client: TestClient, three: str, body: dict[str, Any], loc: list[str | int], message: str
) -> None:
    lines = errors(client.post(f"{SHEETS}/{three}/rounds", json=body))
    assert any(where == loc and message in why for where, why in lines), lines


def test_card_rounds_report_counts_errors_at_cards_or_surs(client: TestClient, three: str) -> None:
    everything = [suit("C"), suit("D"), suit("H") + suit("S")]
    lines = errors(
        client.post(f"{SHEETS}/{three}/rounds", json={"cards": everything, "surs": [0, 99, 0]})
    )
    assert lines == [(["body", "surs"], "player 2 has 99 Surs; it must be 0 to 48")]
    lines = errors(client.post(f"{SHEETS}/{three}/rounds", json={"cards": everything[:2]}))
    assert lines[0][0] == ["body", "cards"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"{SHEETS}/nosuchtoken"),
        ("GET", f"{SHEETS}/{'x' * 5000}"),
        ("GET", f"{SHEETS}/%00%2F..%2F"),
        ("GET", f"{SHEETS}/{'B' * 32}/export.csv"),
        ("POST", f"{SHEETS}/{'B' * 32}/undo"),
        ("DELETE", f"{SHEETS}/{'B' * 32}/rounds/1"),
    ],
)
def test_unknown_links_are_404(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path)
    assert response.status_code == 404
    if "%2F" not in path:  # an encoded slash matches no route at all
        assert response.json() == {
            "detail": {"code": "no_such_sheet", "message": "no score sheet has this link"}
        }


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["\udcff", "B"]},
        {"players": ["A", "B"], "settings": {"\udcff": "1"}},
        {"players": ["A", "B"], "\udcff": 1},
    ],
)
def test_lone_surrogates_are_refused_not_crashed_on(
    client: TestClient, body: dict[str, Any]
) -> None:
    errors(client.post(SHEETS, content=json.dumps(body)))


@pytest.mark.parametrize(
    ("suffix", "loc"),
    [
        ("rounds/0", ["path", "number"]),
        ("rounds/-1", ["path", "number"]),
        ("rounds/one", ["path", "number"]),
        ("rounds/1.5", ["path", "number"]),
        ("undo?version=latest", ["query", "version"]),
    ],
)
def test_bad_path_and_query_values_are_422(
    client: TestClient, three: str, suffix: str, loc: list[str]
) -> None:
    method = "POST" if suffix.startswith("undo") else "DELETE"
    lines = errors(client.request(method, f"{SHEETS}/{three}/{suffix}"))
    assert lines[0][0] == loc


def test_huge_numbers_are_refused_not_crashed_on(client: TestClient, three: str) -> None:
    big = 10**40
    for counts in (
        {**ISSUE_COUNTS, "clubs": [big, -big + 13, 0]},
        {**ISSUE_COUNTS, "ten_of_diamonds": big},
        {**ISSUE_COUNTS, "surs": [big, 0, 0]},
    ):
        errors(client.post(f"{SHEETS}/{three}/rounds", json={"counts": counts}))
    for number in (str(big), str(-big)):
        response = client.delete(f"{SHEETS}/{three}/rounds/{number}")
        assert response.status_code in (404, 422)
    response = client.post(f"{SHEETS}/{three}/undo?version={big}")
    assert response.status_code == 409
    errors(client.post(SHEETS, json={"players": ["A", "B"], "first_dealer": big}))
    errors(client.post(SHEETS, json={"players": ["A", "B"], "settings": {"target": big}}))


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"not json",
        b"{",
        b"null",
        b"[]",
        b'"players"',
        b"12",
        b'{"players": ["A", "B"],}',
        b'{"players": ["A", "B"], "first_dealer": NaN}',
        b'{"players": ["A", "B"], "first_dealer": 1e999}',
        b'{"players": ["A", "B"], "first_dealer": ' + b"9" * 5000 + b"}",
        b"[" * 100_00 + b"]" * 100_00,
        '{"players": ["\udcff", "B"]}'.encode("utf-8", "surrogatepass"),
        b"\xff\xfe\x00garbage",
    ],
)
def test_bodies_that_are_not_a_request(client: TestClient, raw: bytes) -> None:
    response = client.post(SHEETS, content=raw, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    if response.status_code == 422:
        errors(response)


def test_bodies_of_the_wrong_type(client: TestClient, three: str) -> None:
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post(
            f"{SHEETS}/{three}/rounds",
            content=b"counts=1",
            headers={"content-type": content_type},
        )
        assert 400 <= response.status_code < 500, (content_type, response.text)


def test_bodies_over_the_limit_are_413(client: TestClient, three: str) -> None:
    names = ["x" * 1000] * 100
    response = client.post(SHEETS, json={"players": names})
    assert response.status_code == 413
    assert response.json()["detail"]["code"] == "too_large"
    assert "larger than 64 KiB" in response.json()["detail"]["message"]

    def chunks() -> Any:  # no Content-Length: the size is found while reading
        yield b'{"counts": {"clubs": ['
        for _ in range(20_000):
            yield b"1,1,1,1,1,"
        yield b"1]}}"

    response = client.post(
        f"{SHEETS}/{three}/rounds", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


def test_names_from_anywhere_are_kept_as_written(client: TestClient) -> None:
    names = ["آنا", "بهرام", "😀 Cyrus", "<script>alert(1)</script>"]
    sheet = new_sheet(client, *names)
    again = client.get(f"{SHEETS}/{sheet['edit_token']}").json()
    assert again["names"] == names
    response = client.get(f"{SHEETS}/{sheet['edit_token']}/export.csv")
    assert "آنا points" in response.content.decode("utf-8-sig")


def test_a_sheet_holds_a_bounded_number_of_rounds(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pasur.server.sheets import api as tracker_api

    monkeypatch.setattr(tracker_api, "MAX_ROUNDS", 2)
    token = new_sheet(client, "A", "B", settings={"target": 10_000})["edit_token"]
    for _ in range(2):
        client.post(f"{SHEETS}/{token}/rounds", json={"counts": ALL_TO_FIRST})
    response = client.post(f"{SHEETS}/{token}/rounds", json={"counts": ALL_TO_FIRST})
    assert response.status_code == 409
    assert response.json()["detail"]["code"] == "sheet_full"
    assert "at most 2 rounds" in response.json()["detail"]["message"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=30,
)
COUNT_KEYS = st.sampled_from(
    ["clubs", "aces", "jacks", "ten_of_diamonds", "two_of_clubs", "surs", "x"]
)
ROUND_BODIES = (
    JSON
    | st.fixed_dictionaries({"counts": st.dictionaries(COUNT_KEYS, JSON)})
    | st.fixed_dictionaries(
        {"counts": st.dictionaries(COUNT_KEYS, st.lists(st.integers(-20, 20), max_size=5))}
    )
    | st.fixed_dictionaries({"cards": JSON, "surs": JSON})
)
SHEET_BODIES = JSON | st.fixed_dictionaries(
    {"players": JSON},
    optional={"preset": JSON, "settings": JSON, "first_dealer": JSON},
)


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=ROUND_BODIES)
def test_random_round_bodies_never_crash(client: TestClient, three: str, body: Any) -> None:
    response = client.post(f"{SHEETS}/{three}/rounds", content=json.dumps(body))
    assert response.status_code in (201, 409, 422), response.text


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=SHEET_BODIES)
def test_random_sheet_bodies_never_crash(client: TestClient, body: Any) -> None:
    response = client.post(SHEETS, content=json.dumps(body))
    assert response.status_code in (201, 422), response.text
