"""The table socket: reconnection with ``since``, refused and malformed frames, hostile input."""

from __future__ import annotations

import json
from typing import Any
from unittest.mock import ANY

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table, read_until
from server_support import errors

from pasur.rules import CARDS
from pasur.server.tables.table import Table


def two_people(client: TestClient) -> tuple[str, dict[int, str]]:
    """A started two-person table: its id and each seat's token."""
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2)
    seat_a, token_a = ava.join(table_id)
    seat_b, token_b = babak.join(table_id)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, {seat_a: token_a, seat_b: token_b}


def state(table: Table) -> Any:
    return table.version, table.game, table.seats


def test_a_reconnect_with_since_receives_exactly_the_missed_events(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    table = live_table(client, table_id)
    assert table.game is not None
    mover = table.game.turn
    other = 1 - mover
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws_move:
        hello(ws_move, tokens[mover])
        shot = ws_move.receive_json()["snapshot"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws_other:
            hello(ws_other, tokens[other])
            last_seen = ws_other.receive_json()["snapshot"]["version"]
        # The other seat is gone; the mover plays (after the disconnect mark arrives).
        gone = read_until(ws_move, last_seen + 1)[-1]
        assert gone == {"n": last_seen + 1, "kind": "connection", "seat": other, "connected": False}
        version = gone["n"]
        ws_move.send_json({"type": "play", "move": shot["game"]["legal"][0], "version": version})
        read_until(ws_move, version + 1)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws_back:
            welcome = hello(ws_back, tokens[other], since=last_seen)
            missed = read_until(ws_back, welcome["version"])
        assert missed == table.events_for(other, last_seen)[: len(missed)]
        assert [e["n"] for e in missed] == list(range(last_seen + 1, welcome["version"] + 1))
        kinds = [e["kind"] for e in missed]
        assert kinds[0] == "connection" and "played" in kinds and kinds[-1] == "connection"


def test_refused_plays_get_their_code_and_change_nothing(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    table = live_table(client, table_id)
    assert table.game is not None
    mover = table.game.turn
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_move,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_wait,
    ):
        hello(ws_move, tokens[mover])
        shot = ws_move.receive_json()["snapshot"]
        hello(ws_wait, tokens[1 - mover])
        ws_wait.receive_json()
        version = table.version
        assert shot["version"] == version
        hand = shot["game"]["hand"]
        legal = shot["game"]["legal"]
        on_table = set(shot["game"]["table"])
        missing = next(c for c in ("KS", "KH", "KD", "KC", "QS", "QH") if c not in on_table)
        cases = [
            (ws_move, {"type": "play", "move": legal[0], "version": version - 1}, "stale"),
            (ws_wait, {"type": "play", "move": legal[0], "version": version}, "not_your_turn"),
            (ws_move, {"type": "play", "move": f"{hand[0]}+{missing}", "version": version}, None),
            (ws_move, {"type": "play", "move": "zz", "version": version}, "malformed"),
            (ws_move, {"type": "play", "move": 7, "version": version}, "bad_frame"),
            (ws_move, {"type": "play", "move": legal[0], "version": "1"}, "bad_frame"),
            (ws_move, {"type": "play", "move": legal[0], "version": True}, "bad_frame"),
            (ws_move, {"type": "dance"}, "bad_frame"),
        ]
        before = state(table)
        for ws, frame, code in cases:
            ws.send_json(frame | {"ref": "x1"})
            answer = ws.receive_json()
            assert answer["type"] == "error", answer
            assert answer["ref"] == "x1"
            if code is None:
                assert answer["code"] in ("illegal", "malformed")
            else:
                assert answer["code"] == code, (frame, answer)
            assert state(table) == before
        ws_move.send_json({"type": "play", "move": legal[0], "version": version})
        assert read_until(ws_move, version + 1)[0]["kind"] == "played"


HOSTILE: list[str | bytes] = [
    "not json",
    "",
    "[]",
    "null",
    "42",
    '"hello"',
    "{}",
    '{"type": 5}',
    '{"type": null}',
    '{"type": "play"}',
    '{"type": "play", "move": null, "version": null}',
    '{"type": "play", "move": "' + "7D+" * 2000 + '", "version": 1}',
    '{"type": "play", "move": "7D", "version": 1e309}',
    '{"type": "play", "move": "7D", "version": 99999999999999999999999}',
    '{"type": "play", "move": "\\ud800", "version": 1}',
    '{"type": "rematch", "accept": "yes"}',
    '{"type": "rematch", "accept": true}',
    '{"type": "hello", "seat_token": "x"}',
    '{"type": "ping", "t": {"a": 1}}',
    json.dumps({"type": "play", "move": "7D", "version": 1, "ref": ["x"] * 10}),
    "{" * 5000,
    b"\x00\x01binary",
]


def test_an_illegal_play_is_refused_with_the_engines_reason_as_data(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    table = live_table(client, table_id)
    game = table.game
    assert game is not None
    seat = game.turn
    elsewhere = next(card for card in CARDS if not game.hands[seat] >> card & 1)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[seat])
        ws.receive_json()
        before = state(table)
        ws.send_json({"type": "play", "move": str(elsewhere), "version": table.version, "ref": 4})
        answer = ws.receive_json()
        assert state(table) == before
    assert answer == {
        "type": "error",
        "code": "illegal",
        "message": f"{elsewhere} is not in seat {seat + 1}'s hand",
        "reason": {"kind": "not_in_hand", "card": str(elsewhere), "seat": seat},
        "ref": 4,
    }


@pytest.mark.parametrize("who", ["seat", "spectator"])
def test_hostile_frames_get_errors_and_never_break_the_table(client: TestClient, who: str) -> None:
    table_id, tokens = two_people(client)
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[0] if who == "seat" else None)
        ws.receive_json()
        before = state(table)
        for frame in HOSTILE:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            answer = ws.receive_json()
            if answer["type"] == "pong":  # a ping whose "t" is not a number: no echo
                assert answer == {"type": "pong"}
                continue
            assert answer["type"] == "error", (frame, answer)
            assert isinstance(answer["code"], str) and isinstance(answer["message"], str)
            assert state(table) == before
        ws.send_json({"type": "ping", "t": 12.5})
        assert ws.receive_json() == {"type": "pong", "t": 12.5}


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ('{"type": "play", "move": "7D", "version": 1}', "bad_frame"),
        ("garbage", "bad_frame"),
        ('{"type": "hello", "protocol": 2}', "unsupported_protocol"),
        ('{"type": "hello", "since": "3"}', "bad_frame"),
        ('{"type": "hello", "seat_token": "not-a-token"}', "bad_token"),
        ('{"type": "hello", "seat_token": 12}', "bad_frame"),
    ],
)
def test_a_bad_first_frame_is_refused_and_the_socket_closed(
    client: TestClient, first: str, code: str
) -> None:
    table_id, _ = two_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(first)
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["code"] == code
        message = ws.receive()
        assert message["type"] == "websocket.close"


