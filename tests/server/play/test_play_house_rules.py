"""``GET /api/rules``: the presets and every house-rule setting, read from the rules engine, in a
shape the table form can draw, and every value it offers accepted by ``POST /api/tables``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pasur.rules import PRESETS, SETTINGS, STANDARD, make_rules


@pytest.fixture
def rules(make_client: Callable[..., TestClient], sqlite_url: str) -> dict[str, Any]:
    client = make_client(sqlite_url)
    answer = client.get("/api/rules")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_every_setting_is_listed_with_its_kind_and_standard_default(rules: dict[str, Any]) -> None:
    assert [entry["name"] for entry in rules["settings"]] == list(SETTINGS)
    for entry in rules["settings"]:
        setting = SETTINGS[entry["name"]]
        assert entry["default"] == STANDARD.settings()[entry["name"]]
        if entry["kind"] == "choice":
            assert entry.keys() == {"name", "kind", "choices", "default"}
            assert entry["choices"] == list(setting.choices)
            assert entry["default"] in entry["choices"]
        else:
            assert entry["kind"] == "number"
            assert entry.keys() == {"name", "kind", "min", "max", "none", "default"}
            assert entry["min"] <= int(entry["default"]) <= entry["max"]
    by_name = {entry["name"]: entry for entry in rules["settings"]}
    assert by_name["target"] == {
        "name": "target",
        "kind": "number",
        "min": 1,
        "max": 10_000,
        "none": False,
        "default": "62",
    }
    assert by_name["sur-cutoff"]["none"] is True


def test_the_presets_are_the_engines(rules: dict[str, Any]) -> None:
    assert rules["presets"] == {name: preset.settings() for name, preset in PRESETS.items()}
    assert rules["presets"]["pagat"]["clubs-award"] == "seven-or-more"


def test_every_value_the_catalogue_offers_makes_rules(rules: dict[str, Any]) -> None:
    """The form offers each choice and each number's limits; the engine takes every one of them
    (and refuses a number just past a limit, which the form therefore never offers)."""
    for entry in rules["settings"]:
        name = entry["name"]
        if entry["kind"] == "choice":
            values = entry["choices"]
        else:
            values = [str(entry["min"]), str(entry["max"])] + (["none"] if entry["none"] else [])
            with pytest.raises(ValueError, match=name):
                make_rules("standard", {name: str(entry["max"] + 1)})
        for value in values:
            assert make_rules("standard", {name: value}).settings()[name] == value


def test_a_table_made_with_advanced_settings_keeps_them(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = make_client(sqlite_url)
    client.post("/api/guest", json={"name": "Ava"})
    body = {"players": 2, "preset": "pagat", "settings": {"sur-points": "10", "target": "100"}}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 200, created.text
    refused = client.post("/api/tables", json={"players": 2, "settings": {"target": "0"}})
    assert refused.status_code == 422  # the schema's pattern: a target from 1 to 10000
    assert refused.json()["detail"]["fields"][0]["loc"] == ["body", "settings"]
    alone = client.post("/api/tables", json={"players": 2, "settings": {"partnerships": "on"}})
    assert alone.status_code == 400  # settings that do not go together: the rules say so
    assert alone.json()["detail"]["code"] == "bad_config"


def test_a_tables_description_says_its_settings_to_anyone(
    make_client: Callable[..., TestClient], sqlite_url: str
) -> None:
    """``GET /api/tables/{id}`` gives the settings a snapshot gives (``config``), to someone not
    seated and with no cookie, so that the waiting room can say the rules before anyone sits."""
    client = make_client(sqlite_url)
    client.post("/api/guest", json={"name": "Ava"})
    body = {"players": 3, "preset": "pagat", "settings": {"target": "100"}, "turn_timer": 30}
    table_id = client.post("/api/tables", json=body).json()["table_id"]
    client.cookies.clear()
    config = client.get(f"/api/tables/{table_id}").json()["config"]
    expected = make_rules("pagat", {"target": "100"}).settings()
    assert (config["players"], config["rules"], config["turn_timer"]) == (3, expected, 30)
    assert (config["rated"], config["take_backs"]) == (False, "off")
    assert "reserved" not in config  # a tournament's kept seats name nobody
