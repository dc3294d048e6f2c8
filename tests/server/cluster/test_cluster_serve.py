"""``pasur serve --redis``: a bad or silent Redis is one line and exit 2; a good one makes a
cluster manager with the settings from the environment."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cluster_support import redis_url
from test_server_serve import one_line_error, pasur, served  # noqa: F401 - served is a fixture

from pasur.server.cluster.ownership import RedisOwnership
from pasur.server.settings import lease_ttl


@pytest.mark.parametrize(
    ("url", "fragments"),
    [
        ("http://:hunter2@127.0.0.1:6379", ("--redis: not a Redis URL",)),
        ("redis://:hunter2@127.0.0.1:1/0", ("--redis: Redis does not answer",)),
    ],
)
def test_a_bad_redis_url_is_one_line_and_exit_2(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
    url: str,
    fragments: tuple[str, ...],
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    line = one_line_error(pasur("serve", "--db", db, "--redis", url), *fragments)
    assert "hunter2" not in line
    assert served == []


def test_serve_with_redis_shares_the_tables(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
) -> None:
    url = redis_url()
    db = f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}"
    env = {"PASUR_REDIS_URL": url, "PASUR_REDIS_PREFIX": "p1:", "PASUR_LEASE_TTL": "2.5"}
    result = pasur("serve", "--db", db, env=env)
    assert result.code == 0, result
    assert "tables shared through Redis" in result.stdout
    manager = served[-1]["app"].state.table_manager
    assert isinstance(manager.ownership, RedisOwnership)
    leases = manager.ownership.leases
    assert (leases.ttl, leases.key("t")) == (2.5, "p1:lease:t")


def test_without_redis_one_process_owns_every_table(
    served: list[dict[str, Any]],  # noqa: F811
    tmp_path: Path,
) -> None:
    assert pasur("serve", "--db", f"sqlite+aiosqlite:///{tmp_path / 'pasur.db'}").code == 0
    assert not isinstance(served[-1]["app"].state.table_manager.ownership, RedisOwnership)


@pytest.mark.parametrize(
    ("text", "seconds"), [("", 2.0), ("3", 3.0), ("0.1", 2.0), ("soon", 2.0), ("1e9", 2.0)]
)
def test_the_lease_time_is_checked(text: str, seconds: float) -> None:
    assert lease_ttl(text) == seconds
