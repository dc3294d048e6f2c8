"""A seat opened on any device, in real Chromium against the real ``pasur serve``: an account
signed in on a second device opens its seat from "my games" (the table page asks the server for a
new token of the seat, as its person), and the first device, whose token that replaced, takes
the seat back the same way; a push's notification, tapped, opens the table with the seat.

Headless Chromium cannot tap a system notification, and the DevTools protocol has no command for
it. So the tap is the service worker's real ``notificationclick`` handler (``js/alerts/sw-push.js``)
run in the real worker, on the real notification that a push through the DevTools protocol
(``ServiceWorker.deliverPushMessage``) made it show: the test dispatches the click event in the
worker's scope (Playwright evaluates in service workers). Chromium lets only a click the person
made open or focus a window (a dispatched one is refused: "Not allowed to open a window"), so
the worker's ``clients.openWindow`` and ``WindowClient.focus`` are recorded instead, and the test
then opens the URL the handler asked for, as the browser would have.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from browser_support import DESKTOP, watch
from push_browser_support import deliver_push, registered_worker
from test_account_browser import new_account

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Worker

SHOWN = "async () => (await self.registration.getNotifications()).map((n) => n.data?.url ?? null)"

TAP = """async () => {
  // What a tap on the shown notification runs, with the two calls only a real tap may make
  // recorded (and the event's waitUntil collected, as the browser would wait for it).
  const calls = [];
  self.clients.openWindow = async (url) => { calls.push(['open', url]); return null; };
  WindowClient.prototype.focus = function () {
    calls.push(['focus', this.url]);
    return Promise.resolve(this);
  };
  const [notification] = await self.registration.getNotifications();
  const event = new NotificationEvent('notificationclick', { notification });
  const pending = [];
  event.waitUntil = (promise) => pending.push(promise);
  self.dispatchEvent(event);
  await Promise.all(pending);
  return calls;
}"""


def _table_of(context: BrowserContext, site: str, **body: Any) -> tuple[str, str]:
    """A started table, the context's person in seat 0 and a bot in seat 1; its id and the seat's
    token (taken by a REST call: the page's storage does not hold it)."""
    made = context.request.post(
        f"{site}/api/tables", data={"players": 2, "bots": {"1": "random"}, **body}
    )
    assert made.ok, made.text()
    table_id: str = made.json()["table_id"]
    joined = context.request.post(f"{site}/api/tables/{table_id}/join", data={"seat": 0})
    assert joined.ok, joined.text()
    assert context.request.post(f"{site}/api/tables/{table_id}/start").ok
    token: str = joined.json()["seat_token"]
    return table_id, token


def _seated(page: Page) -> None:
    """The table page shows the person's own hand: it holds the seat."""
    page.wait_for_selector("#board:not([hidden])")
    page.wait_for_selector("#hand:not([hidden])")
    assert (
        page.evaluate("document.querySelector('#board').classList.contains('is-spectator')")
        is False
    )


def test_an_account_opens_its_seat_on_another_device(browser: Browser, server: str) -> None:
    site = server.replace("127.0.0.1", "localhost")  # passkeys need a domain
    phone, phone_page = new_account(browser, site, "Dara_2", "en")
    table_id, token = _table_of(phone, site, turn_timer=86_400)
    code = phone.request.post(f"{site}/api/account/link").json()["code"]
    laptop = browser.new_context(**DESKTOP)
    assert laptop.request.post(f"{site}/api/session/link", data={"code": code}).ok

    page = laptop.new_page()
    problems = watch(page)
    page.goto(f"{site}/?anim=0")
    row = page.locator(f"#my-games .my-game[data-table='{table_id}']")
    row.wait_for()
    row.click()
    page.wait_for_url(f"**/play/t/{table_id}")
    _seated(page)
    kept = page.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")
    assert kept and kept != token

    # The phone's token opens the seat no more; its page takes a new one the same way.
    problems += watch(phone_page)
    phone_page.goto(f"{site}/play/t/{table_id}?seat_token={token}&anim=0")
    _seated(phone_page)
    again = phone_page.evaluate(f"localStorage.getItem('pasur.seat.{table_id}')")
    assert again not in (None, token, kept)
    assert problems == []
    phone.close()
    laptop.close()


def _worker(context: BrowserContext, page: Page) -> tuple[Worker, Callable[[str], None]]:
    """The service worker registered from /sw.js, and how to deliver it a turn's push for a
    table (back once its notification shows)."""
    cdp, registration = registered_worker(context, page)
    worker = context.service_workers[0]

    def push(table_id: str) -> None:
        url = f"/play/t/{table_id}"
        data = {"kind": "turn", "table_id": table_id, "seat": 0, "others": ["Bot"], "url": url}
        deliver_push(cdp, registration, data)
        deadline = time.monotonic() + 10
        while worker.evaluate(SHOWN) != [url]:
            assert time.monotonic() < deadline, "no notification was shown"
            page.wait_for_timeout(50)

    return worker, push


def test_a_tapped_push_opens_the_table_with_the_seat(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    assert context.request.post(f"{server}/api/guest", data={"name": "Ava"}).ok
    context.grant_permissions(["notifications"], origin=server)
    table_id, _ = _table_of(context, server, turn_timer=86_400)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{server}/settings")
    worker, push = _worker(context, page)
    url = f"{server}/play/t/{table_id}"

    # No tab on the table: the tap opens it (and closes the notification).
    push(table_id)
    assert worker.evaluate(TAP) == [["open", url]]
    assert worker.evaluate(SHOWN) == []
    table = context.new_page()
    problems += watch(table)
    table.goto(url)  # what clients.openWindow(url) opens; this browser never kept the token
    _seated(table)

    # With the table open in a tab, the tap brings that tab forward instead.
    push(table_id)
    assert worker.evaluate(TAP) == [["focus", url]]
    assert problems == []
    context.close()
