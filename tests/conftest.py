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
Run in several processes (scripts/check), the run ends when its last test does: started last, a
journey would leave the other processes idle for minutes at the end."""

EACH_ALONE = ("tests/journeys/", "tests/browser/test_offline_engine_browser.py")
"""Files whose tests are handed out one by one rather than as a file: each of their tests takes
minutes, and a file of two journeys on one process would be the run's longest wait."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the files under :data:`LONGEST_FIRST` first (in that order), keeping every file's
    own order: scripts/check hands them out in this order (``--no-loadscope-reorder``). Each
    test is put in a group (``xdist_group``, for ``--dist loadgroup``): its file's, so that a
    file's browser and server start once, or itself alone under :data:`EACH_ALONE`. First, so
    that xdist's own hook, which reads the groups, sees them."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid
        return next(
            (n for n, folder in enumerate(LONGEST_FIRST) if path.startswith(folder)),
            len(LONGEST_FIRST),
        )

    items.sort(key=rank)
    for item in items:
        path = item.nodeid.partition("::")[0]
        item.add_marker(
            pytest.mark.xdist_group(item.nodeid if path.startswith(EACH_ALONE) else path)
        )