def test_an_unknown_table_is_refused(client: TestClient) -> None:
    for table_id in ("nope", "x" * 300):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["code"] == "no_such_table"


def test_a_far_behind_or_unknown_since_gets_a_snapshot(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    for since in (10**6, -5):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, tokens[0], since=since)
            assert ws.receive_json()["type"] == "snapshot"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("join", {"seat": True}, "seat"),  # was read as seat 1
        ("join", {"seat": 1.5}, "seat"),
        ("join", {"seat": "1"}, "seat"),
        ("new", {"players": "2"}, "players"),
        ("new", {"players": 2.5}, "players"),
        ("new", {"rated": 0}, "rated"),
        ("new", {"private": "false"}, "private"),
        ("new", {"spectators": 1}, "spectators"),
        ("new", {"bot_delay": "0.5"}, "bot_delay"),
        ("new", {"bot_delay": True}, "bot_delay"),
        ("new", {"turn_timer": "30"}, "turn_timer"),
        ("new", {"settings": {"target": 62}}, "target"),
        ("new", {"bots": {"1": 3}}, "1"),
        ("new", {"preset": 1}, "preset"),
        ("bots", {"seat": True, "level": "random"}, "seat"),
        ("bots", {"seat": "1", "level": "random"}, "seat"),
        ("bots", {"seat": 1, "level": None}, "level"),
        ("guest", {"name": 5}, "name"),
    ],
)
def test_rest_bodies_of_the_wrong_type_are_422_naming_the_field(
    client: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    """Strict bodies: a value of the wrong JSON type is refused, not converted."""
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2)
    url = {
        "new": "/api/tables",
        "join": f"/api/tables/{table_id}/join",
        "bots": f"/api/tables/{table_id}/bots",
        "guest": "/api/guest",
    }[path]
    before = live_table(client, table_id).version
    response = ava.post(url, body)
    assert response.status_code == 422, response.text
    assert any(loc[-1] == field for loc, _ in errors(response)), response.text
    assert live_table(client, table_id).version == before


