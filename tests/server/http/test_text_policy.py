"""One text policy for everything a person types (``pasur.protocol.text``): every field that takes
text refuses the same texts, each with its own refusal, and keeps a good one in the same tidy,
normalised form; the OpenAPI document says the same (lengths and a pattern).

The fields: a guest's name, a chat line, a tournament's name, a score sheet's player, a passkey's
label, and an account's name (whose own rules are stricter: one word of one alphabet).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from passkey_support import Device, Passkey
from play_support import TEST_LIMITS, GuestClient, hello
from server_support import errors

from pasur.protocol.text import CHAT, NAME
from pasur.server.http.rate_limit import Rate

BAD = {
    "a direction override": "Ava\u202einavA",
    "only a space": " ",
    "30 new lines": "Ava" + "\n" * 30,
    "a control character": "bell\x07",
    "a private character": "Ava\ue000",
    "invisible characters only": "\u200b\u200c ",
}
"""What every field refuses (and a text one character longer than the field takes)."""

GOOD = {
    "  Ava   Tehrani ": "Ava Tehrani",  # spaces tidied
    "Zoe\u0301": "Zo\u00e9",  # an e and its accent, as one character (NFC)
    "\u0627\u0653\u0631\u0634\u200c\u0647\u0627": "\u0622\u0631\u0634\u200c\u0647\u0627",  # آرش‌ها
}
"""Texts every field takes, and the form it keeps them in: a Persian one keeps its non-joiner
and has its alef and madda made one letter."""

ACCOUNT_GOOD = {" Ava_T ": "Ava_T", "\u0627\u0653\u0631\u0634": "\u0622\u0631\u0634"}
"""An account name has no spaces: these instead."""


@dataclasses.dataclass
class Server:
    """A server (on SQLite: the policy does not depend on the database), an account on it, and a
    seated guest's table socket."""

    client: TestClient
    account: Device
    socket: Any


Send = Callable[[Server, str], Any]
"""Sends a text to a field: returns the text as kept, or the refusal (a response or a frame)."""


@dataclasses.dataclass
class TextField:
    """A field that takes text."""

    name: str
    longest: int
    refusal: str
    """The code it refuses with; ``422`` for bad input (naming the field)."""
    send: Send
    good: dict[str, str] = dataclasses.field(default_factory=lambda: GOOD)


def refused_with(answer: Any) -> str:
    if isinstance(answer, dict):  # a socket's error frame
        return str(answer["code"])
    if answer.status_code == 422:
        assert [loc[-1] for loc, _ in errors(answer)] in (["name"], [0], ["label"]), answer.text
        return "422"
    return str(answer.json()["detail"]["code"])


def guest_name(server: Server, text: str) -> Any:
    response = Device(server.client).call("POST", "/api/guest", {"name": text})
    return response.json()["name"] if response.status_code == 200 else response


def chat_line(server: Server, text: str) -> Any:
    server.socket.send_json({"type": "chat", "text": text})
    while (frame := server.socket.receive_json())["type"] not in ("chat", "error"):
        pass
    return frame["text"] if frame["type"] == "chat" else frame


def tournament_name(server: Server, text: str) -> Any:
    soon = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    body = {"name": text, "kind": "swiss", "rounds": 3, "starts_at": soon}
    made = server.account.call("POST", "/api/tournaments", body)
    if made.status_code != 201:
        return made
    return server.client.get(f"/api/tournaments/{made.json()['id']}").json()["name"]


def sheet_player(server: Server, text: str) -> Any:
    made = server.client.post("/api/tracker/sheets", json={"players": [text, "Babak"]})
    return made.json()["names"][0] if made.status_code == 201 else made


def passkey_label(server: Server, text: str) -> Any:
    started = server.account.call("POST", "/api/account/passkeys/options", {})
    credential = Passkey().create(started.json()["options"])
    body = {"credential": credential, "label": text}
    added = server.account.call("POST", "/api/account/passkeys", body)
    if added.status_code != 201:
        return added
    passkeys = server.account.call("GET", "/api/account").json()["account"]["passkeys"]
    return next(key["label"] for key in passkeys if key["id"] == added.json()["passkey"])


def account_name(server: Server, text: str) -> Any:
    device = Device(server.client)
    device.guest("Someone")
    started = device.call("POST", "/api/account/passkeys/options", {"name": text})
    if started.status_code != 200:
        return started
    credential = Passkey().create(started.json()["options"])
    return device.call("POST", "/api/account/passkeys", {"credential": credential}).json()["name"]


FIELDS = [
    TextField("guest name", NAME.longest, "bad_name", guest_name),
    TextField("chat", CHAT.longest, "bad_chat", chat_line),
    TextField("tournament name", 80, "422", tournament_name),
    TextField("sheet player", 40, "422", sheet_player),
    TextField("passkey label", 64, "422", passkey_label),
    TextField("account name", 20, "name_refused", account_name, ACCOUNT_GOOD),
]


@pytest.fixture
def server(make_client: Callable[..., TestClient], sqlite_url: str) -> Iterator[Server]:
    client = make_client(sqlite_url, limits=dataclasses.replace(TEST_LIMITS, chat=Rate(100, 1.0)))
    account = Device(client)
    account.guest("Organiser")
    assert account.add_passkey(Passkey()).status_code == 201
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    table_id = ava.create(players=2)
    token = ava.join(table_id)[1]
    babak.join(table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        hello(socket, token)
        socket.receive_json()
        yield Server(client, account, socket)


@pytest.mark.parametrize("field", FIELDS, ids=[field.name for field in FIELDS])
def test_every_field_refuses_the_same_texts_and_keeps_them_the_same_way(
    server: Server, field: TextField
) -> None:
    for why, text in {**BAD, "too long": "x" * (field.longest + 1)}.items():
        answer = field.send(server, text)
        assert not isinstance(answer, str), f"{field.name} took {why}: {answer!r}"
        assert refused_with(answer) == field.refusal, (why, answer)
    for text, kept in field.good.items():
        assert field.send(server, text) == kept, text
    longest = "x" * field.longest
    assert field.send(server, longest) == longest


SCHEMAS = [
    ("GuestBody", ["name"], NAME.longest),
    ("NewTournamentBody", ["name"], 80),
    ("SheetCreate", ["players", "items"], 40),
    ("CredentialBody", ["label", "anyOf", 0], 64),
]
"""Where each text field of a body is in the OpenAPI document's schemas, and its length."""


def test_the_schema_says_what_the_policy_takes(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    """A field's schema has the lengths, and a pattern that takes the good texts and none of
    the bad ones (as a client's validator reads it: ``$`` is the end of the text)."""
    document = make_client(sqlite_url).get("/openapi.json").json()
    for body, where, longest in SCHEMAS:
        found: Any = document["components"]["schemas"][body]["properties"]
        for step in where:
            found = found[step]
        assert (found["minLength"], found["maxLength"]) == (1, longest), body
        pattern = re.compile(found["pattern"].removesuffix("$") + r"\Z")
        assert all(pattern.match(text) for text in GOOD), body
        assert not any(pattern.match(text) for text in BAD.values()), body
