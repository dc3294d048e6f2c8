"""What the cluster tests share: the real Redis, or a skip that says why.

The tests run against the Redis named by ``PASUR_TEST_REDIS_URL`` (``.ci/run`` sets it; the
PostgreSQL side is in ``database_support``). Every test gets a Redis key prefix of its own, so
runs on one Redis never see each other's leases or channels, and tables have random ids.
"""

from __future__ import annotations

import secrets

from database_support import service_url

REDIS_ENV = "PASUR_TEST_REDIS_URL"


def redis_url() -> str:
    """The test Redis, or a skip with the reason."""
    return service_url(
        REDIS_ENV, "redis://127.0.0.1:6379/0", "to run the tests of several server processes"
    )


def fresh_prefix() -> str:
    """A Redis key prefix no other test run uses."""
    return f"pasur-test-{secrets.token_hex(6)}:"
