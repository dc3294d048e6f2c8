"""What the daily deal's API tests share: the day they play on, people with browsers of their
own (guests, or accounts), and what the person may not know of the deal."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient
from passkey_support import Device, Passkey

from pasur.rules import format_cards
from pasur.server.daily.api import DEVICE_COOKIE
from pasur.server.daily.deal import Deal, replay
from pasur.server.daily.games import DailyGames
from pasur.server.http.guests import COOKIE

DAY = datetime(2026, 12, 4, 9, 30, tzinfo=UTC)
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[CDHS](?![0-9A-Za-z])")


class Person:
    """Someone with a browser of their own: a guest cookie and (once set) a device cookie."""

    def __init__(self, client: TestClient, name: str, device: str | None = None) -> None:
        self.client = client
        client.cookies.clear()
        response = client.post("/api/guest", json={"name": name})
        assert response.status_code == 200, response.text
        self.cookies = {COOKIE: response.cookies[COOKIE]}
        if device is not None:
            self.cookies[DEVICE_COOKIE] = device
        client.cookies.clear()

    def headers(self) -> dict[str, str]:
        """This browser's cookies, as a request's header."""
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}

    def call(self, method: str, path: str, body: Any = None) -> Any:
        response = self.client.request(method, path, json=body, headers=self.headers())
        if DEVICE_COOKIE in response.cookies:
            self.cookies[DEVICE_COOKIE] = response.cookies[DEVICE_COOKIE]
        self.client.cookies.clear()
        return response

    def become_account(self) -> None:
        """Add a passkey: the guest becomes an account under the same id (``docs/accounts.md``),
        signed in on this browser."""
        device = Device(self.client)
        device.cookie = self.cookies[COOKIE]
        assert device.add_passkey(Passkey()).status_code == 201
        assert device.cookie is not None
        self.cookies[COOKIE] = device.cookie


def account(client: TestClient, name: str) -> Person:
    """Someone signed in to an account of their own."""
    person = Person(client, name)
    person.become_account()
    return person


def play(person: Person, players: int, answer: dict[str, Any], move: str | None = None) -> Any:
    """Play ``move`` (the first legal one when None) on the game ``answer`` showed."""
    body = {"move": move or answer["view"]["legal"][0], "version": answer["version"]}
    return person.call("POST", f"/api/daily/{players}/play", body)


def deal_of(client: TestClient, daily: DailyGames, players: int) -> Deal:
    """The stored deal, read on the application's own event loop."""
    portal = client.portal
    assert portal is not None
    return portal.call(daily.store.deal, DAY.date().isoformat(), players)


def hidden(deal: Deal, moves: list[str]) -> set[str]:
    """The cards the person may not know after ``moves``: the other hands and the undealt pack."""
    state = replay(deal, moves)
    mask = 0
    for seat, hand in enumerate(state.hands):
        if seat != 0:
            mask |= hand
    for card in state.deck[state.dealt :]:
        mask |= 1 << card
    return set(format_cards(mask).split())
