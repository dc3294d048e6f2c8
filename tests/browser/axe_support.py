"""The accessibility scan: axe-core (the npm package, ``npm ci`` at the repository's root) run
in a page. The pages' Content-Security-Policy (``default-src 'self'``) forbids an injected
script, so a scanned page is opened in a context made with ``bypass_csp=True``; the pages
themselves are unchanged and every other browser test keeps the policy."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}


def axe_source() -> str:
    """axe-core's script; a missing package skips, or fails with PASUR_REQUIRE_BROWSER=1."""
    if not AXE.is_file():
        reason = f"axe-core is not installed at {AXE} (run `npm ci` at the repository's root)"
        if os.environ.get("PASUR_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{reason}; PASUR_REQUIRE_BROWSER=1 requires the accessibility scan")
        pytest.skip(reason)
    return AXE.read_text("utf-8")


RUN = "axe.run(document, { resultTypes: ['violations'] })"


def serious_violations(page: Page, *, clock_held: bool = False) -> list[str]:
    """The serious and critical violations axe finds on the page as it is now, one line each.

    ``clock_held``: the page's clock is installed and paused (``page.clock.pause_at``), so axe's
    own timers wait for it: it is moved on a millisecond at a time until the scan is done, so
    that a timer of the page's own, seconds away, does not fire meanwhile."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    found: list[dict[str, Any]]
    if clock_held:
        page.evaluate(f"() => {{ {RUN}.then((r) => {{ window.axeFound = r.violations; }}); }}")
        while (done := page.evaluate("window.axeFound ?? null")) is None:
            page.clock.run_for(1)
        found = done
    else:
        found = page.evaluate(f"async () => (await {RUN}).violations")
    return [
        f"{item['impact']} {item['id']}: {item['help']} — "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in item["nodes"][:4])
        for item in found
        if item["impact"] in SERIOUS
    ]
