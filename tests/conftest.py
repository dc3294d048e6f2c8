"""Test settings shared by every test module."""

import pytest
from hypothesis import HealthCheck, settings

# Timing-based health checks and deadlines make property tests flaky on a shared 2-core machine;
# speed is measured by benchmarks, not by tests.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")


LONGEST_FIRST = ("tests/journeys/", "tests/browser/", "tests/server/cluster/")
"""Where the longest test files are (a journey walks several games: a minute or more a test).
Run in several processes a file to a process (scripts/check), the run ends when its last file
does: started last, a journey would leave the other processes idle for minutes at the end."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the files under :data:`LONGEST_FIRST` first (in that order), keeping every file's
    own order: scripts/check hands the files out in this order (``--no-loadscope-reorder``)."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid
        return next(
            (n for n, folder in enumerate(LONGEST_FIRST) if path.startswith(folder)),
            len(LONGEST_FIRST),
        )

    items.sort(key=rank)
