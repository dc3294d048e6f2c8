"""Hints on a practice table: the expert's ranking of the seat's own moves, on its own turn."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from play_support import frames_until, hello, live_table, practice_table

from pasur.bots.explain import move_facts
from pasur.rules import view
from pasur.server.tables.moves import read_move
from pasur.server.tables.table import Table


def unchanged(table: Table) -> Any:
    return table.version, table.game, table.seats


def test_a_hint_ranks_every_legal_move_best_first_without_changing_the_table(
    client: TestClient,
) -> None:
    table_id, [token] = practice_table(client)
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        shot = ws.receive_json()["snapshot"]
        assert shot["game"]["turn"] == 0
        before = unchanged(table)
        ws.send_json({"type": "hint", "ref": "h1"})
        answer = ws.receive_json()
        assert unchanged(table) == before
    assert answer["type"] == "hint" and answer["ref"] == "h1"
    assert answer["version"] == shot["version"]
    moves = [entry["move"] for entry in answer["moves"]]
    assert sorted(moves) == sorted(shot["game"]["legal"])
    values = [entry["value"] for entry in answer["moves"]]
    assert values == sorted(values, reverse=True)
    assert all(isinstance(value, float) for value in values)
    # Each move carries the facts the coach says it in, as the engine works them out on the
    # seat's own view.
    game = table.game
    assert game is not None
    seat_view = view(game, 0)
    for entry in answer["moves"]:
        facts = move_facts(seat_view, read_move(game, entry["move"]))
        assert (entry["now"], entry["sur"]) == (facts.now, facts.sur)
        assert entry["sur_chance"] == round(facts.sur_chance, 3)
        assert 0.0 <= entry["sur_chance"] <= 1.0


def test_the_socket_reads_on_while_a_hint_is_worked_out(client: TestClient) -> None:
    table_id, [token] = practice_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        ws.receive_json()
        ws.send_json({"type": "hint", "ref": "slow"})
        ws.send_json({"type": "ping", "t": 1})
        first, second = ws.receive_json(), ws.receive_json()
    assert first == {"type": "pong", "t": 1}  # answered while the search (about 0.5 s) runs
    assert second["type"] == "hint" and second["ref"] == "slow"


def test_hints_are_refused_off_turn_to_spectators_and_at_tables_with_other_people(
    client: TestClient,
) -> None:
    table_id, tokens = practice_table(client, bots=1, people=2)
    table = live_table(client, table_id)
    assert table.game is not None
    mover = table.game.turn
    for token in (tokens[mover], tokens[1 - mover], None):  # two people: never a practice table
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, token)
            ws.receive_json()
            before = table.game  # (connection marks of the sockets may come and go)
            ws.send_json({"type": "hint", "ref": 7})
            answer = frames_until(ws, "error")
            assert answer["code"] == "no_hints" and answer["ref"] == 7, answer
            assert answer["message"]
            assert table.game is before


def test_at_a_practice_table_spectators_and_the_seat_waiting_get_no_hint(
    client: TestClient,
) -> None:
    table_id, [token] = practice_table(client, bot_delay=5)  # the bot waits: seat 0 waits too
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)  # a spectator
        ws.receive_json()
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "no_hints"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        shot = ws.receive_json()["snapshot"]
        if shot["game"]["turn"] == 0:
            move, version = shot["game"]["legal"][0], shot["version"]
            ws.send_json({"type": "play", "move": move, "version": version})
            assert frames_until(ws, "event")["event"]["kind"] == "played"
        assert table.game is not None and table.game.turn == 1
        before = unchanged(table)
        ws.send_json({"type": "hint", "ref": "wait"})
        answer = ws.receive_json()
        assert answer["code"] == "no_hints" and "turn" in answer["message"]
        assert unchanged(table) == before
