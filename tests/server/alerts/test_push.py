"""Web Push without the internet: a local push service receives what pywebpush sends, and the
test decrypts it with the browser's private key (RFC 8291, http_ece): the payload names the table
and the seat, the VAPID signature names the server's public key, one push goes out per turn, a
subscription the service answers 410 for is deleted, and a failing service is tried again.
Subscriptions that are not a public https endpoint, or lack their keys, are refused with 422."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, hello, live_table, play_one, play_round
from push_support import Browser, PushService, push_service

from pasur.server.alerts.endpoints import public
from pasur.server.alerts.sender import PushSender
from pasur.server.alerts.subscriptions import SubscriptionStore

DAY = 86_400


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch) -> Iterator[PushService]:
    """The local push service, its host allowed by the operator's setting."""
    monkeypatch.setenv("PASUR_PUSH_HOSTS", "127.0.0.1")
    with push_service() as running:
        yield running


def subscribe(guest: GuestClient, body: Any) -> Any:
    return guest.client.post("/api/push/subscriptions", json=body, headers=guest.headers)


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def sender(client: TestClient) -> PushSender:
    found: PushSender = client.app.state.push_sender  # type: ignore[attr-defined]
    return found


def subscriptions_of(client: TestClient, player_id: str) -> list[Any]:
    store: SubscriptionStore = client.app.state.push_subscriptions  # type: ignore[attr-defined]
    return client.portal.call(store.of, player_id)  # type: ignore[union-attr, no-any-return]


def test_a_turn_is_pushed_once_encrypted_to_the_browser_and_a_gone_browser_forgotten(
    make_client: Callable[..., TestClient], backend: str, service: PushService
) -> None:
    client = make_client(backend)
    key = client.get("/api/push/vapid-key").json()["public_key"]
    assert client.get("/api/push/vapid-key").json()["public_key"] == key  # kept, not remade
    ava, babak = GuestClient(client, "Ava"), GuestClient(client, "Babak")
    ava_browser, babak_browser = Browser(), Browser()
    service.statuses["/gone"] = [410]
    assert subscribe(ava, ava_browser.subscription(f"{service.base}/ava")).status_code == 201
    assert subscribe(babak, babak_browser.subscription(f"{service.base}/gone")).status_code == 201

    table_id = ava.create(players=2, turn_timer=DAY)
    tokens = {0: ava.join(table_id, 0)[1], 1: babak.join(table_id, 1)[1]}
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    table = live_table(client, table_id)
    assert table.game is not None
    first = table.game.turn
    # The seat to play plays; the turn passes to the other, who is told too.
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[first])
        shot = ws.receive_json()["snapshot"]
        play_one(ws, first, shot["game"]["legal"][0], shot["version"], stale_ok=True)
    client.portal.call(sender(client).idle)  # type: ignore[union-attr]
    wait_for(lambda: len(service.received) == 2)

    [to_ava] = service.at("/ava")
    payload = ava_browser.read(to_ava)
    assert payload["table_id"] == table_id and payload["seat"] == 0
    assert payload["url"] == f"/play/t/{table_id}" and payload["others"] == ["Babak"]
    assert to_ava.headers["authorization"].startswith("vapid t=")
    assert to_ava.headers["authorization"].endswith(f"k={key}")
    assert int(to_ava.headers["ttl"]) > 0
    [to_gone] = service.at("/gone")
    assert babak_browser.read(to_gone)["seat"] == 1
    people = {seat.name: seat.player for seat in table.seats}
    wait_for(lambda: subscriptions_of(client, str(people["Babak"])) == [])
    assert len(subscriptions_of(client, str(people["Ava"]))) == 1

    # Coming and going at the table is a step too, but not a new turn: nothing more is sent.
    turn = table.game.turn
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, tokens[turn])
        ws.receive_json()
    client.portal.call(sender(client).idle)  # type: ignore[union-attr]
    time.sleep(0.2)
    assert len(service.received) == 2


def test_a_failing_push_service_is_tried_again_and_a_play_never_waits(
    make_client: Callable[..., TestClient], backend: str, service: PushService
) -> None:
    client = make_client(backend)
    sender(client)._first_wait = 0.05  # the back-off's first wait, made short
    ava = GuestClient(client, "Ava")
    browser = Browser()
    service.statuses["/ava"] = [500, 503]
    assert subscribe(ava, browser.subscription(f"{service.base}/ava")).status_code == 201
    table_id = ava.create(players=2, bots={"1": "random"}, turn_timer=DAY)
    ava.join(table_id, 0)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    table = live_table(client, table_id)
    assert table.game is not None and table.game.turn == 0  # the bot played at once if it led
    wait_for(lambda: len(service.at("/ava")) == 3)
    assert browser.read(service.at("/ava")[-1])["table_id"] == table_id
    assert len(subscriptions_of(client, str(table.seats[0].player))) == 1


GOOD_KEYS = Browser().subscription("https://push.example/x")["keys"]

LOOPBACK_SPELLINGS = [
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:0:7f00:1",  # IPv4-translated
    "64:ff9b::7f00:1",  # NAT64
    "2002:7f00:1::",  # 6to4
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, the client 127.0.0.1
]
"""127.0.0.1 in IPv6."""

