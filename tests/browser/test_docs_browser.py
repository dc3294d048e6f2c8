"""The API's documentation page (``/docs``) in real Chromium, against the real ``pasur serve``.

Swagger UI comes from the package's own files and runs under the policy of every page
(``default-src 'self'``): it must show every call, open one with its parameters and error
answers, try it out (where its select boxes appear), and open a schema, with no console error (a
refused resource or inline script is one) and no request to another site.

The browser and the server come from ``conftest.py`` (see ``browser_support.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from browser_support import DESKTOP, screenshot, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def test_the_docs_page_works_offline_under_the_pages_policy(browser: Browser, server: str) -> None:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    problems = watch(page)
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security" in message.text else None
        ),
    )
    elsewhere: list[str] = []
    here = urlsplit(server).netloc
    page.on(
        "request",
        lambda request: (
            elsewhere.append(request.url) if urlsplit(request.url).netloc != here else None
        ),
    )
    page.goto(f"{server}/docs")
    page.wait_for_selector(".opblock")
    assert page.locator(".opblock").count() >= 20, "every call is listed"
    create = page.locator(".opblock", has_text="/api/tables").filter(has_text="Create a table")
    create.first.locator(".opblock-summary").click()
    page.wait_for_selector("text=Try it out")
    answers = page.locator(".responses-table").first.inner_text()
    assert "401" in answers and "no_guest" in answers, answers[:300]
    page.get_by_text("Try it out").first.click()
    assert page.locator(".swagger-ui select").count() >= 1  # styled with one of our icons
    page.locator("section.models .json-schema-2020-12-expand-deep-button").first.click()
    page.wait_for_timeout(500)
    screenshot(page, "docs-desktop.png")
    context.close()
    assert problems == []
    assert violations == []
    assert elsewhere == []
