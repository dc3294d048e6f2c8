"""Rated tables and OpenSkill ratings: the flag, the ranking of sides, and the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest

from pasur.server.table import TableConfig, TableError


def test_a_rated_table_is_public_and_keeps_its_flag_through_storage() -> None:
    config = TableConfig(private=False, rated=True)
    assert config.to_json()["rated"] is True
    assert TableConfig.from_json(config.to_json()) == config
    assert TableConfig.from_json({}).rated is False


@pytest.mark.parametrize("settings", [{"rated": True}, {"rated": "yes", "private": False}])
def test_a_private_or_garbled_rated_flag_is_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(TableError) as caught:
        TableConfig.from_json(settings)
    assert caught.value.code == "bad_config"
    assert "public" in caught.value.message
