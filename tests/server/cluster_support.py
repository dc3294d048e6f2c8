"""What the cluster tests share: the real Redis and PostgreSQL, or a skip that says why.

The tests run against the services named by ``PASUR_TEST_REDIS_URL`` and
``PASUR_TEST_POSTGRES_URL`` (``.ci/run`` sets both). Every test gets a Redis key prefix of its
own, so runs on one Redis never see each other's leases or channels, and tables have random ids.
"""

from __future__ import annotations

import os
import secrets

import pytest

REDIS_ENV = "PASUR_TEST_REDIS_URL"
POSTGRES_ENV = "PASUR_TEST_POSTGRES_URL"


def redis_url() -> str:
    """The test Redis, or a skip with the reason."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(
            f"{REDIS_ENV} is not set; set it to a Redis URL such as redis://127.0.0.1:6379/0 "
            "to run the tests of several server processes"
        )
    return url


def postgres_url() -> str:
    """The test PostgreSQL database, or a skip with the reason."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(
            f"{POSTGRES_ENV} is not set; set it to a PostgreSQL URL such as "
            "postgresql+asyncpg://postgres@127.0.0.1:5432/test to run the tests of several "
            "server processes"
        )
    return url


def fresh_prefix() -> str:
    """A Redis key prefix no other test run uses."""
    return f"pasur-test-{secrets.token_hex(6)}:"