def test_rest_bodies_of_the_right_types_are_accepted(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    body = {"players": 2, "bot_delay": 0, "rated": False, "private": True, "bots": {"1": "random"}}
    table_id = ava.create(**body)
    assert ava.post(f"/api/tables/{table_id}/join", {"seat": 0}).status_code == 200
    assert ava.post("/api/tables", {"bot_delay": 0.5, "turn_timer": 30}).status_code == 200
    # JSON, and the JSON Schema of the OpenAPI document, make no difference between 3 and 3.0.
    whole = ava.post("/api/tables", {"players": 3.0, "bots": {"2": "random"}})
    assert whole.status_code == 200, whole.text
    assert repr(live_table(client, whole.json()["table_id"]).config.players) == "3"  # not 3.0


def test_rest_errors_are_4xx_with_a_code(client: TestClient) -> None:
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    assert client.post("/api/tables", json={}).json()["detail"]["code"] == "no_guest"
    assert client.post("/api/tables", json={}).status_code == 401
    forged = {"Cookie": "pasur_guest=eyJpZCI6ImEiLCJuYW1lIjoiYiJ9.forged"}
    assert client.post("/api/tables", json={}, headers=forged).status_code == 401
    assert client.post("/api/guest", json={"name": "   "}).json()["detail"]["code"] == "bad_name"
    bad_configs = [
        {"players": 7},
        {"turn_timer": 20},
        {"preset": "nope"},
        {"settings": {"target": "banana"}},
        {"players": 2, "settings": {"partnerships": "yes"}},
        {"bots": {"5": "random"}},
        {"bots": {"0": "grandmaster"}},
    ]
    for body in bad_configs:
        response = ava.post("/api/tables", body)
        assert 400 <= response.status_code < 500, (body, response.text)
        assert response.status_code == 422 or "code" in response.json()["detail"]
    table_id = ava.create(players=2)
    assert ava.post("/api/tables/nope/join").status_code == 404
    assert ava.post(f"/api/tables/{table_id}/join", {"seat": 3}).json()["detail"]["code"] == (
        "no_such_seat"
    )
    assert ava.post(f"/api/tables/{table_id}/join", {"seat": "x"}).status_code == 422
    ava.join(table_id, 1)
    response = babak.post(f"/api/tables/{table_id}/join", {"seat": 1})
    assert (response.status_code, response.json()["detail"]["code"]) == (409, "seat_taken")
    assert ava.post(f"/api/tables/{table_id}/join").json()["detail"]["code"] == "already_seated"
    response = ava.post(f"/api/tables/{table_id}/start")
    assert (response.status_code, response.json()["detail"]["code"]) == (409, "not_ready")
    response = babak.post(f"/api/tables/{table_id}/bots", {"seat": 0, "level": "random"})
    assert response.json()["detail"]["code"] == "not_seated"
    response = ava.post(f"/api/tables/{table_id}/bots", {"seat": 0, "level": "zzz"})
    assert errors(response) == [(["body", "level"], ANY)]
    response = ava.post(f"/api/tables/{table_id}/bots", {"seat": 0, "level": "random"})
    assert response.status_code == 200
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    assert babak.post(f"/api/tables/{table_id}/leave").json()["detail"]["code"] == "not_seated"


def test_a_claim_frame_ends_the_game_for_every_socket(client: TestClient) -> None:
    # claims=on: a seat's claim (wrong here: nobody has a point yet) is the claimed event, then
    # the round's end and the game's, which a spectator receives too; at a table with claims
    # off the same frame is refused as illegal and changes nothing.
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2, settings={"claims": "on"})
    seat_a, token_a = ava.join(table_id)
    babak.join(table_id)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    table = live_table(client, table_id)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        hello(ws, token_a)
        ws.receive_json()
        hello(watcher)
        watcher.receive_json()
        version = table.version
        ws.send_json({"type": "claim", "version": version, "ref": "c1"})
        events = read_until(watcher, version + 3)
    assert [event["kind"] for event in events] == ["claimed", "round_ended", "game_over"]
    assert events[0] == {"n": version + 1, "kind": "claimed", "seat": seat_a, "right": False}
    assert events[-1]["winner"] == 1 - seat_a
    plain_id, tokens = two_people(client)
    plain = live_table(client, plain_id)
    with client.websocket_connect(f"/ws/tables/{plain_id}") as ws:
        hello(ws, tokens[0])
        ws.receive_json()
        before = state(plain)
        ws.send_json({"type": "claim", "version": plain.version, "ref": 2})
        answer = ws.receive_json()
        assert state(plain) == before
    assert answer["code"] == "illegal" and answer["ref"] == 2
