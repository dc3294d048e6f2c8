"""The installable app's routes: the service worker with its build, the shell's list, the engine."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from pasur.server.offline.shell import app_shell

SW = "self.PASUR_BUILD = '%PASUR_BUILD%';\nimportScripts('/static/js/offline/sw-shell.js');\n"


def _web(web_root: Path) -> None:
    (web_root / "sw.js").write_text(SW, encoding="utf-8")
    (web_root / "js" / "offline").mkdir(parents=True)
    (web_root / "js" / "offline" / "engine-worker.js").write_text("// worker\n", encoding="utf-8")


def test_the_service_worker_names_the_build_of_the_shell(
    make_client: Callable[..., TestClient], sqlite_url: str, web_root: Path
) -> None:
    _web(web_root)
    client = make_client(sqlite_url)
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["content-type"].startswith("text/javascript")
    assert sw.headers["cache-control"] == "no-cache"
    assert sw.headers["service-worker-allowed"] == "/"
    shell = client.get("/offline/shell.json").json()
    assert f"self.PASUR_BUILD = '{shell['build']}';" in sw.text
    assert "/tracker" in shell["urls"] and "/static/js/tracker.js" in shell["urls"]
    assert "/static/sw.js" not in shell["urls"]
    assert {"/offline/engine.zip", "/offline/engine-worker.js"} <= set(shell["engine"])
    assert not set(shell["engine"]) & set(shell["urls"])
    assert client.get("/offline/engine.zip").content[:2] == b"PK"
    worker = client.get("/offline/engine-worker.js")
    assert "'wasm-unsafe-eval'" in worker.headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" not in client.get("/sw.js").headers["content-security-policy"]


def test_any_change_to_a_cached_file_is_a_new_build(web_root: Path) -> None:
    _web(web_root)
    before = app_shell(web_root, b"engine")
    assert app_shell(web_root, b"engine") == before
    (web_root / "js" / "tracker.js").write_text("export const x = 1;\n", encoding="utf-8")
    changed = app_shell(web_root, b"engine")
    assert changed.build != before.build and changed.urls == before.urls
    assert changed.engine == before.engine
    assert app_shell(web_root, b"other engine").build != changed.build


def test_type_declarations_are_not_in_the_shell(web_root: Path) -> None:
    """The ``.d.ts`` files beside the scripts are for the type check: no page loads them, so the
    shell neither caches them nor makes a new build when one changes."""
    _web(web_root)
    before = app_shell(web_root, b"engine")
    (web_root / "js" / "api-types.d.ts").write_text("export type A = 1;\n", encoding="utf-8")
    after = app_shell(web_root, b"engine")
    assert after == before
    assert not [url for url in after.urls if url.endswith(".ts")]


def test_without_its_file_the_service_worker_is_not_found(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = make_client(sqlite_url)
    answer = client.get("/sw.js")
    assert answer.status_code == 404 and answer.json()["detail"]["code"] == "not_found"


def test_the_manifests_name_the_app_in_both_languages() -> None:
    web = Path(__file__).resolve().parents[3] / "src" / "pasur" / "web"
    names = {}
    for lang in ("en", "fa"):
        manifest = json.loads((web / f"manifest.{lang}.webmanifest").read_text(encoding="utf-8"))
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
        for icon in manifest["icons"]:
            assert (web / icon["src"].removeprefix("/static/")).is_file()
        names[lang] = manifest["name"]
    assert names == {"en": "Pasur", "fa": "پاسور"}
