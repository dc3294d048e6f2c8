"""``pasur verify``: a record from an online table checks out; a tampered one does not."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pasur.server.tables.config import TableConfig
from pasur.server.tables.table import Table


def finished_record(seed: int) -> dict[str, Any]:
    """The record of a whole game played by bots at a table, with its deck commitments."""
    table = Table(TableConfig(players=2, drop_bot="random"), rng=random.Random(seed))
    table.put_bot(0, "random")
    table.put_bot(1, "random")
    table.start(now=0.0, dealer=0)
    now = 0.0
    while not any(event.kind == "game_over" for event in table.history):
        now += 1.0
        table.tick(now)
    return table.record()


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return finished_record(5)


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_record_dealt_as_committed_verifies(pasur, tmp_path: Path, record) -> None:
    result = pasur("verify", write(tmp_path, record))
    assert result.code == 0
    assert f"all {len(record['rounds'])} round(s) were dealt exactly as committed" in result.stdout
    data = pasur("verify", write(tmp_path, record), "--json").json()
    assert data == {"verified": True, "rounds": len(record["rounds"]), "problems": []}


def test_a_changed_salt_fails_verification(pasur, tmp_path: Path, record) -> None:
    changed = json.loads(json.dumps(record))
    salt = changed["commitments"][0]["salt"]
    changed["commitments"][0]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    result = pasur("verify", write(tmp_path, changed), "--json")
    assert result.code == 1
    report = json.loads(result.stdout)
    assert report["verified"] is False
    assert report["problems"] == ["round 1: the deck order is not the one committed to"]


def test_a_record_without_commitments_is_refused(pasur, tmp_path: Path, record) -> None:
    plain = {k: v for k, v in record.items() if k != "commitments"}
    pasur("verify", write(tmp_path, plain)).assert_one_line_error("verify", "no commitments")


def test_a_record_with_a_huge_dealer_is_refused(pasur, tmp_path: Path, record) -> None:
    text = json.dumps(record).replace('"dealer": ', '"dealer": ' + "1" * 5000, 1)
    path = tmp_path / "huge.json"
    path.write_text(text, encoding="utf-8")
    pasur("verify", str(path)).assert_one_line_error("verify", "4300 digits")


def test_a_record_nested_too_deeply_is_refused(pasur, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"rounds": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    pasur("verify", str(path)).assert_one_line_error("verify", "nested too deeply")
