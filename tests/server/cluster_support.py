"""What the cluster tests share: the real Redis, or a skip that says why.

The tests run against the Redis named by ``PASUR_TEST_REDIS_URL`` (``.ci/run`` sets it; the
PostgreSQL side is in ``database_support``). Every test gets a Redis key prefix of its own, so
runs on one Redis never see each other's leases or channels, and tables have random ids.
"""

from __future__ import annotations

import os
import secrets

import pytest

REDIS_ENV = "PASUR_TEST_REDIS_URL"


def redis_url() -> str:
    """The test Redis, or a skip with the reason."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(
            f"{REDIS_ENV} is not set; set it to a Redis URL such as redis://127.0.0.1:6379/0 "
            "to run the tests of several server processes"
        )
    return url


def fresh_prefix() -> str:
    """A Redis key prefix no other test run uses."""
    return f"pasur-test-{secrets.token_hex(6)}:"