NOT_PUBLIC = [
    *LOOPBACK_SPELLINGS,
    "::ffff:10.1.2.3",
    "64:ff9b::a01:203",  # 10.1.2.3
    "2002:a01:203::1",
    "64:ff9b:1::808:808",  # NAT64's local-use prefix
    "::",
    "0.0.0.0",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fec0::1",
    "ff02::1",
    "224.0.0.1",
    "100.64.0.1",
    "2001:db8::1",
]


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_no_spelling_of_a_private_address_is_public(address: str) -> None:
    assert not public(address)


@pytest.mark.parametrize(
    "address", ["8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2606:4700:4700::1111"]
)
def test_a_public_address_is_public_in_its_spellings(address: str) -> None:
    assert public(address)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"endpoint": "https://127.0.0.1/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "https://10.1.2.3/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "https://[::1]/push", "keys": GOOD_KEYS}, "bad_subscription"),
        *(  # the spellings a subscription once passed with (the others: test_no_spelling_…)
            ({"endpoint": f"https://[{address}]/push", "keys": GOOD_KEYS}, "bad_subscription")
            for address in ("::127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::")
        ),
        ({"endpoint": "https://169.254.169.254/latest", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "https://localhost/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "http://8.8.8.8/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "ftp://8.8.8.8/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "https://user:pw@8.8.8.8/push", "keys": GOOD_KEYS}, "bad_subscription"),
        ({"endpoint": "https://8.8.8.8/push"}, None),
        ({"endpoint": "https://8.8.8.8/push", "keys": {"auth": GOOD_KEYS["auth"]}}, None),
        ({"endpoint": "https://8.8.8.8/push", "keys": {**GOOD_KEYS, "auth": "AAAA"}}, None),
        ({"endpoint": "https://8.8.8.8/push", "keys": {**GOOD_KEYS, "p256dh": "%%"}}, None),
        ({"keys": GOOD_KEYS}, None),
        ({"endpoint": 5, "keys": GOOD_KEYS}, None),
    ],
)
def test_a_bad_subscription_is_refused_with_422_and_kept_nowhere(
    client: TestClient, body: Any, code: str | None
) -> None:
    ava = GuestClient(client, "Ava")
    response = subscribe(ava, body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    if code is None:
        assert detail["code"] == "bad_request"  # bad input: one line per wrong field
        assert isinstance(detail["fields"], list)
    else:
        assert detail["code"] == code
    store: SubscriptionStore = client.app.state.push_subscriptions  # type: ignore[attr-defined]
    assert client.portal.call(store.of, "anyone") == []  # type: ignore[union-attr]


def test_subscribing_needs_a_guest_and_unsubscribing_forgets(client: TestClient) -> None:
    body = Browser().subscription("https://8.8.8.8/push/1")
    assert client.post("/api/push/subscriptions", json=body).status_code == 401
    ava = GuestClient(client, "Ava")
    assert subscribe(ava, body).status_code == 201
    gone = client.request(
        "DELETE",
        "/api/push/subscriptions",
        json={"endpoint": body["endpoint"]},
        headers=ava.headers,
    )
    assert gone.json() == {"deleted": True}
    again = client.request(
        "DELETE",
        "/api/push/subscriptions",
        json={"endpoint": body["endpoint"]},
        headers=ava.headers,
    )
    assert again.json() == {"deleted": False}


def test_at_a_table_with_short_timers_only_a_person_with_no_socket_open_is_pushed(
    make_client: Callable[..., TestClient], backend: str, service: PushService
) -> None:
    client = make_client(backend)
    ava = GuestClient(client, "Ava")
    browser = Browser()
    assert subscribe(ava, browser.subscription(f"{service.base}/ava")).status_code == 201
    table_id = ava.create(players=2, bots={"1": "random"}, turn_timer=60)
    _, token = ava.join(table_id, 0)
    # Nobody has the table open: Ava's first turn is pushed.
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    wait_for(lambda: len(service.at("/ava")) == 1)
    assert browser.read(service.at("/ava")[0])["table_id"] == table_id

    # With her page open, the turn coming back to her after the bot's play is not pushed.
    table = live_table(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        shot = ws.receive_json()["snapshot"]
        assert shot["game"]["turn"] == 0
        play_one(ws, 0, shot["game"]["legal"][0], shot["version"])
        while ws.receive_json().get("event", {}).get("kind") != "played":
            pass  # the bot's play, which gives the turn back
        assert table.game is not None and table.game.turn == 0
        client.portal.call(sender(client).idle)  # type: ignore[union-attr]
        time.sleep(0.2)
        assert len(service.at("/ava")) == 1
    assert sender(client)._told[table_id][0] == 0


def test_a_table_whose_game_is_over_is_forgotten_by_the_sender(client: TestClient) -> None:
    ava = GuestClient(client, "Ava")
    table_id = ava.create(players=2, bots={"1": "random"}, settings={"target": "1"})
    _, token = ava.join(table_id, 0)
    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    pushes = sender(client)
    assert table_id in pushes._told  # her first turn, with no socket open
    shot = play_round(client, table_id, {0: token})
    assert shot["status"] == "finished"
    assert table_id not in pushes._told
