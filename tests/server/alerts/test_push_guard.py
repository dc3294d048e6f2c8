"""No push goes to a loopback or private address, whatever the endpoint turns into after it was
checked at subscribing: the session pushes are sent through follows no redirect (a 307 to
``http://127.0.0.1:…`` included), refuses a name that now resolves to a private address when it
connects, and an address written in the URL that is not public; the operator's allowed host (how
these tests reach their local push service) still passes."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from play_support import GuestClient, live_table
from push_support import Browser, PushService, push_service
from test_push import DAY, sender, subscribe, subscriptions_of, wait_for

from pasur.protocol import Refused
from pasur.server.alerts.push_http import Redirected, push_session
from pasur.server.alerts.subscriptions import Subscription, SubscriptionStore

ALLOWED = frozenset({"127.0.0.1"})


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch) -> Iterator[PushService]:
    monkeypatch.setenv("PASUR_PUSH_HOSTS", "127.0.0.1")
    with push_service() as running:
        yield running


async def post(url: str) -> int:
    async with push_session(ALLOWED, 5.0) as session, session.post(url, data=b"x") as answer:
        return answer.status


def test_the_allowed_host_is_reached(service: PushService) -> None:
    assert asyncio.run(post(f"{service.base}/ok")) == 201
    assert len(service.at("/ok")) == 1


def test_a_redirect_is_never_followed(service: PushService) -> None:
    service.statuses["/moved"] = [307]
    service.locations["/moved"] = f"{service.base}/inside"  # allowed itself: only the 307 stops it
    with pytest.raises(Redirected) as caught:
        asyncio.run(post(f"{service.base}/moved"))
    assert caught.value.status == 307
    assert len(service.at("/moved")) == 1 and service.at("/inside") == []


@pytest.mark.parametrize(
    ("where", "why"),
    [
        ("https://localhost:{port}/x", "resolves to a private or loopback address"),
        ("https://127.0.0.2:{port}/x", "is on a private or loopback address"),
        ("https://[::1]:{port}/x", "is on a private or loopback address"),
        ("http://localhost:{port}/x", "must be an https URL"),
        ("http://8.8.8.8/x", "must be an https URL"),
    ],
)
def test_a_private_address_is_refused_at_the_connection(
    service: PushService, where: str, why: str
) -> None:
    port = service.base.rsplit(":", 1)[1]
    with pytest.raises(Refused) as caught:
        asyncio.run(post(where.format(port=port)))
    assert why in caught.value.message
    assert service.received == []


def store_directly(client: TestClient, player_id: str, endpoint: str, browser: Browser) -> None:
    """A subscription as if its endpoint had passed the check at subscribing (its name resolved
    to a public address then, say), put straight in the store."""
    store: SubscriptionStore = client.app.state.push_subscriptions  # type: ignore[attr-defined]
    keys = browser.subscription(endpoint)["keys"]
    subscription = Subscription(endpoint, keys["p256dh"], keys["auth"])
    client.portal.call(store.add, player_id, subscription)  # type: ignore[union-attr]


def test_a_push_is_not_followed_elsewhere_nor_sent_to_a_private_address(
    make_client: Callable[..., TestClient],
    backend: str,
    service: PushService,
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = make_client(backend)
    caplog.set_level(logging.WARNING, logger="pasur.server.alerts")
    ava = GuestClient(client, "Ava")
    browser = Browser()
    # One browser's push service answers with a redirect to a loopback URL; another subscription
    # of Ava's is a name that resolves to loopback by the time of the push.
    service.statuses["/moved"] = [307]
    service.locations["/moved"] = f"{service.base}/inside"
    assert subscribe(ava, browser.subscription(f"{service.base}/moved")).status_code == 201
    assert subscribe(ava, browser.subscription(f"{service.base}/ok")).status_code == 201
    table_id = ava.create(players=2, bots={"1": "random"}, turn_timer=DAY)
    ava.join(table_id, 0)
    player = live_table(client, table_id).seats[0].player
    assert player is not None
    port = service.base.rsplit(":", 1)[1]
    rebound = f"https://localhost:{port}/rebound"
    store_directly(client, player, rebound, browser)

    assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
    wait_for(lambda: len(service.at("/ok")) == 1)
    client.portal.call(sender(client).idle)  # type: ignore[union-attr]
    assert browser.read(service.at("/ok")[0])["table_id"] == table_id
    assert len(service.at("/moved")) == 1  # asked once, not again: a redirect is no retry
    assert [item.path for item in service.received if item.path not in ("/ok", "/moved")] == []
    # The redirecting subscription is deleted; the one refused at the connection is kept (the
    # refusal is this server's rule, not the push service's answer) and logged.
    left = {s.endpoint for s in subscriptions_of(client, player)}
    assert left == {f"{service.base}/ok", rebound}
    said = [record.getMessage() for record in caplog.records]
    assert any("307" in line and "deleted" in line for line in said), said
    assert any("'localhost' resolves to a private" in line for line in said), said
