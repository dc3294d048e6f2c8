"""The service worker of /sw.js, registered in a test's page, and a push delivered to it through
the DevTools protocol (the way a push service's message would arrive, with no internet)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, CDPSession, Page


def registered_worker(context: BrowserContext, page: Page) -> tuple[CDPSession, dict[str, Any]]:
    """Register /sw.js from ``page`` and wait until DevTools and the context both know the
    worker; returns the DevTools session and the worker's registration (its ``scopeURL`` and
    ``registrationId``)."""
    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate("async () => (await navigator.serviceWorker.register('/sw.js')).scope")
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    deadline = time.monotonic() + 10
    while not (
        context.service_workers
        and any(r["scopeURL"] == scope and not r["isDeleted"] for r in registrations)
    ):
        assert time.monotonic() < deadline, registrations
        page.wait_for_timeout(50)
    return cdp, next(r for r in registrations if r["scopeURL"] == scope)


def deliver_push(cdp: CDPSession, registration: dict[str, Any], data: dict[str, Any]) -> None:
    """Hand the worker a push message carrying ``data`` as JSON."""
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": registration["scopeURL"].rstrip("/"),
            "registrationId": registration["registrationId"],
            "data": json.dumps(data),
        },
    )
