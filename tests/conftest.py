"""Test settings shared by every test module."""

from hypothesis import HealthCheck, settings

# Timing-based health checks and deadlines make property tests flaky on a shared 2-core machine;
# speed is measured by benchmarks, not by tests.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")
